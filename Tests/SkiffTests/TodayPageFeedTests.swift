import Browser
import BrowserModel
import CGtk
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// "Subscribe in Today" in the main menu: off for a page that names no feed, on for one whose
/// `<link rel="alternate">` names one, and choosing it subscribes and shows Today with the feed's cards.
final class TodayPageFeedTests: TodayFeedServerTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server.setResponse(.init(body: """
            <html><head><title>Harbour Site</title>
            <link rel="alternate" type="application/rss+xml" title="Harbour Notes" href="feed.xml"></head>
            <body><p>The harbour's site.</p></body></html>
            """), for: "/site.html")
        server.setResponse(.init(body: "<html><head><title>Plain Page</title></head><body><p>No feed here.</p></body></html>"),
                           for: "/plain.html")
    }

    /// The main menu's item labelled `label`, when the menu is open.
    @MainActor
    private static func menuItem(_ label: String, in main: MainWindow) -> PresentedAccessible? {
        var current: PresentedAccessible?
        for node in main.window.presentedDescendants() {
            if node.role == GTK_ACCESSIBLE_ROLE_MENU_ITEM { current = node }
            if node.labelText == label, let item = current, item.width > 0,
               node.x >= item.x, node.y >= item.y, node.x + node.width <= item.x + item.width + 0.5 {
                return item
            }
        }
        return nil
    }

    func testSubscribeInTodayFollowsThePagesFeedLinkAndSubscribes() throws {
        let database = self.database
        let base = server.base
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--feeds-database", database, "--ephemeral", "--window-size", "1000x800"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Page Feed"
            main.window.present()
            defer { BrowserTestWindow.destroy(main.window) }
            guard let window = XDoTool.window(named: "Page Feed") else { return XCTFail("no X window") }
            XDoTool.run(["windowmove", window, "0", "0"])
            XDoTool.run(["windowfocus", "--sync", window])
            // The pointer away from where the menu opens: a hovered item would count as selected.
            XDoTool.run(["mousemove", "1279", "799"])
            let item = "Subscribe in Today"

            main.browser.load("\(base)/plain.html")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Plain Page" && !main.browser.showsLoading }, timeout: 20))
            MainLoop.run(for: 0.5)
            main.menuButton?.popup()
            XCTAssertTrue(MainLoop.run(until: { Self.menuItem(item, in: main)?.state(.disabled, is: true) == true }, timeout: 10),
                          "a page naming no feed: the item is there, disabled")
            main.menuButton?.popdown()

            main.browser.load("\(base)/site.html")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Harbour Site" && !main.browser.showsLoading }, timeout: 20))
            main.menuButton?.popup()
            XCTAssertTrue(MainLoop.run(until: {
                guard let found = Self.menuItem(item, in: main) else { return false }
                return !found.state(.disabled, is: true)
            }, timeout: 10), "the page names a feed: the item is enabled")
            MainLoop.run(for: 0.3)
            let enabled = try XCTUnwrap(Self.menuItem(item, in: main))
            XDoTool.click(window: window, x: enabled.surfaceCentre.x, y: enabled.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .today }, timeout: 10), "Today is shown")
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Tide tables for the week") }, timeout: 20),
                          "the page's feed was subscribed to: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
        }
    }
}
