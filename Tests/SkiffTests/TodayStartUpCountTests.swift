import Browser
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// The section switcher's "Today · N" from start-up, while the Browser shows and Today is not made.
final class TodayStartUpCountTests: XCTestCase {
    private var server: TestHTTPServer!
    private var folder: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: server.base)), for: "/feed.xml")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-count-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    @MainActor
    private static func withWindow(_ arguments: [String], database: String, _ body: (MainWindow) throws -> Void) throws {
        let options = try Options.parse(arguments + ["--feeds-database", database, "--ephemeral", "--window-size", "1000x900"])
        let main = MainWindow(window: Window(), options: options, sandbox: .unavailable(reason: "not needed"))
        main.window.present()
        defer { main.window.destroy(); MainLoop.run(for: 0.1) }
        try body(main)
    }

    func testTheUnreadCountShowsAtStartUpBeforeTodayIsOpened() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", feedURL], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 }, timeout: 20),
                              "subscribed: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            }
            try Self.withWindow(["--section", "browser"], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.switcher.presentedDescendants().contains { $0.labelText == "Today · 2" } }, timeout: 15),
                              "the switcher counts the unread: \(main.switcher.presentedDescendants().compactMap(\.labelText))")
                XCTAssertEqual(main.visibleSection, .browser)
                XCTAssertNil(main.sections.todayFeeds, "Today itself was not made for it")
            }
        }
    }
}
