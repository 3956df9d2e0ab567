import FeedFormat
import FeedStore
@testable import FeedSync
import Foundation
import GRDB
import Gtk
import TestSupport
import XCTest

/// Subscribing through the refresher with Skiff's real parser: a feed's address, a site's page that
/// links to its feed, a page that links to none; the result read from the database file.
final class SubscribeTests: FeedSyncTestCase {
    static let rss = """
        <rss version="2.0"><channel><title>Harbour Caf\u{e9}</title><link>https://harbour.example/</link>
        <item><title>Ferry times</title><guid>urn:harbour:1</guid></item>
        <item><title>Lighthouse reopens</title><guid>urn:harbour:2</guid></item>
        </channel></rss>
        """

    func subscribe(_ address: String) throws -> Result<StoredFeed, SubscriptionFailure>? {
        let url = try XCTUnwrap(URL(string: address))
        let store = store!
        return MainActor.assumeIsolated {
            let refresher = FeedRefresher(store: store, limits: FeedFetchLimits(timeout: 10))
            var result: Result<StoredFeed, SubscriptionFailure>?
            refresher.subscribe(url) { result = $0 }
            XCTAssertTrue(MainLoop.run(until: { result != nil }, timeout: 60))
            return result
        }
    }

    func testAFeedInTheServersCharsetIsSubscribedWithItsArticles() throws {
        let latin1 = try XCTUnwrap(Self.rss.data(using: .isoLatin1))
        let server = try serve(["/feed.xml": Response(contentType: "application/rss+xml; charset=ISO-8859-1", bytes: [UInt8](latin1))])
        let feed = try XCTUnwrap(subscribe(server.base + "/feed.xml")).get()
        XCTAssertEqual(feed.url.absoluteString, server.base + "/feed.xml")
        XCTAssertEqual(try fileRows("SELECT title FROM feeds").map { $0["title"] as String }, ["Harbour Café"])
        XCTAssertEqual(try fileRows("SELECT title FROM articles ORDER BY title").map { $0["title"] as String }, ["Ferry times", "Lighthouse reopens"])
    }

    func testASitesPageLeadsToTheFeedItLinksTo() throws {
        let page = """
            <!DOCTYPE html><html><head><title>Harbour</title>
            <link rel="alternate" type="application/rss+xml" title="News" href="/feeds/news.xml"></head><body>Hello</body></html>
            """
        let server = try serve(["/": Response(body: page), "/feeds/news.xml": Response(contentType: "application/rss+xml", body: Self.rss)])
        let feed = try XCTUnwrap(subscribe(server.base + "/")).get()
        XCTAssertEqual(try fileRows("SELECT url FROM feeds").map { $0["url"] as String }, [server.base + "/feeds/news.xml"])
        XCTAssertEqual(feed.title, "Harbour Café")
        XCTAssertEqual(try fileRows("SELECT count(*) AS n FROM articles").first?["n"], 2)
    }

    func testAPageWithoutAFeedIsToldAndNothingIsAdded() throws {
        let server = try serve(["/": Response(body: "<!DOCTYPE html><title>Just a page</title><p>Hi</p>")])
        XCTAssertEqual(try subscribe(server.base + "/"), .failure(SubscriptionFailure(Subscribing.noFeedOnPage)))
        XCTAssertEqual(try fileRows("SELECT count(*) AS n FROM feeds").first?["n"], 0)
    }
}
