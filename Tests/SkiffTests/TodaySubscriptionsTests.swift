import Browser
import FeedStore
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// "Export Subscriptions…" through the real save dialog (a name typed with real keys), and the file
/// read back by another reader — here Skiff's own --import-opml into a fresh database; the
/// switcher's unread count from start-up.
final class TodaySubscriptionsTests: XCTestCase {
    private var server: TestHTTPServer!
    private var folder: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: server.base)), for: "/feed.xml")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-subscriptions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Opens "Export Subscriptions…" and answers the save dialog with `path`, typed with real keys.
    @MainActor
    private static func export(_ main: MainWindow, to path: String) throws {
        main.actions.activate("export-subscriptions")
        try answerSaveDialog(with: path)
    }

    @MainActor
    private static func answerSaveDialog(with path: String) throws {
        try XDoTool.answerFileDialog("Export Subscriptions", typing: path)
    }

    /// What a database holds, as a user would see it listed: address, name, folder.
    private static func subscriptions(in database: String) throws -> [String] {
        let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
        defer { try? store.close() }
        return try store.feeds().map { "\($0.url.absoluteString) | \($0.displayTitle) | \($0.folder ?? "-")" }.sorted()
    }

    /// Another reader's OPML file at `url`: Harbour Notes (the served feed) in the folder "Sea & Shore",
    /// Quay Gossip (not served) in none. Returns their addresses.
    private func writeOPML(to url: URL) throws -> (harbour: String, gossip: String) {
        let harbour = "\(server.base)/feed.xml", gossip = "\(server.base)/gossip.xml"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Sea &amp; Shore"><outline type="rss" text="Harbour Notes" xmlUrl="\(harbour)"/></outline>
            <outline type="rss" text="Quay Gossip" xmlUrl="\(gossip)"/>
            </body></opml>
            """.write(to: url, atomically: true, encoding: .utf8)
        return (harbour, gossip)
    }

    func testExportedSubscriptionsImportIntoAFreshStoreWithTheirNamesAndFolders() throws {
        let source = folder.appendingPathComponent("mine.opml")
        let (harbour, gossip) = try writeOPML(to: source)
        let first = folder.appendingPathComponent("first.sqlite").path, second = folder.appendingPathComponent("second.sqlite").path
        let exported = folder.appendingPathComponent("exported.opml")
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--import-opml", source.path], database: first, title: "Today Export") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("The ferry runs again") }, timeout: 20),
                              "imported: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
                try Self.export(main, to: exported.path)
                XCTAssertTrue(MainLoop.run(until: { FileManager.default.fileExists(atPath: exported.path) }, timeout: 15),
                              "written where typed")
                XCTAssertFalse(main.today.problemsText?.contains("exported") == true, "no failure told: \(main.today.problemsText ?? "")")
            }
        }
        let expected = ["\(harbour) | Harbour Notes | Sea & Shore", "\(gossip) | Quay Gossip | -"]
        XCTAssertEqual(try Self.subscriptions(in: first), expected, "the first store")
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--import-opml", exported.path], database: second, title: "Today Import") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("The ferry runs again") }, timeout: 20),
                              "the exported file imports: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            }
        }
        XCTAssertEqual(try Self.subscriptions(in: second), expected, "the same feeds, names and folders in a fresh store")
    }

    /// Opens "Import Subscriptions…" and answers the open dialog with `path`: its location field
    /// (Ctrl+L), typed with real keys.
    @MainActor
    private static func importFile(_ main: MainWindow, from path: String) throws {
        main.actions.activate("import-subscriptions")
        try XDoTool.answerFileDialog("Import Subscriptions", typing: path, opening: true)
        XCTAssertTrue(MainLoop.run(until: { XDoTool.window(named: "Import Subscriptions", timeout: 0.2) == nil }, timeout: 10), "the dialog closes")
    }

    /// "Import Subscriptions…" from the menu, through the real open dialog: a file that is not OPML is
    /// told by name on screen and adds nothing; an OPML file's feeds are subscribed to (names and
    /// folders kept, on disk) and their articles show as cards; the Subscriptions window lists the feed in
    /// no folder first, then the folder's name above its feed; the same file again is told it adds nothing.
    func testImportSubscriptionsReadsTheChosenFileAndTellsWhatItCannotRead() throws {
        let notes = folder.appendingPathComponent("notes.opml"), source = folder.appendingPathComponent("mine.opml")
        try "These are my notes, not a list of feeds.".write(to: notes, atomically: true, encoding: .utf8)
        let (harbour, gossip) = try writeOPML(to: source)
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--section", "browser"], database: database, title: "Today Import Menu") { main in
                @MainActor func shown(_ text: String) -> Bool {
                    main.today.root.presentedDescendants().contains { $0.labelText?.contains(text) == true }
                }
                try Self.importFile(main, from: notes.path)
                XCTAssertTrue(MainLoop.run(until: { shown("notes.opml") }, timeout: 15),
                              "a file that is not OPML is told by name: \(main.today.problemsText ?? "nothing")")
                XCTAssertEqual(main.visibleSection, .today, "Today shown, where the problems bar is")

                try Self.importFile(main, from: source.path)
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("The ferry runs again") }, timeout: 20),
                              "the file's feed is read: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")

                main.showSubscriptions()
                let list = try XCTUnwrap(main.subscriptionsWindow)
                @MainActor func top(_ label: String) -> Double? {
                    list.window.presentedDescendants().first { ($0.hasLabel(label) || $0.labelText == label) && $0.height > 0 }?.y
                }
                // Read once the window is laid out (a row's place is known after its first frame).
                XCTAssertTrue(MainLoop.run(until: { (top("Name of Harbour Notes") ?? 0) > 0 && top("Sea & Shore") != nil }, timeout: 10),
                              "the folder's name is shown")
                XCTAssertTrue(list.window.presentedDescendants().contains { $0.labelText == "Sea & Shore" && $0.hasRole(.heading) },
                              "as a heading, for a screen reader to jump to")
                let loose = try XCTUnwrap(top("Name of Quay Gossip")), heading = try XCTUnwrap(top("Sea & Shore"))
                let inFolder = try XCTUnwrap(top("Name of Harbour Notes"))
                XCTAssertLessThan(loose, heading, "the feed in no folder first")
                XCTAssertLessThan(heading, inFolder, "then the folder's name above its feed")
                list.window.destroy()
                main.subscriptionsWindow = nil

                try Self.importFile(main, from: source.path)
                XCTAssertTrue(MainLoop.run(until: { shown("“mine.opml” has no feed that isn’t already subscribed to.") }, timeout: 15),
                              "the same file again adds nothing, and says so: \(main.today.problemsText ?? "nothing")")
            }
        }
        XCTAssertEqual(try Self.subscriptions(in: database), ["\(harbour) | Harbour Notes | Sea & Shore", "\(gossip) | Quay Gossip | -"],
                       "kept on disk once, names and folder")
    }

    /// A file that can't be written (/proc takes no new files, even for root): the failure is told in
    /// Today's problems bar (from the menu) or the Subscriptions window (from its button), with the file's name.
    func testAFailedExportIsToldWhereItWasAsked() throws {
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--section", "browser"], database: database, title: "Today Export Fails") { main in
                try Self.export(main, to: "/proc/skiff-export.opml")
                let told = "The subscriptions couldn’t be exported to “skiff-export.opml”"
                XCTAssertTrue(MainLoop.run(until: { main.today.problemsText?.contains(told) == true }, timeout: 15),
                              "told: \(main.today.problemsText ?? "nothing")")
                XCTAssertEqual(main.visibleSection, .today, "Today shown, where the problems bar is")
                XCTAssertTrue(main.today.root.presentedDescendants().contains { $0.labelText?.contains(told) == true }, "on screen")

                // The same from the Subscriptions window's button, clicked: told in that window.
                main.showSubscriptions()
                let list = try XCTUnwrap(main.subscriptionsWindow)
                let id = try XCTUnwrap(XDoTool.window(named: "Subscriptions"), "the Subscriptions window")
                XDoTool.run(["windowfocus", "--sync", id])
                XCTAssertTrue(MainLoop.run(until: { list.window.isActive }, timeout: 5), "the list takes the keys")
                let button = try XCTUnwrap(list.window.settledDescendant { $0.isButton && $0.hasLabel("Export Subscriptions…") })
                XDoTool.click(window: id, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
                try Self.answerSaveDialog(with: "/proc/skiff-export-2.opml")
                let toldThere = "The subscriptions couldn’t be exported to “skiff-export-2.opml”"
                XCTAssertTrue(MainLoop.run(until: { list.window.presentedDescendants().contains { $0.labelText?.contains(toldThere) == true } }, timeout: 15),
                              "told in the Subscriptions window: \(list.window.presentedDescendants().compactMap(\.labelText))")
            }
        }
    }

    /// An ill-formed feed: its cards show, and what recovery skipped or repaired is listed with its
    /// line in Today's problems bar and under the feed in the Subscriptions window (read from the store).
    func testAFeedsParseProblemsAreListedWithTheirLine() throws {
        server.setResponse(.init(contentType: "application/rss+xml", body: """
            <rss version="2.0"><channel><title>Broken Harbour</title>
            <item><title>Fish & chips</title><guid>fish</guid></item>
            <item><title>Unclosed</title><guid>unclosed</guid>
            </channel></rss>
            """), for: "/broken.xml")
        let database = folder.appendingPathComponent("feeds.sqlite").path
        let address = "\(server.base)/broken.xml"
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--subscribe", address], database: database, title: "Today Parse Problems") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Fish & chips") }, timeout: 20),
                              "recovery kept the articles: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
                let line = "Broken Harbour, line 2: An unescaped “&” was read as text"
                XCTAssertTrue(MainLoop.run(until: {
                    main.today.root.presentedDescendants().contains { $0.labelText?.contains(line) == true }
                }, timeout: 10), "the problems bar lists it: \(main.today.problemsText ?? "nothing")")

                main.showSubscriptions()
                let list = try XCTUnwrap(main.subscriptionsWindow)
                XCTAssertTrue(MainLoop.run(until: {
                    list.window.presentedDescendants().contains { $0.labelText?.contains("• line 2: An unescaped “&” was read as text") == true }
                }, timeout: 10), "listed under the feed: \(list.window.presentedDescendants().compactMap(\.labelText))")
                list.window.destroy()
            }
        }
    }

    /// A window opening on the Browser on a database with unread articles: "Today · 2" on the
    /// switcher, and Today itself not made for it.
    func testTheUnreadCountShowsAtStartUpBeforeTodayIsOpened() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--subscribe", feedURL], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 }, timeout: 20),
                              "subscribed: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            }
            try TodaySubscribeTests.withWindow(["--section", "browser"], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.switcher.presentedDescendants().contains { $0.labelText == "Today · 2" } }, timeout: 15),
                              "the switcher counts the unread: \(main.switcher.presentedDescendants().compactMap(\.labelText))")
                XCTAssertEqual(main.visibleSection, .browser)
                XCTAssertNil(main.sections.todayFeeds, "Today itself was not made for it")
            }
        }
    }
}
