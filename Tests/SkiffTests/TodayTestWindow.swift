import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// A Today window for the card-look tests: `width`×800, cards drawn with `look`, at the screen's
/// corner and raised, its first cards shown. Closed when `body` returns.
@MainActor
enum TodayTestWindow {
    static func with(_ look: CardLook, width: Int, title: String, _ body: (MainWindow, String) throws -> Void) throws {
        CardLook.forced = look
        try open(["--window-size", "\(width)x800"], title: title, body)
    }

    /// The same, with the renderer's own look and `arguments` added to Today's ("--feed", FILE).
    static func open(_ arguments: [String], title: String, _ body: (MainWindow, String) throws -> Void) throws {
        let options = try Options.parse(["--section", "today", "--ephemeral"] + arguments)
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
        main.window.title = title
        main.window.present()
        defer { BrowserTestWindow.destroy(main.window) }
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window") }
        XDoTool.run(["windowmove", id, "0", "0"])
        XDoTool.run(["windowraise", id])
        XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10), "cards are shown")
        try body(main, id)
    }
}

/// Display tests that force a way of drawing cards: they need a display and xdotool, and put the
/// renderer's own choice back after each test.
class TodayLookTestCase: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
    }

    override func tearDown() {
        MainActor.assumeIsolated { CardLook.forced = nil }
    }
}
