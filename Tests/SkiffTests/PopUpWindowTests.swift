import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// `window.open` with real clicks: a click opens the page in a tab next to its opener, and the
/// page it opened can reach `opener` (it writes the opener's title into its own); a pop-up nobody
/// clicked for is blocked, with a notice whose "Allow Once" opens it.
final class PopUpWindowTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let button = "<button id=b style='position:fixed;left:0;top:0;width:600px;height:300px;font-size:40px'"
        server = try TestHTTPServer(routes: [
            "/opener": .init(body: "<title>Opener</title>\(button) onclick=\"window.open('/popup')\">Sign in</button>"),
            "/popup": .init(body: "<title>Popup</title><script>document.title = 'Popup of ' + (window.opener ? window.opener.document.title : 'nobody')</script>"),
            // It goes on changing its title once the pop-up is blocked, as live pages do (a clock, a
            // counter): the bar must stay through that.
            "/pushy": .init(body: "<title>Pushy</title><script>let n = 0; setTimeout(() => { window.open('/unasked'); "
                            + "setInterval(() => { document.title = 'Pushy ' + (++n) }, 100) }, 300)</script>"),
            "/unasked": .init(body: "<title>Unasked</title><h1>unasked</h1>"),
        ])
    }

    override func tearDown() { server?.stop() }

    func testAClickOnAButtonCallingWindowOpenOpensATabWithItsOpener() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Popup Click")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/opener", title: "Opener"))
            XCTAssertTrue(MainLoop.holds(for: 0.3) { main.browser.heardTabCount == 1 }, "no tab opens before the click")
            XDoTool.click(window: id, x: 200, y: 150)
            let opened = MainLoop.run(until: { main.shownTitle == "Popup of Opener" }, timeout: 10)
            XCTAssertTrue(opened, "the page opened in a tab, and reached its opener: “\(main.shownTitle ?? "")”")
            XCTAssertEqual(main.browser.heardTabCount, 2)
            XCTAssertEqual(main.browser.currentTabIndex, 1, "next to the tab that opened it")
        }
    }

    func testAPopUpNobodyClickedForIsBlockedAndAllowOnceOpensIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Popup Blocked")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/pushy", title: "Pushy"))
            let allow = { main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel("Allow Once") } }
            XCTAssertTrue(MainLoop.run(until: { allow() != nil }, timeout: 8), "a bar offers to allow it")
            XCTAssertTrue(main.browser.root.presentedDescendants().contains { $0.labelText == "Skiff blocked a pop-up window from \(base.dropFirst(7))." },
                          "it names the site")
            XCTAssertEqual(main.browser.heardTabCount, 1, "no tab was opened without a click")
            // Ten title changes later the bar is still there (it went with the first one).
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Pushy 10" }, timeout: 10))
            guard let button = allow() else { return XCTFail("the bar went away while the page changed its title") }
            XDoTool.click(window: id, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Unasked" }, timeout: 10),
                          "Allow Once opened it: “\(main.shownTitle ?? "")”")
        }
    }

    /// Always Allow for This Site opens it, and the site's next pop-up opens with no bar.
    func testAlwaysAllowForThisSiteOpensItAndTheNextOne() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Popup Always")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/pushy", title: "Pushy"))
            let always = { main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel("Always Allow Pop-ups for \(base.dropFirst(7))") } }
            XCTAssertTrue(MainLoop.run(until: { always() != nil }, timeout: 8), "the bar offers to allow the site")
            // Once it has slid down (the page meanwhile changes its title five times).
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Pushy 5" }, timeout: 10))
            guard let button = always() else { return XCTFail("no Always Allow button") }
            XDoTool.click(window: id, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Unasked" && main.browser.heardTabCount == 2 }, timeout: 10),
                          "it opened: “\(main.shownTitle ?? "")”")
            // Back on the site's page: its next pop-up opens by itself.
            main.browser.selectTab(at: 0)
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/pushy", title: "Pushy"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 3 }, timeout: 10), "the site's pop-up opened with no bar")
            XCTAssertNil(main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel("Allow Once") })
        }
    }

    /// The keyboard path: from the page (clicked, as a reader does), Tab out of it reaches Allow Once
    /// first, and Enter opens the pop-up.
    func testTabFromThePageReachesAllowOnceAndEnterOpensThePopUp() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Popup Keys")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/pushy", title: "Pushy"))
            XCTAssertTrue(MainLoop.run(until: {
                main.browser.root.presentedDescendants().contains { $0.isButton && $0.hasLabel("Allow Once") }
            }, timeout: 8), "a bar offers to allow it")
            XDoTool.click(window: id, x: 300, y: 400)
            XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.contains("WebView") == true }, timeout: 10),
                          "the click focused the page: \(main.window.focusDescription ?? "nothing")")
            XDoTool.tab(in: main.window, until: { $0.contains("Allow Once") })
            XCTAssertEqual(main.window.focusDescription, "GtkButton 'Allow Once'", "Tab out of the page reached the bar")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Unasked" && main.browser.heardTabCount == 2 }, timeout: 10),
                          "Enter on Allow Once opened it: “\(main.shownTitle ?? "")”")
        }
    }
}
