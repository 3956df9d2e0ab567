import Browser
import BrowserModel
import FeedStore
import Foundation
import Gtk
@testable import SkiffApp
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
          <content:encoded><![CDATA[<p>High water at noon.</p><p>The spring tide reaches the quay wall on Thursday.</p><script>document.title='hacked'</script><p>Moor with long lines.</p>]]></content:encoded></item>
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
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Today Subscribe"
            main.window.present()
            defer { BrowserTestWindow.destroy(main.window) }
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
            XCTAssertEqual(texts.filter { $0 == "High water at noon." }.count, 1, "the summary is the lead, not said twice: \(texts)")
            guard let button = main.today.root.settledDescendant(where: { $0.isButton && $0.hasLabel("Open in Browser") }) else {
                return XCTFail("no Open in Browser button")
            }
            let tabsBefore = main.browser.heardTabCount ?? 0
            XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .browser && main.window.title.contains("Tides Page") }, timeout: 20),
                          "the article's page is open in the Browser: \(main.window.title)")
            XCTAssertEqual(main.browser.barEntries.count, max(tabsBefore, 1), "in a tab (the blank one, or a new one)")
        }
    }

    /// A Today window with `arguments` and its own feeds database; closed when `body` returns (and
    /// waited for until off the screen, found by `title`).
    @MainActor
    static func withWindow(_ arguments: [String], database: String, title: String = "Today Feeds", _ body: (MainWindow) throws -> Void) throws {
        let options = try Options.parse(arguments + ["--feeds-database", database, "--ephemeral", "--window-size", "1000x900"])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
        main.window.title = title
        main.window.present()
        defer { BrowserTestWindow.destroy(main.window) }
        try body(main)
    }

    func testASiteAddressIsSubscribedThroughTheFeedItsPageNames() throws {
        server.setResponse(.init(body: """
            <html><head><title>Harbour</title><link rel="alternate" type="application/rss+xml" title="Harbour Notes" href="/feed.xml"></head>
            <body>The harbour's site.</body></html>
            """), for: "/")
        let site = "\(server.base)/"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", site], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Tide tables for the week") }, timeout: 20),
                              "the page's feed was found and read: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            }
        }
    }

    /// A feed with nothing in it is subscribed to: Today says so on a card, not with an empty page,
    /// and the card is what a screen reader finds.
    func testSubscriptionsWithNoArticleShowACardSayingSo() throws {
        server.setResponse(.init(contentType: "application/rss+xml", body: """
            <rss version="2.0"><channel><title>Quiet Quay</title><link>\(server.base)/</link><description>Nothing yet</description></channel></rss>
            """), for: "/quiet.xml")
        let database = folder.appendingPathComponent("feeds.sqlite").path, address = "\(server.base)/quiet.xml"
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", address], database: database) { main in
                let presented = { main.today.root.presentedDescendants().filter(\.isButton) }
                XCTAssertTrue(MainLoop.run(until: { presented().contains { $0.hasLabel("No articles yet") } }, timeout: 20),
                              "the card: \(presented().compactMap(\.labelText)) \(main.today.problemsText ?? "")")
                XCTAssertFalse(presented().contains { $0.hasLabel("Add your feeds") }, "not the sample: there is a subscription")
            }
        }
    }

    func testAnAddressThatIsNotAFeedIsToldInTheProblemsBarAndTheSampleStays() throws {
        server.setResponse(.init(contentType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]), for: "/picture.png")
        let address = "\(server.base)/picture.png"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", address], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.problemsText?.contains("picture") == true }, timeout: 20),
                              "told: \(main.today.problemsText ?? "nothing")")
                // The sample is read in the background: it may show after the answer came.
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.first?.title == "Add your feeds" }, timeout: 10),
                              "the sample invites still: \(main.today.visibleCards.map(\.title))")
            }
            // What is on disk: no subscription was kept.
            let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
            XCTAssertEqual(try store.feeds().map(\.url.absoluteString), [])
            try store.close()
        }
    }

    /// `--subscribe` answered by a redirect to a `file:` address: told, nothing kept.
    func testASubscriptionRedirectedToAFileIsToldAndNotKept() throws {
        var moved = TestHTTPServer.Response(status: "302 Found", body: "")
        moved.headers = ["Location: file:///etc/passwd"]
        server.setResponse(moved, for: "/to-file")
        let database = folder.appendingPathComponent("feeds.sqlite").path
        let address = "\(server.base)/to-file"
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", address], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.problemsText?.contains("file:///etc/passwd") == true }, timeout: 20),
                              "told: \(main.today.problemsText ?? "nothing")")
            }
            let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
            XCTAssertEqual(try store.feeds().map(\.url.absoluteString), [])
            try store.close()
        }
    }

    func testAnOPMLFileIsImported() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("subscriptions.opml")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Harbour"><outline type="rss" text="Harbour Notes" xmlUrl="\(server.base)/feed.xml"/></outline>
            <outline type="rss" text="Local" xmlUrl="file:///etc/passwd"/>
            </body></opml>
            """.write(to: file, atomically: true, encoding: .utf8)
        let path = file.path
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--import-opml", path], database: database) { main in
                XCTAssertEqual(main.visibleSection, .today)
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("The ferry runs again") }, timeout: 20),
                              "the file's feed was read: \(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
                // What it held that was left out is told, not dropped.
                XCTAssertTrue(MainLoop.run(until: {
                    main.today.problemsText?.contains("subscriptions.opml: 1 entry was skipped, not web addresses: file:///etc/passwd.") == true
                }, timeout: 10), "told: \(main.today.problemsText ?? "nothing")")
            }
        }
    }

    /// The Subscriptions window lists the feed with its last update; renaming it renames its cards'
    /// feed, removing it brings the sample back.
    func testSubscriptionsAreListedRenamedAndRemoved() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", feedURL], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title).contains("Tide tables for the week") }, timeout: 20))
                main.showSubscriptions()
                let list = try XCTUnwrap(main.subscriptionsWindow)
                guard let id = XDoTool.window(named: "Subscriptions") else { return XCTFail("no Subscriptions window") }
                let presented = list.window.presentedDescendants()
                XCTAssertTrue(presented.contains { $0.labelText == "Updated just now" }, "\(presented.compactMap(\.labelText))")
                XCTAssertTrue(presented.contains { $0.labelText == feedURL })
                XCTAssertNotNil(presented.first { $0.isButton && $0.hasLabel("Remove Harbour Notes") })
                XCTAssertEqual(list.rows.first?.name.text, "Harbour Notes")

                _ = list.rows.first?.name.grabFocus()
                XDoTool.run(["windowfocus", "--sync", id])
                XDoTool.run(["key", "ctrl+a"])
                XDoTool.run(["type", "Quay News"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCardAccessibility.first?.description?.contains("Quay News") == true }, timeout: 10),
                              "the cards say the new name: \(main.today.visibleCardAccessibility.map(\.description))")

                // Where the button is now: the rename made the rows again, and the site's icon may have
                // arrived since (a loaded machine took the old place for the click).
                var remove: PresentedAccessible?
                XCTAssertTrue(MainLoop.run(until: {
                    remove = list.window.presentedDescendants().first { $0.isButton && $0.hasLabel("Remove Quay News") }
                    return remove != nil
                }, timeout: 10), "the row is made again under its new name")
                remove = list.window.settledDescendant { $0.isButton && $0.hasLabel("Remove Quay News") }
                let button = try XCTUnwrap(remove)
                XDoTool.click(window: id, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.first?.title == "Add your feeds" }, timeout: 10),
                              "the last subscription gone, the sample invites again: \(main.today.visibleCards.map(\.title))")
                XCTAssertTrue(list.rows.isEmpty)
                XCTAssertEqual(try SQLiteFile.rows(URL(fileURLWithPath: database), "SELECT count(*) FROM articles"), "0", "its articles went too")

                // The toast's Undo brings it back as it was: its name, its cards, in the file.
                var undo: PresentedAccessible?
                XCTAssertTrue(MainLoop.run(until: {
                    undo = list.window.presentedDescendants().first { $0.isButton && $0.hasLabel("Undo") }
                    return undo != nil && list.window.presentedDescendants().contains { $0.labelText == "Unsubscribed from “Quay News”" }
                }, timeout: 10), "a toast says it was unsubscribed, with Undo: \(list.window.labelTexts())")
                // Where the toast stays once it has slid in, not where it was mid-slide.
                let undoButton = try XCTUnwrap(list.window.settledDescendant { $0.isButton && $0.hasLabel("Undo") })
                XDoTool.click(window: id, x: undoButton.surfaceCentre.x, y: undoButton.surfaceCentre.y)
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCardAccessibility.first?.description?.contains("Quay News") == true }, timeout: 10),
                              "Undo brought the feed and its cards back, under its name: \(main.today.visibleCards.map(\.title))")
                XCTAssertEqual(list.rows.first?.name.text, "Quay News")
                XCTAssertEqual(try SQLiteFile.rows(URL(fileURLWithPath: database), "SELECT count(*) FROM articles"), "2")
            }
        }
    }

    /// Opening a story marks its article read (the dot and "Unread" go, on disk too); Mark All as Read
    /// marks the rest.
    func testOpeningAStoryAndMarkAllAsReadMarkArticlesRead() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", feedURL], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 }, timeout: 20))
                @MainActor func unread() -> [Bool] { main.today.visibleCardAccessibility.map { $0.description?.hasPrefix("Unread") == true } }
                XCTAssertEqual(unread(), [true, true])
                XCTAssertTrue(MainLoop.run(until: { main.switcher.presentedDescendants().contains { $0.labelText == "Today · 2" } }, timeout: 10),
                              "the switcher counts the unread: \(main.switcher.presentedDescendants().compactMap(\.labelText))")
                main.today.openFirstVisibleCard()
                XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen }, timeout: 10))
                main.today.closeOpenStory()
                XCTAssertTrue(MainLoop.run(until: { !main.today.isStoryShown && unread() == [false, true] }, timeout: 10),
                              "the opened article is read: \(main.today.visibleCardAccessibility.map(\.description))")
                XCTAssertTrue(main.switcher.presentedDescendants().contains { $0.labelText == "Today · 1" })
                main.markAllArticlesRead()
                XCTAssertTrue(MainLoop.run(until: { unread() == [false, false] }, timeout: 10),
                              "all read: \(main.today.visibleCardAccessibility.map(\.description))")
                XCTAssertTrue(MainLoop.run(until: { main.switcher.presentedDescendants().contains { $0.labelText == "Today" } }, timeout: 10),
                              "no count when all is read: \(main.switcher.presentedDescendants().compactMap(\.labelText))")
            }
            let store = try XCTUnwrap(FeedStore.open(at: URL(fileURLWithPath: database)).store)
            XCTAssertEqual(try store.unreadCount(), 0, "on disk too")
            try store.close()
        }
    }

    /// F5 refreshes; with the server gone, Today says quietly that it is offline and since when,
    /// instead of listing the feed's error, and keeps the cards.
    func testF5WithTheServerGoneSaysOfflineAndKeepsTheCards() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        let server: TestHTTPServer = self.server
        try MainActor.assumeIsolated {
            try Self.withWindow(["--subscribe", feedURL], database: database) { main in
                main.window.title = "Today Offline"
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 }, timeout: 20))
                guard let id = XDoTool.window(named: "Today Offline") else { return XCTFail("no X window") }
                server.stop()
                main.today.focusGrid()
                XDoTool.run(["windowfocus", "--sync", id])
                XDoTool.run(["key", "F5"])
                XCTAssertTrue(MainLoop.run(until: { main.today.problemsText?.contains("Offline · updated just now") == true }, timeout: 20),
                              "told: \(main.today.problemsText ?? "nothing")")
                XCTAssertTrue(MainLoop.holds(for: 0.5) { main.today.problemsText?.contains("Harbour Notes:") != true }, "not each feed's error: \(main.today.problemsText ?? "")")
                XCTAssertFalse(main.today.problemsText?.contains("could not be shown") == true, "quietly: no heading of problems")
                XCTAssertEqual(main.today.visibleCards.count, 2, "what is stored still shows")

                // The server back where it was: the next F5 takes the line away.
                let back = try TestHTTPServer(routes: ["/feed.xml": .init(contentType: "application/rss+xml; charset=utf-8",
                                                                          body: Self.feed(base: server.base))], port: server.port)
                defer { back.stop() }
                XDoTool.run(["key", "F5"])
                XCTAssertTrue(MainLoop.run(until: { main.today.problemsText == nil }, timeout: 20),
                              "online again, nothing said: \(main.today.problemsText ?? "")")
            }
        }
    }

    /// Add Feed… from the menu: a wrong address is told under the entry and the dialog stays; the
    /// feed's address typed and Enter add it and close the dialog.
    func testAddFeedDialogTellsAWrongAddressThenAddsTheFeedTypedWithoutAScheme() throws {
        let feedURL = "\(server.base)/feed.xml"
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try Self.withWindow(["--section", "today"], database: database) { main in
                XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.first?.title == "Add your feeds" }, timeout: 10))
                main.actions.activate("add-feed")
                let dialog = try XCTUnwrap(main.addFeedDialog)
                guard let id = XDoTool.window(named: "^Add Feed$") else { return XCTFail("no Add Feed window") }
                XDoTool.run(["windowfocus", "--sync", id])
                XDoTool.run(["type", "not an address"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { dialog.message?.contains("is not a web address") == true }, timeout: 10),
                              "told: \(dialog.message ?? "nothing")")
                XCTAssertTrue(dialog.window.presentedDescendants().contains { $0.labelText?.contains("is not a web address") == true },
                              "the message is on screen")
                // Typed as people type a loopback address: no scheme. https is tried first, and the
                // server's plain-HTTP answer to it must not end the search.
                XDoTool.run(["key", "ctrl+a"])
                XDoTool.run(["type", feedURL.replacingOccurrences(of: "http://", with: "")])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.addFeedDialog == nil && main.today.visibleCards.count == 2 }, timeout: 20),
                              "added and closed: \(main.today.visibleCards.map(\.title)) \(dialog.message ?? "")")
            }
        }
    }
}
