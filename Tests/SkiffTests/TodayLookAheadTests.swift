import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// Cards a screen ahead of the viewport are made ready before they are scrolled in (issue 16): Page
/// Down (a real key press) brings in cards that were beyond the grid's overscan, and the first
/// frame after it already shows them whole — pictures, not placeholders — under both ways of drawing
/// a card (painted looks, every renderer's way now; direct drawing, the way they must look like).
final class TodayLookAheadTests: TodayLookTestCase {
    private func checkScrolledInCardsAreWhole(_ look: CardLook, width: Int) throws {
        try MainActor.assumeIsolated {
            try TodayTestWindow.with(look, width: width, title: "Today Ahead \(look.rawValue) \(width)") { main, id in
                // The pointer rests over the feed first, so the shadow it moves is still when the feed scrolls.
                XDoTool.run(["mousemove", "--window", id, "\(width / 2)", "400"])
                XCTAssertTrue(MainLoop.run(until: { !main.today.isLoadingImages && main.today.cardPicturesShown > 0 }, timeout: 10), "pictures arrive")
                MainLoop.run(for: 1.0)

                // Page Down moves the feed 0.9 of a screen at once: past the overscan, so the bottom of the
                // screen afterwards holds cards that were only in the screen ahead. The second press is the
                // one measured: the window's first layouts may have drawn the cards of the first.
                XDoTool.run(["windowfocus", "--sync", id])
                main.today.focusGrid()
                XDoTool.run(["key", "Page_Down"])
                XCTAssertTrue(MainLoop.run(until: { main.today.scrollOffset > 600 }, timeout: 5), "Page Down scrolled the feed (\(main.today.scrollOffset))")
                let firstPage = main.today.scrollOffset
                MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 5)
                MainLoop.run(for: 1.0)
                // The first frame painted at the new offset is the one captured: GDK usually hands a key
                // press to the window inside a frame, which paints the scrolled feed at once, but a press
                // handled between frames moves the offset a frame before it is painted.
                let frames = FrameStats()
                XCTAssertTrue(frames.attach(to: main.window), "the window's frame clock")
                defer { frames.detach() }
                var paintedScrolled = false
                frames.onPaint = { _ in if main.today.scrollOffset > firstPage + 600 { paintedScrolled = true } }
                XDoTool.run(["key", "Page_Down"])
                XCTAssertTrue(MainLoop.run(until: { paintedScrolled }, timeout: 5), "Page Down scrolled the feed again (\(main.today.scrollOffset))")
                let offset = main.today.scrollOffset
                // Captured at once, before the loop turns again: anything that arrives after that frame (a
                // picture scaled late) is not in this screenshot, only in the next.
                let first = try Screenshot.capture(window: id, settling: 0)
                defer { first.remove() }
                MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 5)
                XCTAssertTrue(MainLoop.holds(for: 1.0) { main.today.scrollOffset == offset }, "nothing scrolled after the burst")
                let later = try Screenshot.capture(window: id)
                defer { later.remove() }
                let diff = try XCTUnwrap(TodayCardLookTests.differingPixels(first.path, later.path), "ImageMagick compares the screenshots")
                XCTAssertGreaterThan(diff.total, width * 700, "the whole window was captured")
                XCTAssertLessThanOrEqual(Double(diff.differing) / Double(diff.total), TodayCardLookTests.differingFraction,
                                         "\(diff.differing) of \(diff.total) pixels changed after the first frame at \(width) px (\(look.rawValue)): something came in late")
            }
        }
    }

    func testScrolledInCardsAreWholeInTheirFirstFrameWithPaintedLooks() throws { try checkScrolledInCardsAreWhole(.cached, width: 1280) }

    func testScrolledInCardsAreWholeInTheirFirstFrameDrawnDirectly() throws { try checkScrolledInCardsAreWhole(.direct, width: 1280) }

    func testScrolledInCardsAreWholeInTheirFirstFrameInANarrowWindow() throws { try checkScrolledInCardsAreWhole(.cached, width: 600) }
}
