import BrowserModel
import Foundation
import GRDB

/// Where the zoom level per site is kept (`SiteZoom`). Apart from `BrowsingDataStore` so stores
/// that keep none (test doubles) need not pretend to.
public protocol SiteZoomStore: AnyObject, Sendable {
    /// The remembered levels, the one set longest ago first; at most a little over `SiteZoom.limit`.
    func loadSiteZoom() throws -> [(site: String, level: Double)]
    /// Writes the changes `SiteZoom.set` returned, in one step.
    func saveSiteZoom(_ changes: [SiteZoom.Change]) throws
}

extension DiskBrowsingStore: SiteZoomStore {
    /// The "site-zoom" migration: one row a site whose level is not 100 %.
    static func createSiteZoom(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE siteZoom (
                site TEXT PRIMARY KEY NOT NULL, -- "example.org" or "127.0.0.1:8080"
                level REAL NOT NULL,            -- 1 = 100 %
                changedAt REAL NOT NULL         -- seconds since 1970
            );
            """)
    }

    public func loadSiteZoom() throws -> [(site: String, level: Double)] {
        try pool.read { db in
            // The newest only, oldest first: a file filled by hand cannot fill memory.
            try Row.fetchAll(db, sql: """
                SELECT site, level FROM (SELECT rowid, site, level, changedAt FROM siteZoom ORDER BY changedAt DESC, rowid DESC LIMIT ?)
                ORDER BY changedAt, rowid
                """, arguments: [SiteZoom.limit])
                .compactMap { row in
                    // A row not written by Skiff (not text, not a number) is skipped.
                    guard let site = String.fromDatabaseValue(row["site"] as DatabaseValue),
                          let level = Double.fromDatabaseValue(row["level"] as DatabaseValue) else { return nil }
                    return (site, level)
                }
        }
    }

    public func saveSiteZoom(_ changes: [SiteZoom.Change]) throws {
        guard !changes.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        try pool.write { db in
            for change in changes {
                switch change {
                case .save(let site, let level):
                    try db.execute(sql: "INSERT OR REPLACE INTO siteZoom (site, level, changedAt) VALUES (?, ?, ?)",
                                   arguments: [site, level, now])
                case .remove(let site):
                    try db.execute(sql: "DELETE FROM siteZoom WHERE site = ?", arguments: [site])
                }
            }
        }
    }
}

/// Zoom levels in memory only: a private window's, or when the database can't be opened.
public final class EphemeralSiteZoomStore: SiteZoomStore, @unchecked Sendable {
    // @unchecked: every access to `levels` goes through `lock`.
    private let lock = NSLock()
    private var levels: [(site: String, level: Double)] = []

    public init() {}

    public func loadSiteZoom() throws -> [(site: String, level: Double)] { lock.withLock { levels } }
    public func saveSiteZoom(_ changes: [SiteZoom.Change]) throws {
        lock.withLock {
            for change in changes {
                switch change {
                case .save(let site, let level):
                    levels.removeAll { $0.site == site }
                    levels.append((site, level))
                case .remove(let site): levels.removeAll { $0.site == site }
                }
            }
        }
    }
}
