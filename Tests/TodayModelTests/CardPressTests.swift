import Motion
import TestClock
import XCTest
@testable import TodayModel

final class CardPressTests: XCTestCase {
    private let pressed = CardPress.pressedScale
    private let resting = CardPress.restingScale

    /// Runs frames until settled, returning every scale drawn.
    private func runToRest(_ press: CardPress, _ clock: inout FrameClock, limit: Int = 600) -> [Double] {
        var scales: [Double] = []
        while press.tick(now: clock.advance()) {
            scales.append(press.scale(at: clock.now))
            if scales.count > limit { XCTFail("never settled"); break }
        }
        scales.append(press.scale(at: clock.now))
        return scales
    }

    func testPressFromRestFollowsUIKitsSpringTowards95Percent() {
        var clock = FrameClock(origin: 50)
        let press = CardPress()
        press.press(now: clock.now)
        XCTAssertTrue(press.isPressed)
        // UIKit's relative spring, scaled onto 1 → 0.95: initial velocity 0.2 of the distance per second.
        let spring = CardPress.pressSpring
        for _ in 1...20 {
            let t = clock.advance() - 50
            XCTAssertEqual(press.scale(at: clock.now), resting + (pressed - resting) * spring.value(at: t), accuracy: 1e-12)
        }
        let scales = runToRest(press, &clock)
        XCTAssertEqual(scales.last, pressed)
        XCTAssertTrue(press.isSettled)
        // Damping 0.8 overshoots a little (a fraction of a percent of the travel), never bounces back up past rest.
        let lowest = scales.min() ?? 1
        XCTAssertLessThan(lowest, pressed)
        XCTAssertGreaterThan(lowest, pressed - 0.002)
        XCTAssertLessThan(Double(clock.frame) / 60, 1.0, "settles within a second")
    }

    func testReleaseSpringsBackWithAVisibleBounce() {
        var clock = FrameClock()
        let press = CardPress()
        press.press(now: clock.now)
        _ = runToRest(press, &clock)
        press.release(now: clock.now)
        XCTAssertFalse(press.isPressed)
        let scales = runToRest(press, &clock)
        XCTAssertEqual(scales.last, resting)
        // Damping 0.4: overshoots past 1 by a good part of the 5 % travel, then settles.
        XCTAssertGreaterThan(scales.max() ?? 0, resting + 0.01)
        XCTAssertLessThan(scales.max() ?? 0, resting + 0.05)
    }

    func testReleaseMidPressStartsFromTheCurrentScaleAndVelocity() {
        var clock = FrameClock()
        let press = CardPress()
        press.press(now: clock.now)
        for _ in 1...6 { press.tick(now: clock.advance()) }
        let releaseTime = clock.now
        let before = press.scale(at: releaseTime)
        XCTAssertLessThan(before, resting - 0.01)
        press.release(now: releaseTime)
        XCTAssertEqual(press.scale(at: releaseTime), before, accuracy: 1e-12, "no jump")
        // Still sinking for a moment: the press's momentum carries into the release.
        XCTAssertLessThan(press.scale(at: releaseTime + 1.0 / 120), before)

        // A release from rest at the same scale would already be rising.
        let fromRest = SpringAnimation(spring: CardPress.releaseSpring, value: before)
        fromRest.animate(to: resting, now: 0, velocity: CardPress.releaseSpring.initialVelocity * (resting - before))
        XCTAssertGreaterThan(fromRest.value(at: 1.0 / 120), before)

        XCTAssertEqual(runToRest(press, &clock).last, resting)
    }

    func testRepeatedPressOrReleaseIsIgnored() {
        var clock = FrameClock()
        let press = CardPress()
        press.release(now: clock.now)
        XCTAssertTrue(press.isSettled, "releasing an unpressed card does nothing")
        press.press(now: clock.now)
        for _ in 1...10 { press.tick(now: clock.advance()) }
        let expected = press.scale(at: clock.now + 0.05)
        press.press(now: clock.now)
        XCTAssertEqual(press.scale(at: clock.now + 0.05), expected, "a second press does not restart the spring")
    }

    func testWithAnimationsOffItJumps() {
        let press = CardPress()
        press.animationsEnabled = false
        press.press(now: 1)
        XCTAssertEqual(press.scale(at: 1), pressed)
        XCTAssertTrue(press.isSettled)
        XCTAssertFalse(press.tick(now: 1.1))
        press.release(now: 2)
        XCTAssertEqual(press.scale(at: 2), resting)
    }

    func testKeyboardActivationPressesThenReleasesOnTime() {
        var clock = FrameClock()
        let press = CardPress()
        press.activateFromKeyboard(now: clock.now)
        XCTAssertTrue(press.isPressed)
        var lowest = resting
        while clock.now < CardPress.keyboardHoldDuration - 1e-9 {
            XCTAssertTrue(press.tick(now: clock.advance()))
            lowest = min(lowest, press.scale(at: clock.now))
        }
        XCTAssertFalse(press.isPressed, "released once the hold is over")
        XCTAssertLessThan(lowest, resting - 0.01, "the press is visible")
        XCTAssertEqual(runToRest(press, &clock).last, resting)
        XCTAssertTrue(press.isSettled)
    }

    func testKeyboardReleaseTimingDoesNotDependOnFrameRate() {
        let fast = CardPress()
        let slow = CardPress()
        fast.activateFromKeyboard(now: 0)
        slow.activateFromKeyboard(now: 0)
        for frame in 1...60 { fast.tick(now: Double(frame) / 60) }
        for frame in 1...7 { slow.tick(now: Double(frame) / 7) }
        XCTAssertEqual(fast.scale(at: 1), slow.scale(at: 1), accuracy: 1e-12)
    }

    func testKeyboardActivationWithAnimationsOffShowsNothing() {
        let press = CardPress()
        press.animationsEnabled = false
        press.activateFromKeyboard(now: 0)
        XCTAssertEqual(press.scale(at: 0), resting)
        XCTAssertEqual(press.scale(at: 0.05), resting)
        XCTAssertFalse(press.isPressed)
    }
}
