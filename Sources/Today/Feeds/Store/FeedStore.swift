import FeedFormat
import Foundation
import GRDB
import Logging
import StoreSupport

/// The subscriptions, their articles and the articles' states (read, starred), in one SQLite
/// database in WAL mode (docs/feeds.md, "Storage").
///
/// Every method is synchronous and may be called from any thread (GRDB's pool serialises writes
/// and lets reads run beside them): the refresher calls it from its worker, never the main thread.
/// A failed write throws; `SaveFailure.describe` words it for the user.
public final class FeedStore: Sendable {
    /// Long enough to ride out another Skiff's write, short enough that nothing hangs on it.
    static let busyTimeout: TimeInterval = 5
    static let logger = Logger(label: "skiff.feeds.store")
    public static let databaseName = "feeds.sqlite"

    public let databaseURL: URL
    let pool: DatabasePool

    init(pool: DatabasePool, url: URL) {
        self.pool = pool
        databaseURL = url
    }

    /// Opens or creates the database at `url` (its folder created 0700). A damaged file is moved
    /// aside (with its -wal and -shm) and a new database started; see `FeedStoreOpenResult`.
    public static func open(at url: URL, now: Date = Date()) -> FeedStoreOpenResult {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: NSNumber(value: Int16(0o700))])
        } catch {
            return unavailable(url, reason: "its folder can't be created: \(DatabaseFile.describe(error))")
        }
        let firstError: Error
        do {
            return .opened(FeedStore(pool: try connect(at: url), url: url))
        } catch {
            firstError = error
        }
        logger.error("feeds database at \(url.path) can't be opened: \(DatabaseFile.describe(firstError))")
        guard DatabaseFile.isDamage(firstError, at: url) else {
            return unavailable(url, reason: DatabaseFile.describe(firstError))
        }
        do {
            let movedTo = try DatabaseFile.moveAside(url, now: now)
            let store = FeedStore(pool: try connect(at: url), url: url)
            logger.notice("damaged feeds database moved to \(movedTo.path); started a new one")
            return .recovered(store, movedTo: movedTo, message:
                "Your feeds could not be read and were moved to \(movedTo.path); a new list was started.")
        } catch {
            return unavailable(url, reason: DatabaseFile.describe(error))
        }
    }

    static func unavailable(_ url: URL, reason: String) -> FeedStoreOpenResult {
        logger.error("feeds database unavailable at \(url.path): \(reason)")
        return .unavailable(message: "Your feeds at \(url.path) can't be used (\(reason)), so subscriptions won't be saved this time.")
    }

    static func connect(at url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "skiff.feeds"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // A commit reaches the OS before the call returns; only a power cut can lose the last ones.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        do {
            // quick_check before any write: a torn or overwritten page is found before we write into it.
            let verdict = try pool.read { try String.fetchAll($0, sql: "PRAGMA quick_check(3)") }
            guard verdict == ["ok"] else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: verdict.joined(separator: "; ")) }
            try FeedStoreSchema.migrator.migrate(pool)
        } catch {
            try? pool.close()
            throw error
        }
        return pool
    }

    /// The journal mode SQLite reports ("wal").
    public func journalMode() throws -> String {
        try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Copies the log into the file and closes; later calls throw. For orderly shutdown and tests.
    public func close() throws {
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try pool.close()
    }
}

/// How opening the feeds database went. The app always continues (without saving when unavailable).
public enum FeedStoreOpenResult: Sendable {
    case opened(FeedStore)
    /// The old file was damaged; it was moved to `movedTo` and a new database started.
    case recovered(FeedStore, movedTo: URL, message: String)
    /// Nothing could be opened or created (folder not writable, disk full, database in use).
    case unavailable(message: String)

    public var store: FeedStore? {
        switch self {
        case .opened(let store), .recovered(let store, _, _): store
        case .unavailable: nil
        }
    }

    /// What to tell the user, or nil when all went well.
    public var message: String? {
        switch self {
        case .opened: nil
        case .recovered(_, _, let message), .unavailable(let message): message
        }
    }
}
