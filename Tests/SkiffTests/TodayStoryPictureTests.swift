import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// The open story's header picture drawn from a surface made once (the cairo renderer's way, since
/// a texture there is converted anew in every frame) looks as the picture drawn as a texture: the
/// same story, opened by a real click and screenshotted each way, differs only by the scaling filter.
final class TodayStoryPictureTests: TodayLookTestCase {
    static let differingFraction = 0.01

    override func tearDown() {
        MainActor.assumeIsolated { StoryPicture.forcedSurface = nil }
        super.tearDown()
    }

    @MainActor
    private static func openStoryScreenshot(surface: Bool) throws -> Screenshot {
        StoryPicture.forcedSurface = surface
        var shot: Screenshot?
        // The same title both ways: the title bar is in the screenshot.
        try TodayTestWindow.with(.cached, width: 1000, title: "Today Story Picture") { main, id in
            XCTAssertTrue(MainLoop.run(until: { !main.today.isLoadingImages && main.today.cardPicturesShown > 0 }, timeout: 10), "pictures arrive")
            guard let card = main.today.visibleCards.first, let origin = main.today.root.origin(in: main.window) else {
                throw TestFailure("no card")
            }
            XDoTool.click(window: id, x: origin.x + card.frame.x + card.frame.width / 2, y: origin.y + card.frame.y + card.frame.height / 2)
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen }, timeout: 5), "the story opened")
            XCTAssertTrue(MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 10), "its picture arrived")
            XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story came to rest")
            XCTAssertTrue(MainLoop.runUntilPainted(main.today.root))
            shot = try Screenshot.capture(window: id)
        }
        return try XCTUnwrap(shot)
    }

    func testTheStoryPictureFromASurfaceLooksAsTheTexture() throws {
        try MainActor.assumeIsolated {
            let texture = try Self.openStoryScreenshot(surface: false)
            defer { texture.remove() }
            let surface = try Self.openStoryScreenshot(surface: true)
            defer { surface.remove() }
            let diff = try XCTUnwrap(TodayCardLookTests.differingPixels(texture.path, surface.path), "ImageMagick compares the screenshots")
            XCTAssertGreaterThan(diff.total, 1000 * 700, "the whole window was captured")
            XCTAssertLessThanOrEqual(Double(diff.differing) / Double(diff.total), Self.differingFraction,
                                     "\(diff.differing) of \(diff.total) pixels differ: \(texture.path) vs \(surface.path)")
        }
    }
}
