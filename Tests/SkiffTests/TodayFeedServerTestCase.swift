import Foundation
import TestSupport
import XCTest

/// A display test of Today with the harbour feed (`TodaySubscribeTests.feed`) served on 127.0.0.1 at
/// /feed.xml, and a folder of its own for the feeds database; both gone after the test.
class TodayFeedServerTestCase: XCTestCase {
    var server: TestHTTPServer!
    var folder: URL!
    /// The test's feeds database (`--feeds-database`).
    var database: String { folder.appendingPathComponent("feeds.sqlite").path }

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: server.base)),
                           for: "/feed.xml")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-today-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
