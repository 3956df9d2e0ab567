import FeedStore
import Foundation
import GRDB
import Gtk
import TestSupport
import XCTest

/// A fresh feeds database per test, the loopback server the test starts (stopped after it), and
/// the file read through a connection of the test's own.
class FeedSyncTestCase: XCTestCase {
    typealias Response = TestHTTPServer.Response
    var folder: URL!
    var store: FeedStore!
    var server: TestHTTPServer?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-sync-\(UUID().uuidString)", isDirectory: true)
        store = try XCTUnwrap(FeedStore.open(at: folder.appendingPathComponent(FeedStore.databaseName)).store)
        // The refresher's worker reports back through the main queue, which the GLib loop must drain.
        MainActor.assumeIsolated { MainLoop.installDispatchBridge() }
    }

    override func tearDown() {
        server?.stop()
        server = nil
        try? store.close()
        try? FileManager.default.removeItem(at: folder)
    }

    func serve(_ routes: [String: Response]) throws -> TestHTTPServer {
        let server = try TestHTTPServer(routes: routes)
        self.server = server
        return server
    }

    func fileRows(_ sql: String) throws -> [Row] {
        try DatabaseQueue(path: store.databaseURL.path).read { try Row.fetchAll($0, sql: sql) }
    }
}
