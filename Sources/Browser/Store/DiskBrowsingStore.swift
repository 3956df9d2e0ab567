import BrowserModel
import Foundation
import GRDB
import Logging

/// History and open tabs in one SQLite database, in WAL mode.
///
/// WAL with `synchronous = NORMAL`: a commit reaches the operating system before `saveSession`
/// returns, so killing the app (even `kill -9`) never loses a committed save and never leaves a
/// half-written one; only a power cut can lose the last commits, which is the usual browser trade.
/// WAL also lets a reader (history suggestions) run while a session save is being written.
public final class DiskBrowsingStore: BrowsingDataStore {
    /// Long enough to ride out another Skiff process's save, short enough that start-up never hangs.
    static let busyTimeout: TimeInterval = 5

    public let databaseURL: URL
    let pool: DatabasePool
    /// Opened read-only (the file or its folder can't be written): everything reads, saves throw.
    public let isReadOnly: Bool
    /// The most frecent pages in memory, for broad searches (`FrecentPages`).
    let frecentPages = FrecentPages()

    /// quick_check ran before the migrations (a database of `checkBeforeOpeningLimit` or less).
    let wasCheckedBeforeOpening: Bool

    init(pool: DatabasePool, url: URL, readOnly: Bool = false, checkedBeforeOpening: Bool = true) {
        self.pool = pool
        wasCheckedBeforeOpening = checkedBeforeOpening
        self.databaseURL = url
        self.isReadOnly = readOnly
    }

    public var isPersistent: Bool { !isReadOnly }

    /// Opens or creates the database at `url` (creating its folder, 0700, if needed). A damaged or
    /// unreadable file is moved aside and a fresh database started; see `BrowserStoreOpenResult`.
    public static func open(at url: URL, now: Date = Date()) -> BrowserStoreOpenResult {
        StoreOpening.open(at: url, now: now)
    }

    /// The database's journal mode as SQLite reports it ("wal").
    public func journalMode() throws -> String {
        try pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Lets GRDB drop its connections; later calls throw. For tests and orderly shutdown.
    public func close() throws {
        checkpoint()
        try pool.close()
    }

    /// Copies everything in the write-ahead log into the database file and empties the log, so
    /// a quit leaves one self-contained file. (GRDB closes its read-only connections last, and a
    /// read-only connection can't do this on close as SQLite otherwise would.) Never waits long:
    /// if another connection is busy, what can be copied is.
    public func checkpoint() {
        guard !isReadOnly else { return }
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }

    // MARK: Connecting

    static func connect(at url: URL, busyTimeout: TimeInterval = busyTimeout, readOnly: Bool = false,
                        checkLimit: Int64 = checkBeforeOpeningLimit) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.label = "skiff.browser"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = readOnly
        if !readOnly {
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        let checkNow = StoreOpening.willCheckBeforeOpening(url, limit: checkLimit)
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        do {
            if checkNow {
                // quick_check reads every page but skips index cross-checks: milliseconds for a
                // browser's few megabytes, and it catches the torn or overwritten pages that open
                // alone would not. It runs before the migrations so nothing is written into a damaged file.
                let verdict = try pool.read { try String.fetchAll($0, sql: "PRAGMA quick_check(3)") }
                guard verdict == ["ok"] else { throw StoreDamage.integrityCheckFailed(verdict.joined(separator: "; ")) }
                try? FileManager.default.removeItem(at: recheckMarker(for: url))
            } else {
                // A large history is checked after the window is up (`checkIntegrity`); reading the
                // schema still catches a file that is not a database at all.
                _ = try pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            }
            if !readOnly {
                try migrator.migrate(pool)
                // Into the main file now, so what a log left next to it later must agree with
                // (the database's identity) is there to compare against; see StoreOpening.
                // Passive: never waits for another connection; it copies what it can.
                _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.passive) }
            }
        } catch {
            try? pool.close()
            throw error
        }
        return pool
    }

    /// Databases up to this size are checked page by page before the window opens (well under a
    /// second from a cold disk); a larger history is checked after the first frame, off the main
    /// thread (docs/browsing-data.md, "Start-up with a large history").
    static let checkBeforeOpeningLimit: Int64 = 64 * 1024 * 1024

    /// Left next to a database the later check found damaged: the next start checks it before
    /// opening, and moves it aside.
    static func recheckMarker(for url: URL) -> URL { URL(fileURLWithPath: url.path + ".check-at-start") }

    /// The page-by-page check of a database too large to check before the window opened. Slow
    /// (it reads the whole file): call it off the main thread. Returns what is damaged, or nil;
    /// when damaged, the next start moves the file aside.
    public func checkIntegrity() -> String? {
        let verdict: [String]
        do {
            verdict = try pool.read { try String.fetchAll($0, sql: "PRAGMA quick_check(3)") }
        } catch {
            verdict = [StoreOpening.describe(error)]
        }
        guard verdict != ["ok"] else { return nil }
        _ = FileManager.default.createFile(atPath: Self.recheckMarker(for: databaseURL).path, contents: Data())
        return verdict.joined(separator: "; ")
    }

    /// Whether this database was too large to be checked before opening.
    public var needsCheckAfterOpening: Bool { !wasCheckedBeforeOpening }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE history (
                    uri TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL DEFAULT '',
                    visitCount INTEGER NOT NULL DEFAULT 0,
                    lastVisit REAL NOT NULL -- seconds since 1970
                );
                CREATE INDEX history_lastVisit ON history(lastVisit);
                CREATE TABLE tabs (
                    id TEXT PRIMARY KEY NOT NULL, -- UUID string
                    position INTEGER NOT NULL,
                    uri TEXT NOT NULL,
                    title TEXT NOT NULL,
                    sessionState BLOB
                );
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT
                );
                """)
        }
        migrator.registerMigration("v2-identity") { db in
            // A random identity, never changed afterwards: a write-ahead log whose replay would
            // change it came from another database.
            try db.execute(sql: "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)",
                           arguments: [identityKey, UUID().uuidString])
        }
        HistoryIndex.registerMigration(&migrator)
        HistoryListing.registerMigration(&migrator)
        migrator.registerMigration("favourites") { db in try createFavourites(db) }
        migrator.registerMigration("closed-tabs") { db in try createClosedTabs(db) }
        migrator.registerMigration("site-zoom") { db in try createSiteZoom(db) }
        migrator.registerMigration("site-permissions") { db in try createSitePermissions(db) }
        migrator.registerMigration(bookmarksMigrationName) { db in try createBookmarks(db) }
        return migrator
    }

    static let identityKey = "databaseID"

    /// The database's identity, nil for one made before identities (or not Skiff's).
    static func identity(_ db: Database) throws -> String? {
        guard try db.tableExists("meta") else { return nil }
        return try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [identityKey])
    }

    // MARK: History

    public func recordVisit(uri: String, title: String?, at date: Date) throws {
        try recordVisit(uri: uri, title: title, at: date, transition: .link)
    }

    public func recordVisit(uri: String, title: String?, at date: Date, transition: VisitTransition) throws {
        try writeHistory { db in
            try Self.insertVisit(db: db, uri: uri, title: title, at: date, transition: transition)
            try HistoryIndex.updateFrecency(db, uri: uri, now: date)
        }
    }

    public func replaceVisit(old: String, new: String, title: String?, at date: Date) throws {
        try replaceVisit(old: old, new: new, title: title, at: date, transition: .link)
    }

    public func replaceVisit(old: String, new: String, title: String?, at date: Date, transition: VisitTransition) throws {
        try writeHistory { db in
            try db.execute(sql: "UPDATE history SET visitCount = visitCount - 1, typedCount = min(typedCount, visitCount - 1) WHERE uri = ?",
                           arguments: [old])
            try db.execute(sql: "DELETE FROM history WHERE uri = ? AND visitCount <= 0", arguments: [old])
            try HistoryIndex.updateFrecency(db, uri: old, now: date)
            try Self.insertVisit(db: db, uri: new, title: title, at: date, transition: transition)
            try HistoryIndex.updateFrecency(db, uri: new, now: date)
        }
    }

    private static func insertVisit(db: Database, uri: String, title: String?, at date: Date, transition: VisitTransition) throws {
        try db.execute(sql: """
                INSERT INTO history (uri, title, visitCount, lastVisit, typedCount) VALUES (?, ?, 1, ?, ?)
                ON CONFLICT(uri) DO UPDATE SET
                    visitCount = visitCount + 1,
                    typedCount = typedCount + excluded.typedCount,
                    lastVisit = max(lastVisit, excluded.lastVisit),
                    title = CASE WHEN excluded.title <> '' THEN excluded.title ELSE title END
                """, arguments: [uri, title ?? "", date.timeIntervalSince1970, transition == .typed ? 1 : 0])
    }

    public func refreshFrecency(now: Date) throws {
        guard !isReadOnly else { return }
        try writeHistory { try HistoryIndex.refreshFrecency($0, now: now) }
    }

    public func searchHistory(_ text: String, limit: Int, now: Date) throws -> [HistoryVisit] {
        let frecent = frecentPages.current()
        defer { if frecent == nil { rebuildFrecentPages() } }
        return try pool.read { try HistoryIndex.search($0, text: text, limit: limit, now: now, frecent: frecent) }
    }

    /// Brings `frecentPages` up to date on a utility thread after `delay` seconds, unless it is or
    /// is being by then.
    private func rebuildFrecentPages(after delay: TimeInterval = 0) {
        let pool = pool, frecent = frecentPages
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay) {
            guard let generation = frecent.beginRebuild() else { return }
            do { try pool.read { try frecent.rebuild($0, generation: generation) } } catch {
                Logger(label: "skiff.browser.store").warning("most frecent pages not read: \(error)")
            }
        }
    }

    /// Every write to `history` goes through here, so the in-memory list of frecent pages knows.
    /// Once the address bar has used it, it is read again a second after a change (a page's visit
    /// and its title come together), while the page is being read, not when the next search starts.
    func writeHistory<T>(_ body: (Database) throws -> T) throws -> T {
        defer {
            frecentPages.invalidate()
            if frecentPages.hasBeenBuilt { rebuildFrecentPages(after: 1) }
        }
        return try pool.write(body)
    }

    public func updateTitle(_ title: String, forURI uri: String) throws {
        try writeHistory { try $0.execute(sql: "UPDATE history SET title = ? WHERE uri = ?", arguments: [title, uri]) }
    }

    public func history(matching text: String, limit: Int) throws -> [HistoryVisit] {
        let pattern = "%" + Self.escapeLike(text) + "%"
        return try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT uri, title, visitCount, lastVisit, typedCount FROM history
                WHERE uri LIKE ?1 ESCAPE '\\' OR title LIKE ?1 ESCAPE '\\'
                ORDER BY visitCount DESC, lastVisit DESC, uri ASC
                LIMIT ?2
                """, arguments: [pattern, max(0, limit)]).map(Self.visit)
        }
    }

    public func allHistory() throws -> [HistoryVisit] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT uri, title, visitCount, lastVisit, typedCount FROM history ORDER BY lastVisit DESC, uri ASC
                """).map(Self.visit)
        }
    }

    public func clearHistory() throws {
        try writeHistory { try $0.execute(sql: "DELETE FROM history") }
    }

    private static func visit(_ row: Row) -> HistoryVisit { HistoryIndex.visit(row) }

    /// "%" and "_" typed by the user are literal characters, not wildcards.
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for c in text {
            if c == "\\" || c == "%" || c == "_" { escaped.append("\\") }
            escaped.append(c)
        }
        return escaped
    }

    // MARK: Session

    /// Set whenever a session is saved, so an empty session (all tabs closed) differs from none.
    static let sessionSavedKey = "sessionSaved"
    static let currentTabKey = "currentTabID"

    public func saveSession(_ session: StoredSession) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM tabs")
            for (position, tab) in session.tabs.enumerated() {
                try db.execute(sql: """
                    INSERT INTO tabs (id, position, uri, title, sessionState) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [tab.id.uuidString, position, tab.uri, tab.title, tab.sessionState])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                           arguments: [Self.currentTabKey, session.currentTabID?.uuidString])
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, '1')",
                           arguments: [Self.sessionSavedKey])
        }
    }

    public func loadSession() throws -> StoredSession? {
        try pool.read { db in
            guard try Row.fetchOne(db, sql: "SELECT 1 FROM meta WHERE key = ?", arguments: [Self.sessionSavedKey]) != nil else {
                return nil
            }
            // A row whose id isn't a UUID can only come from outside the app; skipping it keeps the rest.
            let tabs = try Row.fetchAll(db, sql: "SELECT id, uri, title, sessionState FROM tabs ORDER BY position")
                .compactMap { row -> StoredTab? in
                    guard let id = UUID(uuidString: row["id"]) else { return nil }
                    return StoredTab(id: id, uri: row["uri"], title: row["title"], sessionState: row["sessionState"])
                }
            let current = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?",
                                              arguments: [Self.currentTabKey])
            return StoredSession(tabs: tabs, currentTabID: current.flatMap(UUID.init(uuidString:)))
        }
    }
}

/// Why an opened file was judged damaged although SQLite itself raised no error.
enum StoreDamage: Error, CustomStringConvertible {
    case integrityCheckFailed(String)

    var description: String {
        switch self {
        case .integrityCheckFailed(let verdict): "integrity check failed: \(verdict)"
        }
    }
}
