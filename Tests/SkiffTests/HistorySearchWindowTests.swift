import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The address bar over a 100,000-page history made at test time, with real keys (xdotool): what
/// is found is read from what GTK presents to assistive technology (the suggestion buttons' names),
/// and the completion from the entry's text and selection.
final class HistorySearchWindowTests: XCTestCase {
    static let rows = 100_000
    /// Made once for the class: 100,000 rows take a while to write.
    nonisolated(unsafe) static var dataHome: URL?
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: ["/page": .init(body: "<title>Start</title><h1>Start</h1>")])
        if Self.dataHome == nil {
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-history-search-\(UUID().uuidString)")
            try DataLocations.createPrivateDirectory(home.appendingPathComponent("skiff"))
            try GeneratedHistory.write(rows: Self.rows, to: Self.locations(home).browserDatabase)
            Self.dataHome = home
        }
    }

    override func tearDown() { server?.stop() }

    override class func tearDown() {
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
        dataHome = nil
    }

    static func locations(_ home: URL) -> DataLocations {
        DataLocations(dataDirectory: home.appendingPathComponent("skiff"), stateDirectory: home.appendingPathComponent("state"))
    }

    @MainActor
    private static func withWindow(_ title: String, base: String, _ body: (MainWindow) throws -> Void) throws {
        let home = try XCTUnwrap(dataHome)
        let persistence = BrowserPersistence.open(locations: locations(home))
        let main = MainWindow(window: TestApplication.window(), options: try Options.parse(["--window-size", "900x640"]), sandbox: WebSandbox.probe(),
                              persistence: persistence)
        main.window.present()
        main.browser.delegate = nil
        main.window.title = title
        defer { BrowserTestWindow.destroy(main.window) }
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window for the test") }
        XDoTool.run(["windowfocus", "--sync", id])
        main.browser.load("\(base)/page")
        XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Start" && !main.browser.showsLoading }, timeout: 20))
        MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
        try body(main)
    }

    /// Ctrl+L, then `text` typed over the selected address.
    @MainActor
    private static func type(_ text: String, in main: MainWindow) {
        if !main.browser.isEditingAddress {
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            MainLoop.run(until: { main.browser.isEditingAddress && main.browser.addressEntry.containsFocus }, timeout: 3)
        }
        XDoTool.run(["key", "--clearmodifiers", "ctrl+a"])
        // Let the window see Ctrl go up before the first letter, or it arrives as a Ctrl chord.
        MainLoop.run(for: 0.15)
        XDoTool.run(["type", "--delay", "40", text])
    }

    @MainActor
    private static func suggestionNamed(_ name: String, in main: MainWindow) -> Bool {
        main.browser.root.presentedDescendants().contains { $0.isButton && $0.hasLabel(name) }
    }

    @MainActor
    private static func waitForSuggestion(_ name: String, present: Bool, in main: MainWindow) -> Bool {
        MainLoop.run(until: { suggestionNamed(name, in: main) == present }, timeout: 8)
    }

    func testAPageVisitedOnceLongAgoIsFoundByAWordOfItsTitleAndByPrefixesOutOfOrder() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try Self.withWindow("History Search Words", base: base) { main in
                let needle = GeneratedHistory.needleTitle
                Self.type("zzq", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: false, in: main), "control: not offered for text it lacks")
                XCTAssertTrue(MainLoop.holds(for: 0.5) { !Self.suggestionNamed(needle, in: main) }, "and it does not come later")

                Self.type("reference", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: true, in: main), "one word of the title, among \(Self.rows) pages")
                Self.type("zzq", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: false, in: main))
                Self.type("ref deb", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: true, in: main), "two word prefixes, out of order")
                Self.type("REF DÉB", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: true, in: main), "case and accents fold")
            }
        }
    }

    /// The rows are reused from key to key: after a text with a full list, a text with one match
    /// presents exactly one row to a screen reader (the rest hidden, not left behind).
    func testAShorterListAfterAFullOneShowsOnlyItsOwnRows() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try Self.withWindow("History Search Rows", base: base) { main in
                let rows = { main.browser.suggestionsList.presentedDescendants().filter(\.isButton) }
                Self.type("ref deb", in: main)
                XCTAssertTrue(Self.waitForSuggestion(GeneratedHistory.needleTitle, present: true, in: main))
                XCTAssertTrue(MainLoop.run(until: { rows().count == 1 }, timeout: 5), "one match, one row: \(rows().count)")
                Self.type("kernel", in: main)
                XCTAssertTrue(MainLoop.run(until: { rows().count == 8 }, timeout: 8), "a word in thousands of pages fills the list: \(rows().count)")
                Self.type("ref deb", in: main)
                XCTAssertTrue(Self.waitForSuggestion(GeneratedHistory.needleTitle, present: true, in: main))
                XCTAssertTrue(MainLoop.run(until: { rows().count == 1 }, timeout: 5), "back to one row: \(rows().count)")
                XCTAssertTrue(MainLoop.holds(for: 0.3) { rows().count == 1 }, "and stays one: \(rows().count)")
                XCTAssertTrue(rows()[0].hasLabel(GeneratedHistory.needleTitle))
            }
        }
    }

    func testQuotesPercentAndStarsGiveResultsOrNoneNeverAnError() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try Self.withWindow("History Search Syntax", base: base) { main in
                let needle = GeneratedHistory.needleTitle
                for text in ["\"", "%", "*", "deb\"", "\"deb", "de*b", "ref%", "100% *deb", "NEAR(ref deb)", "ref AND", "'"] {
                    Self.type(text, in: main)
                    XCTAssertTrue(MainLoop.holds(for: 0.3) { main.browser.isEditingAddress && main.browser.addressEntry.text.hasPrefix(text) },
                                  "\(text): nothing the search does takes the text or the editing away")
                    XCTAssertTrue(main.browser.isEditingAddress, "\(text): still editing")
                    XCTAssertEqual(main.browser.addressEntry.text.prefix(text.count), Substring(text), "\(text): the text stays as typed")
                    XCTAssertNil(main.browser.noticeText, "\(text): no error shown")
                }
                XCTAssertTrue(Self.waitForSuggestion(needle, present: false, in: main))
                // Punctuation inside a word is text to find, not syntax.
                Self.type("debian.org/doc", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: true, in: main), "an address with dots and a slash")
                // And the search still works after all of them.
                Self.type("debian reference", in: main)
                XCTAssertTrue(Self.waitForSuggestion(needle, present: true, in: main))
            }
        }
    }

    func testTheTopHitsAddressCompletesInlineAndBackspaceRemovesIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try Self.withWindow("History Search Completion", base: base) { main in
                let entry = main.browser.addressEntry
                Self.type("deb", in: main)
                XCTAssertTrue(MainLoop.run(until: { entry.text == "debian.org" }, timeout: 8), "completed: \(entry.text)")
                XCTAssertEqual(entry.selectionRange, 3..<10, "the completed part is selected")
                XDoTool.run(["key", "BackSpace"])
                XCTAssertTrue(MainLoop.run(until: { entry.text == "deb" }, timeout: 3), "Backspace removes it: \(entry.text)")
                XCTAssertTrue(MainLoop.holds(for: 0.5) { entry.text == "deb" }, "and it does not come back: \(entry.text)")
                XDoTool.run(["type", "i"])
                XCTAssertTrue(MainLoop.run(until: { entry.text == "debian.org" }, timeout: 8), "typing on completes again: \(entry.text)")
                XCTAssertEqual(entry.selectionRange, 4..<10)
                Self.type("reference", in: main)
                XCTAssertTrue(Self.waitForSuggestion(GeneratedHistory.needleTitle, present: true, in: main))
                XCTAssertTrue(MainLoop.holds(for: 0.3) { entry.text == "reference" }, "a match that is not the start of the address never completes: \(entry.text)")
            }
        }
    }
}
