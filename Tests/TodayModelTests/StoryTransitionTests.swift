import Motion
import TestClock
import XCTest
@testable import TodayModel

final class StoryTransitionTests: XCTestCase {
    private let window = Size(width: 1280, height: 800)
    private let card = LayoutRect(x: 60, y: 180, width: 813, height: 373)
    private var windowFrame: LayoutRect { LayoutRect(x: 0, y: 0, width: window.width, height: window.height) }

    private func runToEnd(_ story: StoryTransition, _ clock: inout FrameClock) -> [StoryAppearance] {
        var seen: [StoryAppearance] = []
        while story.tick(now: clock.advance()) {
            seen.append(story.appearance(at: clock.now))
            if seen.count > 600 { XCTFail("never finished"); break }
        }
        seen.append(story.appearance(at: clock.now))
        return seen
    }

    func testOpeningGrowsTheCardIntoTheWindow() {
        var clock = FrameClock(origin: 3)
        let story = StoryTransition()
        XCTAssertFalse(story.isPresented)
        story.open(from: card, windowSize: window, now: clock.now)
        XCTAssertEqual(story.phase, .opening)
        XCTAssertTrue(story.isPresented)

        let start = story.appearance(at: clock.now)
        XCTAssertEqual(start.frame, card, "begins exactly on the card")
        XCTAssertEqual(start.cornerRadius, StoryTransition.cardCornerRadius)
        XCTAssertEqual(start.headerImageHeight, card.height)
        XCTAssertEqual(start.bodyAlpha, 0)

        let frames = runToEnd(story, &clock)
        XCTAssertEqual(story.phase, .open)
        let end = story.appearance(at: clock.now)
        XCTAssertEqual(end.frame, windowFrame)
        XCTAssertEqual(end.cornerRadius, 0)
        XCTAssertEqual(end.headerImageHeight, StoryTransition.headerImageHeight)
        XCTAssertEqual(end.bodyAlpha, 1)

        // Slightly under-damped: it passes the window a touch, then lands.
        let peak = frames.map(\.progress).max() ?? 0
        XCTAssertGreaterThan(peak, 1)
        XCTAssertLessThan(peak, 1.02)
        let elapsed = clock.now - 3
        XCTAssertGreaterThan(elapsed, 0.25, "slow enough to follow on a desktop")
        XCTAssertLessThan(elapsed, 0.6)
        // Most of the travel happens within the named duration.
        XCTAssertGreaterThan(story.progress(at: 3 + 0.35) , 0.95)
    }

    func testBodyTextOnlyFadesInNearTheEnd() {
        var clock = FrameClock()
        let story = StoryTransition()
        story.open(from: card, windowSize: window, now: clock.now)
        var previousAlpha = 0.0
        var reachedOne = false
        while story.tick(now: clock.advance()) {
            let look = story.appearance(at: clock.now)
            if look.progress < StoryTransition.bodyFadeStart { XCTAssertEqual(look.bodyAlpha, 0) }
            if !reachedOne { XCTAssertGreaterThanOrEqual(look.bodyAlpha, previousAlpha) }
            reachedOne = reachedOne || look.bodyAlpha == 1
            previousAlpha = look.bodyAlpha
            XCTAssertTrue((0...StoryTransition.cardCornerRadius).contains(look.cornerRadius))
        }
        XCTAssertTrue(reachedOne)
    }

    func testHeaderImageNeverExceedsTheWindowHeight() {
        var clock = FrameClock()
        let story = StoryTransition()
        let short = Size(width: 900, height: 420)
        story.open(from: LayoutRect(x: 20, y: 20, width: 300, height: 373), windowSize: short, now: clock.now)
        let frames = runToEnd(story, &clock)
        XCTAssertEqual(frames.last?.headerImageHeight, 420)
    }

    /// What GTK is given is whole pixels, and the picture's lower edge never cuts through the
    /// rounded corners: either case costs GL an offscreen pass of everything in the story.
    func testEveryFrameIsOnWholePointsAndThePictureKeepsClearOfTheCorners() {
        var clock = FrameClock()
        let story = StoryTransition()
        // A card on fractional coordinates, as a ⅓ column gives.
        let fractional = LayoutRect(x: 437.33, y: 180.5, width: 406.67, height: 420)
        story.open(from: fractional, windowSize: window, now: clock.now)
        var seen = runToEnd(story, &clock)
        story.close(to: fractional, now: clock.now)
        seen += runToEnd(story, &clock)
        XCTAssertGreaterThan(seen.count, 20)
        var filledFrames = 0
        for look in seen where look.progress > 0 {
            let f = look.frame
            for edge in [f.minX, f.minY, f.maxX, f.maxY] { XCTAssertEqual(edge, edge.rounded(), "\(f)") }
            XCTAssertEqual(look.headerImageHeight, look.headerImageHeight.rounded())
            let gap = f.height - look.headerImageHeight
            XCTAssertTrue(gap == 0 || gap >= look.cornerRadius, "picture ends \(gap) above the bottom, corners \(look.cornerRadius)")
            if gap == 0 { filledFrames += 1 }
        }
        XCTAssertGreaterThan(filledFrames, 0, "the first frames fill the card")
    }

    func testClosingShrinksIntoTheNewCardFrameInThreeTenths() {
        var clock = FrameClock()
        let story = StoryTransition()
        story.open(from: card, windowSize: window, now: clock.now)
        _ = runToEnd(story, &clock)

        // The window was resized while the story was open: the card moved.
        story.windowSize = Size(width: 1000, height: 700)
        XCTAssertEqual(story.appearance(at: clock.now).frame, LayoutRect(x: 0, y: 0, width: 1000, height: 700))
        let moved = LayoutRect(x: 20, y: 101, width: 626, height: 373)
        let closeStart = clock.now
        story.close(to: moved, now: closeStart)
        XCTAssertEqual(story.phase, .closing)
        XCTAssertEqual(story.appearance(at: closeStart).frame, LayoutRect(x: 0, y: 0, width: 1000, height: 700), "no jump")

        // Ease-in-out: half way at half time, gentle at both ends.
        let half = StoryTransition.closeDuration / 2
        XCTAssertEqual(story.progress(at: closeStart + half), 0.5, accuracy: 1e-9)
        XCTAssertGreaterThan(story.progress(at: closeStart + 0.03), 0.97)

        let frames = runToEnd(story, &clock)
        XCTAssertEqual(story.phase, .closed)
        XCTAssertFalse(story.isPresented)
        XCTAssertEqual(frames.last?.frame, moved)
        XCTAssertEqual(frames.last?.cornerRadius, StoryTransition.cardCornerRadius)
        XCTAssertEqual(clock.now - closeStart, StoryTransition.closeDuration, accuracy: 1.0 / 60 + 1e-9)
        XCTAssertTrue(frames.allSatisfy { $0.progress >= 0 && $0.progress <= 1 }, "never overshoots the slot")
    }

    func testReopeningWhileClosingReversesFromWhereItIs() {
        var clock = FrameClock()
        let story = StoryTransition()
        story.open(from: card, windowSize: window, now: clock.now)
        _ = runToEnd(story, &clock)
        story.close(to: card, now: clock.now)
        for _ in 1...9 { story.tick(now: clock.advance()) }
        let t = clock.now
        let before = story.appearance(at: t)
        XCTAssertTrue(before.progress > 0.2 && before.progress < 0.8, "mid-close: \(before.progress)")

        story.open(from: LayoutRect(x: 999, y: 999, width: 10, height: 10), windowSize: window, now: t)
        XCTAssertEqual(story.phase, .opening)
        let after = story.appearance(at: t)
        XCTAssertEqual(after.progress, before.progress, accuracy: 1e-9)
        XCTAssertEqual(after.frame.width, before.frame.width, accuracy: 1e-6, "same frame: no jump, same card")
        // The closing's speed carries over: it keeps shrinking for a moment before turning.
        XCTAssertLessThan(story.progress(at: t + 1.0 / 120), before.progress)
        _ = runToEnd(story, &clock)
        XCTAssertEqual(story.phase, .open)
        XCTAssertEqual(story.appearance(at: clock.now).frame, windowFrame)
    }

    func testClosingWhileOpeningTurnsAroundAndTakesProportionallyLess() {
        var clock = FrameClock()
        let story = StoryTransition()
        story.open(from: card, windowSize: window, now: clock.now)
        for _ in 1...3 { story.tick(now: clock.advance()) }
        let progress = story.progress(at: clock.now)
        XCTAssertTrue(progress > 0.05 && progress < 0.9, "\(progress)")
        let start = clock.now
        story.close(to: card, now: start)
        XCTAssertEqual(story.progress(at: start), progress, accuracy: 1e-9)
        _ = runToEnd(story, &clock)
        XCTAssertEqual(story.phase, .closed)
        XCTAssertEqual(clock.now - start, StoryTransition.closeDuration * progress, accuracy: 1.0 / 60 + 1e-9)
    }

    func testRepeatedOpenOrCloseIsIgnored() {
        var clock = FrameClock()
        let story = StoryTransition()
        story.close(to: card, now: clock.now)
        XCTAssertEqual(story.phase, .closed)
        story.open(from: card, windowSize: window, now: clock.now)
        for _ in 1...5 { story.tick(now: clock.advance()) }
        let expected = story.progress(at: clock.now + 0.05)
        story.open(from: LayoutRect(x: 0, y: 0, width: 5, height: 5), windowSize: window, now: clock.now)
        XCTAssertEqual(story.progress(at: clock.now + 0.05), expected)
        XCTAssertEqual(story.cardFrame, card)
    }

    func testWithAnimationsOffItJumpsToTheEndStates() {
        let story = StoryTransition()
        story.animationsEnabled = false
        story.open(from: card, windowSize: window, now: 1)
        XCTAssertEqual(story.phase, .open)
        XCTAssertEqual(story.appearance(at: 1).frame, windowFrame)
        XCTAssertEqual(story.appearance(at: 1).bodyAlpha, 1)
        XCTAssertFalse(story.tick(now: 1.01))
        story.close(to: card, now: 2)
        XCTAssertEqual(story.phase, .closed)
        XCTAssertEqual(story.appearance(at: 2).frame, card)
    }
}
