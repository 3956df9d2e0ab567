import XCTest
@testable import Motion

final class SpringTests: XCTestCase {
    func testUIKitParameterisationMapsToDocumentedStiffnessAndDamping() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.7, initialVelocity: 0)
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * Double.pi * 0.7 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(spring.dampingRatio, 0.7, accuracy: 1e-12)
    }

    func testStartsAtZeroWithTheRelativeInitialVelocity() {
        for ratio in [0.3, 1.0, 2.5] {
            let spring = Spring(duration: 0.4, dampingRatio: ratio, initialVelocity: 2)
            XCTAssertEqual(spring.value(at: 0), 0, accuracy: 1e-12, "ratio \(ratio)")
            XCTAssertEqual(spring.velocity(at: 0), 2, accuracy: 1e-9, "ratio \(ratio)")
        }
    }

    func testClosedFormMatchesNumericalIntegrationInEveryRegime() {
        let springs = [
            Spring(mass: 1, stiffness: 200, damping: 6, initialVelocity: 3),       // under-damped
            Spring(dampingRatio: 1, mass: 0.5, stiffness: 500, initialVelocity: -4), // critical
            Spring(mass: 2, stiffness: 80, damping: 60, initialVelocity: 5),       // over-damped
        ]
        for spring in springs {
            // RK4 on m·x'' = −k·x − c·x' with x = value − 1.
            var x = -1.0
            var v = spring.initialVelocity
            let dt = 1.0 / 2000
            func acceleration(_ x: Double, _ v: Double) -> Double {
                (-spring.stiffness * x - spring.damping * v) / spring.mass
            }
            for step in 1...2000 {
                let k1x = v, k1v = acceleration(x, v)
                let k2x = v + 0.5 * dt * k1v, k2v = acceleration(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
                let k3x = v + 0.5 * dt * k2v, k3v = acceleration(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
                let k4x = v + dt * k3v, k4v = acceleration(x + dt * k3x, v + dt * k3v)
                x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                if step % 50 == 0 {
                    let t = Double(step) * dt
                    XCTAssertEqual(spring.value(at: t), 1 + x, accuracy: 1e-6, "ζ=\(spring.dampingRatio) t=\(t)")
                    XCTAssertEqual(spring.velocity(at: t), v, accuracy: 1e-5, "ζ=\(spring.dampingRatio) t=\(t)")
                }
            }
        }
    }

    func testCriticallyDampedUIKitSpringArrivesAroundItsDurationWithoutOvershoot() {
        let duration = 0.5
        let spring = Spring(duration: duration, dampingRatio: 1)
        // Within 1.5 % of the target at `duration`, but not yet at 0.9 × duration.
        XCTAssertLessThan(abs(1 - spring.value(at: duration)), 0.015)
        XCTAssertGreaterThan(abs(1 - spring.value(at: 0.9 * duration)), 0.015)

        var frame = 0
        var peak = 0.0
        while !spring.isSettled(at: Double(frame) / 60) {
            peak = max(peak, spring.value(at: Double(frame) / 60))
            frame += 1
            XCTAssertLessThan(frame, 600, "never settled")
        }
        let settledAt = Double(frame) / 60
        XCTAssertGreaterThan(settledAt, duration)
        XCTAssertLessThan(settledAt, 2 * duration)
        XCTAssertLessThanOrEqual(peak, 1)
        XCTAssertEqual(spring.settlingTime(), settledAt, accuracy: 1.0 / 60)
    }

    func testUnderdampedSpringOvershoots() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.4)
        let samples = (0...120).map { spring.value(at: Double($0) / 60) }
        let peak = samples.max() ?? 0
        // Classic peak overshoot: exp(−πζ / √(1 − ζ²)) ≈ 0.254 for ζ = 0.4.
        XCTAssertGreaterThan(peak, 1.2)
        XCTAssertLessThan(peak, 1.3)
        XCTAssertTrue(samples.contains { $0 < 1 } && samples.dropFirst(30).contains { $0 < 1 }, "should swing back below 1")
        XCTAssertEqual(samples.last ?? 0, 1, accuracy: 0.02)
    }

    func testOverdampedSpringIsSlowerThanCriticalAndNeverOvershoots() {
        let critical = Spring(duration: 0.5, dampingRatio: 1)
        let overdamped = Spring(duration: 0.5, dampingRatio: 2)
        for frame in 1...120 {
            let t = Double(frame) / 60
            XCTAssertLessThan(overdamped.value(at: t), critical.value(at: t))
            XCTAssertLessThanOrEqual(overdamped.value(at: t), 1)
        }
    }

    func testLibadwaitaDefaultsSettleQuicklyWithoutOvershoot() {
        // adw_spring_params_new(1, 0.5, 500): damping *ratio* 1, mass 0.5, stiffness 500.
        let spring = Spring(dampingRatio: 1, mass: 0.5, stiffness: 500)
        XCTAssertEqual(spring.damping, 2 * (0.5 * 500).squareRoot(), accuracy: 1e-9)
        let physical = Spring(mass: 0.5, stiffness: 500, damping: 2 * (0.5 * 500).squareRoot())
        XCTAssertEqual(physical.dampingRatio, 1, accuracy: 1e-12)

        var frame = 0
        while !physical.isSettled(at: Double(frame) / 60) {
            XCTAssertLessThanOrEqual(physical.value(at: Double(frame) / 60), 1)
            XCTAssertEqual(physical.value(at: Double(frame) / 60), spring.value(at: Double(frame) / 60), accuracy: 1e-12)
            frame += 1
            XCTAssertLessThan(frame, 120, "never settled")
        }
        // ω₀ = √1000 ≈ 31.6 rad/s: settles to 0.1 % in ≈ 0.3 s.
        XCTAssertGreaterThanOrEqual(frame, 15)
        XCTAssertLessThanOrEqual(frame, 21)
    }

    func testSettlingTimeIsFinalForUnderdampedSprings() {
        let spring = Spring(duration: 0.3, dampingRatio: 0.3, initialVelocity: 1)
        let settle = spring.settlingTime()
        XCTAssertTrue(settle.isFinite)
        XCTAssertFalse(spring.isSettled(at: settle * 0.5))
        for step in 0...600 {
            XCTAssertTrue(spring.isSettled(at: settle + Double(step) / 240), "unsettled again at +\(step)")
        }
    }

    func testUndampedSpringNeverSettles() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 0)
        XCTAssertEqual(spring.settlingTime(), .infinity)
        XCTAssertEqual(spring.value(at: Double.pi / 10), 2, accuracy: 1e-9, "half period of ω = 10 peaks at 2")
    }
}
