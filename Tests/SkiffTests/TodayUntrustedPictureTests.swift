import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// Hostile pictures in a real window: pictures swapped for symbolic links out of the feed's folder after
/// the feed was read, SVG bombs and SVGs that take minutes to draw. What the screen shows and what the
/// problems bar says (docs/feed-format.md, "Pictures").
final class TodayUntrustedPictureTests: XCTestCase {
    var base: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        base = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-confined-\(UUID().uuidString)")
        for folder in ["feed/images", "feed/album", "outside"] {
            try FileManager.default.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    override func tearDown() {
        if let base { try? FileManager.default.removeItem(at: base) }
    }

    /// A 64×64 PNG of one colour, made by ImageMagick (which the screenshots use anyway).
    private func picture(_ colour: String, at path: String) throws {
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "64x64", "xc:\(colour)", base.appendingPathComponent(path).path]
        try convert.run()
        convert.waitUntilExit()
        XCTAssertEqual(convert.terminationStatus, 0)
    }

    /// The fraction of `shot` within 30 % of the pure `colour` ("red", "blue").
    @MainActor
    private static func fraction(of colour: String, in shot: Screenshot) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [shot.path, "-alpha", "off", "-fuzz", "30%", "-fill", "black", "+opaque", colour,
                             "-fill", "white", "-opaque", colour, "-format", "%[fx:mean]", "info:"]
        let out = Pipe()
        process.standardOutput = out
        try? process.run()
        process.waitUntilExit()
        return Double(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? -1
    }

    /// Ten cards whose pictures are in the folder when the feed is read; then five pictures become
    /// links to red pictures outside, and the folder of five others a link to a folder outside holding
    /// red pictures of the same names. Scrolled into view, none is drawn: every card keeps its grey
    /// placeholder, the bar names each, and the blue picture still inside the folder shows.
    func testPicturesSwappedForLinksOutAfterTheFeedWasReadAreNotShown() throws {
        try picture("blue", at: "feed/images/inside.png")
        var cards: [[String: Any]] = (1...10).map { Self.card($0) }
        for n in 11...15 {
            try picture("gray50", at: "feed/images/p\(n).png")
            try picture("red", at: "outside/p\(n).png")
            cards.append(Self.card(n, image: "images/p\(n).png"))
        }
        for n in 16...20 {
            try picture("gray50", at: "feed/album/p\(n).png")
            try picture("red", at: "outside/p\(n).png")
            cards.append(Self.card(n, image: "album/p\(n).png"))
        }
        cards.append(Self.card(21, image: "images/inside.png"))
        let base: URL = base
        try withWindow(cards, title: "Today Confined") { main, id in
            XCTAssertNil(main.today.problemsText, "every picture was inside the folder when the feed was read")
            XCTAssertFalse(main.today.visibleCards.contains { $0.title == "Card 11" }, "the swapped cards are below the window")

            let images = base.appendingPathComponent("feed/images"), outside = base.appendingPathComponent("outside")
            for n in 11...15 {
                let name = images.appendingPathComponent("p\(n).png")
                try FileManager.default.removeItem(at: name)
                try FileManager.default.createSymbolicLink(at: name, withDestinationURL: outside.appendingPathComponent("p\(n).png"))
            }
            let album = base.appendingPathComponent("feed/album")
            try FileManager.default.moveItem(at: album, to: base.appendingPathComponent("feed/album-kept"))
            try FileManager.default.createSymbolicLink(at: album, withDestinationURL: outside)

            var red = 0.0, blue = 0.0
            var offset = 0.0
            while offset < main.today.contentHeight {
                offset += 400
                main.today.scroll(to: offset)
                // The cards dealt draw, and ask for their pictures, in the next frames.
                _ = MainLoop.runUntilPainted(main.today.root)
                MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 5)
                let shot = try Screenshot.capture(window: id, settling: 0.3)
                defer { shot.remove() }
                red = max(red, Self.fraction(of: "red", in: shot))
                blue = max(blue, Self.fraction(of: "blue", in: shot))
            }
            XCTAssertGreaterThan(blue, 0.01, "the picture still inside the folder is drawn")
            XCTAssertEqual(red, 0, "no picture from outside the folder is drawn")
            // The bar lists six problems and counts the rest: one line per swapped card, none for the blue one.
            let problems = main.today.problemsText ?? ""
            let lines = problems.split(separator: "\n").filter { $0.hasPrefix("• ") }
            XCTAssertEqual(lines.count, 6, problems)
            XCTAssertTrue(lines.allSatisfy { $0.contains("became a symbolic link after the feed was read") }, problems)
            XCTAssertTrue(problems.hasSuffix("and 4 more"), problems)
            XCTAssertTrue(problems.contains("images/p11.png: the picture can’t be shown (it became a symbolic link after the feed was read"), problems)
            XCTAssertTrue(problems.contains("(its folder \(base.resolvingSymlinksInPath().path)/feed/album became a symbolic link after the feed was read"), problems)
        }
    }

    /// Opens a 1280×800 window on the feed of `cards` (in feed/) and hands it to `body`.
    private func withWindow(_ cards: [[String: Any]], title: String, _ body: @MainActor (MainWindow, String) throws -> Void) throws {
        let feed = ["version": 1, "sections": [["date": "2026-11-21", "cards": cards]]] as [String: Any]
        let feedURL = base.appendingPathComponent("feed/feed.json")
        try JSONSerialization.data(withJSONObject: feed).write(to: feedURL)
        try MainActor.assumeIsolated {
            try TodayTestWindow.open(["--window-size", "1280x800", "--feed", feedURL.path], title: title, body)
        }
    }

    /// An SVG of nested entities (the billion laughs) and SVGs that keep librsvg busy for minutes (a
    /// 4000×4000 turbulence of 100 octaves, blurred), named as PNG and JPEG files, on cards on screen
    /// beside a blue PNG picture. All three SVGs are refused from their first bytes, at once, and the
    /// blue picture is on screen within seconds; nothing waits behind the slow ones.
    func testSVGBombsAndSlowSVGsAreRefusedAtOnceAndTheOtherPicturesShow() throws {
        var entities = "<!ENTITY e0 \"lollollollollollollollollollol\">"
        for level in 1...9 { entities += "<!ENTITY e\(level) \"" + String(repeating: "&e\(level - 1);", count: 10) + "\">" }
        let bomb = "<?xml version=\"1.0\"?><!DOCTYPE svg [\(entities)]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\">"
            + "<text>&e9;</text></svg>"
        let slow = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4000\" height=\"4000\"><filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">"
            + "<feTurbulence baseFrequency=\"0.05\" numOctaves=\"100\"/><feGaussianBlur stdDeviation=\"300\"/><feGaussianBlur stdDeviation=\"300\"/>"
            + "</filter><rect width=\"4000\" height=\"4000\" filter=\"url(#f)\"/></svg>"
        try Data(bomb.utf8).write(to: base.appendingPathComponent("feed/images/bomb.png"))
        try Data(slow.utf8).write(to: base.appendingPathComponent("feed/images/slow.png"))
        try Data(("\u{FEFF}\n" + slow).utf8).write(to: base.appendingPathComponent("feed/images/slow.jpg"))
        for n in [1, 5, 6] { try picture("blue", at: "feed/images/blue\(n).png") }
        // On screen: the big card 1, then 2, 3 and 4 beside and under it.
        let cards = [Self.card(1, image: "images/blue1.png"), Self.card(2, image: "images/slow.png"), Self.card(3, image: "images/bomb.png"),
                     Self.card(4, image: "images/slow.jpg"), Self.card(5, image: "images/blue5.png"), Self.card(6, image: "images/blue6.png")]
        try withWindow(cards, title: "Today SVG") { main, id in
            let started = Date()
            let refused = { (main.today.problemsText ?? "").components(separatedBy: "(it is an SVG or other XML or HTML document").count - 1 }
            XCTAssertTrue(MainLoop.run(until: { refused() == 3 }, timeout: 10), main.today.problemsText ?? "no problem listed")
            var blue = 0.0
            while blue < 0.2, Date().timeIntervalSince(started) < 10 {
                let shot = try Screenshot.capture(window: id, settling: 0.2)
                blue = Self.fraction(of: "blue", in: shot)
                shot.remove()
            }
            let took = Date().timeIntervalSince(started)
            XCTAssertGreaterThan(blue, 0.2, "the blue picture of the big card is drawn")
            // Behind one slow SVG the picture would wait its decoding limit (PictureLimits.decodeTime,
            // 8 s, docs/feed-format.md); 6 s leaves a loaded machine room without letting that pass.
            XCTAssertLessThan(took, 6, "the blue pictures came \(took) s after the cards, not behind the SVGs")
            let problems = main.today.problemsText ?? ""
            for name in ["slow.png", "bomb.png", "slow.jpg"] {
                XCTAssertTrue(problems.contains("images/\(name): the picture can’t be shown (it is an SVG or other XML or HTML document, not a picture; "
                                                + "only PNG, JPEG, WebP and GIF pictures are shown)"), problems)
            }
        }
    }

    private static func card(_ n: Int, image: String? = nil) -> [String: Any] {
        var card: [String: Any] = ["id": "c\(n)", "kind": "feature", "eyebrow": "Test", "title": "Card \(n)", "accent": "#555555"]
        if let image { card["image"] = image }
        return card
    }
}
