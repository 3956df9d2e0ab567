import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Find in page and zoom in a real window, driven by real keys: the count a screen reader reads,
/// the focus back on the page after Escape, and the page's pixels before and after zoom
/// (docs/find-and-zoom.md).
final class PageToolsWindowTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/fruit": .init(body: "<title>Fruit</title><p>Apple pie, apple tart.</p><p>An APPLE a day; apple juice; crab apple.</p><p>Pear.</p>"),
            "/long": .init(body: "<title>Long</title>" + String(repeating: "<p>Some words here and there.</p>", count: 300) + "<p>Quartzite one.</p>" + String(repeating: "<p>Some words here and there.</p>", count: 300) + "<p>Quartzite two.</p>"),
            "/fruit2": .init(body: "<title>Fruit 2</title><p>Apple and apple.</p>"),
            "/box": .init(body: "<title>Box</title><body style='margin:0;background:#fff'><div style='width:100px;height:100px;background:#000'></div><div style='height:3000px'></div>"),
        ])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func presents(_ main: MainWindow, _ label: String) -> Bool {
        MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(label) } }, timeout: 10)
    }

    /// Escape closed the find bar: it has left the accessibility tree and the page has the focus.
    @MainActor
    private static func findBarClosed(_ main: MainWindow) -> Bool {
        MainLoop.run(until: {
            main.browser.webView?.containsFocus == true && !main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }
        }, timeout: 5)
    }

    /// Ctrl+F opened the find bar: it is presented and its field has the keyboard.
    @MainActor
    private static func findBarOpen(_ main: MainWindow) -> Bool {
        MainLoop.run(until: {
            main.window.focusTypeName == "GtkText" && main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }
        }, timeout: 5)
    }

    /// Waits until the page's selection starts at `place`, "paragraph:offset" (the match the user
    /// sees selected), and says where it is.
    @MainActor
    private static func selection(in main: MainWindow, becomes place: String) -> String {
        let script = "(() => { const s = getSelection(); if (!s.rangeCount) return 'none';"
            + " return [...document.querySelectorAll('p')].indexOf(s.anchorNode.parentNode) + ':' + s.anchorOffset })()"
        var seen = "nothing"
        _ = MainLoop.run(until: {
            var answer: String?
            main.browser.webView?.evaluate(script) { answer = $0 ?? "error" }
            _ = MainLoop.run(until: { answer != nil }, timeout: 10)
            seen = answer ?? "no answer"
            return seen == place
        }, timeout: 10)
        return seen
    }

    func testCtrlFCountsMatchesStepsThroughThemAndEscapeGivesThePageBackTheFocus() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Find Keys", showing: "\(base)/fruit", pageTitle: "Fruit")
            defer { main.window.destroy() }
            XCTAssertFalse(main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }, "no find bar before Ctrl+F")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
            XCTAssertTrue(Self.presents(main, "Find in page"), "Ctrl+F shows the find field")
            XDoTool.run(["type", "--delay", "30", "apple"])
            XCTAssertTrue(Self.presents(main, "1 of 5"), "five matches, any case")
            // Counting the matches (after the typing paused) leaves the first one selected.
            XCTAssertEqual(Self.selection(in: main, becomes: "0:0"), "0:0", "the first match is selected")
            XDoTool.run(["key", "F3"])
            XCTAssertTrue(Self.presents(main, "2 of 5"), "F3: the next")
            XCTAssertEqual(Self.selection(in: main, becomes: "0:11"), "0:11", "and it is the one selected")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(Self.presents(main, "3 of 5"), "Enter: the next")
            XCTAssertEqual(Self.selection(in: main, becomes: "1:3"), "1:3")
            for count in ["2 of 5", "1 of 5"] {
                XDoTool.run(["key", "shift+Return"])
                XCTAssertTrue(Self.presents(main, count), "Shift+Enter goes back: \(count)")
            }
            XDoTool.run(["key", "shift+Return"])
            XCTAssertTrue(Self.presents(main, "5 of 5"), "Shift+Enter goes back and wraps")
            XCTAssertEqual(Self.selection(in: main, becomes: "1:34"), "1:34", "to the last match")
            XDoTool.run(["key", "--delay", "30", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "q", "q"])
            XCTAssertTrue(Self.presents(main, "No matches"))
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.containsFocus == true }, timeout: 3), "Escape gives the page the focus")
            XCTAssertFalse(main.window.presentedDescendants().contains { $0.hasLabel("Find in page") }, "and the bar is gone")
            XCTAssertTrue(main.window.presentedDescendants().contains { $0.hasLabel("Address") }, "the address bar is back in its place")
        }
    }

    /// A window on /fruit, the find bar opened with Ctrl+F and `query` typed, once its `count` is shown.
    @MainActor
    private static func fruitWithFindBar(_ title: String, on base: String, typing query: String, count: String) throws -> MainWindow {
        let (main, _) = try BrowserTestWindow.open(title, showing: "\(base)/fruit", pageTitle: "Fruit")
        XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
        XCTAssertTrue(Self.presents(main, "Find in page"), "Ctrl+F shows the find field")
        XDoTool.run(["type", "--delay", "30", query])
        XCTAssertTrue(Self.presents(main, count), "\(query): \(count), counted after the pause")
        return main
    }

    func testALetterTypedAfterTheCountSearchesTheLongerQuery() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let main = try Self.fruitWithFindBar("Find Pause", on: base, typing: "app", count: "1 of 5")
            defer { main.window.destroy() }
            XCTAssertEqual(Self.selection(in: main, becomes: "0:0"), "0:0", "the first match is selected")
            XDoTool.run(["key", "l"])
            XCTAssertTrue(Self.presents(main, "1 of 5"), "\"appl\": the same five")
            XCTAssertEqual(Self.selection(in: main, becomes: "0:0"), "0:0", "the first selected")
            XDoTool.run(["key", "x"])
            XCTAssertTrue(Self.presents(main, "No matches"), "\"applx\": none")
            // Closed and opened again, a new query typed a letter at a time, each counted.
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(Self.findBarClosed(main), "Escape closed the bar")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
            XCTAssertTrue(Self.findBarOpen(main), "Ctrl+F opened it again")
            for (letter, count) in [("a", "1 of 11"), ("p", "1 of 5"), ("p", "1 of 5")] {
                XDoTool.run(["key", letter])
                XCTAssertTrue(Self.presents(main, count), "\(letter): \(count)")
                // A typist's pause between letters, so each one is counted on its own.
                MainLoop.run(for: 0.3)
            }
        }
    }

    func testCtrlFAgainOnALongPageTypesOverTheLastQuery() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Find Long", showing: "\(base)/long", pageTitle: "Long")
            defer { main.window.destroy() }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
            XCTAssertTrue(Self.presents(main, "Find in page"))
            XDoTool.run(["type", "--delay", "150", "quartzite"])
            XCTAssertTrue(Self.presents(main, "1 of 2"))
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(Self.findBarClosed(main), "Escape closed the bar")
            XDoTool.run(["key", "ctrl+f"])
            XCTAssertTrue(Self.findBarOpen(main), "Ctrl+F opened it again")
            // The last query is back, selected: a letter replaces it (it went in front of it when
            // the reopened bar searched the page at once, which took the field's selection).
            XDoTool.run(["key", "q"])
            XCTAssertTrue(Self.presents(main, "1 of 2"), "\"q\": both")
            XCTAssertEqual(main.browser.findQuery, "q")
        }
    }

    func testAPageLoadedUnderTheOpenFindBarIsSearchedAgain() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let main = try Self.fruitWithFindBar("Find Reload", on: base, typing: "apple", count: "1 of 5")
            defer { main.window.destroy() }
            // A link followed in the page (the find bar stays open): its matches are counted.
            main.browser.webView?.evaluate("location.href = '/fruit2'; ''") { _ in }
            XCTAssertTrue(Self.presents(main, "1 of 2"), "the new page's count")
            XCTAssertEqual(Self.selection(in: main, becomes: "0:0"), "0:0", "its first match selected")
            XDoTool.run(["key", "F3"])
            XCTAssertTrue(Self.presents(main, "2 of 2"), "and F3 goes on in it")
        }
    }

    /// A wheel notch handled and drawn before the next, as a hand turns a wheel.
    @MainActor
    private static func notchHandled(_ main: MainWindow) {
        MainLoop.handlePendingInput()
        XCTAssertTrue(MainLoop.runUntilPainted(main.window, frames: 1))
    }

    func testCtrlPlusMinusAndZeroScaleThePage() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Zoom Keys", showing: "\(base)/box", pageTitle: "Box")
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.browser.webView?.originInSurface())
            // A 300×300 square at the page's corner: the black box's share of it is its area.
            let region = "300x300+\(Int(page.x))+\(Int(page.y))"
            @MainActor func boxArea() throws -> Double {
                let shot = try Screenshot.capture(window: window, settling: 0.6)
                defer { shot.remove() }
                return try XCTUnwrap(shot.darkFraction(in: region)) * 90_000
            }
            let normal = try boxArea()
            XCTAssertEqual(normal, 10_000, accuracy: 400, "100×100 at 100 %")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+equal"])
            XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"])
            XCTAssertEqual(try boxArea(), 14_400, accuracy: 600, "120×120 after two steps (110 %, 120 %)")
            XCTAssertEqual(main.browser.zoom.label, "120 %")
            // The main menu shows the level.
            XDoTool.run(["key", "F10"])
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel("120 %") } }, timeout: 3),
                          "the menu says 120 %")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.window.presentedDescendants().contains { $0.hasLabel("120 %") } }, timeout: 3),
                          "Escape closed the menu")
            for _ in 0..<4 { XDoTool.run(["key", "--clearmodifiers", "ctrl+minus"]) }
            XCTAssertEqual(try boxArea(), 6_400, accuracy: 400, "80×80 four steps down (80 %)")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+0"])
            XCTAssertEqual(try boxArea(), normal, accuracy: 200, "Ctrl+0: actual size again")
            // Ctrl+wheel up, two notches over the page: two steps in, and the page did not scroll.
            XDoTool.run(["mousemove", "--window", window, String(Int(page.x + 400)), String(Int(page.y + 200))])
            XDoTool.run(["keydown", "ctrl"])
            for _ in 0..<2 { XDoTool.run(["click", "4"]); Self.notchHandled(main) }
            XDoTool.run(["keyup", "ctrl"])
            XCTAssertEqual(try boxArea(), 14_400, accuracy: 600, "Ctrl+wheel: 120 %")
            XCTAssertEqual(main.browser.zoom.label, "120 %")
            // And down: two steps out, the page still at its top (a scroll would move the box away).
            XDoTool.run(["keydown", "ctrl"])
            for _ in 0..<2 { XDoTool.run(["click", "5"]); Self.notchHandled(main) }
            XDoTool.run(["keyup", "ctrl"])
            XCTAssertEqual(try boxArea(), normal, accuracy: 200, "Ctrl+wheel down: 100 % and not scrolled")
        }
    }
}
