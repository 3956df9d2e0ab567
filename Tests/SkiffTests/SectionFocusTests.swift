import Browser
import BrowserModel
import Foundation
import Gtk
import Home
import HomeModel
import SkiffApp
import TestSupport
import XCTest

/// The keyboard alone, through the window: the focus stays in the section on screen (a page loading
/// in the hidden browser must not take it, or every key goes to a page nobody sees), each section's
/// own keys work beside the window's, and a story scrolls with a reader's keys.
final class SectionFocusTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: ["/page": .init(body: "<title>Page</title><a href='/page'>a link</a>")])
    }

    override func tearDown() { server?.stop() }

    /// A window on `section`, raised and focused; nil (after a failure) if X cannot find it. The
    /// caller destroys it.
    @MainActor
    private static func open(_ section: String, title: String, size: String = "1000x700",
                             sandbox: WebSandbox.Status = .unavailable(reason: "not needed")) throws -> (MainWindow, String)? {
        let options = try Options.parse(["--ephemeral", "--section", section, "--window-size", size])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: sandbox)
        main.window.title = title
        main.window.present()
        guard let id = XDoTool.window(named: title) else {
            main.window.destroy()
            XCTFail("no X window")
            return nil
        }
        XDoTool.run(["windowraise", id])
        XDoTool.run(["windowfocus", "--sync", id])
        return (main, id)
    }

    /// Presses Tab until `widget` holds the focus (at most 12 times), each press read once the
    /// window's focus has moved; true if it does.
    @MainActor
    private static func tab(into widget: Widget, of window: Window, id: String) -> Bool {
        for _ in 0..<12 where !widget.containsFocus {
            let before = window.focusedWidgetPointer
            XDoTool.run(["key", "--window", id, "Tab"])
            XCTAssertTrue(MainLoop.run(until: { window.focusedWidgetPointer != before }, timeout: 3),
                          "Tab moved the focus on from \(window.focusDescription ?? "nothing")")
        }
        return widget.containsFocus
    }

    /// Today at 900×600 with the first card's story opened from the keyboard (Tab into the feed, Enter).
    @MainActor
    private static func openStory(title: String) throws -> (MainWindow, String)? {
        guard let (main, id) = try open("today", title: title, size: "900x600") else { return nil }
        MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10)
        XCTAssertTrue(MainLoop.runUntilPainted(main.window), "Today's cards were drawn")
        _ = tab(into: main.today.root, of: main.window, id: id)
        XDoTool.run(["key", "--window", id, "Return"])
        return (main, id)
    }

    @MainActor
    private static func storyIsOpen(_ main: MainWindow) -> Bool {
        main.window.presentedDescendants().contains { $0.hasLabel("Close Story") }
    }

    /// `skiff --section today URL`: the address loads in the browser behind, and Tab then Enter
    /// open a story in Today.
    func testAPageLoadingBehindAnotherSectionLeavesTheKeysWithThatSection() throws {
        let url = "\(server.base)/page"
        try MainActor.assumeIsolated {
            guard let (main, id) = try Self.open("today", title: "Section Focus", sandbox: WebSandbox.probe()) else { return }
            defer { main.window.destroy() }
            main.browser.open(url) // as `skiff --section today URL` does
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Page" }, timeout: 20), "the page loaded behind Today")
            MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10)
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "Today's cards were drawn")
            XCTAssertTrue(Self.tab(into: main.today.root, of: main.window, id: id), "Tab reached Today; focus: \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "--window", id, "Return"])
            MainLoop.run(until: { Self.storyIsOpen(main) }, timeout: 3)
            XCTAssertTrue(Self.storyIsOpen(main), "a story opened from the keyboard; focus: \(main.window.focusDescription ?? "none")")
            XCTAssertFalse(main.window.focusTypeName == "WebKitWebView", "the hidden page does not have the keys")
        }
    }

    /// Home's tabs have keys of their own that the window's section keys do not take: Ctrl+2 shows
    /// Scan's member card, Alt+2 then shows Today.
    func testHomeTabKeysAndSectionKeysBothWork() throws {
        try MainActor.assumeIsolated {
            guard let (main, id) = try Self.open("home", title: "Home Keys") else { return }
            defer { main.window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { main.home.root.isMapped }, timeout: 5), "Home is on screen")
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "and drawn")
            XCTAssertTrue(Self.tab(into: main.home.root, of: main.window, id: id), "Tab reached Home; focus: \(main.window.focusDescription ?? "none")")
            @MainActor func memberCardShown() -> Bool {
                main.window.presentedDescendants().contains { $0.hasLabel("QR code of member number 6150238411770042") }
            }
            XCTAssertNotEqual(main.home.selectedTab, .scan)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+2"])
            XCTAssertTrue(MainLoop.run(until: { main.home.selectedTab == .scan && memberCardShown() }, timeout: 3),
                          "Ctrl+2 shows the Scan tab and its member card; tab \(main.home.selectedTab), focus \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "--clearmodifiers", "alt+2"])
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .today }, timeout: 3), "Alt+2 shows Today")
        }
    }

    /// Alt+3 leaves the focus on the section switcher, outside Home: Ctrl+5 still shows Stores and
    /// marks its tab (and only its tab) selected, and a click on the Home tab then shows Home.
    func testHomeTabKeysWorkWithTheFocusOutsideHome() throws {
        try MainActor.assumeIsolated {
            guard let (main, id) = try Self.open("today", title: "Home Keys Outside") else { return }
            defer { main.window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { main.today.root.isMapped }, timeout: 5), "Today is on screen")
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "and drawn")
            XDoTool.run(["key", "--clearmodifiers", "alt+3"])
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .home && main.home.root.isMapped }, timeout: 5), "Alt+3 shows Home")
            // A negative check: nothing moves the focus into Home in the half second after it shows.
            XCTAssertTrue(MainLoop.holds(for: 0.5) { !main.home.root.containsFocus }, "the focus is outside Home: \(main.window.focusDescription ?? "none")")
            @MainActor func selected(_ tab: HomeTab) -> Bool { main.home.tabButton(tab)?.accessibleState(.selected, is: true) == true }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+5"])
            XCTAssertTrue(MainLoop.run(until: { selected(.stores) }, timeout: 3),
                          "Ctrl+5 marks the Stores tab selected; focus \(main.window.focusDescription ?? "none")")
            XCTAssertFalse(selected(.home), "and the Home tab no longer")
            XCTAssertEqual(main.home.pageTitle, "Stores")
            let home = try XCTUnwrap(main.home.tabButton(.home)?.bounds(in: main.window))
            XDoTool.click(window: id, x: home.x + home.width / 2, y: home.y + home.height / 2)
            XCTAssertTrue(MainLoop.run(until: { selected(.home) && main.home.pageTitle == "Home" }, timeout: 3),
                          "a click on Home shows Home: title \(main.home.pageTitle)")
            XCTAssertFalse(selected(.stores))
        }
    }

    /// A story scrolled down and closed shrinks back with its picture at the top of the shrinking frame
    /// (under its close button), not a scrolled stretch of fading text: a blank grey box.
    func testAScrolledStoryClosesShowingItsPicture() throws {
        try MainActor.assumeIsolated {
            guard let (main, id) = try Self.openStory(title: "Story Close Scrolled") else { return }
            defer { main.window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { Self.storyIsOpen(main) }, timeout: 3), "the story opened")
            XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story grew to its full size")
            @MainActor func top(_ label: String) -> Double? {
                main.window.presentedDescendants().first { $0.hasLabel(label) }?.y
            }
            for _ in 0..<2 {
                let before = try XCTUnwrap(top("Story image"))
                XDoTool.run(["key", "--window", id, "Page_Down"])
                XCTAssertTrue(MainLoop.run(until: { (top("Story image") ?? before) < before }, timeout: 3), "Page Down scrolled the story")
            }
            let scrolledPicture = try XCTUnwrap(top("Story image")), close = try XCTUnwrap(top("Close Story"))
            XCTAssertLessThan(scrolledPicture, close - 200, "scrolled: the picture is up out of view")
            XDoTool.run(["key", "--window", id, "Escape"])
            // Every frame of the closing as a screen reader finds it, from the first that moved
            // until the story is gone: read on each turn of the loop. (It was read once after
            // `handlePendingInput`, which turns the loop while anything is pending — and a running
            // animation always is — so on a 2-core Debian 12 machine the whole 0.3 s closing went by
            // first and the story was gone.)
            var closing: [(picture: Double, close: Double)] = []
            XCTAssertTrue(MainLoop.run(until: {
                guard let picture = top("Story image"), let close = top("Close Story") else { return true }
                if !closing.isEmpty || picture != scrolledPicture { closing.append((picture, close)) }
                return false
            }, timeout: 5), "the story closed")
            XCTAssertFalse(closing.isEmpty, "the closing was on screen")
            for frame in closing {
                XCTAssertGreaterThan(frame.picture, frame.close - 40, "closing: the picture is at the top of the frame (\(frame.picture) against \(frame.close))")
            }
        }
    }

    /// A story opened from the keyboard scrolls with Page Down at once (its focus starts on the close
    /// button), and Home brings its top back: its picture moves up out of view and back.
    func testAStoryOpenedFromTheKeyboardScrollsWithPageDown() throws {
        try MainActor.assumeIsolated {
            guard let (main, id) = try Self.openStory(title: "Story Keys") else { return }
            defer { main.window.destroy() }
            @MainActor func pictureTop() -> Double? {
                main.window.presentedDescendants().first { $0.hasLabel("Story image") }?.y
            }
            XCTAssertTrue(MainLoop.run(until: { Self.storyIsOpen(main) }, timeout: 3), "the story opened")
            XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story grew to its full size")
            let top = try XCTUnwrap(pictureTop(), "the story's picture is presented")
            XDoTool.run(["key", "--window", id, "Page_Down"])
            XCTAssertTrue(MainLoop.run(until: { (pictureTop() ?? top) < top - 200 }, timeout: 2),
                          "Page Down scrolled the story: picture at \(pictureTop() ?? -1), was \(top)")
            XDoTool.run(["key", "--window", id, "Home"])
            XCTAssertTrue(MainLoop.run(until: { pictureTop() == top }, timeout: 2), "Home went back to the top")
        }
    }
}
