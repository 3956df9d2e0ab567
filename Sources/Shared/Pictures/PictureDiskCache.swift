import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Pictures fetched from the network, kept as files in one folder (`$XDG_CACHE_HOME/skiff/pictures`),
/// at most `limit` bytes together, the least recently used deleted first (`PictureCachePolicy`).
///
/// The index is the folder itself: a file's name is a hash of its address, its size is its size and its
/// modification time its last use (set again when it is used). Nothing else to keep consistent, and a
/// folder emptied by hand or by a cleaner is simply an empty cache (docs/feeds.md, "Pictures from the
/// network"). Every method but `file(named:)` reads or writes the disk: call them off the main thread.
public final class PictureDiskCache: Sendable {
    public let folder: URL
    private let policy: Mutex<PictureCachePolicy>
    /// What the folder held before this run and was deleted to fit (tests and the log).
    private let loadedState = Mutex(false)

    public init(folder: URL, limit: Int) {
        self.folder = folder
        policy = Mutex(PictureCachePolicy(limit: limit))
    }

    public var limit: Int { policy.withLock { $0.limit } }
    public var totalBytes: Int { policy.withLock { $0.totalBytes } }
    public var isLoaded: Bool { loadedState.withLock { $0 } }

    /// Reads the folder's files (creating it if needed), deletes leftovers of writes cut short and what
    /// does not fit the limit. Off the main thread.
    public func load() {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var files: [(name: String, bytes: Int, lastUse: Date)] = []
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let found = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)) ?? []
        for url in found {
            let name = url.lastPathComponent
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            if name.hasSuffix(Self.partSuffix) {
                try? FileManager.default.removeItem(at: url)
                continue
            }
            files.append((name, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        let evicted = policy.withLock { $0.adoptAll(files) }
        for name in evicted { delete(name) }
        loadedState.withLock { $0 = true }
    }

    /// The path of the picture saved under `name`, if the cache keeps it; it becomes the most recently used
    /// in memory (`touch` writes that to the disk). No disk access: the main thread may ask.
    public func file(named name: String, now: Date = Date()) -> String? {
        guard policy.withLock({ $0.use(name, at: now) }) else { return nil }
        return folder.appendingPathComponent(name).path
    }

    /// Records the use on the file (its modification time), so it outlives a restart. Off the main thread.
    public func touch(_ name: String) {
        _ = folder.appendingPathComponent(name).path.withCString { utimensat(AT_FDCWD, $0, nil, 0) }
    }

    /// Saves `data` under `name` (written to a temporary name, then renamed: a half-written file is never
    /// read) and deletes the least recently used files over the limit. Off the main thread.
    /// The path, or nil when it could not be written or is larger than the whole cache.
    public func store(_ data: Data, named name: String, now: Date = Date()) -> String? {
        let target = folder.appendingPathComponent(name)
        let part = folder.appendingPathComponent(name + "." + UUID().uuidString + Self.partSuffix)
        do {
            try data.write(to: part)
            _ = rename(part.path, target.path)
        } catch {
            try? FileManager.default.removeItem(at: part)
            return nil
        }
        let evicted = policy.withLock { $0.add(name, bytes: data.count, at: now) }
        for victim in evicted { delete(victim) }
        return evicted.contains(name) ? nil : target.path
    }

    private func delete(_ name: String) {
        _ = unlink(folder.appendingPathComponent(name).path)
    }

    static let partSuffix = ".part"
}
