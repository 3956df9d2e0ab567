import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// `skiff --subscribe URL` against a feed served on 127.0.0.1: its articles become cards under their
/// day, a story shows the article's text, and "Open in Browser" opens its page in a tab.
final class TodaySubscribeTests: XCTestCase {
    private var server: TestHTTPServer!
    private var folder: URL!

    static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    static func feed(base: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
        <channel><title>Harbour Notes</title><link>\(base)/</link><description>News from the quay</description>
        <item><title>Tide tables for the week</title><link>\(base)/tides.html</link><guid>tides</guid>
          <pubDate>\(rfc822(TodayArticleTests.day(0)))</pubDate><description>High water at noon.</description>
          <content:encoded><![CDATA[<p>The spring tide reaches the quay wall on Thursday.</p><script>document.title='hacked'</script><p>Moor with long lines.</p>]]></content:encoded></item>
        <item><title>The ferry runs again</title><link>\(base)/ferry.html</link><guid>ferry</guid>
          <pubDate>\(rfc822(TodayArticleTests.day(1)))</pubDate><description>After the storm.</description></item>
        </channel></rss>
        """
    }

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: Self.feed(base: server.base)), for: "/feed.xml")
        server.setResponse(.init(body: "<html><head><title>Tides Page</title></head><body><p>Tides.</p></body></html>"), for: "/tides.html")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-subscribe-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testSubscribedArticlesAreCardsUnderTheirDayAndOpenIntoTheirStoryAndPage() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--subscribe", feedURL, "--feeds-database", database, "--ephemeral", "--window-size", "1000x900"])
            let main = MainWindow(window: Window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Today Subscribe"
            main.window.present()
            defer { main.window.destroy(); MainLoop.run(for: 0.1) }
            guard let window = XDoTool.window(named: "Today Subscribe") else { return XCTFail("no X window") }
            XDoTool.run(["windowmove", window, "0", "0"])
            XDoTool.run(["windowraise", window])
            XCTAssertEqual(main.visibleSection, .today, "--subscribe shows Today")
            let titles = ["Tide tables for the week", "The ferry runs again"]
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title) == titles }, timeout: 20),
                          "the feed's articles are the cards: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            try TodayCardsOnScreen.assertCards(["Tide tables for the week"], underHeader: "Today", date: TodayArticleTests.day(0), in: main.today.root)
            try TodayCardsOnScreen.assertCards(["The ferry runs again"], underHeader: "Yesterday", date: TodayArticleTests.day(1), in: main.today.root)

            main.today.openFirstVisibleCard()
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen && !main.today.isLayingOutStory }, timeout: 10), "the story opened")
            let texts = main.today.root.presentedDescendants().compactMap(\.labelText)
            XCTAssertTrue(texts.contains("The spring tide reaches the quay wall on Thursday."), "\(texts)")
            XCTAssertTrue(texts.contains("Moor with long lines."), "\(texts)")
            XCTAssertFalse(texts.contains { $0.contains("hacked") }, "the script is not text either")
            MainLoop.run(for: 0.6)
            guard let button = main.today.root.presentedDescendants().first(where: { $0.isButton && $0.hasLabel("Open in Browser") }) else {
                return XCTFail("no Open in Browser button")
            }
            let tabsBefore = main.browser.tabCount
            XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .browser && main.window.title.contains("Tides Page") }, timeout: 20),
                          "the article's page is open in the Browser: \(main.window.title)")
            XCTAssertEqual(main.browser.barEntries.count, max(tabsBefore, 1), "in a tab (the blank one, or a new one)")
        }
    }
}
