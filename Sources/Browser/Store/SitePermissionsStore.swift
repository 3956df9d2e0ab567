import BrowserModel
import Foundation
import GRDB

/// Where the answers to permission requests are kept per site (`SitePermissions`). Apart from
/// `BrowsingDataStore` so stores that keep none (test doubles) need not pretend to.
public protocol SitePermissionsStore: AnyObject, Sendable {
    /// The remembered answers, the oldest first; at most `SitePermissions.limit`.
    func loadSitePermissions() throws -> [SitePermissions.Entry]
    /// Writes the changes `SitePermissions` returned, in one step.
    func saveSitePermissions(_ changes: [SitePermissions.Change]) throws
}

extension DiskBrowsingStore: SitePermissionsStore {
    /// The "site-permissions" migration: one row a site and kind answered.
    static func createSitePermissions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sitePermissions (
                site TEXT NOT NULL,       -- "example.org" or "127.0.0.1:8080"
                kind TEXT NOT NULL,       -- PermissionKind's raw value: "location", "camera"…
                decision TEXT NOT NULL,   -- "allow" or "deny"
                decidedAt REAL NOT NULL,  -- seconds since 1970
                PRIMARY KEY (site, kind)
            );
            """)
    }

    public func loadSitePermissions() throws -> [SitePermissions.Entry] {
        try pool.read { db in
            // The newest only, oldest first: a file filled by hand cannot fill memory.
            try Row.fetchAll(db, sql: """
                SELECT site, kind, decision FROM (SELECT rowid, * FROM sitePermissions ORDER BY decidedAt DESC, rowid DESC LIMIT ?)
                ORDER BY decidedAt, rowid
                """, arguments: [SitePermissions.limit])
                .compactMap { row in
                    // A row not written by Skiff (an unknown kind or answer) is skipped.
                    guard let site = String.fromDatabaseValue(row["site"] as DatabaseValue),
                          let kind = String.fromDatabaseValue(row["kind"] as DatabaseValue).flatMap(PermissionKind.init(rawValue:)),
                          let decision = String.fromDatabaseValue(row["decision"] as DatabaseValue).flatMap(SitePermissions.Decision.init(rawValue:))
                    else { return nil }
                    return SitePermissions.Entry(site: site, kind: kind, decision: decision)
                }
        }
    }

    public func saveSitePermissions(_ changes: [SitePermissions.Change]) throws {
        guard !changes.isEmpty else { return }
        let now = Date().timeIntervalSince1970
        try pool.write { db in
            for change in changes {
                switch change {
                case .save(let entry):
                    try db.execute(sql: "INSERT OR REPLACE INTO sitePermissions (site, kind, decision, decidedAt) VALUES (?, ?, ?, ?)",
                                   arguments: [entry.site, entry.kind.rawValue, entry.decision.rawValue, now])
                case .remove(let site, let kind):
                    try db.execute(sql: "DELETE FROM sitePermissions WHERE site = ? AND kind = ?", arguments: [site, kind.rawValue])
                }
            }
        }
    }
}

/// Answers in memory only: when the database can't be opened, and for windows without one.
public final class EphemeralSitePermissionsStore: SitePermissionsStore, @unchecked Sendable {
    // @unchecked: every access to `entries` goes through `lock`.
    private let lock = NSLock()
    private var entries: [SitePermissions.Entry] = []

    public init() {}

    public func loadSitePermissions() throws -> [SitePermissions.Entry] { lock.withLock { entries } }
    public func saveSitePermissions(_ changes: [SitePermissions.Change]) throws {
        lock.withLock {
            for change in changes {
                switch change {
                case .save(let entry):
                    entries.removeAll { $0.site == entry.site && $0.kind == entry.kind }
                    entries.append(entry)
                case .remove(let site, let kind): entries.removeAll { $0.site == site && $0.kind == kind }
                }
            }
        }
    }
}
