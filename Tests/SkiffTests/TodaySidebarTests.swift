import FeedStore
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// Today's views by subscription and folder (issue 36): on a wide window a list beside the cards
/// (All, Unread, Starred, each feed and folder with its unread count), at 600 px the same choices in
/// the header's menu; the choice is the next start's. Read from what a screen reader gets (the
/// list's rows, their names and selected state, the cards' names) and chosen with the pointer and
/// the arrows.
final class TodaySidebarTests: XCTestCase {
    var server: TestHTTPServer!
    var folder: URL!

    /// An RSS feed titled `title` whose items are `items`, newest first, a day apart.
    static func feed(_ title: String, items: [String]) -> String {
        let entries = items.enumerated().map { index, item in
            "<item><title>\(item)</title><guid>\(title)-\(index)</guid><pubDate>\(TodaySubscribeTests.rfc822(TodayArticleTests.day(index)))</pubDate><description>\(item).</description></item>"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>\(title)</title><link>http://127.0.0.1/</link>\(entries.joined())</channel></rss>"
    }

    static let harbour = ["Tide tables for the week", "The ferry runs again"]
    static let lantern = ["Lanterns on the bridge"]
    static let field = ["Counting curlews", "Seed packets", "A wet spring"]

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        for (path, title, items) in [("harbour", "Harbour Notes", Self.harbour), ("lantern", "The Lantern", Self.lantern), ("field", "Fieldwork", Self.field)] {
            server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: Self.feed(title, items: items)), for: "/\(path).xml")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-today-sidebar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Harbour Notes at the top; The Lantern and Fieldwork in a folder, as an OPML file brings them.
        try """
        <?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>Feeds</title></head><body>
        <outline type="rss" text="Harbour Notes" xmlUrl="\(server.base)/harbour.xml"/>
        <outline text="Reading"><outline type="rss" text="The Lantern" xmlUrl="\(server.base)/lantern.xml"/>
        <outline type="rss" text="Fieldwork" xmlUrl="\(server.base)/field.xml"/></outline></body></opml>
        """.write(to: folder.appendingPathComponent("feeds.opml"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testTheListBesideTheCardsChoosesAFeedOrAFolderAndTheMenuDoesAt600PixelsAndTheChoiceIsKept() throws {
        let database = folder.appendingPathComponent("feeds.sqlite")
        let opml = folder.appendingPathComponent("feeds.opml").path
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(SkiffSettings.open())
            settings.todayView = .all
            defer { settings.todayView = .all }
            let first = try TodayViewsTests.open(["--import-opml", opml], database: database,
                                      settings: settings, title: "Today Sidebar One", width: 1280)
            var destroyed = false
            defer { if !destroyed { first.main.window.destroy() } }
            let main = first.main
            // The list a screen reader finds beside the cards, each row named with its unread count.
            XCTAssertTrue(MainLoop.run(until: { Self.row("Unread, 6 unread", in: main) != nil && !main.isRefreshingFeeds }, timeout: 20),
                          "a row for each feed once the three are read: \(Self.rowNames(in: main))")
            XCTAssertEqual(Self.rowNames(in: main), ["All Articles", "Unread, 6 unread", "Starred", "Harbour Notes, 2 unread",
                                                     "Reading, 4 unread", "Fieldwork, 3 unread", "The Lantern, 1 unread"])
            XCTAssertNotNil(Self.list(in: main), "the rows are a list named Articles to Show")
            XCTAssertTrue(Self.row("All Articles", in: main)?.state(.selected, is: true) == true, "All is the one chosen")
            XCTAssertNil(Self.chooser(in: main), "the header's chooser is not shown beside the list that offers the same")

            // A click on a feed: its cards only, and the row says it is chosen.
            XCTAssertTrue(MainLoop.run(until: { (Self.row("Harbour Notes, 2 unread", in: main)?.width ?? 0) > 0 }, timeout: 5), "the row is on screen")
            let harbourRow = try XCTUnwrap(Self.row("Harbour Notes, 2 unread", in: main))
            XDoTool.click(window: first.id, x: harbourRow.surfaceCentre.x, y: harbourRow.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title) == Self.harbour }, timeout: 10),
                          "Harbour Notes's cards: \(main.today.visibleCards.map(\.title))")
            XCTAssertTrue(Self.row("Harbour Notes, 2 unread", in: main)?.state(.selected, is: true) == true)
            // Down, from the row the click focused: the folder, and its two feeds' cards.
            XDoTool.run(["key", "Down"])
            @MainActor func showsTheFolder() -> Bool {
                let shown = main.today.visibleCards.map(\.title)
                return shown.count >= 2 && Set(shown).isSubset(of: Self.lantern + Self.field) && shown.contains(Self.lantern[0])
            }
            XCTAssertTrue(MainLoop.run(until: showsTheFolder, timeout: 10), "the Reading folder's cards: \(main.today.visibleCards.map(\.title))")
            XCTAssertTrue(MainLoop.run(until: { Self.row("Reading, 4 unread", in: main)?.state(.selected, is: true) == true }, timeout: 5))

            // At 600 px the list goes and the header's menu offers the same choices.
            XDoTool.run(["windowsize", "--sync", first.id, "600", "800"])
            XCTAssertTrue(MainLoop.run(until: { Self.list(in: main) == nil && (Self.chooser(in: main)?.width ?? 0) > 0 }, timeout: 10),
                          "no list at 600 px, the chooser instead: \(Self.rowNames(in: main))")
            _ = MainLoop.runUntilPainted(main.window)
            XCTAssertTrue(showsTheFolder(), "the same cards: \(main.today.visibleCards.map(\.title))")
            let chooser = try XCTUnwrap(Self.chooser(in: main))
            XDoTool.click(window: first.id, x: chooser.surfaceCentre.x, y: chooser.surfaceCentre.y)
            var item: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                item = main.viewChooser.presentedDescendants().first { $0.labelText?.trimmingCharacters(in: .whitespaces) == "Fieldwork (3)" }
                return item != nil
            }, timeout: 5), "the menu lists the feeds inside their folder")
            XCTAssertTrue(main.viewChooser.presentedDescendants().contains { $0.labelText == "Reading (4)" })
            let fieldwork = try XCTUnwrap(item)
            XDoTool.click(window: first.id, x: fieldwork.surfaceCentre.x, y: fieldwork.surfaceCentre.y)
            @MainActor func showsFieldwork(_ main: MainWindow) -> Bool {
                let shown = main.today.visibleCards.map(\.title)
                return !shown.isEmpty && shown == Array(Self.field.prefix(shown.count))
            }
            XCTAssertTrue(MainLoop.run(until: { showsFieldwork(main) }, timeout: 10), "Fieldwork's cards: \(main.today.visibleCards.map(\.title))")
            main.window.destroy()
            destroyed = true
            MainLoop.run(until: { !main.window.isMapped }, timeout: 2)

            // The next start shows Fieldwork again, chosen in the list.
            let second = try TodayViewsTests.open([], database: database, settings: settings, title: "Today Sidebar Two", width: 1280)
            defer { second.main.window.destroy() }
            let again = second.main
            XCTAssertTrue(MainLoop.run(until: { showsFieldwork(again) }, timeout: 20),
                          "the feed chosen before is the next start's: \(again.today.visibleCards.map(\.title))")
            XCTAssertTrue(MainLoop.run(until: { Self.row("Fieldwork, 3 unread", in: again)?.state(.selected, is: true) == true }, timeout: 10),
                          "and the list says so: \(Self.rowNames(in: again))")
        }
    }

    /// The list of views as a screen reader finds it, when it is on screen.
    @MainActor
    private static func list(in main: MainWindow) -> PresentedAccessible? {
        main.today.root.presentedDescendants().first { $0.hasRole(.list) && $0.hasLabel("Articles to Show") }
    }

    @MainActor
    private static func rows(in main: MainWindow) -> [PresentedAccessible] {
        guard list(in: main) != nil else { return [] }
        return main.today.root.presentedDescendants().filter { $0.hasRole(.listItem) && $0.x < 260 }
    }

    @MainActor
    private static func rowNames(in main: MainWindow) -> [String] { rows(in: main).compactMap(\.label) }

    @MainActor
    private static func row(_ name: String, in main: MainWindow) -> PresentedAccessible? { rows(in: main).first { $0.hasLabel(name) } }

    /// The header's chooser as a screen reader finds it.
    @MainActor
    private static func chooser(in main: MainWindow) -> PresentedAccessible? {
        main.window.presentedDescendants().first { $0.label?.hasPrefix("Articles to Show: ") == true }
    }
}
