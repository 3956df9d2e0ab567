import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Find in page in a real window, driven by real keys: the count a screen reader reads, and the
/// focus back on the page after Escape.
final class FindInPageWindowTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else {
            return XCTFail("xdotool is required (make test installs it)")
        }
        server = try TestHTTPServer(routes: [
            "/fruit": .init(body: "<title>Fruit</title><p>Apple pie, apple tart.</p><p>An APPLE a day; apple juice; crab apple.</p><p>Pear.</p>"),
        ])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func presents(_ main: MainWindow, _ label: String) -> Bool {
        MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(label) } }, timeout: 5)
    }

    func testCtrlFCountsMatchesStepsThroughThemAndEscapeGivesThePageBackTheFocus() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Find Keys")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/fruit", title: "Fruit"))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            XCTAssertFalse(main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }, "no find bar before Ctrl+F")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
            XCTAssertTrue(Self.presents(main, "Find in page"), "Ctrl+F shows the find field")
            XDoTool.run(["type", "--delay", "30", "apple"])
            XCTAssertTrue(Self.presents(main, "1 of 5"), "five matches, any case")
            XDoTool.run(["key", "F3"])
            XCTAssertTrue(Self.presents(main, "2 of 5"), "F3: the next")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(Self.presents(main, "3 of 5"), "Enter: the next")
            for _ in 0..<3 { XDoTool.run(["key", "shift+Return"]); MainLoop.run(for: 0.1) }
            XCTAssertTrue(Self.presents(main, "5 of 5"), "Shift+Enter goes back and wraps")
            XDoTool.run(["key", "--delay", "30", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "q", "q"])
            XCTAssertTrue(Self.presents(main, "No matches"))
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.containsFocus == true }, timeout: 3), "Escape gives the page the focus")
            XCTAssertFalse(main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }, "and the bar is gone")
            XCTAssertTrue(main.window.presentedDescendants().contains { $0.hasLabel("Address") }, "the address bar is back in its place")
        }
    }
}
