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

    /// A feed with relative links and no `xml:base`, served with a `Content-Location` that names
    /// where it really lives: its links resolve there, not against the address asked (issue 36).
    func testRelativeLinksResolveAgainstTheContentLocation() throws {
        var response = Response(contentType: "application/rss+xml", body: """
            <rss version="2.0"><channel><title>Moved</title>
            <item><title>One</title><guid>1</guid><link>posts/one.html</link></item></channel></rss>
            """)
        response.headers = ["Content-Location: /blog/feed.xml"]
        let server = try serve(["/feed": response])
        _ = try XCTUnwrap(subscribe(server.base + "/feed")).get()
        XCTAssertEqual(try fileRows("SELECT link FROM articles").map { $0["link"] as String }, [server.base + "/blog/posts/one.html"])
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

    /// Every format Today reads, each served from the loopback server with its own media type and
    /// subscribed to through the real parser: the feed's title and its articles' titles in the file.
    func testEveryFormatIsSubscribedFromTheServerWithItsArticles() throws {
        let formats: [(path: String, type: String, body: String, title: String)] = [
            ("/rss091.xml", "application/rss+xml", """
                <?xml version="1.0"?><rss version="0.91"><channel><title>Quay 0.91</title><link>https://quay.example/</link>
                <description>d</description><language>en</language>
                <item><title>Nets mended</title><link>https://quay.example/nets</link></item></channel></rss>
                """, "Quay 0.91"),
            ("/rss1.rdf", "application/rdf+xml", """
                <?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
                <channel rdf:about="https://quay.example/"><title>Quay RDF</title><link>https://quay.example/</link><description>d</description></channel>
                <item rdf:about="https://quay.example/buoys"><title>Buoys painted</title><link>https://quay.example/buoys</link></item></rdf:RDF>
                """, "Quay RDF"),
            ("/rss2.xml", "application/rss+xml", Self.rss, "Harbour Café"),
            ("/atom.xml", "application/atom+xml", """
                <?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Quay Atom</title>
                <id>urn:quay:atom</id><updated>2026-11-20T10:00:00Z</updated>
                <entry><title>Crane repaired</title><id>urn:quay:crane</id><updated>2026-11-20T10:00:00Z</updated>
                <link href="https://quay.example/crane"/></entry></feed>
                """, "Quay Atom"),
            ("/feed.json", "application/feed+json", """
                {"version": "https://jsonfeed.org/version/1.1", "title": "Quay JSON", "home_page_url": "https://quay.example/",
                 "items": [{"id": "tug", "title": "Tug renamed", "url": "https://quay.example/tug", "date_published": "2026-11-20T10:00:00Z"}]}
                """, "Quay JSON"),
        ]
        var routes: [String: Response] = [:]
        for format in formats { routes[format.path] = Response(contentType: format.type, body: format.body) }
        let server = try serve(routes)
        for format in formats {
            XCTAssertNotNil(try XCTUnwrap(subscribe(server.base + format.path), format.path).get(), format.path)
        }
        XCTAssertEqual(try fileRows("SELECT title FROM feeds ORDER BY title").map { $0["title"] as String },
                       formats.map(\.title).sorted())
        XCTAssertEqual(try fileRows("SELECT title FROM articles ORDER BY title").map { $0["title"] as String },
                       ["Buoys painted", "Crane repaired", "Ferry times", "Lighthouse reopens", "Nets mended", "Tug renamed"])
    }

    func testAPageWithoutAFeedIsToldAndNothingIsAdded() throws {
        let server = try serve(["/": Response(body: "<!DOCTYPE html><title>Just a page</title><p>Hi</p>")])
        XCTAssertEqual(try subscribe(server.base + "/"), .failure(SubscriptionFailure(Subscribing.noFeedOnPage)))
        XCTAssertEqual(try fileRows("SELECT count(*) AS n FROM feeds").first?["n"], 0)
    }
}
