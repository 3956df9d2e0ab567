import Foundation

/// What is kept beside WebKit's compiled lists in the cache folder: which lists they were made
/// from (their fingerprint), how many chunks, and the conversion's report. A later start that finds
/// the same fingerprint loads the chunks and shows this report in Preferences, converting nothing.
public struct CompiledFilters: Sendable, Equatable, Codable {
    /// One list as it was when converted: Preferences shows its name, date and rule count.
    public struct List: Sendable, Equatable, Codable {
        public var name: String
        public var path: String
        public var modified: Date
        public init(name: String, path: String, modified: Date) {
            self.name = name
            self.path = path
            self.modified = modified
        }
    }

    public var fingerprint: String
    public var lists: [List]
    public var report: FilterReport
    /// When the chunks were compiled.
    public var compiled: Date

    public init(fingerprint: String, lists: [FilterListFile], report: FilterReport, compiled: Date) {
        self.fingerprint = fingerprint
        self.lists = lists.map { List(name: $0.name, path: $0.path, modified: $0.modified) }
        self.report = report
        self.compiled = compiled
    }

    /// The chunks' names in WebKit's store, in order.
    public var identifiers: [String] {
        (0..<report.chunkCount).map { FilterLists.chunkIdentifier(fingerprint: fingerprint, index: $0) }
    }

    /// The file it is kept in, in the same folder as WebKit's store.
    public static let fileName = "skiff-filters.json"
    /// A record is a few kilobytes (three examples per reason); a bigger file is not one of ours.
    public static let maximumFileBytes = 1 << 20

    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// nil for anything that is not a record this version wrote: the lists are converted again.
    public static func decode(_ data: Data) -> CompiledFilters? {
        guard data.count <= maximumFileBytes else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(CompiledFilters.self, from: data)
    }

    /// The record kept in `folder`, if there is one (at most `maximumFileBytes` are read).
    public static func read(in folder: URL) -> CompiledFilters? {
        guard let handle = try? FileHandle(forReadingFrom: folder.appendingPathComponent(fileName)) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes + 1) else { return nil }
        return decode(data)
    }

    /// Kept in `folder`, replacing the old record at once (written beside it, then renamed).
    public func write(in folder: URL) throws {
        try encoded().write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }
}

/// What a start does with the cache folder (docs/content-blocking.md, "Compiled once").
public enum FilterStorePlan: Sendable, Equatable {
    /// No list is installed: nothing to block with; Preferences says which package brings them.
    case noLists
    /// The kept chunks were made from these very lists: load them, in order.
    case load([String])
    /// Convert the lists off the main thread and compile the chunks (the first start, or the lists
    /// changed, or what was kept cannot be used).
    case convert(fingerprint: String)

    /// `kept`: the record found in the folder (nil: none, or unreadable).
    public static func plan(lists: [FilterListFile], kept: CompiledFilters?, limits: FilterLimits = .standard) -> FilterStorePlan {
        guard !lists.isEmpty else { return .noLists }
        let fingerprint = FilterLists.fingerprint(of: lists, limits: limits)
        if let kept, kept.fingerprint == fingerprint, kept.report.chunkCount > 0 { return .load(kept.identifiers) }
        return .convert(fingerprint: fingerprint)
    }

    /// The names among `identifiers` that are Skiff's and not made under `fingerprint`: chunks of
    /// older lists, removed once the new ones are compiled. Other names in the folder are left alone.
    public static func stale(_ identifiers: [String], keeping fingerprint: String) -> [String] {
        let current = FilterLists.identifierPrefix + fingerprint + "-"
        return identifiers.filter { $0.hasPrefix(FilterLists.identifierPrefix) && !$0.hasPrefix(current) }
    }
}
