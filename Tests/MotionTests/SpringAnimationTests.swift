import TestClock
import XCTest
@testable import Motion

final class SpringAnimationTests: XCTestCase {
    private let spring = Spring(duration: 0.4, dampingRatio: 0.8)

    func testAnimatesFromCurrentValueToTargetAndCompletesOnce() {
        var clock = FrameClock(origin: 100)
        let animation = SpringAnimation(spring: spring, value: 20)
        var reported: [Double] = []
        var completions = 0
        animation.onChange = { reported.append($0) }
        animation.addCompletion { completions += 1 }
        animation.animate(to: 120, now: clock.now)

        clock.advance()
        XCTAssertTrue(animation.tick(now: clock.now))
        // Same curve as the normalised spring, scaled to the 100-unit distance.
        XCTAssertEqual(reported.last ?? 0, 20 + 100 * spring.value(at: 1.0 / 60), accuracy: 1e-9)

        while animation.tick(now: clock.advance()) {
            XCTAssertLessThan(clock.frame, 600)
        }
        XCTAssertEqual(animation.value, 120)
        XCTAssertEqual(reported.last, 120)
        XCTAssertFalse(animation.isAnimating)
        XCTAssertEqual(completions, 1)
        for _ in 1...10 { animation.tick(now: clock.advance()) }
        XCTAssertEqual(completions, 1)
    }

    func testRetargetMidFlightKeepsPositionAndVelocityContinuous() {
        var clock = FrameClock()
        let animation = SpringAnimation(spring: spring, value: 1)
        animation.animate(to: 0.95, now: clock.now)  // "press"
        for _ in 1...6 { animation.tick(now: clock.advance()) }

        let t = clock.now
        let h = 1e-5
        let positionBefore = animation.value(at: t)
        let velocityBefore = animation.velocity(at: t)
        let slopeBefore = (animation.value(at: t) - animation.value(at: t - h)) / h
        XCTAssertLessThan(velocityBefore, -0.05, "should be moving down fast mid-press")

        animation.animate(to: 1, now: t)  // "release" mid-flight
        XCTAssertEqual(animation.value(at: t), positionBefore, accuracy: 1e-12)
        XCTAssertEqual(animation.velocity(at: t), velocityBefore, accuracy: 1e-12)
        let slopeAfter = (animation.value(at: t + h) - animation.value(at: t)) / h
        XCTAssertEqual(slopeAfter, slopeBefore, accuracy: 1e-3)

        // Carrying the downward momentum, it keeps going down before turning.
        animation.tick(now: clock.advance())
        XCTAssertLessThan(animation.value, positionBefore)

        while animation.tick(now: clock.advance()) { XCTAssertLessThan(clock.frame, 600) }
        XCTAssertEqual(animation.value, 1)
    }

    func testRetargetDiffersFromRestartingAtRest() {
        // Guard against a "retarget" that silently zeroes velocity.
        var clock = FrameClock()
        let moving = SpringAnimation(spring: spring, value: 0)
        moving.animate(to: 100, now: clock.now)
        for _ in 1...5 { moving.tick(now: clock.advance()) }
        let atRest = SpringAnimation(spring: spring, value: moving.value)
        moving.animate(to: 0, now: clock.now)
        atRest.animate(to: 0, now: clock.now)
        let next = clock.advance()
        XCTAssertGreaterThan(moving.value(at: next) - atRest.value(at: next), 1)
    }

    func testExplicitVelocityOverridesCarriedVelocity() {
        let animation = SpringAnimation(spring: spring, value: 0)
        animation.animate(to: 10, now: 0, velocity: -50)
        XCTAssertEqual(animation.velocity(at: 0), -50, accuracy: 1e-9)
        XCTAssertLessThan(animation.value(at: 1.0 / 60), 0)
    }

    func testStopHoldsStillAndJumpSnaps() {
        var clock = FrameClock()
        let animation = SpringAnimation(spring: spring, value: 0)
        animation.animate(to: 10, now: clock.now)
        for _ in 1...5 { animation.tick(now: clock.advance()) }
        animation.stop(now: clock.advance())
        let held = animation.value
        XCTAssertGreaterThan(held, 0)
        XCTAssertLessThan(held, 10)
        XCTAssertEqual(animation.velocity, 0)
        XCTAssertFalse(animation.tick(now: clock.advance()))
        XCTAssertEqual(animation.value(at: clock.now + 1), held)

        animation.jump(to: 42)
        XCTAssertEqual(animation.value, 42)
        XCTAssertEqual(animation.target, 42)
        XCTAssertFalse(animation.isAnimating)
    }

    func testCompletionMayRetarget() {
        var clock = FrameClock()
        let animation = SpringAnimation(spring: spring, value: 0)
        var legs = 0
        animation.addCompletion {
            legs += 1
            animation.addCompletion { legs += 1 }
            animation.animate(to: 0, now: clock.now)
        }
        animation.animate(to: 1, now: clock.now)
        while animation.tick(now: clock.advance()) {
            XCTAssertLessThan(clock.frame, 1200)
        }
        XCTAssertEqual(legs, 2)
        XCTAssertEqual(animation.value, 0)
    }
}
