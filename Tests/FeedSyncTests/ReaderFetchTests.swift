import FeedFormat
import FeedSync
import Foundation
import Gtk
import TestSupport
import XCTest

/// Reader View's fetch against a loopback server: the page's article through redirects and in the
/// charset its header names; every way a page can fail told in words, within bounded time.
final class ReaderFetchTests: FeedSyncTestCase {
    static let prose = "<p>" + String(repeating: "The keeper climbed the hundred and twelve steps, trimmed the wick, wound the clock, and wrote the log. ", count: 4) + "</p>"

    /// Fetches `path` and waits for the answer, the main loop turning meanwhile.
    private func fetch(_ url: String, timeout: Double = 30, maximumBytes: Int = ReaderExtractor.maximumPageBytes) -> Result<ReaderExtractor.Article, ReaderFetchFailure>? {
        MainActor.assumeIsolated {
            let reader = ReaderFetch(timeout: timeout, maximumBytes: maximumBytes)
            var result: Result<ReaderExtractor.Article, ReaderFetchFailure>?
            Task { @MainActor in result = await reader.article(at: URL(string: url)!) }
            MainLoop.run(until: { result != nil }, timeout: 60)
            return result
        }
    }

    private func failure(_ result: Result<ReaderExtractor.Article, ReaderFetchFailure>?) -> String? {
        if case .failure(let failure) = result { return failure.description }
        return nil
    }

    func testThePageIsReadThroughARedirectInTheCharsetItsHeaderNames() throws {
        var moved = Response(status: "302 Found", body: "")
        moved.headers = ["Location: /article"]
        // Latin-1 bytes, said only by the header: "Café" with 0xE9.
        let latin1 = Array("<html><body><div class=\"content\"><p>Caf".utf8) + [0xE9] + Array(" du Port. ".utf8)
            + Array((Self.prose + "</p></div></body></html>").utf8)
        let server = try serve(["/moved": moved, "/article": Response(contentType: "text/html; charset=ISO-8859-1", bytes: latin1)])
        let article = try XCTUnwrap(fetch(server.base + "/moved")).get()
        XCTAssertTrue(article.paragraphs.joined(separator: "\n").hasPrefix("Café du Port."), "\(article.paragraphs)")
        XCTAssertEqual(server.requestCount(for: "/article"), 1)
    }

    func testEveryFailureIsToldInWordsWithinBoundedTime() throws {
        func redirect(to path: String) -> Response {
            var r = Response(status: "302 Found", body: "")
            r.headers = ["Location: \(path)"]
            return r
        }
        var endless = Response(contentType: "text/html", body: String(repeating: Self.prose, count: 20))
        endless.endless = true
        var trickle = Response(contentType: "text/html", body: String(repeating: "x", count: 1000))
        trickle.pace = (bytes: 1, every: 0.2)
        let server = try serve([
            "/a": redirect(to: "/b"), "/b": redirect(to: "/a"),
            "/1": redirect(to: "/2"), "/2": redirect(to: "/3"), "/3": redirect(to: "/4"), "/4": redirect(to: "/5"),
            "/5": redirect(to: "/6"), "/6": redirect(to: "/7"), "/7": Response(body: Self.prose),
            "/endless": endless, "/trickle": trickle,
            "/picture": Response(contentType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47]),
            "/gone": Response(status: "404 Not Found", body: "<p>Gone</p>"),
            "/menu": Response(body: "<html><body><nav><a href=/>Home</a></nav><ul><li><a href=/a>A</a></li></ul></body></html>"),
        ])
        let started = Date()
        XCTAssertEqual(failure(fetch(server.base + "/a")), "the address redirects in a loop (back to \(server.base)/a)")
        XCTAssertEqual(failure(fetch(server.base + "/1")), "more than 5 redirects")
        XCTAssertEqual(failure(fetch(server.base + "/endless", maximumBytes: 256 * 1024)), "the page is larger than 256 KB")
        XCTAssertEqual(failure(fetch(server.base + "/trickle", timeout: 2)), "the server did not answer within 2 s")
        XCTAssertEqual(failure(fetch(server.base + "/picture")), "the address gave image/png, not a web page")
        XCTAssertEqual(failure(fetch(server.base + "/gone")), "the server answered 404 Not Found")
        XCTAssertEqual(failure(fetch(server.base + "/menu")), "no article was found on the page")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "bounded by the limits, not by the servers")
    }
}
