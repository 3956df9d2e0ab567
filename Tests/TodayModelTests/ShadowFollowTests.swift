import Motion
import TestClock
import XCTest
@testable import TodayModel

final class ShadowFollowTests: XCTestCase {
    private let window = Size(width: 1200, height: 800)
    private let limit = ShadowFollow.maximumOffset

    func testTargetIsTheNormalisedPointerPositionTimesTen() {
        func target(_ x: Double, _ y: Double) -> Point {
            ShadowFollow.targetOffset(pointer: Point(x: x, y: y), windowSize: window)
        }
        XCTAssertEqual(target(600, 400), .zero)
        XCTAssertEqual(target(1200, 400), Point(x: limit, y: 0))
        XCTAssertEqual(target(0, 0), Point(x: -limit, y: -limit))
        XCTAssertEqual(target(900, 600), Point(x: limit / 2, y: limit / 2))
        XCTAssertEqual(target(-500, 5000), Point(x: -limit, y: limit), "outside the window: clamped")
        XCTAssertEqual(ShadowFollow.targetOffset(pointer: Point(x: 10, y: 10), windowSize: .zero), .zero)
        XCTAssertEqual(ShadowFollow.targetOffset(pointer: Point(x: .nan, y: 10), windowSize: window).x, 0)
    }

    func testOffsetChasesTheTargetSmoothlyWithoutOvershoot() {
        var clock = FrameClock(origin: 10)
        let shadow = ShadowFollow()
        shadow.pointerMoved(to: Point(x: 1200, y: 800), windowSize: window, now: clock.now)
        XCTAssertEqual(shadow.offset(at: clock.now), .zero, "no jump")
        // After one time constant it has covered 1 − 1/e of the way.
        XCTAssertEqual(shadow.offset(at: 10 + ShadowFollow.timeConstant).x, limit * (1 - exp(-1)), accuracy: 1e-6)

        var previous = 0.0
        var largestStep = 0.0
        while shadow.tick(now: clock.advance()) {
            let x = shadow.offset(at: clock.now).x
            XCTAssertGreaterThanOrEqual(x, previous)
            XCTAssertLessThanOrEqual(x, limit)
            largestStep = max(largestStep, x - previous)
            previous = x
            XCTAssertLessThan(clock.frame, 120)
        }
        XCTAssertEqual(shadow.offset(at: clock.now), Point(x: limit, y: limit))
        XCTAssertTrue(shadow.isSettled)
        XCTAssertLessThan(largestStep, limit / 4, "smooth: no frame moves it more than a quarter of the way")
        XCTAssertLessThan(Double(clock.frame) / 60, 0.6)
    }

    func testRetargetingMidFlightIsContinuous() {
        var clock = FrameClock()
        let shadow = ShadowFollow()
        shadow.pointerMoved(to: Point(x: 1200, y: 400), windowSize: window, now: clock.now)
        for _ in 1...5 { shadow.tick(now: clock.advance()) }
        let before = shadow.offset(at: clock.now)
        shadow.pointerMoved(to: Point(x: 0, y: 400), windowSize: window, now: clock.now)
        XCTAssertEqual(shadow.offset(at: clock.now).x, before.x, accuracy: 1e-12)
        XCTAssertGreaterThan(shadow.offset(at: clock.now + 1.0 / 120).x, before.x, "momentum carries a moment")
        while shadow.tick(now: clock.advance()) { XCTAssertLessThan(clock.frame, 200) }
        XCTAssertEqual(shadow.offset(at: clock.now).x, -limit)
    }

    func testLeavingTheWindowReturnsToRest() {
        var clock = FrameClock()
        let shadow = ShadowFollow()
        shadow.pointerMoved(to: Point(x: 0, y: 0), windowSize: window, now: clock.now)
        while shadow.tick(now: clock.advance()) {}
        XCTAssertEqual(shadow.offset(at: clock.now), Point(x: -limit, y: -limit))
        shadow.pointerLeft(now: clock.now)
        XCTAssertEqual(shadow.target, .zero)
        while shadow.tick(now: clock.advance()) { XCTAssertLessThan(clock.frame, 200) }
        XCTAssertEqual(shadow.offset(at: clock.now), .zero)
    }

    func testWithAnimationsOffTheShadowStaysAtRest() {
        var clock = FrameClock()
        let shadow = ShadowFollow()
        shadow.pointerMoved(to: Point(x: 1200, y: 800), windowSize: window, now: clock.now)
        for _ in 1...5 { shadow.tick(now: clock.advance()) }
        XCTAssertNotEqual(shadow.offset(at: clock.now), .zero)
        shadow.animationsEnabled = false
        XCTAssertEqual(shadow.offset(at: clock.now), .zero)
        shadow.pointerMoved(to: Point(x: 0, y: 0), windowSize: window, now: clock.advance())
        XCTAssertEqual(shadow.offset(at: clock.now + 1), .zero)
        XCTAssertFalse(shadow.tick(now: clock.advance()))
    }
}
