import Foundation
import Gtk
import TestSupport
import XCTest

/// The HTTP layer as feeds use it, against a loopback server: conditional GET, headers, redirects
/// (counted, loops caught, permanence known), gzip with the decoded body capped, a total timeout,
/// TLS errors told. Limits are small here so the tests are quick; the real ones are in docs/feeds.md.
final class HTTPExchangeTests: XCTestCase {
    typealias Response = TestHTTPServer.Response
    var server: TestHTTPServer?

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private func serve(_ routes: [String: Response]) throws -> TestHTTPServer {
        let server = try TestHTTPServer(routes: routes)
        self.server = server
        return server
    }

    private func fetch(_ address: String, headers: [String: String] = [:], timeout: Double = 10, maximumBytes: Int = 1 << 20,
                       maximumRedirects: Int = 5, keepsHeadOnly: Bool = false) -> Result<HTTPResponse, HTTPFailure>? {
        MainActor.assumeIsolated {
            let session = HTTPSession()
            var result: Result<HTTPResponse, HTTPFailure>?
            let request = HTTPRequest(address: address, headers: headers, timeout: timeout, maximumBytes: maximumBytes,
                                      maximumRedirects: maximumRedirects, keepsHeadOnly: keepsHeadOnly)
            let transfer = session.fetch(request) { result = $0 }
            MainLoop.run(until: { result != nil }, timeout: timeout + 20)
            transfer.cancel()
            return result
        }
    }

    private static func gzip(_ data: Data) throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-gzip-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-9", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](compressed)
    }

    func testAnETagComesBackAsIfNoneMatchAndA304HasNoBody() throws {
        var feed = Response(contentType: "application/rss+xml; charset=iso-8859-1", body: "<rss/>")
        feed.etag = "\"v1\""
        feed.headers = ["Cache-Control: max-age=600", "Last-Modified: Tue, 14 Nov 2023 22:13:20 GMT"]
        let server = try serve(["/feed": feed])
        let first = try XCTUnwrap(fetch(server.base + "/feed")).get()
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.header("ETag"), "\"v1\"")
        XCTAssertEqual(first.header("cache-control"), "max-age=600")
        XCTAssertEqual(first.header("Content-Type"), "application/rss+xml; charset=iso-8859-1")
        XCTAssertEqual(String(decoding: first.body, as: UTF8.self), "<rss/>")

        let second = try XCTUnwrap(fetch(server.base + "/feed", headers: ["If-None-Match": "\"v1\"",
                                                                          "If-Modified-Since": "Tue, 14 Nov 2023 22:13:20 GMT"])).get()
        XCTAssertEqual(second.status, 304)
        XCTAssertEqual(second.body, Data())
        XCTAssertEqual(server.requests.last?.headers["if-none-match"], "\"v1\"")
        XCTAssertEqual(server.requests.last?.headers["if-modified-since"], "Tue, 14 Nov 2023 22:13:20 GMT")
        XCTAssertEqual(server.requestCount(for: "/feed"), 2)
    }

    func testAnErrorStatusIsAnAnswerWithItsHeaders() throws {
        var busy = Response(status: "429 Too Many Requests", body: "slow down")
        busy.headers = ["Retry-After: 7200"]
        let server = try serve(["/feed": busy])
        let answer = try XCTUnwrap(fetch(server.base + "/feed")).get()
        XCTAssertEqual(answer.status, 429)
        XCTAssertEqual(answer.header("Retry-After"), "7200")
        XCTAssertEqual(answer.body, Data(), "an error page is not read")
    }

    func testRedirectsAreFollowedAndOnlyAnAllPermanentChainCountsAsAMove() throws {
        func moved(_ status: String, to path: String) -> Response {
            var r = Response(status: status, body: "")
            r.headers = ["Location: \(path)"]
            return r
        }
        let server = try serve([
            "/old": moved("301 Moved Permanently", to: "/older"), "/older": moved("308 Permanent Redirect", to: "/new"),
            "/temporary": moved("302 Found", to: "/new"), "/mixed": moved("301 Moved Permanently", to: "/temporary"),
            "/new": Response(contentType: "application/atom+xml", body: "<feed/>"),
        ])
        let permanent = try XCTUnwrap(fetch(server.base + "/old")).get()
        XCTAssertEqual(permanent.finalAddress, server.base + "/new")
        XCTAssertTrue(permanent.permanentlyMoved)
        XCTAssertEqual(String(decoding: permanent.body, as: UTF8.self), "<feed/>")
        let temporary = try XCTUnwrap(fetch(server.base + "/temporary")).get()
        XCTAssertEqual(temporary.finalAddress, server.base + "/new")
        XCTAssertFalse(temporary.permanentlyMoved)
        XCTAssertFalse(try XCTUnwrap(fetch(server.base + "/mixed")).get().permanentlyMoved)
        XCTAssertFalse(try XCTUnwrap(fetch(server.base + "/new")).get().permanentlyMoved, "no redirect, no move")
    }

    func testARedirectLoopAndTooManyRedirectsAreErrors() throws {
        func moved(to path: String) -> Response {
            var r = Response(status: "302 Found", body: "")
            r.headers = ["Location: \(path)"]
            return r
        }
        var routes = ["/a": moved(to: "/b"), "/b": moved(to: "/a"), "/end": Response(body: "end")]
        for n in 1...6 { routes["/r\(n)"] = moved(to: n == 6 ? "/end" : "/r\(n + 1)") }
        let server = try serve(routes)
        XCTAssertEqual(fetch(server.base + "/a"), .failure(.redirectLoop(server.base + "/a")))
        XCTAssertEqual(fetch(server.base + "/r1", maximumRedirects: 5), .failure(.tooManyRedirects(limit: 5)), "six redirects")
        XCTAssertEqual(try XCTUnwrap(fetch(server.base + "/r2", maximumRedirects: 5)).get().finalAddress, server.base + "/end",
                       "five redirects are allowed")
    }

    /// A feed on the machine's network address that redirects to loopback is refused at that hop,
    /// on the address it resolved to, before any request reaches the service there; redirects
    /// outward, or within one class (loopback to another loopback port), are followed.
    func testARedirectFurtherInsideTheNetworkIsRefusedBeforeAnythingIsAskedThere() throws {
        func moved(to address: String) -> Response {
            var r = Response(status: "301 Moved Permanently", body: "")
            r.headers = ["Location: \(address)"]
            return r
        }
        let lan = try XCTUnwrap(TestHTTPServer.nonLoopbackAddress(), "the machine has an address besides loopback")
        let inside = try TestHTTPServer(routes: ["/secret": Response(contentType: "application/rss+xml", body: "<rss/>")])
        defer { inside.stop() }
        let other = try TestHTTPServer(routes: ["/feed": Response(contentType: "application/rss+xml", body: "<rss version='2.0'/>")])
        defer { other.stop() }
        let outside = try TestHTTPServer(routes: ["/feed": moved(to: inside.base + "/secret"),
                                                  "/plain": Response(contentType: "application/rss+xml", body: "<rss/>")], host: lan)
        server = outside
        inside.setResponse(moved(to: outside.base + "/plain"), for: "/out")
        inside.setResponse(moved(to: other.base + "/feed"), for: "/along")

        XCTAssertEqual(fetch(outside.base + "/feed"), .failure(.redirectInward(to: inside.base + "/secret", reach: .thisComputer)),
                       "\(lan) to 127.0.0.1 is refused")
        XCTAssertEqual(inside.requests.map(\.target), [], "nothing was asked on this computer")
        XCTAssertEqual(try XCTUnwrap(fetch(inside.base + "/out")).get().finalAddress, outside.base + "/plain", "outward is followed")
        XCTAssertEqual(try XCTUnwrap(fetch(inside.base + "/along")).get().finalAddress, other.base + "/feed",
                       "loopback to another loopback port is followed: the user chose this computer")
        XCTAssertEqual(try XCTUnwrap(fetch(outside.base + "/plain")).get().status, 200, "subscribing to \(lan) itself still works")
    }

    func testEachAddressIsJudgedOnHowFarInsideItIs() {
        let cases: [(String, NetworkReach)] = [
            ("127.0.0.1", .thisComputer), ("127.8.9.10", .thisComputer), ("::1", .thisComputer), ("0.0.0.0", .thisComputer),
            ("::", .thisComputer), ("::ffff:127.0.0.1", .thisComputer),
            ("10.1.2.3", .localNetwork), ("172.16.0.1", .localNetwork), ("172.31.255.255", .localNetwork),
            ("192.168.1.5", .localNetwork), ("169.254.1.1", .localNetwork), ("100.64.0.1", .localNetwork),
            ("fd12:3456::1", .localNetwork), ("fc00::1", .localNetwork), ("fe80::1", .localNetwork), ("::ffff:192.168.0.1", .localNetwork),
            ("93.184.216.34", .internet), ("172.32.0.1", .internet), ("100.128.0.1", .internet), ("2001:db8::1", .internet),
            ("::ffff:8.8.8.8", .internet), ("8.8.8.8", .internet),
        ]
        for (address, reach) in cases {
            XCTAssertEqual(NetworkReach(numeric: address), reach, address)
        }
        XCTAssertNil(NetworkReach(numeric: "example.org"))
    }

    func testGzipIsDecodedAndAGzipBombStopsAtTheCap() throws {
        let text = String(repeating: "<item>gzip</item>", count: 100)
        var small = Response(contentType: "application/rss+xml", bytes: try Self.gzip(Data(text.utf8)))
        small.headers = ["Content-Encoding: gzip"]
        let bombBytes = try Self.gzip(Data(count: 20 << 20))
        XCTAssertLessThan(bombBytes.count, 100_000)
        var bomb = Response(contentType: "application/rss+xml", bytes: bombBytes)
        bomb.headers = ["Content-Encoding: gzip"]
        let server = try serve(["/small": small, "/bomb": bomb])
        XCTAssertEqual(String(decoding: try XCTUnwrap(fetch(server.base + "/small")).get().body, as: UTF8.self), text)
        XCTAssertEqual(server.requests.first?.headers["accept-encoding"]?.contains("gzip"), true)
        XCTAssertEqual(fetch(server.base + "/bomb", maximumBytes: 1 << 20), .failure(.tooLarge(limit: 1 << 20)))
    }

    func testAnEndlessBodyIsCutAtTheCapAndATrickleAtTheTimeout() throws {
        var endless = Response(contentType: "application/rss+xml", body: String(repeating: "<item/>", count: 1000))
        endless.endless = true
        var trickle = Response(contentType: "application/rss+xml", body: String(repeating: "x", count: 1000))
        trickle.pace = (bytes: 1, every: 0.2)
        let server = try serve(["/endless": endless, "/trickle": trickle])
        XCTAssertEqual(fetch(server.base + "/endless", maximumBytes: 256 * 1024), .failure(.tooLarge(limit: 256 * 1024)))
        let started = Date()
        XCTAssertEqual(fetch(server.base + "/trickle", timeout: 1), .failure(.timedOut(seconds: 1)))
        XCTAssertLessThan(Date().timeIntervalSince(started), 15, "bounded by the timeout, not by the body")
    }

    /// An article's page read for its picture: only its head is wanted, so a longer page (announced or
    /// endless) is cut at the limit and given, not refused.
    func testOnlyTheHeadOfAPageIsReadWhenThatIsAllThatIsWanted() throws {
        let page = "<html><head><meta property=\"og:image\" content=\"/p.png\"></head><body>" + String(repeating: "words ", count: 50_000)
        var endless = Response(body: page)
        endless.endless = true
        let server = try serve(["/page": Response(body: page), "/endless": endless])
        for path in ["/page", "/endless"] {
            guard case .success(let response) = fetch(server.base + path, maximumBytes: 4096, keepsHeadOnly: true) else {
                return XCTFail("\(path): the head was not given")
            }
            XCTAssertEqual(response.body, Data(page.utf8.prefix(4096)), path)
        }
        XCTAssertEqual(fetch(server.base + "/page", maximumBytes: 4096), .failure(.tooLarge(limit: 4096)), "a whole document is still refused")
    }

    func testAnUntrustedCertificateIsToldNotBypassed() throws {
        let tls = try TestTLSServer()
        defer { tls.stop() }
        XCTAssertEqual(fetch(tls.base + "/feed"), .failure(.tls("certificate not trusted")))
    }

    /// https:// to a server that speaks plain HTTP: said so, not GnuTLS's words.
    func testHTTPSToAPlainHTTPServerIsToldInPlainWords() throws {
        let server = try serve(["/feed": Response(contentType: "application/rss+xml", body: "<rss/>")])
        XCTAssertEqual(fetch("https://127.0.0.1:\(server.port)/feed"), .failure(.notHTTPS(host: "127.0.0.1")))
    }

    func testGetStillWantsABody() throws {
        let server = try serve(["/ok": Response(body: "fine"), "/none": Response(status: "204 No Content", body: "")])
        MainActor.assumeIsolated {
            let session = HTTPSession()
            var results: [String: Result<Data, HTTPFailure>] = [:]
            for path in ["/ok", "/none", "/missing"] {
                session.get(server.base + path, timeout: 10, maximumBytes: 1000) { results[path] = $0 }
            }
            MainLoop.run(until: { results.count == 3 }, timeout: 30)
            XCTAssertEqual(results["/ok"], .success(Data("fine".utf8)))
            XCTAssertEqual(results["/none"], .failure(.status(code: 204, reason: "No Content")))
            XCTAssertEqual(results["/missing"], .failure(.status(code: 404, reason: "Not Found")))
        }
    }
}
