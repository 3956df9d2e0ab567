import Browser
import BrowserModel
import Foundation
import Gtk
import Home
import SkiffApp
import TestSupport
import XCTest

/// The keyboard focus stays in the section on screen: a page loading in the hidden browser must not
/// take it, or every key goes to a page nobody sees.
final class SectionFocusTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else {
            return XCTFail("xdotool is required (make test installs it)")
        }
        server = try TestHTTPServer(routes: ["/page": .init(body: "<title>Page</title><a href='/page'>a link</a>")])
    }

    override func tearDown() { server?.stop() }

    /// `skiff --section today URL`: the address loads in the browser behind, and Tab and Enter work
    /// in Today (a story opens), then in Home after Alt+3.
    func testAPageLoadingBehindAnotherSectionLeavesTheKeysWithThatSection() throws {
        let url = "\(server.base)/page"
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--ephemeral", "--section", "today", "--window-size", "1000x700"])
            let main = MainWindow(window: Window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Section Focus"
            main.window.present()
            defer { main.window.destroy() }
            guard let id = XDoTool.window(named: "Section Focus") else { return XCTFail("no X window") }
            main.browser.open(url) // as `skiff --section today URL` does
            XDoTool.run(["windowraise", id])
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.title == "Page" }, timeout: 20), "the page loaded behind Today")
            MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10)
            MainLoop.run(for: 0.5)
            // Tab from wherever the focus is reaches Today's cards within a few presses; Enter opens one.
            var presses = 0
            while !main.today.root.containsFocus, presses < 10 {
                XDoTool.run(["key", "--window", id, "Tab"])
                MainLoop.run(for: 0.15)
                presses += 1
            }
            XCTAssertTrue(main.today.root.containsFocus, "Tab reached Today; focus: \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "--window", id, "Return"])
            MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel("Close Story") } }, timeout: 3)
            XCTAssertTrue(main.window.presentedDescendants().contains { $0.hasLabel("Close Story") },
                          "a story opened from the keyboard; focus: \(main.window.focusDescription ?? "none")")
            XCTAssertFalse(main.window.focusTypeName == "WebKitWebView", "the hidden page does not have the keys")
        }
    }

    /// Home's tabs have keys of their own that the window's section keys do not take: Ctrl+2 shows
    /// Scan's member card, Alt+2 then shows Today.
    func testHomeTabKeysAndSectionKeysBothWork() throws {
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--ephemeral", "--section", "home", "--window-size", "1000x700"])
            let main = MainWindow(window: Window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Home Keys"
            main.window.present()
            defer { main.window.destroy() }
            guard let id = XDoTool.window(named: "Home Keys") else { return XCTFail("no X window") }
            XDoTool.run(["windowraise", id])
            XDoTool.run(["windowfocus", "--sync", id])
            MainLoop.run(for: 0.5)
            var presses = 0
            while !main.home.root.containsFocus, presses < 12 {
                XDoTool.run(["key", "--window", id, "Tab"])
                MainLoop.run(for: 0.1)
                presses += 1
            }
            XCTAssertTrue(main.home.root.containsFocus, "Tab reached Home; focus: \(main.window.focusDescription ?? "none")")
            @MainActor func memberCardShown() -> Bool {
                main.window.presentedDescendants().contains { $0.hasLabel("QR code of member number 6150238411770042") }
            }
            XCTAssertNotEqual(main.home.selectedTab, .scan)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+2"])
            XCTAssertTrue(MainLoop.run(until: { main.home.selectedTab == .scan && memberCardShown() }, timeout: 3),
                          "Ctrl+2 shows the Scan tab and its member card; tab \(main.home.selectedTab), card \(memberCardShown()), focus \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "--clearmodifiers", "alt+2"])
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .today }, timeout: 3), "Alt+2 shows Today")
        }
    }

    /// A story opened from the keyboard scrolls with Page Down at once (its focus starts on the close
    /// button), and Home brings its top back: its picture moves up out of view and back.
    func testAStoryOpenedFromTheKeyboardScrollsWithPageDown() throws {
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--ephemeral", "--section", "today", "--window-size", "900x600"])
            let main = MainWindow(window: Window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Story Keys"
            main.window.present()
            defer { main.window.destroy() }
            guard let id = XDoTool.window(named: "Story Keys") else { return XCTFail("no X window") }
            XDoTool.run(["windowraise", id])
            XDoTool.run(["windowfocus", "--sync", id])
            MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10)
            MainLoop.run(for: 0.3)
            var presses = 0
            while !main.today.root.containsFocus, presses < 10 {
                XDoTool.run(["key", "--window", id, "Tab"])
                MainLoop.run(for: 0.1)
                presses += 1
            }
            XDoTool.run(["key", "--window", id, "Return"])
            @MainActor func pictureTop() -> Double? {
                main.window.presentedDescendants().first { $0.hasLabel("Story image") }?.y
            }
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel("Close Story") } }, timeout: 3), "the story opened")
            MainLoop.run(for: 1.0)
            let top = try XCTUnwrap(pictureTop(), "the story's picture is presented")
            XDoTool.run(["key", "--window", id, "Page_Down"])
            XCTAssertTrue(MainLoop.run(until: { (pictureTop() ?? top) < top - 200 }, timeout: 2),
                          "Page Down scrolled the story: picture at \(pictureTop() ?? -1), was \(top)")
            XDoTool.run(["key", "--window", id, "Home"])
            XCTAssertTrue(MainLoop.run(until: { pictureTop() == top }, timeout: 2), "Home went back to the top")
        }
    }
}
