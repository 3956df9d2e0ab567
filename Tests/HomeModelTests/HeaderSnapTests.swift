import XCTest
import HomeModel
import TestClock

/// The greeting header, frame by frame on a 60 Hz fake clock (docs/home.md, "Greeting header").
final class HeaderSnapTests: XCTestCase {
    private func settle(_ header: HeaderSnap, _ clock: inout FrameClock, frames: Int = 60) {
        for _ in 0..<frames { header.tick(now: clock.advance()) }
    }

    func testScrollingPastThirtySlidesUpByGreetingHeightPlusSixteenInPointThreeSeconds() {
        var clock = FrameClock(origin: 100)
        let header = HeaderSnap(greetingHeight: 86)
        XCTAssertTrue(header.scrolled(to: 31, now: clock.now))
        var frames = 0
        while header.tick(now: clock.advance()) { frames += 1 }
        XCTAssertEqual(frames + 1, 18, "0.3 s at 60 Hz")
        XCTAssertEqual(header.slideDistance, 102, accuracy: 1e-9, "86 + 16, the seed's 102")
        XCTAssertEqual(header.greetingOpacity, 0, accuracy: 1e-9)
    }

    func testThirtyIsStillDownAndTheSnapIsBinaryNotScrubbed() {
        var clock = FrameClock()
        let header = HeaderSnap(greetingHeight: 50)
        header.scrolled(to: 30, now: clock.now)
        settle(header, &clock)
        XCTAssertFalse(header.isSnappedUp)
        XCTAssertEqual(header.slideDistance, 0)
        XCTAssertEqual(header.greetingOpacity, 0, accuracy: 1e-9, "any offset above 0 fades the greeting")
        // Halfway through the snap the header is halfway (eased), whatever the offset is.
        header.scrolled(to: 500, now: clock.now)
        for _ in 0..<9 { header.tick(now: clock.advance()) }
        XCTAssertEqual(header.slideProgress, 0.5, accuracy: 0.02)
        header.scrolled(to: 5000, now: clock.now)
        XCTAssertEqual(header.slideProgress, 0.5, accuracy: 0.02, "more offset does not move it further")
    }

    func testScrollingBackMidFlightTurnsAroundFromWhereItIs() {
        var clock = FrameClock()
        let header = HeaderSnap(greetingHeight: 84)
        header.scrolled(to: 60, now: clock.now)
        for _ in 0..<6 { header.tick(now: clock.advance()) }
        let there = header.slideDistance
        XCTAssertGreaterThan(there, 0)
        XCTAssertLessThan(there, 100)
        header.scrolled(to: 20, now: clock.now)
        header.tick(now: clock.advance())
        XCTAssertLessThan(abs(header.slideDistance - there), 15, "no jump when turning around")
        XCTAssertLessThan(header.slideDistance, there, "heading back down")
        var frames = 1
        while header.slideDistance > 0 { header.tick(now: clock.advance()); frames += 1 }
        XCTAssertLessThanOrEqual(frames, 7, "going back takes about as long as the way up so far (6 frames)")
    }

    func testTheGreetingComesBackOnlyAtTheTop() {
        var clock = FrameClock()
        let header = HeaderSnap(greetingHeight: 40)
        header.scrolled(to: 10, now: clock.now)
        settle(header, &clock)
        XCTAssertEqual(header.greetingOpacity, 0, accuracy: 1e-9)
        header.scrolled(to: 0, now: clock.now)
        settle(header, &clock)
        XCTAssertEqual(header.greetingOpacity, 1, accuracy: 1e-9)
    }

    func testAnimationsOffJump() {
        let header = HeaderSnap(greetingHeight: 40)
        XCTAssertFalse(header.scrolled(to: 100, now: 0, animated: false))
        XCTAssertEqual(header.slideDistance, 56, accuracy: 1e-9)
        XCTAssertEqual(header.greetingOpacity, 0)
    }

    /// Property: whatever the scroll sequence, the header never jumps more than one frame's worth of
    /// travel, stays within its range, and settles where the last offset says.
    func testRandomScrollSequencesAreContinuousAndSettleOnTheLastOffset() {
        var rng = SplitMix(seed: 8)
        for _ in 0..<200 {
            var clock = FrameClock()
            let height = Double(rng.next() % 120 + 20)
            let header = HeaderSnap(greetingHeight: height)
            var previous = header.slideDistance
            var last = 0.0
            // The steepest ease-in-out slope is under 2 (per unit of time), so one frame moves at most
            // 2 × (1/60 / 0.3) of the distance.
            let maxStep = (height + 16) * 2 * (1.0 / 60 / 0.3) + 1e-6
            for _ in 0..<(rng.next() % 40 + 1) {
                if rng.next() % 3 == 0 {
                    last = Double(rng.next() % 80) - 10
                    header.scrolled(to: last, now: clock.now)
                }
                header.tick(now: clock.advance())
                XCTAssertLessThanOrEqual(abs(header.slideDistance - previous), maxStep)
                XCTAssert((0...(height + 16 + 1e-9)).contains(header.slideDistance))
                previous = header.slideDistance
            }
            settle(header, &clock, frames: 40)
            XCTAssertEqual(header.slideDistance, last > 30 ? height + 16 : 0, accuracy: 1e-9)
            XCTAssertEqual(header.greetingOpacity, last <= 0 ? 1 : 0, accuracy: 1e-9)
        }
    }
}
