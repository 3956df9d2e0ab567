import Foundation

/// Which pictures the disk cache keeps: the least recently used go first once the files together pass
/// the limit (docs/feeds.md, "Pictures from the network"). Pure: times are given, nothing is read or
/// deleted here; `PictureDiskCache` applies what this decides.
public struct PictureCachePolicy: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var bytes: Int
        public var lastUse: Date
        public init(bytes: Int, lastUse: Date) {
            self.bytes = bytes
            self.lastUse = lastUse
        }
    }

    /// Bytes all kept files may take together.
    public let limit: Int
    public private(set) var entries: [String: Entry] = [:]
    public private(set) var totalBytes = 0

    public init(limit: Int) { self.limit = max(0, limit) }

    /// A file found on disk (start-up: its modification time is its last use).
    public mutating func adopt(_ name: String, bytes: Int, lastUse: Date) {
        if let old = entries[name] { totalBytes -= old.bytes }
        entries[name] = Entry(bytes: bytes, lastUse: lastUse)
        totalBytes += bytes
    }

    /// Adopts the files found on disk, then names those to delete so that the rest fit.
    public mutating func adoptAll(_ files: [(name: String, bytes: Int, lastUse: Date)]) -> [String] {
        for file in files { adopt(file.name, bytes: file.bytes, lastUse: file.lastUse) }
        return evict(keeping: nil)
    }

    /// Whether `name` is kept; using it makes it the most recently used.
    public mutating func use(_ name: String, at now: Date) -> Bool {
        guard entries[name] != nil else { return false }
        entries[name]?.lastUse = now
        return true
    }

    /// Adds a file just written and names the files to delete, least recently used first, so that the
    /// total fits the limit again. A file larger than the whole limit is not kept: its own name is given.
    public mutating func add(_ name: String, bytes: Int, at now: Date) -> [String] {
        adopt(name, bytes: bytes, lastUse: now)
        guard bytes <= limit else {
            remove(name)
            return [name]
        }
        return evict(keeping: name)
    }

    public mutating func remove(_ name: String) {
        guard let old = entries.removeValue(forKey: name) else { return }
        totalBytes -= old.bytes
    }

    private mutating func evict(keeping kept: String?) -> [String] {
        guard totalBytes > limit else { return [] }
        // Oldest first; equal times by name, so the choice is the same on every run.
        let order = entries.filter { $0.key != kept }
            .sorted { $0.value.lastUse != $1.value.lastUse ? $0.value.lastUse < $1.value.lastUse : $0.key < $1.key }
        var evicted: [String] = []
        for (name, _) in order where totalBytes > limit {
            remove(name)
            evicted.append(name)
        }
        return evicted
    }
}
