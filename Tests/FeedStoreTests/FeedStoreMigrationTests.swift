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
                       ["v1", "v2-search", "v3-page-pictures", "v3-problems", "v3-reader-view", "v4-media"])
        let old = try XCTUnwrap(try store.articles().first)
        XCTAssertNil(old.pagePictureChecked, "an article from before is looked up when its card shows")
        XCTAssertNil(old.pagePictureURL)
        XCTAssertNil(old.media, "an article from before has no file until the feed is read again")
    }

    /// A database from before Reader View (up to "v2-search") opens with every feed showing summaries
    /// and no article kept from a page; the choice and the kept article are then stored in the file.
    func testAVersion2DatabaseGainsReaderViewOffAndKeepsWhatIsChosen() throws {
        let queue = try DatabaseQueue(path: databaseURL.path)
        try FeedStoreSchema.migrator.migrate(queue, upTo: "v2-search")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO feeds (id, url, title, added) VALUES (1, 'https://example.org/feed.xml', 'Old', 0)")
            try db.execute(sql: """
                INSERT INTO articles (id, feedID, identity, title, summary, contentHTML, firstSeen)
                VALUES (7, 1, 'urn:1', 'Harbour news', 'A summary.', '<p>A summary.</p>', 0)
                """)
        }
        try queue.close()

        let store = try openStore()
        XCTAssertEqual(try store.feeds().map(\.readerView), [false])
        XCTAssertNil(try store.article(7)?.readerHTML)
        XCTAssertEqual(try store.article(7)?.contentHTML, "<p>A summary.</p>")

        try store.setReaderView(FeedID(1), true)
        try store.setReaderHTML("<p>The whole article.</p>", article: 7)
        XCTAssertEqual(try fileRows("SELECT readerView FROM feeds").map { $0["readerView"] as Bool }, [true])
        XCTAssertEqual(try fileRows("SELECT readerHTML FROM articles WHERE id = 7").map { $0["readerHTML"] as String? }, ["<p>The whole article.</p>"])
        XCTAssertEqual(try store.feeds().map(\.readerView), [true])
        XCTAssertEqual(try store.article(7)?.readerHTML, "<p>The whole article.</p>")
        // Lists for cards leave it out, as they leave the content out.
        XCTAssertNil(try store.articles().first?.readerHTML)
        try store.setReaderView(FeedID(1), false)
        XCTAssertEqual(try store.feeds().map(\.readerView), [false])
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
