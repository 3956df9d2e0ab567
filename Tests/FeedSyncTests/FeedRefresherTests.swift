import FeedFormat
import FeedStore
@testable import FeedSync
import Foundation
import GRDB
import Gtk
import TestSupport
import XCTest

/// The refresher against a loopback server: what a user gets is read from the feeds database
/// file (rows, last error, next fetch) and from what the server saw; parses are counted by the
/// test's own stand-in parser. Limits are small so each bad server costs little time.
final class FeedRefresherTests: FeedSyncTestCase {
    let parses = Counter()
    /// Generous time for a loaded machine; the trickling server gets its own short timeout.
    let limits = FeedFetchLimits(concurrentFetches: 4, timeout: 20, maximumBytes: 256 * 1024, maximumRedirects: 5)

    /// Calls from the worker threads, counted under a lock.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    struct NotAFeed: Error, CustomStringConvertible {
        var description: String { "no feed in it" }
    }

    /// The stand-in for the parser: "feed:<title>" then "item:<guid>:<title>" lines; anything
    /// else is not a feed.
    var parse: FeedParse {
        let parses = parses
        return { data, _, _ in
            parses.add()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            guard let first = lines.first, first.hasPrefix("feed:") else { return .failure(NotAFeed()) }
            let articles = lines.dropFirst().compactMap { line -> ParsedArticle? in
                let parts = line.split(separator: ":", maxSplits: 2).map(String.init)
                return parts.count == 3 ? ParsedArticle(guid: parts[1], title: parts[2]) : nil
            }
            return .success(ParsedFeed(format: .rss20, title: String(first.dropFirst(5)), articles: articles))
        }
    }

    @discardableResult
    func subscribe(_ address: String) throws -> StoredFeed {
        try store.addFeed(url: XCTUnwrap(URL(string: address)), now: Date())
    }

    func refreshAll(limits: FeedFetchLimits? = nil, connectionsPerHost: Int? = nil) -> [FeedRefreshReport] {
        let store = store!, parse = parse, limits = limits ?? self.limits
        return MainActor.assumeIsolated {
            let session = HTTPSession(userAgent: "Skiff tests", connectionsPerHost: connectionsPerHost)
            let refresher = FeedRefresher(store: store, session: session, parse: parse, limits: limits)
            var reports: [FeedRefreshReport]?
            refresher.refreshAll { reports = $0 }
            XCTAssertTrue(MainLoop.run(until: { reports != nil }, timeout: 60), "the refresh never finished")
            return reports ?? []
        }
    }

    /// A row of `feeds` read from the file.
    func feedRow(_ id: FeedID) throws -> Row {
        try XCTUnwrap(fileRows("SELECT * FROM feeds WHERE id = \(id.rawValue)").first)
    }

    func articleRows() throws -> [String] {
        try fileRows("SELECT identity, title, firstSeen FROM articles ORDER BY identity")
            .map { "\($0["identity"] as String) \($0["title"] as String) \($0["firstSeen"] as Double)" }
    }

    func testA304ParsesNothingAndChangesNoArticle() throws {
        var feed = Response(contentType: "application/rss+xml", body: "feed:Harbour\nitem:1:Ferry times\nitem:2:Lighthouse")
        feed.etag = "\"v1\""
        let server = try serve(["/feed": feed])
        let subscription = try subscribe(server.base + "/feed")
        XCTAssertEqual(refreshAll().map(\.outcome), [.parsed(newArticles: 2)])
        let articles = try articleRows()
        XCTAssertEqual(articles.count, 2)
        XCTAssertEqual(try feedRow(subscription.id)["etag"] as String?, "\"v1\"")
        XCTAssertEqual(try feedRow(subscription.id)["title"] as String?, "Harbour")

        XCTAssertEqual(refreshAll().map(\.outcome), [.notModified])
        XCTAssertEqual(server.requestCount(for: "/feed"), 2)
        XCTAssertEqual(server.requests.last?.headers["if-none-match"], "\"v1\"")
        XCTAssertEqual(parses.value, 1, "the 304 parsed nothing")
        XCTAssertEqual(try articleRows(), articles, "and changed no article")
    }

    func testTheSameBodyAgainParsesNothing() throws {
        let server = try serve(["/feed": Response(contentType: "application/rss+xml", body: "feed:Same\nitem:1:One")])
        try subscribe(server.base + "/feed")
        XCTAssertEqual(refreshAll().map(\.outcome), [.parsed(newArticles: 1)])
        XCTAssertEqual(refreshAll().map(\.outcome), [.unchanged])
        XCTAssertEqual(parses.value, 1)
        server.setResponse(Response(contentType: "application/rss+xml", body: "feed:Same\nitem:1:One\nitem:2:Two"), for: "/feed")
        XCTAssertEqual(refreshAll().map(\.outcome), [.parsed(newArticles: 1)])
        XCTAssertEqual(parses.value, 2)
    }

    func testAPermanentRedirectUpdatesTheStoredAddress() throws {
        var moved = Response(status: "301 Moved Permanently", body: "")
        moved.headers = ["Location: /new-feed"]
        var temporary = Response(status: "302 Found", body: "")
        temporary.headers = ["Location: /new-feed"]
        let server = try serve(["/old": moved, "/elsewhere": temporary,
                                "/new-feed": Response(contentType: "application/atom+xml", body: "feed:Moved\nitem:1:Here")])
        let old = try subscribe(server.base + "/old")
        let other = try subscribe(server.base + "/elsewhere")
        _ = refreshAll()
        XCTAssertEqual(try feedRow(old.id)["url"] as String?, server.base + "/new-feed")
        XCTAssertEqual(try feedRow(other.id)["url"] as String?, server.base + "/elsewhere", "a temporary redirect keeps the address")
    }

    func testBadServersGetAClearMessageEachWithinBoundedTime() throws {
        func redirect(to path: String) -> Response {
            var r = Response(status: "302 Found", body: "")
            r.headers = ["Location: \(path)"]
            return r
        }
        var endless = Response(contentType: "application/rss+xml", body: String(repeating: "item:x:y\n", count: 100))
        endless.endless = true
        let server = try serve([
            "/a": redirect(to: "/b"), "/b": redirect(to: "/a"), "/endless": endless,
            "/page": Response(contentType: "text/html; charset=utf-8", body: "<!DOCTYPE html><title>Blog</title>"),
            "/picture": Response(contentType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47]),
            "/gone": Response(status: "410 Gone", body: ""),
        ])
        let cases: [(String, String)] = [
            ("/a", "The address redirects in a loop (back to \(server.base)/a)"),
            ("/endless", "The feed is larger than 256 KB; it was not read past that"),
            ("/page", "Not a feed: the address gave an HTML page"),
            ("/picture", "Not a feed: the address gave an image (image/png)"),
            ("/gone", "The server answered 410 Gone"),
        ]
        let feeds = try cases.map { try subscribe(server.base + $0.0) }
        _ = refreshAll()
        for (feed, expected) in zip(feeds, cases) {
            let row = try feedRow(feed.id)
            XCTAssertEqual(row["lastError"] as String?, expected.1, expected.0)
            XCTAssertEqual(row["failureCount"], 1, expected.0)
        }
    }

    /// A feed on the machine's network address whose server moves it (301) to a service on this
    /// computer: refused and told, the stored address kept, nothing asked of the service.
    func testAFeedMovedFromTheNetworkToThisComputerIsRefusedAndTold() throws {
        let lan = try XCTUnwrap(TestHTTPServer.nonLoopbackAddress(), "the machine has an address besides loopback")
        let inside = try TestHTTPServer(routes: ["/admin": Response(contentType: "application/atom+xml", body: "feed:Admin\nitem:1:Secret")])
        defer { inside.stop() }
        var moved = Response(status: "301 Moved Permanently", body: "")
        moved.headers = ["Location: \(inside.base)/admin"]
        let outside = try TestHTTPServer(routes: ["/feed": moved], host: lan)
        defer { outside.stop() }
        let feed = try subscribe(outside.base + "/feed")
        _ = refreshAll()
        let row = try feedRow(feed.id)
        XCTAssertEqual(row["lastError"] as String?, "The feed redirected to 127.0.0.1:\(inside.port), on this computer; "
                       + "Skiff does not follow a redirect further inside the network than the address subscribed to")
        XCTAssertEqual(row["url"] as String?, outside.base + "/feed", "the subscription is not moved")
        XCTAssertEqual(inside.requests.map(\.target), [], "the service on this computer was asked nothing")
    }

    func testATricklingServerEndsAtTheTimeout() throws {
        var trickle = Response(contentType: "application/rss+xml", body: "feed:Slow\n" + String(repeating: "x", count: 1000))
        trickle.pace = (bytes: 1, every: 0.2)
        let server = try serve(["/trickle": trickle])
        let feed = try subscribe(server.base + "/trickle")
        let started = Date()
        _ = refreshAll(limits: FeedFetchLimits(timeout: 2))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "bounded by the timeout, not by the body (200 s)")
        XCTAssertEqual(try feedRow(feed.id)["lastError"] as String?, "The server did not answer within 2 s")
    }

    /// A server that takes the connection and never answers, not even the status line: the fetch
    /// ends at the timeout with that said, and the round goes on.
    func testAServerThatNeverAnswersEndsAtTheTimeout() throws {
        let silent = Response(contentType: "application/rss+xml", body: "feed:Never\n", delay: 120)
        let server = try serve(["/silent": silent, "/fine": Response(contentType: "application/rss+xml", body: "feed:Fine\nitem:1:Ferry")])
        let never = try subscribe(server.base + "/silent"), fine = try subscribe(server.base + "/fine")
        let started = Date()
        _ = refreshAll(limits: FeedFetchLimits(timeout: 2))
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "bounded by the timeout, not by the server (120 s)")
        XCTAssertEqual(try feedRow(never.id)["lastError"] as String?, "The server did not answer within 2 s")
        XCTAssertNil(try feedRow(fine.id)["lastError"] as String?, "the other feed was read meanwhile")
    }

    func testAnUntrustedCertificateIsTheFeedsError() throws {
        let tls = try TestTLSServer()
        defer { tls.stop() }
        let feed = try subscribe(tls.base + "/feed")
        _ = refreshAll()
        XCTAssertEqual(try feedRow(feed.id)["lastError"] as String?, "TLS: certificate not trusted")
    }

    func testTooManyRequestsWithRetryAfterSchedulesTheFeedLater() throws {
        var busy = Response(status: "429 Too Many Requests", body: "")
        busy.headers = ["Retry-After: 7200"]
        let server = try serve(["/feed": busy])
        let feed = try subscribe(server.base + "/feed")
        let before = Date()
        _ = refreshAll()
        let row = try feedRow(feed.id)
        XCTAssertEqual(row["lastError"] as String?, "The server is busy (429 Too Many Requests) and asked to wait 2 h")
        XCTAssertGreaterThanOrEqual(row["nextFetch"] as Double, before.timeIntervalSince1970 + 7200)
        XCTAssertEqual(try store.dueFeeds(now: Date().addingTimeInterval(3600)), [], "not due before the server said")
    }

    func testWithNothingAnsweringTheRoundLooksOffline() throws {
        let port = TestHTTPServer.closedPort()
        let feeds = try (1...2).map { try subscribe("http://127.0.0.1:\(port)/feed\($0).xml") }
        let reports = refreshAll()
        XCTAssertTrue(FeedRefreshReport.looksOffline(reports))
        for feed in feeds {
            XCTAssertEqual((try feedRow(feed.id)["lastError"] as String?)?.hasPrefix("The server could not be reached: "), true)
        }
        let server = try serve(["/feed": Response(contentType: "application/rss+xml", body: "feed:Up")])
        try subscribe(server.base + "/feed")
        XCTAssertFalse(FeedRefreshReport.looksOffline(refreshAll()), "one server answered")
    }

    func testAtMostFourFetchesAtOnce() throws {
        var slow = Response(contentType: "application/rss+xml", body: "feed:Slow")
        slow.delay = 0.5
        let server = try serve(Dictionary(uniqueKeysWithValues: (1...10).map { ("/feed\($0)", slow) }))
        for n in 1...10 { try subscribe(server.base + "/feed\(n)") }
        // libsoup alone would allow 2 connections to one host; here it allows 16, so the limit seen is the refresher's.
        XCTAssertEqual(refreshAll(limits: FeedFetchLimits(concurrentFetches: 4, timeout: 20), connectionsPerHost: 16).count, 10)
        XCTAssertEqual(server.requests.count, 10)
        XCTAssertLessThanOrEqual(server.maximumConcurrentRequests, 4)
        XCTAssertGreaterThan(server.maximumConcurrentRequests, 1, "fetches do overlap")
    }
}
