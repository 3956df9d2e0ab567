import TestClock
import XCTest
@testable import Motion

/// Collects what an animator reports, so tests can inspect every frame.
private final class Recorder {
    var values: [Double] = []
    var positions: [AnimatingPosition] = []

    var last: Double? { values.last }

    func attach(to animator: PropertyAnimator) {
        animator.addAnimations { [unowned self] in self.values.append($0) }
        animator.addCompletion { [unowned self] in self.positions.append($0) }
    }
}

final class PropertyAnimatorTests: XCTestCase {
    // easeInOut is steepest at its midpoint, slope ≈ 1.724; at ≤ 1 fraction
    // per second a frame can therefore move the value by at most ≈ 0.029.
    private let maxEaseInOutStepPerFrame = 0.035

    func testStartsInactiveAndReportsNothingUntilStarted() {
        let recorder = Recorder()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(animator.isRunning)
        XCTAssertFalse(animator.tick(now: 5))
        XCTAssertTrue(recorder.values.isEmpty)
    }

    func testLinearProgressAtEveryFrameThenCompletesAtEnd() {
        let recorder = Recorder()
        var clock = FrameClock(origin: 10)
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        XCTAssertEqual(animator.state, .active)
        XCTAssertTrue(animator.isRunning)

        for frame in 1...59 {
            XCTAssertTrue(animator.tick(now: clock.advance()), "frame \(frame)")
            XCTAssertEqual(recorder.last ?? -1, Double(frame) / 60, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(animator.fractionComplete, Double(frame) / 60, accuracy: 1e-9)
            XCTAssertTrue(recorder.positions.isEmpty, "completed early at frame \(frame)")
        }
        XCTAssertFalse(animator.tick(now: clock.advance()))
        XCTAssertEqual(recorder.last, 1)
        XCTAssertEqual(recorder.positions, [.end])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(animator.isRunning)
    }

    func testReportsCurvedValueNotLinearFraction() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .easeInOut)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...15 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
        XCTAssertEqual(recorder.last ?? -1, 0.1291619310473198, accuracy: 1e-6)
        XCTAssertEqual(animator.value, recorder.last ?? -1, accuracy: 1e-12)
    }

    func testPauseFreezesAndScrubbingReportsImmediately() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .easeIn)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...18 { animator.tick(now: clock.advance()) }
        animator.pauseAnimation(now: clock.now)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.state, .active)
        XCTAssertEqual(animator.fractionComplete, 0.3, accuracy: 1e-9)

        let countWhilePaused = recorder.values.count
        for _ in 1...30 { XCTAssertFalse(animator.tick(now: clock.advance())) }
        XCTAssertEqual(recorder.values.count, countWhilePaused)
        XCTAssertEqual(animator.fractionComplete, 0.3, accuracy: 1e-9)

        animator.fractionComplete = 0.8
        XCTAssertEqual(recorder.values.count, countWhilePaused + 1)
        XCTAssertEqual(recorder.last ?? -1, TimingCurve.easeIn.value(at: 0.8), accuracy: 1e-12)
        XCTAssertEqual(animator.fractionComplete, 0.8)

        animator.fractionComplete = 1.7
        XCTAssertEqual(animator.fractionComplete, 1)
        animator.fractionComplete = -3
        XCTAssertEqual(animator.fractionComplete, 0)
        XCTAssertTrue(recorder.positions.isEmpty)
    }

    func testScrubbingIsIgnoredWhileRunning() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.startAnimation(now: clock.now)
        for _ in 1...6 { animator.tick(now: clock.advance()) }
        animator.fractionComplete = 0.9
        XCTAssertEqual(animator.fractionComplete, 0.1, accuracy: 1e-9)
    }

    func testScrubbingAnInactiveAnimatorActivatesItPaused() {
        let recorder = Recorder()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.fractionComplete = 0.4
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(recorder.values, [0.4])
    }

    func testStartResumesFromScrubbedFractionAtOriginalPace() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.pauseAnimation(now: clock.now)
        animator.fractionComplete = 0.5
        animator.startAnimation(now: clock.now)
        for frame in 1...29 {
            animator.tick(now: clock.advance())
            XCTAssertEqual(recorder.last ?? -1, 0.5 + Double(frame) / 60, accuracy: 1e-9)
        }
        XCTAssertTrue(recorder.positions.isEmpty)
        animator.tick(now: clock.advance())
        XCTAssertEqual(recorder.positions, [.end])
    }

    func testContinueDurationFactorScalesTheOriginalDurationForTheRemainder() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...30 { animator.tick(now: clock.advance()) }
        animator.pauseAnimation(now: clock.now)
        XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-9)

        // UIKit: the remaining half takes 0.25 × 1 s = 15 frames.
        animator.continueAnimation(now: clock.now, durationFactor: 0.25)
        XCTAssertTrue(animator.isRunning)
        for frame in 1...14 {
            XCTAssertTrue(animator.tick(now: clock.advance()))
            XCTAssertEqual(recorder.last ?? -1, 0.5 + 0.5 * Double(frame) / 15, accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertTrue(recorder.positions.isEmpty)
        XCTAssertFalse(animator.tick(now: clock.advance()))
        XCTAssertEqual(recorder.last, 1)
        XCTAssertEqual(recorder.positions, [.end])
    }

    func testContinueWithLargeFactorSlowsTheRemainder() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 0.5, curve: .linear)
        animator.pauseAnimation(now: clock.now)
        animator.fractionComplete = 0.8
        // Remaining 0.2 over 2 × 0.5 s = 1 s, i.e. 60 frames.
        animator.continueAnimation(now: clock.now, durationFactor: 2)
        for _ in 1...30 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.9, accuracy: 1e-9)
        for _ in 31...59 { XCTAssertTrue(animator.tick(now: clock.advance())) }
        XCTAssertFalse(animator.tick(now: clock.advance()))
        XCTAssertEqual(animator.state, .inactive)
    }

    func testContinueWithZeroFactorKeepsOriginalPace() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.pauseAnimation(now: clock.now)
        animator.fractionComplete = 0.5
        animator.continueAnimation(now: clock.now, durationFactor: 0)
        for _ in 1...15 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.75, accuracy: 1e-9)
        for _ in 16...29 { XCTAssertTrue(animator.tick(now: clock.advance())) }
        XCTAssertFalse(animator.tick(now: clock.advance()))
    }

    func testReverseMidFlightRunsBackAndCompletesAtStart() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...36 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(recorder.last ?? -1, 0.6, accuracy: 1e-9)

        animator.isReversed = true
        XCTAssertTrue(animator.isReversed)
        XCTAssertTrue(animator.isRunning)
        for frame in 1...35 {
            XCTAssertTrue(animator.tick(now: clock.advance()))
            XCTAssertEqual(recorder.last ?? -1, 0.6 - Double(frame) / 60, accuracy: 1e-9, "frame \(frame)")
        }
        XCTAssertTrue(recorder.positions.isEmpty)
        XCTAssertFalse(animator.tick(now: clock.advance()))
        XCTAssertEqual(recorder.last, 0)
        XCTAssertEqual(recorder.positions, [.start])
        XCTAssertEqual(animator.state, .inactive)
    }

    func testSetReversedTurnsAroundAtTheGivenTimeNotTheLastFrame() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.startAnimation(now: clock.now)
        for _ in 1...36 { animator.tick(now: clock.advance()) }
        // Half a frame further out, then half a frame back: frame 37 is where frame 36 was.
        animator.setReversed(true, now: clock.now + 1.0 / 120)
        animator.tick(now: clock.advance())
        XCTAssertEqual(animator.fractionComplete, 0.6, accuracy: 1e-9)
    }

    func testReversedBeforeStartRunsFromEndToStart() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 0.5, curve: .linear)
        recorder.attach(to: animator)
        animator.isReversed = true
        animator.startAnimation(now: clock.now)
        animator.tick(now: clock.advance())
        XCTAssertEqual(recorder.last ?? -1, 1 - 2.0 / 60, accuracy: 1e-9)
        for _ in 2...30 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(recorder.positions, [.start])
        XCTAssertEqual(animator.fractionComplete, 0)
    }

    func testCompletionsRunExactlyOnceInOrderWithPosition() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 0.25, curve: .easeOut)
        var calls: [String] = []
        animator.addCompletion { calls.append("a:\($0)") }
        animator.addCompletion { calls.append("b:\($0)") }
        animator.startAnimation(now: clock.now)
        for _ in 1...60 { animator.tick(now: clock.advance()) }
        animator.startAnimation(now: clock.now)
        for _ in 1...60 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(calls, ["a:end", "b:end"])
    }

    func testChainingSecondAnimatorFromInsideCompletion() {
        var clock = FrameClock()
        let phase1 = PropertyAnimator(duration: 0.5, curve: .linear)
        var phase2: PropertyAnimator?
        var phase2Values: [Double] = []
        var phase2Position: AnimatingPosition?
        phase1.addCompletion { position in
            XCTAssertEqual(position, .end)
            let next = PropertyAnimator(duration: 0.5, curve: .linear) { phase2Values.append($0) }
            next.addCompletion { phase2Position = $0 }
            next.startAnimation(now: phase1.lastUpdateTime)
            phase2 = next
        }
        phase1.startAnimation(now: clock.now)
        var phase1Frames = 0
        while phase1.tick(now: clock.advance()) { phase1Frames += 1 }
        XCTAssertEqual(phase1Frames, 29)
        XCTAssertEqual(clock.frame, 30)
        guard let phase2 else { return XCTFail("completion did not chain phase 2") }
        XCTAssertTrue(phase2.isRunning)

        for frame in 1...29 {
            XCTAssertTrue(phase2.tick(now: clock.advance()))
            XCTAssertEqual(phase2Values.last ?? -1, Double(frame) / 30, accuracy: 1e-9)
        }
        XCTAssertFalse(phase2.tick(now: clock.advance()))
        XCTAssertEqual(phase2Position, .end)
    }

    func testCompletionMayRestartTheSameAnimatorReversed() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 0.25, curve: .linear)
        var positions: [AnimatingPosition] = []
        animator.addCompletion { position in
            positions.append(position)
            animator.isReversed = true
            animator.addCompletion { positions.append($0) }
            animator.startAnimation(now: animator.lastUpdateTime)
        }
        animator.startAnimation(now: clock.now)
        var frames = 0
        while animator.tick(now: clock.advance()) { frames += 1 }
        XCTAssertEqual(positions, [.end, .start])
        XCTAssertEqual(frames, 29, "15 frames out, 15 back, last frame returns false")
    }

    func testInterruptionsNeverJumpTheValue() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .easeInOut)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...20 { animator.tick(now: clock.advance()) }
        animator.pauseAnimation(now: clock.advance())
        for _ in 1...5 { animator.tick(now: clock.advance()) }
        animator.continueAnimation(now: clock.now, durationFactor: 0.9)
        for _ in 1...12 { animator.tick(now: clock.advance()) }
        animator.setReversed(true, now: clock.advance())
        for _ in 1...10 { animator.tick(now: clock.advance()) }
        animator.isReversed = false
        for _ in 1...7 { animator.tick(now: clock.advance()) }
        animator.pauseAnimation(now: clock.advance())
        animator.fractionComplete += 0.005
        animator.startAnimation(now: clock.now)
        while animator.tick(now: clock.advance()) {}

        XCTAssertEqual(recorder.positions, [.end])
        XCTAssertGreaterThan(recorder.values.count, 60)
        for (index, pair) in zip(recorder.values, recorder.values.dropFirst()).enumerated() {
            XCTAssertLessThanOrEqual(abs(pair.1 - pair.0), maxEaseInOutStepPerFrame, "jump at report \(index + 1)")
        }
    }

    func testReverseKeepsTheCurrentSpeed() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.pauseAnimation(now: clock.now)
        animator.fractionComplete = 0.5
        // Twice the original pace: 0.5 remaining over 0.25 s.
        animator.continueAnimation(now: clock.now, durationFactor: 0.25)
        for _ in 1...6 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.7, accuracy: 1e-9)
        animator.setReversed(true, now: clock.now)
        for _ in 1...6 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-9)
    }

    func testStopWithoutFinishingDropsCompletionsAndKeepsValue() {
        let recorder = Recorder()
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        recorder.attach(to: animator)
        animator.startAnimation(now: clock.now)
        for _ in 1...12 { animator.tick(now: clock.advance()) }
        animator.stopAnimation(withoutFinishing: true, now: clock.advance())
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(recorder.last ?? -1, 13.0 / 60, accuracy: 1e-9)
        for _ in 1...120 { XCTAssertFalse(animator.tick(now: clock.advance())) }
        XCTAssertTrue(recorder.positions.isEmpty)
    }

    func testStopThenFinishRunsCompletionsWithTheGivenPosition() {
        for (position, expected) in [(AnimatingPosition.end, 1.0), (.start, 0.0), (.current, 0.2)] {
            let recorder = Recorder()
            var clock = FrameClock()
            let animator = PropertyAnimator(duration: 1, curve: .linear)
            recorder.attach(to: animator)
            animator.startAnimation(now: clock.now)
            for _ in 1...12 { animator.tick(now: clock.advance()) }
            animator.stopAnimation(withoutFinishing: false, now: clock.now)
            XCTAssertEqual(animator.state, .stopped)
            animator.tick(now: clock.advance())
            XCTAssertTrue(recorder.positions.isEmpty)
            animator.finishAnimation(at: position)
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertEqual(recorder.positions, [position])
            XCTAssertEqual(recorder.last ?? -1, expected, accuracy: 1e-9, "\(position)")
        }
    }

    func testPausesOnCompletionStaysActiveWithoutCompleting() {
        var clock = FrameClock()
        var positions: [AnimatingPosition] = []
        let animator = PropertyAnimator(duration: 0.25, curve: .linear)
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation(now: clock.now)
        while animator.tick(now: clock.advance()) {}
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.fractionComplete, 1)
        XCTAssertTrue(positions.isEmpty)

        animator.isReversed = true
        animator.startAnimation(now: clock.now)
        for _ in 1...15 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0)
        XCTAssertTrue(positions.isEmpty)
    }

    func testZeroDurationCompletesOnFirstTickNotDuringStart() {
        var positions: [AnimatingPosition] = []
        let animator = PropertyAnimator(duration: 0, curve: .easeInOut)
        animator.addCompletion { positions.append($0) }
        animator.startAnimation(now: 3)
        XCTAssertTrue(positions.isEmpty)
        XCTAssertFalse(animator.tick(now: 3))
        XCTAssertEqual(positions, [.end])
        XCTAssertEqual(animator.fractionComplete, 1)
    }

    func testStartAfterDelayHoldsUntilTheDelayElapses() {
        var clock = FrameClock()
        let animator = PropertyAnimator(duration: 1, curve: .linear)
        animator.startAnimation(now: clock.now, afterDelay: 0.5)
        for _ in 1...30 {
            XCTAssertTrue(animator.tick(now: clock.advance()))
            XCTAssertEqual(animator.fractionComplete, 0)
        }
        for _ in 1...6 { animator.tick(now: clock.advance()) }
        XCTAssertEqual(animator.fractionComplete, 0.1, accuracy: 1e-9)
    }
}
