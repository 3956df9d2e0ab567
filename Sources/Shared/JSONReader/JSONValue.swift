import Foundation

/// Where something starts in a text file: 1-based line and column. Columns count Unicode
/// scalars, which is what an editor's cursor shows for the text a feed contains.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "line \(line), column \(column)" }
}

/// A parsed JSON value that remembers where it was written.
///
/// Foundation's `JSONSerialization` forgets positions, and a feed author needs "line 12" to find a
/// mistake, so the feed is parsed with `JSONParser` into these instead.
public struct JSONValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in file order, duplicates included, so a validator can warn about them.
        case object([JSONMember])
    }

    public var kind: Kind
    /// Position of the value's first character.
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    public var stringValue: String? {
        if case let .string(value) = kind { return value }
        return nil
    }

    /// nil for a number too large for a Double (written like 1e400): no reader can use it.
    public var numberValue: Double? {
        if case let .number(value) = kind, value.isFinite { return value }
        return nil
    }

    /// A well-formed number too large to represent (1e400): parsed, but with no usable value.
    public var isOutOfRangeNumber: Bool {
        if case let .number(value) = kind { return !value.isFinite }
        return false
    }

    public var arrayValue: [JSONValue]? {
        if case let .array(value) = kind { return value }
        return nil
    }

    public var objectMembers: [JSONMember]? {
        if case let .object(value) = kind { return value }
        return nil
    }

    public var isNull: Bool { kind == .null }

    /// The member named `key`; with duplicate keys the last one wins, as in most JSON readers.
    public subscript(key: String) -> JSONValue? {
        objectMembers?.last(where: { $0.key == key })?.value
    }

    /// "a string", "an array", … for messages like `"title" must be a string, found a number`.
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case let .number(value): return value.isFinite ? "a number" : "a number too large to use"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONMember: Sendable, Hashable {
    public var key: String
    /// Position of the key's opening quote.
    public var keyPosition: SourcePosition
    public var value: JSONValue

    public init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A syntax error, worded for the person who will fix the file.
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(position): \(message)" }
}
