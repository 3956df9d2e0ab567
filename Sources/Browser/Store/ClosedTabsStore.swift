import BrowserModel
import Foundation
import GRDB

/// Where closed tabs are kept, so Ctrl+Shift+T works after a restart. Apart from
/// `BrowsingDataStore` so stores that keep none (test doubles) need not pretend to.
public protocol ClosedTabsStore: AnyObject, Sendable {
    /// The closed tabs saved, in any order; at most a little over `ClosedTabs.limit`.
    func loadClosedTabs() throws -> [ClosedTab]
    /// Saves `tab` (a new close, or a scroll position that arrived) and forgets `dropping`, in one step.
    func saveClosedTab(_ tab: ClosedTab, dropping: [UUID]) throws
    /// Forgets these (reopened).
    func removeClosedTabs(_ ids: [UUID]) throws
}

extension DiskBrowsingStore: ClosedTabsStore {
    /// The "closed-tabs" migration: one row a closed tab.
    static func createClosedTabs(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE closedTabs (
                id TEXT PRIMARY KEY NOT NULL, -- UUID string
                uri TEXT NOT NULL,
                title TEXT NOT NULL,
                sessionState BLOB,
                position INTEGER NOT NULL,
                scrollX REAL NOT NULL DEFAULT 0,
                scrollY REAL NOT NULL DEFAULT 0,
                closedAt REAL NOT NULL -- seconds since 1970
            );
            """)
    }

    public func loadClosedTabs() throws -> [ClosedTab] {
        try pool.read { db in
            // The newest, and no more than a little over the limit: a file filled by hand cannot fill memory.
            try Row.fetchAll(db, sql: """
                SELECT id, uri, title, CASE WHEN length(sessionState) <= ? THEN sessionState END AS sessionState,
                       position, scrollX, scrollY, closedAt
                FROM closedTabs ORDER BY closedAt DESC LIMIT ?
                """, arguments: [ClosedTabs.sessionStateLimit, ClosedTabs.limit])
                .compactMap { row -> ClosedTab? in
                    // A row not written by Skiff (no UUID, not text) is skipped; the rest load.
                    func text(_ column: String) -> String? { String.fromDatabaseValue(row[column] as DatabaseValue) }
                    guard let idText = text("id"), let id = UUID(uuidString: idText), let uri = text("uri"),
                          let title = text("title") else { return nil }
                    return ClosedTab(id: id, uri: uri, title: String(title.prefix(1024)),
                                     sessionState: Data.fromDatabaseValue(row["sessionState"] as DatabaseValue),
                                     position: Int.fromDatabaseValue(row["position"] as DatabaseValue) ?? 0,
                                     scrollX: Double.fromDatabaseValue(row["scrollX"] as DatabaseValue) ?? 0,
                                     scrollY: Double.fromDatabaseValue(row["scrollY"] as DatabaseValue) ?? 0,
                                     closedAt: Date(timeIntervalSince1970: Double.fromDatabaseValue(row["closedAt"] as DatabaseValue) ?? 0))
                }
        }
    }

    public func saveClosedTab(_ tab: ClosedTab, dropping: [UUID]) throws {
        try pool.write { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO closedTabs (id, uri, title, sessionState, position, scrollX, scrollY, closedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [tab.id.uuidString, tab.uri, tab.title, tab.sessionState, tab.position, tab.scrollX, tab.scrollY,
                                 tab.closedAt.timeIntervalSince1970])
            for id in dropping { try db.execute(sql: "DELETE FROM closedTabs WHERE id = ?", arguments: [id.uuidString]) }
        }
    }

    public func removeClosedTabs(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try pool.write { db in
            for id in ids { try db.execute(sql: "DELETE FROM closedTabs WHERE id = ?", arguments: [id.uuidString]) }
        }
    }
}

/// Closed tabs in memory only: a private window's, or when the database can't be opened.
public final class EphemeralClosedTabsStore: ClosedTabsStore, @unchecked Sendable {
    // @unchecked: every access to `tabs` goes through `lock`.
    private let lock = NSLock()
    private var tabs: [UUID: ClosedTab] = [:]

    public init() {}

    public func loadClosedTabs() throws -> [ClosedTab] { lock.withLock { Array(tabs.values) } }
    public func saveClosedTab(_ tab: ClosedTab, dropping: [UUID]) throws {
        lock.withLock {
            tabs[tab.id] = tab
            for id in dropping { tabs[id] = nil }
        }
    }
    public func removeClosedTabs(_ ids: [UUID]) throws { lock.withLock { for id in ids { tabs[id] = nil } } }
}
