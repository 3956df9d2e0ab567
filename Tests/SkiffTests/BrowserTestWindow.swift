import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The browser window the display tests drive: 900×640, private unless given persistence, with no
/// delegate, titled so that xdotool finds it (the title is unique per test).
@MainActor
enum BrowserTestWindow {
    /// The window and its X id; `focus` gives it the X focus before returning (for typed keys).
    /// `isPrivate`: private or not whatever the persistence (a private window handed the profile's
    /// database must still write nothing; a non-private one without any keeps things in memory).
    static func open(_ title: String, persistence: BrowserPersistence? = nil, isPrivate: Bool? = nil, focus: Bool = true) throws -> (MainWindow, String) {
        let options = try Options.parse(["--window-size", "900x640"] + (isPrivate ?? (persistence == nil) ? ["--private"] : []))
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe(), persistence: persistence)
        main.window.present()
        main.browser.delegate = nil
        main.window.title = title
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window for the test") }
        if focus { XDoTool.run(["windowfocus", "--sync", id]) }
        return (main, id)
    }

    /// `open`, then `uri` loaded with `pageTitle` and the chrome settled: the page is where a click
    /// aimed at it lands.
    static func open(_ title: String, showing uri: String, pageTitle: String, persistence: BrowserPersistence? = nil) throws -> (MainWindow, String) {
        let (main, id) = try open(title, persistence: persistence)
        guard load(main, uri, title: pageTitle) else {
            main.window.destroy()
            throw TestFailure("\(uri) did not load as “\(pageTitle)”")
        }
        MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
        return (main, id)
    }

    /// `open(_:showing:pageTitle:)`, then `body` with the window and its X id, then the window destroyed.
    static func with(_ title: String, showing uri: String, pageTitle: String, _ body: (MainWindow, String) throws -> Void) throws {
        let (main, id) = try open(title, showing: uri, pageTitle: pageTitle)
        defer { destroy(main.window) }
        try body(main, id)
    }

    /// Destroys `window` and waits (5 s at most) until its X window, found by its title, is off the
    /// screen: a destroyed window is unmapped on the loop's next turn, and the next test's xdotool
    /// should find only its own window.
    static func destroy(_ window: Gtk.Window, file: StaticString = #filePath, line: UInt = #line) {
        let title = window.title
        window.destroy()
        XCTAssertTrue(gone(title), "“\(title)” is off the screen", file: file, line: line)
    }

    /// No mapped X window is titled `title` (waited for, 5 s at most).
    static func gone(_ title: String) -> Bool {
        MainLoop.run(until: { XWindows.named(title, visibleOnly: true).isEmpty }, timeout: 5)
    }

    /// Moves the pointer to (x, y) in the page and clicks `button` once the page shows a link's address
    /// there (the link-status label: the web process has laid the page out and has the pointer on a
    /// link), or after 10 s: a click aimed at a page a loaded machine has not laid out yet reaches no
    /// link. What the click does is for the test to check.
    static func clickLink(_ main: MainWindow, window: String, atPageX x: Double, y: Double, button: String = "1") throws {
        let shown = main.browser.state.uri
        let origin = URL(string: shown ?? "").map { "\($0.scheme ?? "http")://\($0.host ?? ""):\($0.port ?? 80)/" } ?? "http://"
        try hover(main, window: window, atPageX: x, y: y) { text in text.hasPrefix(origin) && text != shown }
        XDoTool.run(["click", button])
    }

    /// Moves the pointer to (x, y) in the page until a label the page shows (the link-status label)
    /// satisfies `shows`, 10 s at most; each second it moves a pixel aside and back, so that the page
    /// gets motion again (a pointer already there, or one that came back from a dialog, sends none).
    /// Whether the label showed.
    @discardableResult
    static func hover(_ main: MainWindow, window: String, atPageX x: Double, y: Double, until shows: (String) -> Bool) throws -> Bool {
        let page = try XCTUnwrap(main.browser.webView?.originInSurface())
        let deadline = Date().addingTimeInterval(10)
        repeat {
            XDoTool.run(["mousemove", "--window", window, String(Int(page.x + x) - 1), String(Int(page.y + y) - 1)])
            XDoTool.run(["mousemove", "--window", window, String(Int(page.x + x)), String(Int(page.y + y))])
            let found = MainLoop.run(until: {
                main.window.presentedDescendants().contains { node in
                    guard let text = node.labelText, node.width > 0 else { return false }
                    return shows(text)
                }
            }, timeout: 1)
            if found { return true }
        } while Date() < deadline
        return false
    }

    /// Loads `uri` in the current tab and waits (20 s at most) until it has loaded with `title`.
    static func load(_ main: MainWindow, _ uri: String, title: String) -> Bool {
        main.browser.load(uri)
        return MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading }, timeout: 20)
    }
}
