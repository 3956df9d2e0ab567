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
                       ["v1", "v2-search", "v3-page-pictures"])
        let old = try XCTUnwrap(try store.articles().first)
        XCTAssertNil(old.pagePictureChecked, "an article from before is looked up when its card shows")
        XCTAssertNil(old.pagePictureURL)
    }

    /// A version-2 database (before page pictures) opens, and a page's picture found afterwards is kept
    /// on its articles across a fetch that updates them.
    func testAPagesPictureIsRememberedAcrossAnUpdateOfItsArticle() throws {
        let queue = try DatabaseQueue(path: databaseURL.path)
        try FeedStoreSchema.migrator.migrate(queue, upTo: "v2-search")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO feeds (id, url, title, added) VALUES (1, 'https://example.org/feed.xml', 'Old', 0)")
            try db.execute(sql: """
                INSERT INTO articles (feedID, identity, title, link, firstSeen)
                VALUES (1, 'urn:1', 'Harbour news', 'https://example.org/news', 0)
                """)
        }
        try queue.close()

        let store = try openStore()
        let page = try XCTUnwrap(URL(string: "https://example.org/news"))
        let picture = try XCTUnwrap(URL(string: "https://example.org/og.png"))
        try store.setPagePicture(picture, forPage: page, now: Date(timeIntervalSince1970: 100))
        let article = ParsedArticle(guid: "urn:1", link: page, title: "Harbour news, corrected")
        let parsed = ParsedFeed(format: .rss20, title: "Old", articles: [article])
        try store.recordFetch(FeedID(1), FetchRecord(.parsed(parsed), fetchedAt: Date(timeIntervalSince1970: 200),
                                                     nextFetch: Date(timeIntervalSince1970: 3800)))
        let stored = try XCTUnwrap(try store.articles().first)
        XCTAssertEqual(stored.title, "Harbour news, corrected")
        XCTAssertEqual(stored.pagePictureURL, picture)
        XCTAssertEqual(stored.pagePictureChecked, Date(timeIntervalSince1970: 100))
    }
}
