import Foundation
import Browser
import BrowserModel
import Gtk
import SkiffApp
import TestSupport
import Today
import TodayModel
import XCTest

/// What a reader finds of articles in Today: cards under their day, each story's text, and its page
/// opened in the Browser.
final class TodayArticleTests: XCTestCase {
    private var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/harbour.html": .init(body: "<html><head><title>Harbour Page</title></head><body><p>The harbour page.</p></body></html>"),
        ])
    }

    override func tearDown() {
        server?.stop()
    }

    /// Noon `daysAgo` days before today, or the first second of today (never in the future).
    static func day(_ daysAgo: Int) -> Date {
        let calendar = Calendar.current
        let midnight = calendar.startOfDay(for: Date())
        if daysAgo == 0 { return midnight.addingTimeInterval(1) }
        return calendar.date(byAdding: .day, value: -daysAgo, to: midnight)?.addingTimeInterval(12 * 3600) ?? midnight
    }

    func testArticlesAreCardsUnderTheirDayAndTheStoryOpensInTheBrowser() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "today", "--ephemeral", "--window-size", "1000x900"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Today Articles"
            main.window.present()
            defer { BrowserTestWindow.destroy(main.window) }
            guard let window = XDoTool.window(named: "Today Articles") else { return XCTFail("no X window") }
            XDoTool.run(["windowmove", window, "0", "0"])
            XDoTool.run(["windowraise", window])
            XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10), "the sample is shown first")

            let articles = [
                ArticleCardInput(identity: "a1", feedTitle: "Harbour Notes", title: "Tide tables for the week", summary: "High water at noon.",
                                 published: Self.day(0), unread: true, link: URL(string: "\(base)/harbour.html")),
                ArticleCardInput(identity: "a2", feedTitle: "Harbour Notes", title: "The ferry runs again",
                                 published: Self.day(1), unread: false, link: URL(string: "\(base)/ferry.html")),
            ]
            main.today.host.storyBody = { id in StoryText(paragraphs: id == "a1" ? ["The first paragraph of the tide article.", "A second one."] : []) }
            main.today.replaceFeed(ArticleCards.feed(from: articles, now: Date()))
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title) == ["Tide tables for the week", "The ferry runs again"] }, timeout: 10),
                          "\(main.today.visibleCards.map(\.title))")
            try TodayCardsOnScreen.assertCards(["Tide tables for the week"], underHeader: "Today", date: Self.day(0), in: main.today.root)
            try TodayCardsOnScreen.assertCards(["The ferry runs again"], underHeader: "Yesterday", date: Self.day(1), in: main.today.root)
            XCTAssertEqual(main.today.visibleCardAccessibility.map(\.description), ["Unread. Harbour Notes. High water at noon.", "Harbour Notes"])

            var opened: [String] = []
            main.today.host.onStoryOpened = { opened.append($0) }
            main.today.openFirstVisibleCard()
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen && !main.today.isLayingOutStory }, timeout: 10), "the story opened")
            XCTAssertEqual(opened, ["a1"], "opening an unread article says so (to mark it read)")
            let storyLabels = main.today.root.presentedDescendants().compactMap(\.labelText)
            XCTAssertTrue(storyLabels.contains("The first paragraph of the tide article."), "\(storyLabels)")
            XCTAssertTrue(main.today.root.presentedDescendants().contains { $0.isButton && $0.hasLabel("Open in Browser") }, "the button is on screen")

            XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story came to rest")
            XDoTool.run(["windowfocus", "--sync", window])
            XDoTool.run(["key", "ctrl+Return"])
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .browser && main.window.title.contains("Harbour Page") }, timeout: 20),
                          "Ctrl+Enter opened the article in the Browser: \(main.window.title)")
            XCTAssertEqual(main.browser.state.windowTitle.contains("Harbour Page"), true)
        }
    }
}

/// Finds, on GTK's accessibility tree, the section headers and the card buttons of Today.
@MainActor
enum TodayCardsOnScreen {
    /// Each of `titles` is a card button below the header named `title` for `date`'s day, and above
    /// the next header.
    static func assertCards(_ titles: [String], underHeader title: String, date: Date, in root: Widget,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let presented = root.presentedDescendants()
        let day = try XCTUnwrap(CalendarDate(containing: date), file: file, line: line)
        let label = "\(title), \(day.headerText())"
        let headers = presented.filter { $0.hasRole(.heading) }.sorted { $0.y < $1.y }
        guard let header = headers.first(where: { $0.hasLabel(label) }) else {
            return XCTFail("no header \(label)", file: file, line: line)
        }
        let nextHeaderY = headers.first { $0.y > header.y }?.y ?? .infinity
        for cardTitle in titles {
            guard let card = presented.first(where: { $0.isButton && $0.hasLabel(cardTitle) }) else {
                XCTFail("no card \(cardTitle)", file: file, line: line)
                continue
            }
            XCTAssertTrue(card.y > header.y && card.y < nextHeaderY, "\(cardTitle) is under \(label)", file: file, line: line)
        }
    }
}
