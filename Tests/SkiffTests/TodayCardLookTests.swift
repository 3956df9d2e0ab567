import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// Cards drawn from their painted look (an image per card, painted with cairo off the main thread:
/// every renderer's path now; under the cairo renderer, which the tests use, its surface is painted
/// as it is) look as the cards drawn node by node (every renderer's path before issue 16): the same
/// window, screenshotted each way, wide and narrow, differs only by antialiasing. (Under cairo the two
/// are pixel-identical; under GL, GL places some glyphs a pixel off where cairo places them, 0.7 % of
/// the window's pixels.)
final class TodayCardLookTests: TodayLookTestCase {
    /// A pixel "differs" when a channel is off by more than this (antialiasing and the texture's
    /// rounding move edges by a level or two; a missing scrim, text or picture is far beyond it).
    static let channelFuzzPercent = 6.0
    /// At most this fraction of the window's pixels may differ (glyph edges, the rounded corners).
    static let differingFraction = 0.004

    /// The window at `width`×800 drawn with `look`, once its pictures are in; returns the screenshot.
    @MainActor
    private static func screenshot(_ look: CardLook, width: Int) throws -> Screenshot {
        var shot: Screenshot?
        try TodayTestWindow.with(look, width: width, title: "Today Look \(look.rawValue) \(width)") { main, id in
            XCTAssertTrue(MainLoop.run(until: { !main.today.isLoadingImages && main.today.cardPicturesShown > 0 }, timeout: 10), "pictures arrive")
            MainLoop.run(for: 0.5)
            shot = try Screenshot.capture(window: id)
        }
        return try XCTUnwrap(shot)
    }

    /// How many pixels of `a` and `b` differ beyond the fuzz, and how many there are.
    static func differingPixels(_ a: String, _ b: String) -> (differing: Int, total: Int)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/compare")
        process.arguments = ["-metric", "AE", "-fuzz", "\(channelFuzzPercent)%", a, b, "null:"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = Pipe()
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let differing = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let size = Process()
        size.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
        size.arguments = ["-format", "%w %h", a]
        let out = Pipe()
        size.standardOutput = out
        guard (try? size.run()) != nil else { return nil }
        size.waitUntilExit()
        let wh = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard wh.count == 2 else { return nil }
        return (Int(differing), wh[0] * wh[1])
    }

    private func checkLooksAlike(width: Int) throws {
        try MainActor.assumeIsolated {
            let direct = try Self.screenshot(.direct, width: width)
            defer { direct.remove() }
            let before = CardLook.paintings
            let cached = try Self.screenshot(.cached, width: width)
            defer { cached.remove() }
            XCTAssertGreaterThan(CardLook.paintings, before, "the cards on screen were drawn from painted looks")
            let diff = try XCTUnwrap(Self.differingPixels(direct.path, cached.path), "ImageMagick compares the screenshots")
            XCTAssertGreaterThan(diff.total, width * 700, "the whole window was captured")
            XCTAssertLessThanOrEqual(Double(diff.differing) / Double(diff.total), Self.differingFraction,
                                     "\(diff.differing) of \(diff.total) pixels differ at \(width) px: \(direct.path) vs \(cached.path)")
        }
    }

    func testPaintedCardsLookLikeDrawnCardsInAWideWindow() throws { try checkLooksAlike(width: 1280) }

    func testPaintedCardsLookLikeDrawnCardsInANarrowWindow() throws { try checkLooksAlike(width: 600) }
}
