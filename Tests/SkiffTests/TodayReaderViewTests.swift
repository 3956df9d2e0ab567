import Browser
import FeedStore
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import Today
import XCTest

/// Reader View against a summary-only feed served on 127.0.0.1 with its articles' pages: chosen per
/// feed in Subscriptions (by keyboard), or for one story with its button's shortcut; the article's
/// text from the page is what a screen reader finds in the story; a page that fails is told.
final class TodayReaderViewTests: XCTestCase {
    private var server: TestHTTPServer!
    private var folder: URL!

    static let firstSentence = "The first dredger arrived in the outer harbour on Monday morning, its crane swinging over the silted channel."
    /// The feed's summary: the start of the page's first paragraph, which the story keeps whole.
    static let summary = "The first dredger arrived in the outer harbour on Monday morning"
    static let lastSentence = "The harbour authority will publish a timetable of the work, tide by tide, every Friday on its notice board."

    /// The picture in the page's article, by its alt text.
    static let pictureName = "The dredger in the silted channel"

    /// The dredging article names its card's picture (not served), so its card never reads the page
    /// for one: what reads the page is Reader View.
    static func feed(base: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Tideline Gazette</title><link>\(base)/</link><description>Summaries only</description>
        <item><title>Harbour dredging begins</title><link>\(base)/dredging.html</link><guid>dredging</guid>
          <media:content url="\(base)/dredging-card.png" medium="image"/>
          <pubDate>\(TodaySubscribeTests.rfc822(TodayArticleTests.day(0)))</pubDate><description>\(summary)</description></item>
        <item><title>Lifeboat crew honoured</title><link>\(base)/lifeboat.html</link><guid>lifeboat</guid>
          <pubDate>\(TodaySubscribeTests.rfc822(TodayArticleTests.day(1)))</pubDate><description>A night rescue remembered.</description></item>
        </channel></rss>
        """
    }

    static let page = """
        <html><head><meta charset="utf-8"><title>Harbour dredging begins | Tideline Gazette</title></head><body>
        <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
        <div class="main"><article><h1>Harbour dredging begins</h1>
        <p>\(firstSentence)</p>
        <p><img src="/dredger.png" alt="\(pictureName)" width="300" height="150"></p>
        <p>Work will run in two shifts, from six in the morning until ten at night, and the channel should be clear by the end of the month.</p>
        <p>Residents along the sea wall, who were promised a quieter schedule, have asked the council to publish the permit, its conditions and its hours.</p>
        <p>\(lastSentence)</p>
        </article>
        <section class="comments"><p>COMMENT: Nobody, not once, told us about the night shift, the noise, the lights, or the trucks.</p></section></div>
        <footer><p>© Tideline Gazette, 12 Quay Street, all rights reserved, reproduction forbidden.</p></footer>
        </body></html>
        """

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: Self.feed(base: server.base)), for: "/feed.xml")
        server.setResponse(.init(body: Self.page), for: "/dredging.html")
        server.setResponse(.init(contentType: "image/png", bytes: try TestPicture.bytes(size: "300x150", fill: "xc:orange")), for: "/dredger.png")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    @MainActor
    private static func storyLabels(_ main: MainWindow) -> [String] {
        main.today.root.presentedDescendants().compactMap(\.labelText)
    }

    /// Reader View turned on in Subscriptions with the keyboard (stored in the file): the story of a
    /// summary-only article shows the article from its page — its paragraphs, not the page's menu or
    /// comments — fetched once, then read from the store.
    func testAFeedSetToReaderViewShowsTheArticleFromItsPage() throws {
        let database = folder.appendingPathComponent("feeds.sqlite").path
        let server: TestHTTPServer = self.server
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--subscribe", "\(server.base)/feed.xml"], database: database, title: "Reader View Feed") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Harbour dredging begins") }, timeout: 20),
                              "\(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
                main.showSubscriptions()
                let list = try XCTUnwrap(main.subscriptionsWindow)
                let name = "Show full articles (Reader View), Tideline Gazette"
                XCTAssertTrue(MainLoop.run(until: { list.window.presentedDescendants().contains { $0.hasLabel(name) } }, timeout: 10),
                              "the switch is on the accessibility tree by its name")
                guard let id = XDoTool.window(named: "Subscriptions") else { return XCTFail("no Subscriptions window") }
                let row = try XCTUnwrap(list.rows.first)
                XCTAssertFalse(row.reader.isActive)
                _ = row.name.grabFocus()
                XDoTool.run(["windowfocus", "--sync", id])
                XCTAssertTrue(MainLoop.run(until: { list.window.isActive }, timeout: 5), "the list takes the keys")
                // Reached with Tab from the feed's name, turned on with Space.
                for _ in 0..<6 where !row.reader.hasFocus {
                    XDoTool.run(["key", "Tab"])
                    MainLoop.run(until: { row.reader.hasFocus }, timeout: 1)
                }
                XCTAssertTrue(row.reader.hasFocus, "Tab reaches the switch")
                XDoTool.run(["key", "space"])
                XCTAssertTrue(MainLoop.run(until: { (try? Self.readerView(in: database)) == [true] }, timeout: 10), "the choice is in the file")
                list.window.close()
                XCTAssertTrue(MainLoop.run(until: { !list.window.isVisible }, timeout: 5), "the list closed")
                // The feed's new setting reaches Today's cards on a later turn, with nothing on screen to
                // show it: a moment, as a user takes between closing the list and opening a story (a
                // fresh-clone run opened the story before it on a loaded machine).
                MainLoop.run(for: 0.3)

                main.today.openFirstVisibleCard()
                XCTAssertEqual(main.today.storyTitle, "Harbour dredging begins")
                XCTAssertTrue(MainLoop.run(until: { Self.storyLabels(main).contains(Self.lastSentence) && !main.today.isLayingOutStory }, timeout: 20),
                              "the page's article is in the story: \(Self.storyLabels(main))")
                let labels = Self.storyLabels(main)
                XCTAssertTrue(labels.contains(Self.firstSentence), "\(labels)")
                XCTAssertTrue(labels.contains(Self.summary), "the summary is still the lead")
                XCTAssertFalse(labels.contains { $0.contains("COMMENT") || $0.contains("all rights reserved") }, "\(labels)")
                XCTAssertFalse(main.today.storyOffersReaderView, "the story already is the full article")
                XCTAssertEqual(server.requestCount(for: "/dredging.html"), 1)

                // Opened again: read from the store, not fetched again.
                main.today.closeOpenStory()
                XCTAssertTrue(MainLoop.run(until: { !main.today.isStoryShown }, timeout: 10))
                main.today.openFirstVisibleCard()
                XCTAssertTrue(MainLoop.run(until: { Self.storyLabels(main).contains(Self.lastSentence) }, timeout: 10), "\(Self.storyLabels(main))")
                XCTAssertEqual(server.requestCount(for: "/dredging.html"), 1, "the page is fetched once")
            }
        }
    }

    /// Without Reader View chosen, the story of a summary-only article offers it; Ctrl+Alt+R fetches
    /// the article into the story.
    func testASummaryOnlyStoryOffersReaderViewAndCtrlAltRShowsTheArticle() throws {
        let database = folder.appendingPathComponent("feeds.sqlite").path, cache = folder.appendingPathComponent("pictures").path
        let server: TestHTTPServer = self.server
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--subscribe", "\(server.base)/feed.xml", "--picture-cache", cache], database: database,
                                               title: "Reader View Story") { main in
                guard let window = XDoTool.window(named: "Reader View Story") else { return XCTFail("no X window") }
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Harbour dredging begins") }, timeout: 20))
                main.today.openFirstVisibleCard()
                XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen && !main.today.isLayingOutStory }, timeout: 10))
                XCTAssertTrue(MainLoop.run(until: { main.today.root.presentedDescendants().contains { $0.isButton && $0.hasLabel("Reader View") } }, timeout: 10),
                              "the button is on screen")
                XCTAssertFalse(Self.storyLabels(main).contains(Self.firstSentence))
                XCTAssertEqual(server.requestCount(for: "/dredging.html"), 0, "nothing fetched before it is asked for")
                XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story has come to rest")
                XDoTool.run(["windowfocus", "--sync", window])
                XDoTool.run(["key", "ctrl+alt+r"])
                XCTAssertTrue(MainLoop.run(until: { Self.storyLabels(main).contains(Self.lastSentence) && !main.today.isLayingOutStory }, timeout: 20),
                              "the page's article is in the story: \(Self.storyLabels(main))")
                let labels = Self.storyLabels(main)
                XCTAssertTrue(labels.contains(Self.firstSentence))
                XCTAssertEqual(labels.filter { $0 == Self.summary }.count, 1, "the lead once: \(labels)")
                XCTAssertFalse(main.today.root.presentedDescendants().contains { $0.isButton && $0.hasLabel("Reader View") }, "offered no more")
                XCTAssertTrue(MainLoop.run(until: {
                    main.today.root.presentedDescendants().contains { $0.hasRole(.img) && $0.hasLabel(Self.pictureName) && $0.width == 300 }
                }, timeout: 10), "the article's picture from the page is in the story, at its size")
                XCTAssertEqual(server.requestCount(for: "/dredger.png"), 1)
                XCTAssertEqual(server.requestCount(for: "/dredging.html"), 1)
            }
        }
    }

    /// A page that cannot be had is told in the story, under the summary, which stays.
    func testAPageThatFailsIsToldAndTheSummaryStays() throws {
        let database = folder.appendingPathComponent("feeds.sqlite").path
        server.setResponse(.init(status: "404 Not Found", body: "<html><body>Gone</body></html>"), for: "/dredging.html")
        // Reader View chosen before the window opens (the store's own call), fetched on start.
        let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
        let feed = try store.addFeed(url: try XCTUnwrap(URL(string: "\(server.base)/feed.xml")), now: Date())
        try store.setReaderView(feed.id, true)
        try store.close()
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--section", "today"], database: database, title: "Reader View Failure") { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Harbour dredging begins") }, timeout: 20),
                              "\(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
                main.today.openFirstVisibleCard()
                let notice = "Couldn’t load the full article: the server answered 404 Not Found"
                XCTAssertTrue(MainLoop.run(until: { Self.storyLabels(main).contains(notice) }, timeout: 20), "\(Self.storyLabels(main))")
                XCTAssertTrue(Self.storyLabels(main).contains(Self.summary), "the summary stays")
            }
        }
    }

    private static func readerView(in database: String) throws -> [Bool] {
        let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
        defer { try? store.close() }
        return try store.feeds().map(\.readerView)
    }
}
