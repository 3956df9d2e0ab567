import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// F11 makes the window fullscreen (the window manager's answer, read through GTK) with the toolbar
/// gone from what is presented; the bottom edge and Ctrl+L bring the chrome back; Escape leaves. A
/// page's own `requestFullscreen()` fills the window with no chrome, and Escape leaves it.
final class FullscreenTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let page = """
            <title>Plain</title><body style='margin:0'>
            <div id=box style='position:fixed;left:0;top:0;width:600px;height:300px;background:#36c'
                 onclick="this.requestFullscreen()">Make me fullscreen</div>
            <script>document.onfullscreenchange = () => { document.title = document.fullscreenElement ? 'Page fullscreen' : 'Page windowed' }</script>
            """
        server = try TestHTTPServer(routes: ["/page": .init(body: page)])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func toolbarShown(_ main: MainWindow) -> Bool {
        main.browser.root.presentedDescendants().contains { $0.isButton && $0.hasLabel("Back") }
    }

    func testF11HidesTheToolbarTheBottomEdgeAndCtrlLBringItBackAndEscapeLeaves() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let manager = try WindowManager()
            defer { manager.stop() }
            try BrowserTestWindow.with("Fullscreen Keys", showing: "\(base)/page", pageTitle: "Plain") { main, window in
                XCTAssertTrue(Self.toolbarShown(main), "windowed: the toolbar is there")
                XDoTool.run(["mousemove", "--window", window, "300", "150"])
                XDoTool.run(["key", "F11"])
                XCTAssertTrue(MainLoop.run(until: { main.window.isFullscreen && !Self.toolbarShown(main) }, timeout: 10),
                              "F11: fullscreen \(main.window.isFullscreen), toolbar presented \(Self.toolbarShown(main))")
                XCTAssertTrue(MainLoop.run(until: { main.window.height > 700 }, timeout: 10), // the size can come a frame after the state
                              "the window covers the screen: \(main.window.height) px tall")

                // The pointer at the bottom edge brings the chrome back; up over the page hides it again.
                // The screen's last row (xdotool without a window: screen coordinates).
                let screenHeight = Int(XDoTool.run(["getdisplaygeometry"]).split(separator: " ").last ?? "") ?? 0
                XDoTool.run(["mousemove", "300", String(screenHeight - 1)])
                XCTAssertTrue(MainLoop.run(until: { Self.toolbarShown(main) }, timeout: 10), "the bottom edge shows the toolbar")
                XDoTool.run(["mousemove", "--window", window, "300", "150"])
                XCTAssertTrue(MainLoop.run(until: { !Self.toolbarShown(main) }, timeout: 10), "away from it, the toolbar goes")

                // Ctrl+L shows the address bar with the focus in it; Escape gives the focus back, then leaves.
                XDoTool.run(["key", "ctrl+l"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.containsFocus && Self.toolbarShown(main) }, timeout: 10),
                              "Ctrl+L: focus \(main.window.focusDescription ?? "none")")
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { !Self.toolbarShown(main) }, timeout: 10), "Escape ends editing: the chrome goes")
                XCTAssertTrue(main.window.isFullscreen)
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { !main.window.isFullscreen && Self.toolbarShown(main) }, timeout: 10),
                              "Escape left fullscreen: \(main.window.isFullscreen)")
            }
        }
    }

    func testAPageElementFillsTheWindowWithoutChromeAndEscapeLeaves() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let manager = try WindowManager()
            defer { manager.stop() }
            try BrowserTestWindow.with("Fullscreen Page", showing: "\(base)/page", pageTitle: "Plain") { main, window in
                MainLoop.run(for: 0.3)
                XDoTool.click(window: window, x: 200, y: 150)
                XCTAssertTrue(MainLoop.run(until: {
                    main.shownTitle == "Page fullscreen" && main.window.isFullscreen && !Self.toolbarShown(main)
                }, timeout: 10), "title “\(main.shownTitle ?? "")”, fullscreen \(main.window.isFullscreen)")
                XCTAssertTrue(MainLoop.run(until: { main.window.height > 700 }, timeout: 10), // the size can come a frame after the state
                              "the window covers the screen: \(main.window.height) px tall")
                // The chrome stays away in a page's fullscreen, even at the bottom edge.
                let screenHeight = Int(XDoTool.run(["getdisplaygeometry"]).split(separator: " ").last ?? "") ?? 0
                XDoTool.run(["mousemove", "300", String(screenHeight - 1)])
                XCTAssertTrue(MainLoop.holds(for: 0.5) { !Self.toolbarShown(main) }, "the bottom edge brings no chrome in a page's fullscreen")
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: {
                    main.shownTitle == "Page windowed" && !main.window.isFullscreen && Self.toolbarShown(main)
                }, timeout: 10), "Escape: title “\(main.shownTitle ?? "")”, fullscreen \(main.window.isFullscreen)")
            }
        }
    }

    /// A video's fullscreen entered while F11's was on: leaving it (Escape, or the page's own
    /// `document.exitFullscreen()`) goes back to F11's — the window still fullscreen, the chrome hidden
    /// and brought back by the bottom edge as before — not to a window.
    func testLeavingAPageFullscreenBegunInF11ReturnsToF11() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let manager = try WindowManager()
            defer { manager.stop() }
            try BrowserTestWindow.with("Fullscreen Over F11", showing: "\(base)/page", pageTitle: "Plain") { main, window in
                XDoTool.run(["mousemove", "--window", window, "300", "150"])
                XDoTool.run(["key", "F11"])
                XCTAssertTrue(MainLoop.run(until: { main.window.isFullscreen && !Self.toolbarShown(main) && main.window.height > 700 }, timeout: 10),
                              "F11: fullscreen \(main.window.isFullscreen), \(main.window.height) px tall")
                let screenHeight = Int(XDoTool.run(["getdisplaygeometry"]).split(separator: " ").last ?? "") ?? 0
                for (round, leave) in ["Escape", "document.exitFullscreen()"].enumerated() {
                    XDoTool.click(window: window, x: 200, y: 150)
                    XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Page fullscreen" }, timeout: 10),
                                  "round \(round): the page's element is fullscreen: “\(main.shownTitle ?? "")”")
                    if leave == "Escape" {
                        XDoTool.run(["key", "Escape"])
                    } else {
                        main.browser.webView?.evaluate(leave) { _ in }
                    }
                    XCTAssertTrue(MainLoop.run(until: {
                        main.shownTitle == "Page windowed" && main.window.isFullscreen && main.window.height > 700 && !Self.toolbarShown(main)
                    }, timeout: 10), "\(leave): title “\(main.shownTitle ?? "")”, fullscreen \(main.window.isFullscreen), "
                        + "\(main.window.height) px tall, toolbar presented \(Self.toolbarShown(main))")
                    // F11's fullscreen, not a fullscreen window with the chrome lost: the bottom edge brings it back.
                    XDoTool.run(["mousemove", "300", String(screenHeight - 1)])
                    XCTAssertTrue(MainLoop.run(until: { Self.toolbarShown(main) }, timeout: 10), "\(leave): the bottom edge shows the toolbar")
                    XDoTool.run(["mousemove", "--window", window, "300", "150"])
                    XCTAssertTrue(MainLoop.run(until: { !Self.toolbarShown(main) }, timeout: 10), "\(leave): away from it, the toolbar goes")
                    XCTAssertTrue(main.window.isFullscreen)
                }
                // And F11 still leaves it.
                XDoTool.run(["key", "F11"])
                XCTAssertTrue(MainLoop.run(until: { !main.window.isFullscreen && Self.toolbarShown(main) }, timeout: 10),
                              "F11 left fullscreen: \(main.window.isFullscreen)")
            }
        }
    }

    /// A page's fullscreen belongs to its tab: switching to another tab ends it.
    func testSwitchingTabsEndsAPagesFullscreen() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let manager = try WindowManager()
            defer { manager.stop() }
            try BrowserTestWindow.with("Fullscreen Switch", showing: "\(base)/page", pageTitle: "Plain") { main, window in
                main.browser.newTab()
                XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/page", title: "Plain"))
                MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
                MainLoop.run(for: 0.3)
                XDoTool.click(window: window, x: 200, y: 150)
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Page fullscreen" && main.window.isFullscreen }, timeout: 10))
                XDoTool.run(["key", "ctrl+Page_Up"])
                XCTAssertTrue(MainLoop.run(until: {
                    main.browser.currentTabIndex == 0 && !main.window.isFullscreen && Self.toolbarShown(main)
                }, timeout: 10), "the other tab, windowed: tab \(main.browser.currentTabIndex), fullscreen \(main.window.isFullscreen)")
                // Back on the page: it was told it left fullscreen (a hidden page hears it once shown).
                XDoTool.run(["key", "ctrl+Page_Down"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Page windowed" }, timeout: 10),
                              "the page left fullscreen: “\(main.shownTitle ?? "")”")
            }
        }
    }
}
