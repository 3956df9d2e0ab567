import TestClock
import XCTest
@testable import Motion

final class VelocityTrackerTests: XCTestCase {
    func testFewerThanTwoSamplesGiveZero() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity, 0)
        tracker.addSample(time: 1, position: 50)
        XCTAssertEqual(tracker.velocity, 0)
    }

    func testConstantVelocityDragReportsThatVelocity() {
        var tracker = VelocityTracker()
        // 120 Hz input for half a second at 840 px/s, starting at a large timestamp.
        for step in 0...60 {
            let t = 5000 + Double(step) / 120
            tracker.addSample(time: t, position: 30 + 840 * (t - 5000))
        }
        XCTAssertEqual(tracker.velocity, 840, accuracy: 1e-3)
    }

    func testOnlyTheLast150MillisecondsCount() {
        var tracker = VelocityTracker()
        var clock = FrameClock()
        var position = 0.0
        // Fast leftward drag for 0.5 s...
        for _ in 1...30 {
            clock.advance()
            position -= 2000.0 / 60
            tracker.addSample(time: clock.now, position: position)
        }
        // ...then a slow rightward drift for 0.2 s, longer than the window.
        for _ in 1...12 {
            clock.advance()
            position += 300.0 / 60
            tracker.addSample(time: clock.now, position: position)
        }
        XCTAssertEqual(tracker.velocity, 300, accuracy: 1e-6)
        XCTAssertTrue(tracker.samples.allSatisfy { clock.now - $0.time <= 0.150 + 1e-9 })
        XCTAssertLessThan(tracker.samples.count, 12)
    }

    func testAPauseBeforeReleaseMeansZeroVelocity() {
        var tracker = VelocityTracker()
        for step in 0...20 { tracker.addSample(time: Double(step) / 60, position: Double(step) * 10) }
        XCTAssertGreaterThan(tracker.velocity, 500)
        // The finger rested for a second, then lifted where it was.
        tracker.addSample(time: 20.0 / 60 + 1, position: 200)
        XCTAssertEqual(tracker.samples.count, 1)
        XCTAssertEqual(tracker.velocity, 0)
    }

    func testNoisySamplesAverageOut() {
        var tracker = VelocityTracker()
        let jitter = [0.8, -1.1, 0.5, -0.4, 1.0, -0.9, 0.3, -0.2, 0.7, -0.7]
        for step in 0..<10 {
            let t = Double(step) / 60
            tracker.addSample(time: t, position: -600 * t + jitter[step])
        }
        XCTAssertEqual(tracker.velocity, -600, accuracy: 25)
    }

    func testResetAndClockGoingBackwardsClearHistory() {
        var tracker = VelocityTracker()
        tracker.addSample(time: 1, position: 0)
        tracker.addSample(time: 1.05, position: 10)
        XCTAssertEqual(tracker.velocity, 200, accuracy: 1e-9)
        tracker.reset()
        XCTAssertEqual(tracker.velocity, 0)
        XCTAssertTrue(tracker.samples.isEmpty)

        tracker.addSample(time: 2, position: 0)
        tracker.addSample(time: 2.1, position: 10)
        tracker.addSample(time: 0.5, position: 10)
        XCTAssertEqual(tracker.samples.count, 1)
    }
}
