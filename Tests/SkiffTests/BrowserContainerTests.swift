import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The Safari-style container with real X input (xdotool) over real WebKit tabs and pages from 127.0.0.1.
final class BrowserContainerTests: XCTestCase {
    static let longPage: String = {
        let paragraphs = (0..<150).map { "<p style='font:18px sans-serif;margin:20px'>Paragraph \($0) of a long page.</p>" }.joined()
        return "<html><head><title>Long</title></head><body>\(paragraphs)</body></html>"
    }()
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/long": .init(body: Self.longPage),
            "/one": .init(body: "<title>One</title><h1>One</h1>"),
            "/two": .init(body: "<title>Two</title><h1>Two</h1>"),
            "/links": .init(body: """
                <title>Links</title><body style='margin:0'>
                <a href='/two' target='_blank' style='display:block;height:200px;background:#cde'>new window</a>
                <a href='/one' style='display:block;height:200px;background:#edc'>plain link</a></body>
                """),
            "/focus": .init(body: "<title>Focus</title><a href='/one'>one</a> <a href='/two'>two</a>"),
            "/popup": .init(body: "<title>Popup</title><script>setTimeout(function(){ window.open('/one') }, 50)</script><p>no click</p>"),
        ])
    }

    override func tearDown() { server?.stop() }


    @MainActor
    private static func settle(_ main: MainWindow) {
        MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
        XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the settled chrome was drawn")
    }

    /// Turns the wheel `notches` times with `button` (4 up, 5 down), each notch handled and drawn
    /// before the next, as a hand turns a wheel.
    @MainActor
    private static func wheel(_ main: MainWindow, button: String, notches: Int) {
        for _ in 0..<notches {
            XDoTool.run(["click", button])
            MainLoop.handlePendingInput()
            XCTAssertTrue(MainLoop.runUntilPainted(main.window, frames: 1))
        }
    }

    func testWheelScrollingCollapsesTheToolbarAndScrollingToTheTopExpandsIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Wheel")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/long", title: "Long"))
            XCTAssertEqual(main.browser.toolbarState, .expanded)
            XDoTool.run(["mousemove", "--window", window, "400", "250"])
            Self.wheel(main, button: "5", notches: 3)
            XCTAssertTrue(MainLoop.run(until: { main.browser.toolbarState == .collapsed }, timeout: 3), "state \(main.browser.toolbarState)")
            // The page scrolled too: the toolbar watched, it did not take the wheel.
            // (Asked until it answers yes: a loaded machine's web process may scroll a moment later.)
            XCTAssertTrue(MainLoop.run(until: { pageAnswer(main.browser.webView, "String(window.scrollY > 0)") == "true" }, timeout: 5),
                          "the page scrolled")
            Self.settle(main)
            Self.wheel(main, button: "4", notches: 12)
            XCTAssertTrue(MainLoop.run(until: { main.browser.toolbarState == .expanded }, timeout: 3), "back at the top the toolbar is back")
        }
    }

    func testDraggingTheBarsSwitchesTabsAndCtrlTabWalksThem() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Drag")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            main.browser.newTab()
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/two", title: "Two"))
            // Reading the page, not editing its address (a window without a focus widget hands the
            // focus to the first control in Tab order, which is the address bar).
            main.browser.webView?.grabFocus()
            Self.settle(main)
            if main.browser.isEditingAddress { main.browser.cancelEditing() }
            XCTAssertEqual(main.browser.heardTabCount, 2)
            XCTAssertEqual(main.browser.currentTabIndex, 1)
            guard let bar = main.browser.currentBarFrame(in: main.window) else { return XCTFail("no bar") }
            // Drag the current bar to the right: the previous tab comes in.
            let y = Int(bar.y + bar.height / 2), x0 = Int(bar.x + bar.width / 2)
            XDoTool.run(["mousemove", "--window", window, "\(x0)", "\(y)"])
            XDoTool.run(["mousedown", "1"])
            // The drag's own frames: a move each 60 Hz frame gives the hand its speed.
            for step in 1...12 { XDoTool.run(["mousemove", "--window", window, "\(x0 + step * 25)", "\(y)"]); MainLoop.run(for: 0.016) }
            XDoTool.run(["mouseup", "1"])
            if !MainLoop.run(until: { main.browser.currentTabIndex == 0 }, timeout: 3) {
                let windows = XDoTool.run(["search", "--onlyvisible", "--name", "."]).split(separator: "\n")
                    .map { XDoTool.run(["getwindowname", String($0)]) }
                XCTFail("the drag went to the first tab; windows on screen: \(windows), focus: \(main.window.focusDescription ?? "none"), editing: \(main.browser.isEditingAddress), tab \(main.browser.currentTabIndex)")
            }
            Self.settle(main)
            XCTAssertEqual(main.shownTitle, "One")
            XCTAssertEqual(main.browser.heardTabCount, 2, "a drag creates no tab")

            XDoTool.run(["key", "--clearmodifiers", "ctrl+Tab"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.currentTabIndex == 1 }, timeout: 3), "Ctrl+Tab moved on")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+Page_Up"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.currentTabIndex == 0 }, timeout: 3), "Ctrl+PgUp moved back")
        }
    }

    func testOverscrollPastTheLastTabCreatesExactlyOneTab() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Overscroll")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            Self.settle(main)
            guard let bar = main.browser.currentBarFrame(in: main.window) else { return XCTFail("no bar") }
            let y = Int(bar.y + bar.height / 2), x0 = Int(bar.x + bar.width * 0.8)
            XDoTool.run(["mousemove", "--window", window, "\(x0)", "\(y)"])
            XDoTool.run(["mousedown", "1"])
            // The drag's own frames: a move each 60 Hz frame gives the hand its speed.
            for step in 1...20 { XDoTool.run(["mousemove", "--window", window, "\(x0 - step * 30)", "\(y)"]); MainLoop.run(for: 0.016) }
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 3), "the overscroll made a tab")
            Self.settle(main)
            // A negative check: no second tab follows within half a second.
            XCTAssertTrue(MainLoop.holds(for: 0.5) { main.browser.heardTabCount == 2 }, "exactly one")
            XCTAssertEqual(main.browser.currentTabIndex, 1)
            XCTAssertTrue(main.browser.isEditingAddress, "the new tab's address is ready for typing")
            XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.containsFocus }, timeout: 2), "and has the keyboard")
        }
    }

    func testCtrlTAndCtrlW() throws {
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container Keys")
            defer { main.window.destroy() }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 3))
            XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.containsFocus }, timeout: 2), "Ctrl+T leaves the new address focused, not \(main.window.focusTypeName ?? "nothing")")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 3 }, timeout: 3))
            XCTAssertEqual(main.browser.currentTabIndex, 2)
            XDoTool.run(["key", "Escape"])
            XDoTool.run(["key", "--clearmodifiers", "ctrl+w"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 3))
            XCTAssertEqual(main.browser.currentTabIndex, 1, "closing the last tab settles on its left neighbour")
        }
    }

    func testCtrlLEndsFocusedWithTheWholeAddressSelected() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container Edit")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            XCTAssertEqual(main.browser.addressEntry.text, "127.0.0.1:\(base.split(separator: ":").last ?? "")", "the domain shows when not editing")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress }, timeout: 3))
            Self.settle(main)
            XCTAssertTrue(main.browser.addressEntry.containsFocus)
            XCTAssertEqual(main.browser.addressEntry.text, "\(base)/one", "the full address while editing")
            XCTAssertTrue(main.browser.addressEntry.isAllSelected, "selected, ready to type over")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isEditingAddress }, timeout: 3), "Escape ends editing")
        }
    }

    /// The address must be drawn while it is edited: read from the screen, not from the entry.
    func testTheAddressAndWhatIsTypedAreDrawnWhileEditing() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Edit Pixels")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            Self.settle(main)
            @MainActor func inkInField() throws -> Double {
                let shot = try Screenshot.capture(window: window)
                defer { shot.remove() }
                guard let region = Screenshot.region(of: main.browser.addressEntry, inset: 2) else { throw TestFailure("no region") }
                guard let ink = shot.darkFraction(in: region) else { throw TestFailure("no pixels") }
                return ink
            }
            XCTAssertGreaterThan(try inkInField(), 0.005, "the domain is drawn when not editing")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress }, timeout: 3))
            Self.settle(main)
            XCTAssertGreaterThan(try inkInField(), 0.005, "the full address is drawn, selected, after Ctrl+L")
            XDoTool.run(["key", "BackSpace"])
            XDoTool.run(["type", "--delay", "20", "typed words"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.text == "typed words" }, timeout: 3))
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the typed words were drawn")
            XCTAssertGreaterThan(try inkInField(), 0.005, "what is typed is drawn")
            XDoTool.run(["key", "Escape"])
        }
    }

    /// In the dark style the bar is dark with light text; in the light style the reverse (read from pixels).
    func testTheAddressBarFollowsTheLightAndDarkStyle() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Dark")
            defer {
                SystemAppearance.apply(.noPreference)
                main.window.destroy()
            }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            Self.settle(main)
            @MainActor func field() throws -> (light: Double, dark: Double) {
                let shot = try Screenshot.capture(window: window)
                defer { shot.remove() }
                guard let region = Screenshot.region(of: main.browser.addressEntry, inset: 3),
                      let light = shot.lightFraction(in: region), let dark = shot.darkFraction(in: region) else { throw TestFailure("no pixels") }
                return (light, dark)
            }
            SystemAppearance.apply(.preferDark)
            let dark = try field()
            XCTAssertGreaterThan(dark.dark, 0.8, "dark style: a dark field")
            XCTAssertGreaterThan(dark.light, 0.005, "dark style: light text on it")
            SystemAppearance.apply(.preferLight)
            let light = try field()
            XCTAssertGreaterThan(light.light, 0.8, "light style: a light field")
            XCTAssertGreaterThan(light.dark, 0.005, "light style: dark text on it")
        }
    }

    /// Suggestions name the other open tab (title and address, under "Open Tabs"), never the page being
    /// edited, and stay clear of the Cancel button — as GTK lays them out and presents them.
    func testSuggestionsOfferOtherTabsUnderAHeadingAndKeepClearOfCancel() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container Suggest")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 && main.browser.addressEntry.containsFocus }, timeout: 3))
            XDoTool.run(["type", "--delay", "20", "\(base)/two"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Two" && !main.browser.showsLoading }, timeout: 20))
            Self.settle(main)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress }, timeout: 3))
            XDoTool.run(["type", "--delay", "20", "127"])
            Self.settle(main)
            let presented = main.browser.root.presentedDescendants()
            XCTAssertEqual(presented.filter { $0.isButton && $0.hasLabel("Switch to tab: One") }.count, 1, "the other tab is offered")
            XCTAssertTrue(presented.filter { $0.isButton && $0.hasLabel("Switch to tab: Two") }.isEmpty, "never the page being edited")
            XCTAssertEqual(main.browser.suggestionHeadings, ["Open Tabs"])
            let panel = try XCTUnwrap(presented.first { $0.hasLabel("Suggestions") }, "the panel is presented")
            let cancel = try XCTUnwrap(presented.first { $0.isButton && $0.hasLabel("Cancel") })
            XCTAssertLessThanOrEqual(panel.x + panel.width, cancel.x + 1, "the panel ends before the Cancel column")
            XDoTool.run(["key", "Escape"])
        }
    }

    /// target=_blank opens a tab beside the page and shows it; a middle click opens one behind it;
    /// a pop-up nobody clicked for stays blocked.
    func testLinksThatWantANewWindowOpenTabsAndPopUpsStayBlocked() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Links")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/popup", title: "Popup"))
            XCTAssertTrue(MainLoop.run(until: {
                main.browser.root.presentedDescendants().contains { $0.label?.hasPrefix("Skiff blocked a pop-up window from") == true }
            }, timeout: 5), "the bar tells of the blocked pop-up")
            XCTAssertEqual(main.browser.heardTabCount, 1, "a pop-up without a click is blocked")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/links", title: "Links"))
            Self.settle(main)
            // Each click waits until the page shows the link's address under the pointer: the web
            // process has laid the page out and knows the pointer is on the link (a loaded machine's
            // first click could otherwise reach a page not yet hit-testable).
            try BrowserTestWindow.hover(main, window: window, atPageX: 100, y: 100) { $0 == "\(base)/two" }
            XDoTool.run(["click", "1"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 5), "target=_blank opens a tab")
            XCTAssertEqual(main.browser.currentTabIndex, 1, "and shows it")
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.title == "Two" }, timeout: 10),
                          "the new tab shows the link's page: \(main.browser.webView?.title ?? "nothing")")
            main.browser.selectTab(at: 0)
            Self.settle(main)
            try BrowserTestWindow.hover(main, window: window, atPageX: 100, y: 300) { $0 == "\(base)/one" }
            XDoTool.run(["click", "2"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 3 }, timeout: 5), "a middle click opens a tab")
            XCTAssertEqual(main.browser.currentTabIndex, 0, "behind the current page")
            XCTAssertEqual(main.shownTitle, "Links", "which stays where it was")
        }
    }

    /// Tab goes all the way round — address, toolbar, section switcher, the page's links, and back to
    /// the address — and never gets stuck; F6 moves between the page and the address bar.
    func testTabGoesRoundPageChromeAndSwitcherAndF6SwapsPageAndChrome() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container Focus")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/focus", title: "Focus"))
            Self.settle(main)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.containsFocus }, timeout: 3))
            // Each Tab is read once it has landed: GTK moves between its own widgets at once (one
            // focus-widget change), but a Tab inside the page goes through the web process and stays
            // on the WebKitWebView while it walks the page's links, so a loaded machine can take a
            // while. A press that moves nothing GTK sees is read after a short wait; the walk stops
            // once it is back at the address.
            var moves = 0
            main.window.onFocusChanged { moves += 1 }
            var seen: [String] = []
            while seen.count < 24 {
                let before = moves
                let inPage = seen.last?.hasPrefix("WebKitWebView") == true
                XDoTool.run(["key", "Tab"])
                MainLoop.run(until: { moves > before && main.window.focusDescription != nil }, timeout: inPage ? 3 : 10)
                seen.append(main.window.focusDescription ?? "nothing")
                if seen.contains(where: { $0.hasPrefix("WebKitWebView") }), seen.last?.hasPrefix("GtkText") == true { break }
            }
            let trail = seen.joined(separator: " → ")
            XCTAssertFalse(seen.contains("nothing"), "focus never vanishes: \(trail)")
            XCTAssertFalse(seen.contains { $0.hasPrefix("GtkTextView") }, "never stuck inside the web view: \(trail)")
            func first(_ prefix: String, after start: Int = 0) -> Int? {
                seen.indices.first { $0 >= start && seen[$0].hasPrefix(prefix) }
            }
            let toolbar = try XCTUnwrap(first("GtkButton 'Reload'"), trail)
            let switcher = try XCTUnwrap(first("GtkToggleButton", after: toolbar), trail)
            let page = try XCTUnwrap(first("WebKitWebView", after: switcher), trail)
            XCTAssertNotNil(first("GtkText", after: page), "and round again to the address: \(trail)")
            // F6: page → address → page.
            main.browser.webView?.grabFocus()
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFocus == true }, timeout: 2), "the page has the focus")
            XDoTool.run(["key", "F6"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.containsFocus }, timeout: 2), "F6 from the page: the address")
            XDoTool.run(["key", "F6"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFocus == true }, timeout: 2), "F6 again: the page")
        }
    }

    /// A new tab opens on the start page, which offers the tab just closed; a click reopens it.
    func testANewTabShowsTheStartPageWhichReopensAClosedTab() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Container Start")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            main.browser.newTab()
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/two", title: "Two"))
            Self.settle(main)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+w"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 1 }, timeout: 3))
            @MainActor func reopen() -> PresentedAccessible? {
                main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel("Reopen Two, 127.0.0.1") }
            }
            XCTAssertNil(reopen(), "a loaded page shows no start page")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 3))
            XDoTool.run(["key", "Escape"])
            Self.settle(main)
            let button = try XCTUnwrap(reopen(), "the blank tab offers the closed one")
            XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.title == "Two" }, timeout: 10), "a click reopens it")
            XCTAssertTrue(MainLoop.run(until: { reopen() == nil }, timeout: 5), "and the start page goes")
        }
    }

    func testTypingJavascriptIsRefusedAndNothingRuns() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container JS")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            main.browser.load("javascript:document.title='pwned'")
            // Asked after the load: a script WebKit had been given would have run before this answer.
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.title"), "One", "the page ran nothing")
            XCTAssertEqual(main.shownTitle, "One")
            XCTAssertTrue(main.browser.crashBannerIsShown, "a message says why")
        }
    }

    func testWordsGoToTheConfiguredSearchEngine() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--private", "--search", "\(base)/one?q=%s"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
            main.window.present()
            defer { main.window.destroy() }
            main.browser.load("swift gtk & webkit")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "One" }, timeout: 20), "the engine's page loaded")
            XCTAssertEqual(main.browser.state.uri, "\(base)/one?q=swift%20gtk%20%26%20webkit")
            XCTAssertThrowsError(try Options.parse(["--search", "javascript:alert(%s)"]), "only http(s) engines")
        }
    }

    /// A real TLS server on 127.0.0.1 with a self-signed certificate (openssl s_server).
    func testAnUntrustedCertificateShowsAnInterstitialNotThePage() throws {
        let server = try TestTLSServer()
        defer { server.stop() }
        let port = server.port
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container TLS")
            defer { main.window.destroy() }
            main.browser.load("https://127.0.0.1:\(port)/")
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.failure != nil }, timeout: 20), "the load was stopped")
            let message = main.browser.state.failure?.message ?? ""
            XCTAssertTrue(message.contains("not private") && message.contains("not signed by an authority"), message)
            var shown: String?
            MainLoop.run(until: {
                main.browser.webView?.evaluate("document.getElementById('skiff-error') ? 'error page' : document.body.innerText") { shown = $0 }
                return shown == "error page"
            }, timeout: 10)
            XCTAssertEqual(shown, "error page", "the interstitial, never the page")
        }
    }

    func testAccessibleNames() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Container A11y")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            let names = [main.browser.backButton, main.browser.forwardButton, main.browser.reloadButton,
                         main.browser.tabsButton, main.browser.newTabButton].map(\.accessibleLabel)
            XCTAssertEqual(names, ["Back", "Forward", "Reload", "Tabs", "New Tab"])
            XCTAssertEqual(main.browser.barEntries.map(\.accessibleLabel), ["Address"])
            XCTAssertEqual(main.browser.barEntries.first?.accessibleDescription, "One")
        }
    }
}
