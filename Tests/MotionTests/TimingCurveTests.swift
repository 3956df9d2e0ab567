import XCTest
@testable import Motion

final class TimingCurveTests: XCTestCase {
    private let namedCurves: [TimingCurve] = [.linear, .easeIn, .easeOut, .easeInOut]

    func testEveryCurveMapsEndpointsExactly() {
        for curve in namedCurves + [.cubicBezier(0.25, 0.1, 0.25, 1), .cubicBezier(0.3, -0.5, 0.7, 1.5)] {
            XCTAssertEqual(curve.value(at: 0), 0, "\(curve)")
            XCTAssertEqual(curve.value(at: 1), 1, "\(curve)")
        }
    }

    func testProgressOutsideUnitIntervalIsClamped() {
        XCTAssertEqual(TimingCurve.easeOut.value(at: -0.5), 0)
        XCTAssertEqual(TimingCurve.easeIn.value(at: 1.5), 1)
        XCTAssertEqual(TimingCurve.linear.value(at: 2), 1)
    }

    func testLinearIsIdentity() {
        for progress in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(TimingCurve.linear.value(at: progress), progress, accuracy: 1e-12)
        }
    }

    func testEaseInOutIsSymmetricAndHalfAtMidpoint() {
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        for progress in stride(from: 0.05, through: 0.45, by: 0.05) {
            let low = TimingCurve.easeInOut.value(at: progress)
            let high = TimingCurve.easeInOut.value(at: 1 - progress)
            XCTAssertEqual(low + high, 1, accuracy: 1e-9)
        }
    }

    func testKnownValuesFromIndependentBisection() {
        // Reference values from a 200-step bisection of the parametric form.
        XCTAssertEqual(TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5), 0.802403387584857, accuracy: 1e-7)
        XCTAssertEqual(TimingCurve.easeIn.value(at: 0.5), 0.31535681257253945, accuracy: 1e-7)
        XCTAssertEqual(TimingCurve.easeOut.value(at: 0.5), 0.6846431874274606, accuracy: 1e-7)
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.25), 0.1291619310473198, accuracy: 1e-7)
    }

    func testNamedCurvesUseTheStandardControlPoints() {
        XCTAssertEqual(TimingCurve.easeIn.bezier, UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        XCTAssertEqual(TimingCurve.easeOut.bezier, UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
        XCTAssertEqual(TimingCurve.easeInOut.bezier, UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
        XCTAssertNil(TimingCurve.linear.bezier)
    }

    func testEaseInLagsAndEaseOutLeadsLinear() {
        for progress in stride(from: 0.1, through: 0.9, by: 0.1) {
            XCTAssertLessThan(TimingCurve.easeIn.value(at: progress), progress)
            XCTAssertGreaterThan(TimingCurve.easeOut.value(at: progress), progress)
        }
    }

    func testSolverMatchesParametricCurveAcrossTheRange() {
        // Pick t, compute the exact point (x(t), y(t)) from the Bernstein form,
        // and ask the curve for y at that x: this checks the inversion itself.
        let controls: [(Double, Double, Double, Double)] = [
            (0.25, 0.1, 0.25, 1), (0.42, 0, 0.58, 1), (0.68, -0.55, 0.27, 1.55), (0.9, 0.1, 0.1, 0.9),
        ]
        for (x1, y1, x2, y2) in controls {
            let curve = TimingCurve.cubicBezier(x1, y1, x2, y2)
            for t in stride(from: 0.01, through: 0.99, by: 0.02) {
                let x = bernstein(x1, x2, t)
                let y = bernstein(y1, y2, t)
                XCTAssertEqual(curve.value(at: x), y, accuracy: 1e-6, "(\(x1),\(y1),\(x2),\(y2)) at t=\(t)")
            }
        }
    }

    func testSolverHandlesFlatStartWhereNewtonStalls() {
        // x(t) = t³ here, so dx/dt is ~0 near the origin and Newton alone fails.
        let curve = TimingCurve.cubicBezier(0, 1, 0, 1)
        for t in [0.001, 0.01, 0.05, 0.2] {
            let x = bernstein(0, 0, t)
            XCTAssertEqual(curve.value(at: x), bernstein(1, 1, t), accuracy: 1e-6, "t=\(t)")
        }
    }

    func testCurvesWithMonotonicYAreMonotonic() {
        for curve in namedCurves + [.cubicBezier(0.9, 0.1, 0.1, 0.9)] {
            var previous = -Double.infinity
            for step in 0...200 {
                let value = curve.value(at: Double(step) / 200)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "\(curve)")
                previous = value
            }
        }
    }

    func testOvershootingCurveLeavesUnitInterval() {
        let backOut = TimingCurve.cubicBezier(0.34, 1.56, 0.64, 1)
        let peak = stride(from: 0.0, through: 1.0, by: 0.01).map { backOut.value(at: $0) }.max() ?? 0
        XCTAssertGreaterThan(peak, 1.05)
    }

    private func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
}
