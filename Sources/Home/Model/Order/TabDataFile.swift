import Foundation
@_exported import JSONReader

/// What loading one of the Order, Gift or Stores data files gives: something to show (maybe with
/// problems to mention), or why there is nothing.
public enum TabDataLoad<Value: Sendable>: Sendable {
    /// `problems`: warnings and skipped entries, in file order.
    case loaded(Value, problems: [DataProblem])
    case failed(fatal: DataProblem, problems: [DataProblem])

    public var value: Value? {
        if case let .loaded(value, _) = self { return value }
        return nil
    }

    public var fatalProblem: DataProblem? {
        if case let .failed(fatal, _) = self { return fatal }
        return nil
    }

    /// Every problem, the fatal one first.
    public var problems: [DataProblem] {
        switch self {
        case let .loaded(_, problems): problems
        case let .failed(fatal, problems): [fatal] + problems
        }
    }
}

/// A value, or the problem that makes the file unusable (DataProblem is not an Error).
enum Checked<Value> {
    case success(Value)
    case failure(DataProblem)
}

/// Reads and parses a tab's data file through the shared guarded reader and parser, and collects
/// problems with their lines as entries are validated.
struct TabDataFile {
    let file: String
    private(set) var problems: [DataProblem] = []

    init(file: String) { self.file = file }

    /// The parsed top-level object, or the fatal problem (missing, too large, not JSON, not an object).
    static func parse(_ url: URL, maximumSize: Int, what: String) -> Checked<JSONValue> {
        let data: Data
        switch DataFile.read(url, maximumSize: maximumSize) {
        case let .success(contents): data = contents
        case let .failure(failure):
            return .failure(DataProblem(severity: .fatal, file: url.path, message: "the \(what) cannot be read: \(failure)"))
        }
        return parse(data, file: url.path)
    }

    static func parse(_ data: Data, file: String) -> Checked<JSONValue> {
        do {
            let root = try JSONParser.parse(data, maximumDepth: 32)
            guard root.objectMembers != nil else {
                return .failure(DataProblem(severity: .fatal, file: file, line: root.position.line, column: root.position.column,
                                            message: "the top level must be an object, found \(root.typeDescription)"))
            }
            return .success(root)
        } catch {
            return .failure(DataProblem(severity: .fatal, file: file, line: error.position.line,
                                        column: error.position.column, message: error.message))
        }
    }

    mutating func warn(at value: JSONValue, _ message: String) {
        problems.append(DataProblem(severity: .warning, file: file, line: value.position.line, message: message))
    }

    mutating func skip(at position: SourcePosition, _ message: String) {
        problems.append(DataProblem(severity: .skipped, file: file, line: position.line, message: message))
    }

    func fatal(at value: JSONValue?, _ message: String) -> DataProblem {
        DataProblem(severity: .fatal, file: file, line: value?.position.line, message: message)
    }

    /// Problems top to bottom (they are found entry by entry, field by field).
    var orderedProblems: [DataProblem] {
        problems.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    /// Checks `"version": 1`; the fatal problem otherwise.
    func checkVersion(_ root: JSONValue, supported: Int) -> DataProblem? {
        guard let version = root["version"] else {
            return fatal(at: root, "\"version\" is missing; this app reads version \(supported)")
        }
        guard version.numberValue == Double(supported) else {
            return fatal(at: version, "unsupported \"version\" (this app reads version \(supported))")
        }
        return nil
    }

    /// The top-level array `key`, capped at `limit` entries (the rest are reported, not read).
    mutating func array(_ root: JSONValue, _ key: String, limit: Int, what: String) -> Checked<[JSONValue]> {
        guard let value = root[key] else { return .failure(fatal(at: root, "\"\(key)\" is missing; expected an array of \(what)")) }
        guard let array = value.arrayValue else {
            return .failure(fatal(at: value, "\"\(key)\" must be an array, found \(value.typeDescription)"))
        }
        if array.count > limit {
            skip(at: array[limit].position, "only the first \(limit) \(what) are read; \(array.count - limit) more are left out")
            return .success(Array(array.prefix(limit)))
        }
        return .success(array)
    }
}

/// The fields of one entry (a menu item, a store), checked one by one. Every failure is kept, so a
/// skipped entry lists all that is wrong with it at once.
struct EntryFields {
    let entry: JSONValue
    private(set) var failures: [(position: SourcePosition, message: String)] = []

    init(_ entry: JSONValue) { self.entry = entry }

    var isValid: Bool { failures.isEmpty }

    mutating func fail(_ value: JSONValue?, _ message: String) {
        failures.append(((value ?? entry).position, message))
    }

    /// A string of 1…`maxLength` characters (after trimming); nil and a failure otherwise.
    mutating func string(_ key: String, maxLength: Int, required: Bool = true) -> String? {
        guard let value = entry[key], !value.isNull else {
            if required { fail(nil, "\"\(key)\" is missing") }
            return nil
        }
        guard let text = value.stringValue else {
            fail(value, "\"\(key)\" must be a string, found \(value.typeDescription)")
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            if required { fail(value, "\"\(key)\" is empty") }
            return nil
        }
        guard trimmed.count <= maxLength else {
            fail(value, "\"\(key)\" is longer than \(maxLength) characters")
            return nil
        }
        return trimmed
    }

    /// An id: 1…64 characters of a–z, 0–9 and '-'.
    mutating func id(_ key: String = "id") -> String? {
        guard let text = string(key, maxLength: 64) else { return nil }
        guard text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
            fail(entry[key], "\"\(key)\" may hold only a–z, 0–9 and '-', found \"\(text)\"")
            return nil
        }
        return text
    }

    /// A price in dollars (a JSON number with at most two decimals), 0…`limit`.
    mutating func price(_ key: String, limit: Money, required: Bool = true) -> Money? {
        guard let value = entry[key] else {
            if required { fail(nil, "\"\(key)\" is missing") }
            return nil
        }
        guard let number = value.numberValue else {
            fail(value, "\"\(key)\" must be a number of dollars like 4.45, found \(value.typeDescription)")
            return nil
        }
        guard let money = Money.fromDollars(number, limit: limit) else {
            fail(value, "\"\(key)\" must be between 0 and \(limit.formatted(dropZeroCents: true)) with at most two decimals")
            return nil
        }
        return money
    }

    /// An array of at most `limit` elements; `required` arrays must be present.
    mutating func array(_ key: String, limit: Int, required: Bool = true) -> [JSONValue]? {
        guard let value = entry[key], !value.isNull else {
            if required { fail(nil, "\"\(key)\" is missing") }
            return nil
        }
        guard let array = value.arrayValue else {
            fail(value, "\"\(key)\" must be an array, found \(value.typeDescription)")
            return nil
        }
        guard array.count <= limit else {
            fail(value, "\"\(key)\" has \(array.count) entries; the limit is \(limit)")
            return nil
        }
        return array
    }

    /// A relative picture path inside the data folder ("images/x.png"): no "..", not absolute.
    mutating func imagePath(_ key: String = "image") -> String? {
        guard let path = string(key, maxLength: 200, required: false) else { return nil }
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            fail(entry[key], "\"\(key)\" must be a path inside the data folder, found \"\(path)\"")
            return nil
        }
        return path
    }

    /// One message naming the entry and listing every failure.
    func message(_ what: String) -> String {
        "\(what) left out: " + failures.map(\.message).joined(separator: "; ")
    }
}
