import FeedFormat
@testable import FeedStore
import Foundation
import GRDB
import XCTest

final class FeedStoreMigrationTests: FeedStoreTestCase {
    /// A database as the first version wrote it (only migration "v1": no search index) opens under
    /// the current schema with everything in it, and its articles are found by search.
    func testAVersion1DatabaseOpensUnderTheCurrentSchema() throws {
        let queue = try DatabaseQueue(path: databaseURL.path)
        try FeedStoreSchema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO feeds (id, url, title, etag, added) VALUES (1, 'https://example.org/feed.xml', 'Old', '\"e\"', 0)")
            try db.execute(sql: """
                INSERT INTO articles (feedID, identity, title, contentHTML, firstSeen)
                VALUES (1, 'urn:1', 'Harbour news', '<p>The <b>lighthouse</b> reopens</p>', 0)
                """)
            try db.execute(sql: "INSERT INTO article_states (feedID, identity, read, starred, changedAt) VALUES (1, 'urn:1', 1, 1, 0)")
        }
        try queue.close()

        let store = try openStore()
        XCTAssertEqual(try store.feeds().map(\.title), ["Old"])
        XCTAssertEqual(try store.feeds().first?.etag, "\"e\"")
        let found = try store.search("lighthouse")
        XCTAssertEqual(found.map(\.title), ["Harbour news"])
        XCTAssertEqual(found.first?.isRead, true)
        XCTAssertEqual(found.first?.isStarred, true)
        XCTAssertEqual(try fileRows("SELECT identifier FROM grdb_migrations ORDER BY identifier").map { $0["identifier"] as String },
                       ["v1", "v2-search", "v3-problems"])
    }

    /// A database of the second version (search, no problems column) opens with its feeds and no
    /// problems, and a parse then stores some.
    func testAVersion2DatabaseGainsTheProblemsColumn() throws {
        let queue = try DatabaseQueue(path: databaseURL.path)
        try FeedStoreSchema.migrator.migrate(queue, upTo: "v2-search")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO feeds (id, url, title, lastError, added) VALUES (1, 'https://example.org/feed.xml', 'Old', 'Gone', 0)")
        }
        try queue.close()

        let store = try openStore()
        let old = try XCTUnwrap(store.feeds().first)
        XCTAssertEqual(old.title, "Old")
        XCTAssertEqual(old.lastError, "Gone")
        XCTAssertEqual(old.problems, [])
        var parsed = feed([article(1)])
        parsed.problems = [FeedFormatProblem(line: 3, message: "Premature end of data")]
        try store.recordFetch(old.id, FetchRecord(.parsed(parsed), fetchedAt: t0, nextFetch: t0 + 3600))
        XCTAssertEqual(try store.feed(old.id)?.problems.map(\.description), ["line 3: Premature end of data"])
    }
}
