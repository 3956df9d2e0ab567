import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// A podcast's episode (issue 36): kept though it has only its file, its card says it is audio and
/// how long, and its story plays it — WebKit asks the server for the file (its first bytes, for the
/// length) once the story shows the player. Read from what a screen reader gets and from the
/// server's log.
final class TodayMediaTests: XCTestCase {
    var server: TestHTTPServer!
    var folder: URL!

    /// One second of silence as a WAV file (8 kHz, 16-bit mono).
    static func wave() -> [UInt8] {
        let samples = 8_000
        func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let data = samples * 2
        return Array("RIFF".utf8) + le32(36 + data) + Array("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1) + le32(8_000)
            + le32(16_000) + le16(2) + le16(16) + Array("data".utf8) + le32(data) + [UInt8](repeating: 0, count: data)
    }

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [:])
        let feed = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Harbour Radio</title>
            <item><itunes:title>Episode 12: The night ferry</itunes:title><itunes:duration>42:10</itunes:duration>
              <itunes:summary>The crew of the night ferry on fog, tides and tea.</itunes:summary>
              <pubDate>\(TodaySubscribeTests.rfc822(TodayArticleTests.day(0)))</pubDate>
              <enclosure url="\(server.base)/episode.wav" type="audio/wav" length="16044"/></item>
            </channel></rss>
            """
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: feed), for: "/podcast.xml")
        server.setResponse(.init(contentType: "audio/wav", bytes: Self.wave()), for: "/episode.wav")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-today-media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testAPodcastsEpisodeSaysItIsAudioWithItsLengthAndItsStoryPlaysIt() throws {
        let database = folder.appendingPathComponent("feeds.sqlite")
        let feed = "\(server.base)/podcast.xml"
        let title = "Episode 12: The night ferry"
        let server = self.server!
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--subscribe", feed, "--section", "today", "--feeds-database", database.path,
                                             "--ephemeral", "--window-size", "1000x760"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Today Media"
            main.window.present()
            defer { main.window.destroy() }
            let id = try XCTUnwrap(XDoTool.window(named: "Today Media"))
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.map(\.title) == [title] }, timeout: 20),
                          "the episode is a card though it has only its file: \(main.today.visibleCards.map(\.title))")
            let description = main.today.visibleCardAccessibility.first?.description ?? ""
            XCTAssertTrue(description.contains("Audio · 42 Min"), "a screen reader hears it is audio and how long: \(description)")
            XCTAssertEqual(server.requestCount(for: "/episode.wav"), 0, "nothing is fetched before the story shows it")

            XCTAssertTrue(XDoTool.tab(in: main.window, until: { $0.contains("'\(title)'") }, limit: 12), "Tab reached the card")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.today.root.presentedDescendants().contains { $0.hasLabel("Audio: \(title)") } }, timeout: 10),
                          "the story has a player named for the episode")
            XCTAssertTrue(MainLoop.run(until: { server.requestCount(for: "/episode.wav") > 0 }, timeout: 20),
                          "the player asked the server for the episode's file: \(server.requests.map(\.target))")
            XCTAssertFalse(main.today.storyOffersReaderView, "an episode linking to its own file has no page to read")
        }
    }
}
