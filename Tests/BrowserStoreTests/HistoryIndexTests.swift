import BrowserModel
import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

final class HistoryIndexTests: StoreDirectoryTestCase {
    func testSearchContractOnDisk() throws {
        try HistorySearchContract.exercise(try openStore())
    }

    func testSearchContractInMemory() throws {
        try HistorySearchContract.exercise(EphemeralBrowsingStore())
    }

    func testTypedVisitsSurviveReopening() throws {
        let store = try openStore()
        let t = Date(timeIntervalSince1970: 1_000)
        try store.recordVisit(uri: "https://a.example", title: "A", at: t, transition: .typed)
        try store.recordVisit(uri: "https://a.example", title: nil, at: t)
        try store.close()
        XCTAssertEqual(try openStore().allHistory(), [HistoryVisit(uri: "https://a.example", title: "A", visitCount: 2, lastVisit: t, typedCount: 1)])
    }

    /// The score SQLite orders by is the model's `Suggestions.frecency`, for every bucket and mix of visits.
    func testFrecencyInSQLAgreesWithTheModel() throws {
        let store = try openStore()
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        var items: [HistoryVisit] = []
        for (i, ageDays) in [0.0, 1, 3.9, 4.5, 10, 14.2, 20, 31.5, 60, 90.5, 400].enumerated() {
            for (visits, typed) in [(1, 0), (7, 0), (3, 1), (5, 5)] {
                items.append(HistoryVisit(uri: "https://s\(i)-\(visits)-\(typed).example", title: "Page", visitCount: visits,
                                          lastVisit: now.addingTimeInterval(-ageDays * 86_400), typedCount: typed))
            }
        }
        try store.pool.write { db in
            for item in items {
                try db.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit, typedCount) VALUES (?, ?, ?, ?, ?)",
                               arguments: [item.uri, item.title, item.visitCount, item.lastVisit.timeIntervalSince1970, item.typedCount])
            }
        }
        // Written behind the store's back (frecency 0): score them all.
        try store.pool.write { try HistoryIndex.refreshFrecency($0, now: now, everything: true) }
        let scores = try store.pool.read { db in try Row.fetchAll(db, sql: "SELECT uri, frecency AS f FROM history") }
        XCTAssertEqual(scores.count, items.count)
        for row in scores {
            let uri: String = row["uri"]
            guard let item = items.first(where: { $0.uri == uri }) else { return XCTFail("unknown \(uri)") }
            XCTAssertEqual(row["f"] as Double, Suggestions.frecency(item, now: now), accuracy: 1e-9, uri)
        }
        // And the order the store returns is the model's.
        let expected = items.sorted { Suggestions.isRankedBefore($0, $1, now: now) }.map(\.uri)
        XCTAssertEqual(try store.searchHistory("page", limit: 1_000, now: now).map(\.uri), expected)
        XCTAssertEqual(try store.searchHistory("", limit: 1_000, now: now).map(\.uri), expected)
    }

    /// Stored scores follow the clock: a page whose last visit crosses a bucket's edge is re-scored.
    func testRefreshingMovesPagesAcrossBucketEdges() throws {
        let store = try openStore()
        let t = Date(timeIntervalSince1970: 1_750_000_000)
        try store.recordVisit(uri: "https://a.example/", title: "Alpha", at: t)
        func stored() throws -> Double { try store.pool.read { try Double.fetchOne($0, sql: "SELECT frecency FROM history") ?? -1 } }
        XCTAssertEqual(try stored(), 1.0, "a visit scores its page at once")
        try store.refreshFrecency(now: t.addingTimeInterval(10 * 86_400))
        XCTAssertEqual(try stored(), 0.7, accuracy: 1e-12)
        try store.refreshFrecency(now: t.addingTimeInterval(400 * 86_400))
        XCTAssertEqual(try stored(), 0.1, accuracy: 1e-12)
    }

    /// Broad words (walked in frecency order) and narrow ones (matches sorted) give what the model's
    /// own matching and ranking give over the same pages.
    func testTheIndexAgreesWithTheModelOverAGeneratedHistory() throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let (disk, memory) = try generatedHistoryOnDiskAndInMemory(now: now)
        for text in ["p", "page", "news", "ref deb", "coffee gard", "n r", "Quiet river", "example", "debian"] {
            XCTAssertEqual(try disk.searchHistory(text, limit: 12, now: now).map(\.uri),
                           try memory.searchHistory(text, limit: 12, now: now).map(\.uri), text)
        }
        XCTAssertEqual(try disk.searchHistory("ref deb", limit: 12, now: now).map(\.uri), [GeneratedHistory.needleURI])
    }

    /// Words in a large part of history are answered from the most frecent pages in memory, by the
    /// model's own rules: the same pages as the model over all of history, and "h" finds pages with
    /// words starting with h, not every page because its address starts with "https".
    func testBroadWordsAreAnsweredFromTheMostFrecentPagesAsTheModelAnswers() throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let (disk, memory) = try generatedHistoryOnDiskAndInMemory(now: now)
        _ = try disk.searchHistory("p", limit: 12, now: now)
        Poll.until(timeout: 10, interval: 0.01) { disk.frecentPages.current() != nil }
        XCTAssertNotNil(disk.frecentPages.current(), "the most frecent pages were never read")
        for text in ["p", "page", "h", "hi", "w", "r", "e", "pa n"] {
            XCTAssertEqual(try disk.searchHistory(text, limit: 12, now: now).map(\.uri),
                           try memory.searchHistory(text, limit: 12, now: now).map(\.uri), text)
        }
        XCTAssertTrue(try disk.searchHistory("h", limit: 12, now: now).allSatisfy { Suggestions.matches("h", uri: $0.uri, title: $0.title) })

        // A visit makes the list out of date; the index answers (and sees the new page) meanwhile.
        for _ in 0..<5 { try disk.recordVisit(uri: "https://pzazz.example/", title: "Pzazz", at: now, transition: .typed) }
        XCTAssertNil(disk.frecentPages.current())
        XCTAssertEqual(try disk.searchHistory("p", limit: 1, now: now).map(\.uri), ["https://pzazz.example/"])
    }

    /// A 6,000-page generated history on disk, and the same pages in a memory store (the model's answer).
    private func generatedHistoryOnDiskAndInMemory(now: Date) throws -> (DiskBrowsingStore, EphemeralBrowsingStore) {
        try GeneratedHistory.write(rows: 6_000, to: databaseURL, now: now)
        let disk = try openStore()
        let memory = EphemeralBrowsingStore()
        for page in try disk.allHistory() {
            for _ in 0..<page.visitCount { try memory.recordVisit(uri: page.uri, title: page.title, at: page.lastVisit) }
        }
        return (disk, memory)
    }

    /// A database written by the schema before the index (migrations "v1" and "v2-identity", frozen
    /// here as they were), with its history, opens in this version with every row there and searchable.
    func testADatabaseFromBeforeTheIndexIsUpgradedInPlace() throws {
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: databaseURL.path)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE history (
                    uri TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL DEFAULT '',
                    visitCount INTEGER NOT NULL DEFAULT 0,
                    lastVisit REAL NOT NULL
                );
                CREATE INDEX history_lastVisit ON history(lastVisit);
                CREATE TABLE tabs (id TEXT PRIMARY KEY NOT NULL, position INTEGER NOT NULL, uri TEXT NOT NULL,
                                   title TEXT NOT NULL, sessionState BLOB);
                CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT);
                """)
        }
        migrator.registerMigration("v2-identity") { db in
            try db.execute(sql: "INSERT OR IGNORE INTO meta (key, value) VALUES ('databaseID', ?)", arguments: [UUID().uuidString])
        }
        try migrator.migrate(old)
        let rows = 2_000
        try old.write { db in
            for i in 0..<rows {
                try db.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, ?, ?)",
                               arguments: ["https://site\(i).example/page", "Page number \(i) Ünïcode", 1 + i % 7, Double(1_600_000_000 + i)])
            }
            try db.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit) VALUES ('https://old.example/', '古い記事のまとめ', 1, 1)")
        }
        let before = try old.read { db in
            try Row.fetchAll(db, sql: "SELECT uri, title, visitCount, lastVisit FROM history ORDER BY uri")
        }
        try old.close()

        let store = try openStore()
        let after = try store.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT uri, title, visitCount, lastVisit FROM history ORDER BY uri")
        }
        XCTAssertEqual(after, before, "every row, every column, unchanged")
        XCTAssertEqual(try store.allHistory().count, rows + 1)
        XCTAssertEqual(try store.searchHistory("1234", limit: 5).map(\.uri), ["https://site1234.example/page"])
        XCTAssertEqual(try store.searchHistory("unicode site1999", limit: 5).map(\.uri), ["https://site1999.example/page"])
        XCTAssertEqual(try store.searchHistory("記事", limit: 5).map(\.uri), ["https://old.example/"])
        XCTAssertEqual(try store.searchHistory("page number", limit: 10_000).count, rows)
        // New visits after the upgrade go into the index too.
        try store.recordVisit(uri: "https://new.example/", title: "Freshly indexed", at: Date())
        XCTAssertEqual(try store.searchHistory("fresh", limit: 5).map(\.uri), ["https://new.example/"])
        try store.close()
        XCTAssertEqual(try openStore().searchHistory("fresh", limit: 5).count, 1, "migrated once; reopening keeps it")
    }
}
