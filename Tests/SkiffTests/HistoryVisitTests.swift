import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Real WebKit pages from 127.0.0.1 into a real SQLite file: one history visit per navigation,
/// whatever the page does with its title, `location.replace` or a quick refresh.
final class HistoryVisitTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplay()
        server = try TestHTTPServer(routes: [
            "/a": .init(body: "<title>A</title><h1>A</h1><script>setTimeout(() => document.title = 'A done', 150)</script>"),
            "/loop": .init(body: """
                <title>Loop</title><script>
                const n = +(new URLSearchParams(location.search).get('n') || 0);
                document.title = 'Loop ' + n;
                if (n < 40) setTimeout(() => location.replace('/loop?n=' + (n + 1)), 30);
                </script>
                """),
            "/refresh": .init(body: "<meta http-equiv=refresh content='0;url=/b2'><title>Refresh</title>"),
            "/b2": .init(body: "<title>B2</title><h1>B2</h1>"),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-visits-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    func testOneVisitPerNavigation() throws {
        let base = server.base
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let options = try Options.parse(["--window-size", "800x600"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe(), persistence: persistence)
            main.window.present()
            defer { main.window.destroy() }
            for (path, title) in [("/a", "A done"), ("/loop", "Loop 40"), ("/refresh", "B2")] {
                main.browser.load("\(base)\(path)")
                let reached = MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading }, timeout: 20)
                XCTAssertTrue(reached, "\(path) reached “\(title)” (now “\(main.shownTitle ?? "")”)")
                // A title change or a replacement after the load must not count as another visit.
                XCTAssertTrue(MainLoop.holds(for: 0.3) { main.shownTitle == title }, "\(path) stays at “\(title)”")
            }
        }
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        let history = try store.allHistory()
        let a = history.filter { $0.uri.hasSuffix("/a") }
        XCTAssertEqual(a.map(\.visitCount), [1], "a title change is not a visit")
        XCTAssertEqual(a.first?.title, "A done", "but it does update the title")
        let loop = history.filter { $0.uri.contains("/loop") }
        XCTAssertEqual(loop.map(\.uri), ["\(base)/loop?n=40"], "40 replacements are one entry")
        XCTAssertEqual(loop.map(\.visitCount), [1])
        XCTAssertEqual(history.filter { $0.uri.contains("/refresh") || $0.uri.contains("/b2") }.map(\.uri), ["\(base)/b2"],
                       "a refresh straight away collapses into where it leads")
        XCTAssertEqual(history.count, 3, "\(history.map(\.uri))")
        try store.close()
    }
}
