import Browser
import Foundation
import Gtk
import Pictures
@testable import SkiffApp
import TestSupport
import Today
import TodayModel
import XCTest

/// Articles' pictures from a feed's server, on real cards: the picture named in the feed, the one the
/// article's page names (og:image, fetched once), a picture that never finishes and a decompression bomb
/// beside them; the cache folder on disk (docs/feeds.md, "Pictures from the network").
final class TodayRemotePictureTests: XCTestCase {
    private var server: TestHTTPServer!
    private var folder: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-remote-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A PNG of one colour; `noise` makes it larger.
    private func png(_ colour: String, size: Int = 64, noise: Bool = false) throws -> [UInt8] {
        try TestPicture.bytes(size: "\(size)x\(size)", fill: noise ? "plasma:\(colour)-\(colour)" : "xc:\(colour)")
    }

    private func item(_ title: String, hoursAgo: Double, picture: String? = nil, link: String) -> String {
        let date = TodaySubscribeTests.rfc822(Date().addingTimeInterval(-hoursAgo * 3600))
        let media = picture.map { #"<media:content url="\#(server.base)\#($0)" medium="image"/>"# } ?? ""
        return "<item><title>\(title)</title><link>\(server.base)\(link)</link><guid>\(link)</guid><pubDate>\(date)</pubDate>\(media)</item>"
    }

    private func serveFeed(_ items: [String], icon: String? = nil) {
        let image = icon.map { "<image><url>\(server.base)\($0)</url><title>Harbour Pictures</title><link>\(server.base)/</link></image>" } ?? ""
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Harbour Pictures</title>
            <link>\(server.base)/</link><description>Photos from the quay</description>\(image)
            \(items.joined(separator: "\n"))
            </channel></rss>
            """
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: feed), for: "/feed.xml")
    }

    private static func open(server: TestHTTPServer, folder: URL, limit: Int? = nil, _ body: @MainActor (MainWindow, String) throws -> Void) throws {
        let database = folder.appendingPathComponent("feeds.sqlite").path
        let cache = folder.appendingPathComponent("pictures").path
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--subscribe", "\(server.base)/feed.xml", "--feeds-database", database, "--picture-cache", cache,
                                             "--ephemeral", "--window-size", "1000x900"] + (limit.map { ["--picture-cache-limit", "\($0)"] } ?? []))
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Today Remote Pictures"
            main.window.present()
            defer { BrowserTestWindow.destroy(main.window) }
            guard let window = XDoTool.window(named: "Today Remote Pictures") else { return XCTFail("no X window") }
            XDoTool.run(["windowmove", window, "0", "0"])
            XDoTool.run(["windowraise", window])
            try body(main, window)
        }
    }

    /// The fraction of the card's pixels within 25 % of `colour`.
    @MainActor
    private static func fraction(of colour: String, onCard title: String, in main: MainWindow, shot: Screenshot) -> Double {
        guard let card = main.today.visibleCardWidget(titled: title), let region = Screenshot.region(of: card, inset: 4) else { return -1 }
        return fraction(of: colour, in: region, shot: shot)
    }

    /// The fraction of the pixels of `region` (an ImageMagick geometry) within 25 % of `colour`.
    @MainActor
    private static func fraction(of colour: String, in region: String, shot: Screenshot) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [shot.path, "-crop", region, "+repage", "-alpha", "off", "-fuzz", "25%", "-fill", "black", "+opaque", colour,
                             "-fill", "white", "-opaque", colour, "-format", "%[fx:mean]", "info:"]
        let out = Pipe()
        process.standardOutput = out
        try? process.run()
        process.waitUntilExit()
        return Double(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? -1
    }

    /// The feed's picture and the page's og:image are drawn on their cards (their colours in a screenshot),
    /// while a picture that never finishes and a decompression bomb leave their cards with their designed
    /// look and the problems bar empty. The page is fetched once, and its picture remembered in the store:
    /// a second window on the same database does not ask for it again. The cache folder holds the pictures
    /// as they were served.
    func testPicturesFromTheFeedAndThePageShowBesideOnesThatNeverFinish() throws {
        let red = try png("red"), blue = try png("blue")
        server.setResponse(.init(contentType: "image/png", bytes: red), for: "/red.png")
        server.setResponse(.init(contentType: "image/png", bytes: blue), for: "/blue.png")
        let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/today/images/bomb-30000.png")
        server.setResponse(.init(contentType: "image/png", bytes: [UInt8](try Data(contentsOf: bomb))), for: "/bomb.png")
        var slow = TestHTTPServer.Response(contentType: "image/png", bytes: Array(red.prefix(64)))
        slow.declaredLength = red.count
        slow.pace = (bytes: 1, every: 5)
        server.setResponse(slow, for: "/slow.png")
        server.setResponse(.init(body: #"<html><head><title>Blue</title><meta property="og:image" content="/blue.png"></head><body>x</body></html>"#),
                           for: "/blue.html")
        serveFeed([item("Red sails", hoursAgo: 1, picture: "/red.png", link: "/red.html"),
                   item("Slow boat", hoursAgo: 2, picture: "/slow.png", link: "/slow.html"),
                   item("Blue harbour", hoursAgo: 3, link: "/blue.html"),
                   item("Heavy cargo", hoursAgo: 4, picture: "/bomb.png", link: "/bomb.html")])

        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder) { main, window in
            let titles = ["Red sails", "Slow boat", "Blue harbour", "Heavy cargo"]
            XCTAssertTrue(MainLoop.run(until: { Set(main.today.visibleCards.map(\.title)) == Set(titles) }, timeout: 20),
                          "\(main.today.visibleCards.map(\.title)) \(main.today.problemsText ?? "")")
            XCTAssertTrue(MainLoop.run(until: { Set(main.today.visibleCardsShowingPictures) == ["Red sails", "Blue harbour"] }, timeout: 20),
                          "the feed's picture and the page's are drawn: \(main.today.visibleCardsShowingPictures)")
            let shot = try Screenshot.capture(window: window, settling: 0.5)
            defer { shot.remove() }
            if let keep = ProcessInfo.processInfo.environment["SKIFF_KEEP_SHOT"] { try? FileManager.default.copyItem(atPath: shot.path, toPath: keep) }
            XCTAssertGreaterThan(Self.fraction(of: "red", onCard: "Red sails", in: main, shot: shot), 0.3, "the served red picture is on its card")
            XCTAssertGreaterThan(Self.fraction(of: "blue", onCard: "Blue harbour", in: main, shot: shot), 0.3, "the page's og:image is on its card")
            for title in ["Slow boat", "Heavy cargo"] {
                XCTAssertEqual(Self.fraction(of: "red", onCard: title, in: main, shot: shot), 0, "\(title) keeps its designed look")
                let accent = ArticleCards.accent(forFeedTitled: "Harbour Pictures").description
                XCTAssertGreaterThan(Self.fraction(of: accent, onCard: title, in: main, shot: shot), 0.3, "\(title): the feed's colour, no grey box")
            }
            XCTAssertNil(main.today.problemsText, "a stranger's picture that can't be shown is logged, not listed")
            XCTAssertEqual(server.requestCount(for: "/blue.html"), 1)
            XCTAssertTrue(MainLoop.run(until: { main.sections.todayFeeds?.pictures?.fetchesUnderWay == 1 }, timeout: 20),
                          "only the never-finishing picture is still coming")

            let cache = folder.appendingPathComponent("pictures")
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.path)
            let contents = try files.map { try Data(contentsOf: cache.appendingPathComponent($0)) }
            XCTAssertTrue(contents.contains(Data(red)), "the red picture is in the cache folder as served")
            XCTAssertTrue(contents.contains(Data(blue)), "so is the page's picture")
            let page = try XCTUnwrap(URL(string: "\(server.base)/blue.html"))
            XCTAssertTrue(MainLoop.run(until: {
                (try? main.sections.todayFeeds?.store?.articles().first { $0.link == page }?.pagePictureURL)??.absoluteString == "\(server.base)/blue.png"
            }, timeout: 10), "the page's picture is stored on its article")
        }
        // Again, on the same database and cache: the page is not fetched again.
        try Self.open(server: server, folder: folder) { main, _ in
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCardsShowingPictures.contains("Blue harbour") }, timeout: 20),
                          "\(main.today.visibleCardsShowingPictures)")
            XCTAssertEqual(server.requestCount(for: "/blue.html"), 1, "the page's picture was remembered")
            XCTAssertEqual(server.requestCount(for: "/red.png"), 1, "the cached picture was not fetched again")
        }
    }

    /// A card scrolled far away takes its picture's fetch with it: the never-finishing picture of the first
    /// card is cancelled (the server sees the connection close) once the feed is scrolled to its end.
    func testAPictureStillComingIsCancelledWhenItsCardLeavesTheScreen() throws {
        var slow = TestHTTPServer.Response(contentType: "image/png", bytes: Array(repeating: 0x89, count: 32))
        slow.declaredLength = 100_000
        slow.pace = (bytes: 1, every: 0.5)
        server.setResponse(slow, for: "/slow.png")
        serveFeed([item("Slow boat", hoursAgo: 1, picture: "/slow.png", link: "/slow.html")]
                  + (1...30).map { item("Plain \($0)", hoursAgo: Double($0) + 1, link: "/plain\($0).html") })
        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder) { main, _ in
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.contains { $0.title == "Slow boat" } }, timeout: 20))
            XCTAssertTrue(MainLoop.run(until: { server.requestCount(for: "/slow.png") == 1 }, timeout: 10), "the picture is being fetched")
            XCTAssertTrue(MainLoop.run(until: { server.maximumConcurrentRequests > 0 && server.openRequests > 0 }, timeout: 10))
            main.today.scroll(to: main.today.contentHeight)
            XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.contains { $0.title == "Slow boat" } }, timeout: 10))
            XCTAssertTrue(MainLoop.run(until: { main.sections.todayFeeds?.pictures?.fetchesUnderWay == 0 }, timeout: 10),
                          "the fetch went with its card")
            // The server's side of it: its sending thread finds the connection closed and ends.
            XCTAssertTrue(MainLoop.run(until: { server.openRequests == 0 }, timeout: 10), "the connection was closed")
        }
    }

    /// A story shows the article's own pictures between its paragraphs, where the article has them:
    /// fetched over HTTP, drawn (their colour in a screenshot), named by their alt text on the
    /// accessibility tree. One that cannot be had takes no room; a tracking pixel is never shown; the
    /// header's picture is not shown twice.
    func testAStoryShowsTheArticlesPicturesBetweenItsParagraphs() throws {
        server.setResponse(.init(contentType: "image/png", bytes: try png("red")), for: "/red.png")
        server.setResponse(.init(contentType: "image/png", bytes: try TestPicture.bytes(size: "400x200", fill: "xc:lime")), for: "/lime.png")
        server.setResponse(.init(contentType: "image/gif", bytes: try TestPicture.bytes(size: "1x1", fill: "xc:white", format: "gif")), for: "/pixel.gif")
        let date = TodaySubscribeTests.rfc822(Date().addingTimeInterval(-3600))
        let content = """
            <p>The boats came in before the sun.</p>
            <p><img src="/red.png" alt="Red sails again"><img src="/lime.png" alt="Lime boats at the quay" width="400" height="200"></p>
            <p>By noon the quay was empty.</p>
            <img src="/gone.png" alt="A picture that is gone"><img src="/pixel.gif" width="1" height="1" alt="Tracker">
            <p>The end of the day.</p>
            """
        serveFeed(["""
            <item><title>Quay at dawn</title><link>\(server.base)/quay.html</link><guid>/quay.html</guid><pubDate>\(date)</pubDate>
            <media:content url="\(server.base)/red.png" medium="image"/><content:encoded><![CDATA[\(content)]]></content:encoded></item>
            """])
        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder) { main, window in
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title) == ["Quay at dawn"] }, timeout: 20))
            main.today.openFirstVisibleCard()
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen && !main.today.isLayingOutStory }, timeout: 10), "the story opened")
            let named = { (name: String) in main.today.root.presentedDescendants().first { $0.hasRole(.img) && $0.hasLabel(name) } }
            // Laid out at the picture's own shape once it is decoded.
            XCTAssertTrue(MainLoop.run(until: { named("Lime boats at the quay")?.height == 200 && named("A picture that is gone") == nil }, timeout: 20),
                          "the picture is on the accessibility tree by its alt text, the missing one gone")
            XCTAssertNil(named("Tracker"), "a 1×1 picture is a tracker, not shown")
            XCTAssertNil(named("Red sails again"), "the header's picture is not shown twice")
            let labels = main.today.root.presentedDescendants().filter { $0.labelText != nil }
            // The card's summary was made of this text, run together: the text shows once, in its place.
            XCTAssertFalse(labels.contains { ($0.labelText ?? "").contains("before the sun. By noon") }, "no lead repeating the text")
            let before = try XCTUnwrap(labels.first { $0.labelText == "The boats came in before the sun." })
            let after = try XCTUnwrap(labels.first { $0.labelText == "By noon the quay was empty." })
            let lime = try XCTUnwrap(named("Lime boats at the quay"))
            XCTAssertTrue(before.y < lime.y && lime.y < after.y, "between the paragraphs it stands between: \(before.y) \(lime.y) \(after.y)")
            var fraction = 0.0
            let deadline = Date().addingTimeInterval(10)
            repeat {
                guard let shown = named("Lime boats at the quay") else { break }
                let region = "\(Int(shown.width) - 8)x\(Int(shown.height) - 8)+\(Int(shown.surfaceCentre.x - shown.width / 2) + 4)+\(Int(shown.surfaceCentre.y - shown.height / 2) + 4)"
                let shot = try Screenshot.capture(window: window, settling: 0.3)
                if let keep = ProcessInfo.processInfo.environment["SKIFF_KEEP_SHOT"] { try? FileManager.default.copyItem(atPath: shot.path, toPath: keep) }
                fraction = Self.fraction(of: "lime", in: region, shot: shot)
                shot.remove()
            } while fraction < 0.9 && Date() < deadline
            XCTAssertGreaterThan(fraction, 0.9, "the served picture is drawn where the tree says it is")
            XCTAssertEqual(lime.width, 400, accuracy: 1, "at its own width in a wider column")
            XCTAssertEqual(lime.height, 200, accuracy: 1)
            XCTAssertEqual(server.requestCount(for: "/lime.png"), 1)
            XCTAssertNil(main.today.problemsText, "a stranger's missing picture is not a problem of the reader's")
        }
    }

    /// A picture that can't be shown is not the reader's problem on the cards (they keep their designed
    /// look) but is told under its feed in the Subscriptions view, by its file's name and the reason:
    /// a decompression bomb refused by its decoder, and a picture the server does not have.
    func testPicturesThatCantBeShownAreToldUnderTheirFeedInSubscriptions() throws {
        let bomb = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/today/images/bomb-30000.png")
        server.setResponse(.init(contentType: "image/png", bytes: [UInt8](try Data(contentsOf: bomb))), for: "/bomb.png")
        // The feed names its icon, /favicon.ico, which the server does not have.
        serveFeed([item("Heavy cargo", hoursAgo: 1, picture: "/bomb.png", link: "/bomb.html"),
                   item("Lost boat", hoursAgo: 2, picture: "/missing.png", link: "/missing.html")], icon: "/favicon.ico")
        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder) { main, _ in
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 }, timeout: 20))
            let tried = { Set(main.sections.todayFeeds?.pictures?.problems.map { URL(string: $0.address)?.lastPathComponent ?? "" } ?? []) }
            XCTAssertTrue(MainLoop.run(until: { tried().isSuperset(of: ["bomb.png", "missing.png"]) }, timeout: 20),
                          "both pictures were tried: \(tried())")
            XCTAssertTrue(MainLoop.run(until: { tried().contains("favicon.ico") }, timeout: 20), "and the feed's icon: \(tried())")
            XCTAssertNil(main.today.problemsText, "nothing in Today's problems bar")
            main.showSubscriptions()
            guard let subscriptions = main.subscriptionsWindow else { return XCTFail("no Subscriptions window") }
            defer { subscriptions.window.destroy() }
            var texts: [String] = []
            XCTAssertTrue(MainLoop.run(until: {
                texts = subscriptions.window.presentedDescendants().compactMap(\.labelText).filter { $0.hasPrefix("Pictures not shown:") }
                return texts.count == 1
            }, timeout: 10), "one feed's line: \(texts)")
            let text = texts.first ?? ""
            XCTAssertTrue(text.contains("• missing.png: the server answered 404"), text.replacingOccurrences(of: "\n", with: " / "))
            XCTAssertTrue(text.contains("• bomb.png: "), text.replacingOccurrences(of: "\n", with: " / "))
            // A missing icon is not a problem to list: the feed shows its initial instead (issue 36).
            XCTAssertEqual(text.components(separatedBy: "•").count - 1, 2, "the two pictures only: \(text.replacingOccurrences(of: "\n", with: " / ")) \(main.sections.todayFeeds?.pictures?.problems ?? [])")
        }
    }

    /// A feed that names no icon gets its site's: the site's page names none either, so its /favicon.ico
    /// (a PNG here) is fetched, shown in the Subscriptions window (its colour in a screenshot) and remembered
    /// on the feed.
    func testTheSitesIconIsShownInTheSubscriptionsWindow() throws {
        server.setResponse(.init(contentType: "image/x-icon", bytes: try png("lime", size: 48)), for: "/favicon.ico")
        server.setResponse(.init(body: "<html><head><title>Harbour</title></head><body>The quay.</body></html>"), for: "/")
        serveFeed([item("Plain", hoursAgo: 1, link: "/plain.html")])
        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder) { main, _ in
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.contains { $0.title == "Plain" } }, timeout: 20))
            main.showSubscriptions()
            guard let subscriptions = main.subscriptionsWindow else { return XCTFail("no Subscriptions window") }
            defer { subscriptions.window.destroy() }
            let icon = { subscriptions.window.presentedDescendants().first { $0.hasLabel("Icon of Harbour Pictures") } }
            XCTAssertTrue(MainLoop.run(until: { icon() != nil }, timeout: 20), "the site's icon is in the list")
            XCTAssertEqual(server.requestCount(for: "/"), 1, "the site's page was read for an icon")
            guard let id = XDoTool.window(named: "Subscriptions") else { return XCTFail("no window") }
            // Photographed until it is drawn there (a loaded machine paints the new row a moment later),
            // where the icon is at that moment: the list lays out again as its rows' details arrive.
            var lime = 0.0, centre = ""
            let deadline = Date().addingTimeInterval(10)
            repeat {
                guard let shown = icon() else { _ = MainLoop.runUntilPainted(main.window); continue }
                centre = "16x16+\(Int(shown.surfaceCentre.x) - 8)+\(Int(shown.surfaceCentre.y) - 8)"
                let shot = try Screenshot.capture(window: id, settling: 0.5)
                lime = Self.fraction(of: "lime", in: centre, shot: shot)
                shot.remove()
            } while lime <= 0.9 && Date() < deadline
            XCTAssertGreaterThan(lime, 0.9, "the icon's pixels are drawn at \(centre)")
            // The card (no picture of its own, nor on its page) draws the icon before its eyebrow.
            guard let card = main.today.visibleCardWidget(titled: "Plain"), let origin = card.originInSurface(),
                  let todayID = XDoTool.window(named: "Today Remote Pictures") else { return XCTFail("no card") }
            let cardShot = try Screenshot.capture(window: todayID, settling: 0.5)
            defer { cardShot.remove() }
            if let keep = ProcessInfo.processInfo.environment["SKIFF_KEEP_SHOT"] { try? FileManager.default.copyItem(atPath: cardShot.path, toPath: keep) }
            let eyebrowIcon = "10x10+\(Int(origin.x) + 23)+\(Int(origin.y) + 21)"
            XCTAssertGreaterThan(Self.fraction(of: "lime", in: eyebrowIcon, shot: cardShot), 0.9, "the icon is on the card at \(eyebrowIcon)")
            let stored = try main.sections.todayFeeds?.store?.feeds().first?.iconURL
            XCTAssertTrue(MainLoop.run(until: { (try? main.sections.todayFeeds?.store?.feeds().first?.iconURL) != nil }, timeout: 10),
                          "the icon found is remembered on the feed: \(String(describing: stored))")
        }
    }

    /// With a cache limit of 2.5 pictures, ten pictures fetched leave at most 2.5 pictures' bytes in the folder.
    func testTheCacheFolderStaysUnderASmallLimit() throws {
        var items: [String] = []
        var size = 0
        for n in 0..<10 {
            let picture = try png(["red", "blue", "green", "yellow", "orange"][n % 5], size: 96, noise: true)
            size = max(size, picture.count)
            server.setResponse(.init(contentType: "image/png", bytes: picture), for: "/p\(n).png")
            items.append(item("Picture \(n)", hoursAgo: Double(n), picture: "/p\(n).png", link: "/p\(n).html"))
        }
        serveFeed(items)
        let limit = size * 5 / 2
        let server: TestHTTPServer = server, folder: URL = folder
        try Self.open(server: server, folder: folder, limit: limit) { main, _ in
            // The bundled sample shows (with pictures of its own) until the subscription's articles replace it.
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCardsShowingPictures.contains("Picture 0") }, timeout: 20),
                          "\(main.today.visibleCardsShowingPictures)")
            // Every card comes on screen in turn, so every picture is fetched.
            let idle = { main.sections.todayFeeds?.pictures?.fetchesUnderWay == 0 }
            var offset = 0.0
            while offset < main.today.contentHeight {
                offset += 300
                main.today.scroll(to: offset)
                // The cards dealt draw, and ask for their pictures, in the next frames.
                _ = MainLoop.runUntilPainted(main.today.root)
                MainLoop.run(until: idle, timeout: 20)
            }
            XCTAssertTrue(MainLoop.run(until: idle, timeout: 20), "every fetch ended and its picture was written")
            let fetched = (0..<10).filter { server.requestCount(for: "/p\($0).png") > 0 }.count
            XCTAssertGreaterThanOrEqual(fetched, 4, "more pictures were fetched than the cache holds")
            let cache = folder.appendingPathComponent("pictures")
            let bytes = try FileManager.default.contentsOfDirectory(atPath: cache.path).map {
                try FileManager.default.attributesOfItem(atPath: cache.appendingPathComponent($0).path)[.size] as? Int ?? 0
            }
            XCTAssertFalse(bytes.isEmpty, "pictures are kept on disk (\(main.sections.todayFeeds?.pictures?.cache.totalBytes ?? -1) bytes by the index, \((0..<10).map { server.requestCount(for: "/p\($0).png") }) requests)")
            XCTAssertLessThanOrEqual(bytes.reduce(0, +), limit, "the folder holds at most its limit: \(bytes) > \(limit)")
        }
    }
}
