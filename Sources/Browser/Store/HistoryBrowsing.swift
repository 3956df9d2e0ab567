import Foundation
import GRDB

/// The History view's order as an index: newest visit first, then address. Without it a page of
/// rows at position 99,000 made SQLite read and sort 99,000 table rows (~0.4 s); with it the
/// position is a walk along the index.
enum HistoryListing {
    static let migrationName = "history-by-last-visit"

    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(migrationName) { db in
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS history_byLastVisit ON history(lastVisit DESC, uri)")
        }
    }
}

/// What the History view reads and removes. Both stores list pages in one order, newest visit
/// first and then by address, so a position in `historyTimes()` is the same page in `historyPage`.
extension DiskBrowsingStore {
    public func historyTimes() throws -> [Date] {
        try pool.read { db in
            let cursor = try Double.fetchCursor(db, sql: "SELECT lastVisit FROM history ORDER BY lastVisit DESC, uri ASC")
            var times: [Date] = []
            while let seconds = try cursor.next() { times.append(Date(timeIntervalSince1970: seconds)) }
            return times
        }
    }

    public func historyPage(offset: Int, limit: Int) throws -> [HistoryVisit] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT uri, title, visitCount, lastVisit FROM history ORDER BY lastVisit DESC, uri ASC LIMIT ? OFFSET ?
                """, arguments: [max(0, limit), max(0, offset)]).map { row in
                HistoryVisit(uri: row["uri"], title: row["title"], visitCount: row["visitCount"],
                             lastVisit: Date(timeIntervalSince1970: row["lastVisit"]))
            }
        }
    }

    public func deleteHistory(uri: String) throws {
        try writeHistory { try $0.execute(sql: "DELETE FROM history WHERE uri = ?", arguments: [uri]) }
    }

    public func deleteHistory(since date: Date) throws {
        try writeHistory { try $0.execute(sql: "DELETE FROM history WHERE lastVisit >= ?", arguments: [date.timeIntervalSince1970]) }
    }
}

extension EphemeralBrowsingStore {
    public func historyTimes() throws -> [Date] { try allHistory().map(\.lastVisit) }

    public func historyPage(offset: Int, limit: Int) throws -> [HistoryVisit] {
        let all = try allHistory()
        let start = min(max(0, offset), all.count)
        return Array(all[start..<min(all.count, start + max(0, limit))])
    }

    public func deleteHistory(uri: String) throws {
        lock.withLock { _ = visits.removeValue(forKey: uri) }
    }

    public func deleteHistory(since date: Date) throws {
        lock.withLock { visits = visits.filter { $0.value.lastVisit < date } }
    }
}

extension DiskBrowsingStore {
    /// Adds pages in one transaction (a page already there takes the newer visit): for the History
    /// benchmark and tests, which need 100,000 rows made in seconds, not one transaction each.
    public func importHistory(_ visits: [HistoryVisit]) throws {
        try writeHistory { db in
            let statement = try db.makeStatement(sql: """
                INSERT INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, ?, ?)
                ON CONFLICT(uri) DO UPDATE SET visitCount = visitCount + excluded.visitCount,
                    lastVisit = max(lastVisit, excluded.lastVisit)
                """)
            for visit in visits {
                try statement.execute(arguments: [visit.uri, visit.title, visit.visitCount, visit.lastVisit.timeIntervalSince1970])
            }
        }
    }
}
