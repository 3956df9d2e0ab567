import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// Pictures swapped for symbolic links out of the feed's folder after the feed was read, in a real
/// window: what the screen shows and what the problems bar says (docs/feed-format.md, "Pictures").
final class TodayPictureConfinementTests: XCTestCase {
    var base: URL!

    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else {
            return XCTFail("xdotool is required (make test installs it)")
        }
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
        let feed = ["version": 1, "sections": [["date": "2026-11-21", "cards": cards]]] as [String: Any]
        let feedURL = base.appendingPathComponent("feed/feed.json")
        try JSONSerialization.data(withJSONObject: feed).write(to: feedURL)
        let base: URL = base

        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "today", "--window-size", "1280x800", "--ephemeral", "--feed", feedURL.path])
            let main = MainWindow(window: Window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Today Confined"
            main.window.present()
            defer { main.window.destroy(); MainLoop.run(for: 0.1) }
            guard let id = XDoTool.window(named: "Today Confined") else { return XCTFail("no X window") }
            XDoTool.run(["windowmove", id, "0", "0"])
            XDoTool.run(["windowraise", id])
            XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10), "cards are shown")
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
                MainLoop.run(for: 0.3)
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

    private static func card(_ n: Int, image: String? = nil) -> [String: Any] {
        var card: [String: Any] = ["id": "c\(n)", "kind": "feature", "eyebrow": "Test", "title": "Card \(n)", "accent": "#555555"]
        if let image { card["image"] = image }
        return card
    }
}
