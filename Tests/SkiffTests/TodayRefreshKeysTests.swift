import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// F5 and Ctrl+R refresh Today's feeds wherever the keyboard focus is in a window showing Today —
/// where a user leaves it: just launched, after a click on the header, after a click on Today's
/// background — not only on a card (issues 35 and 36). What is checked is what the feed's server
/// sees: one more request for the feed each time.
final class TodayRefreshKeysTests: XCTestCase {
    func testF5AndCtrlRRefreshFromWhereverTheFocusIs() throws {
        try requireDisplayAndXDoTool()
        let server = try TestHTTPServer(routes: [:])
        defer { server.stop() }
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: server.base)), for: "/feed.xml")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-refresh-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--subscribe", "\(server.base)/feed.xml", "--section", "today"], database: database, title: "Today Refresh Keys") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 && !main.isRefreshingFeeds }, timeout: 20), "the feed's cards")
                guard let window = XDoTool.window(named: "Today Refresh Keys") else { return XCTFail("no X window") }
                XDoTool.run(["windowfocus", "--sync", window])
                /// Presses `keys` and waits until the server has been asked for the feed once more.
                @MainActor func refreshes(_ keys: String, _ place: String) {
                    MainLoop.run(until: { !main.isRefreshingFeeds }, timeout: 20)
                    let before = server.requestCount(for: "/feed.xml")
                    XDoTool.run(["key", "--clearmodifiers", keys])
                    XCTAssertTrue(MainLoop.run(until: { server.requestCount(for: "/feed.xml") > before }, timeout: 20),
                                  "\(keys) \(place): the feed was fetched again")
                }
                // Just launched: the focus wherever GTK put it.
                refreshes("F5", "just launched")
                refreshes("ctrl+r", "just launched")
                // A click on the header, left of the section switcher.
                let switcher = try XCTUnwrap(main.switcher.bounds(in: main.window))
                XDoTool.click(window: window, x: switcher.x - 60, y: switcher.y + switcher.height / 2)
                refreshes("F5", "after a click on the header")
                refreshes("ctrl+r", "after a click on the header")
                // A click on Today's background, at its top-left corner (beside the day's heading).
                let today = try XCTUnwrap(main.today.root.bounds(in: main.window))
                XDoTool.click(window: window, x: today.x + 4, y: today.y + 4)
                refreshes("F5", "after a click on Today's background")
                refreshes("ctrl+r", "after a click on Today's background")

                // The header's Refresh button: shown to a screen reader by its name while Today is
                // on screen, and a click on it fetches the feed again.
                let header = main.window.presentedDescendants()
                let button = try XCTUnwrap(header.first { $0.isButton && $0.hasLabel("Refresh Feeds") }, "a Refresh button in the header")
                MainLoop.run(until: { !main.isRefreshingFeeds }, timeout: 20)
                let before = server.requestCount(for: "/feed.xml")
                XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
                XCTAssertTrue(MainLoop.run(until: { server.requestCount(for: "/feed.xml") > before }, timeout: 20),
                              "a click on Refresh fetched the feed again")
                // Not in the Browser, whose reload is its own.
                main.stack.visibleChildName = Section.browser.rawValue
                XCTAssertTrue(MainLoop.run(until: { !main.window.presentedDescendants().contains { $0.isButton && $0.hasLabel("Refresh Feeds") } }, timeout: 5),
                              "no Refresh Feeds button beside the Browser")
            }
        }
    }
}
