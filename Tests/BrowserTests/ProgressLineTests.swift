import XCTest
@testable import BrowserModel

final class ProgressLineTests: XCTestCase {
    private let frame = 1.0 / 60

    /// Steps the fake clock until the line stops animating; returns the time it stopped.
    @discardableResult
    private func run(_ line: ProgressLine, from start: Double, limit: Double = 3, sample: ((Double) -> Void)? = nil) -> Double {
        var t = start
        while line.isAnimating && t - start < limit {
            t += frame
            line.tick(now: t)
            sample?(t)
        }
        return t
    }

    func testFollowsProgressThenFillsAndFades() {
        let line = ProgressLine()
        line.update(progress: 0.3, isLoading: true, now: 0)
        XCTAssertEqual(line.opacity, 1)
        XCTAssertEqual(line.fraction, 0, "starts at the left edge")
        let t1 = run(line, from: 0)
        XCTAssertEqual(line.fraction, 0.3, accuracy: 1e-9)
        XCTAssertEqual(t1, 0.2, accuracy: frame + 1e-9, "following takes 0.2 s")

        line.update(progress: 1, isLoading: false, now: 1)
        var fadeStarted: Double?
        let end = run(line, from: 1) { t in
            if fadeStarted == nil && line.opacity < 1 { fadeStarted = t }
        }
        XCTAssertNotNil(fadeStarted)
        XCTAssertEqual(fadeStarted ?? 0, 1.5, accuracy: 2 * frame, "fill to the end takes 0.5 s before the fade")
        XCTAssertEqual(end, 1.7, accuracy: 2 * frame, "fade takes 0.2 s")
        XCTAssertEqual(line.opacity, 0)
        XCTAssertFalse(line.isVisible)
    }

    func testWidthNeverGoesBackwardsWhileLoading() {
        let line = ProgressLine()
        line.update(progress: 0.6, isLoading: true, now: 0)
        run(line, from: 0)
        line.update(progress: 0.4, isLoading: true, now: 1)
        XCTAssertEqual(line.fraction, 0.6, accuracy: 1e-9)
        XCTAssertFalse(line.isAnimating)
    }

    func testAStoppedLoadFadesWithoutFilling() {
        let line = ProgressLine()
        line.update(progress: 0.5, isLoading: true, now: 0)
        run(line, from: 0)
        line.update(progress: 0.5, isLoading: false, now: 1)
        var maxFraction = 0.0
        run(line, from: 1) { _ in maxFraction = max(maxFraction, line.fraction) }
        XCTAssertEqual(maxFraction, 0.5, accuracy: 1e-9)
        XCTAssertEqual(line.opacity, 0)
    }

    func testWithAnimationsOffChangesAreImmediate() {
        let line = ProgressLine()
        line.animationsEnabled = false
        line.update(progress: 0.7, isLoading: true, now: 0)
        XCTAssertEqual(line.fraction, 0.7)
        XCTAssertFalse(line.isAnimating)
        line.update(progress: 1, isLoading: false, now: 0)
        XCTAssertEqual(line.opacity, 0)
        XCTAssertFalse(line.isAnimating)
    }
}
