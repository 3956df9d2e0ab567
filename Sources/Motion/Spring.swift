import Foundation

/// A damped spring that carries a value from 0 to 1.
///
/// Two ways in:
/// - Physical, as in libadwaita / Core Animation: `mass`, `stiffness`,
///   `damping` (or `dampingRatio` with mass and stiffness, like
///   `adw_spring_params_new`).
/// - UIKit's `(duration, dampingRatio, initialVelocity)`. With mass 1 this
///   maps to stiffness = (2π / duration)² and damping = 4π·dampingRatio /
///   duration, i.e. the undamped period equals `duration`. With that mapping a
///   critically damped spring is within ~1.4 % of the target at `duration`
///   and within 0.1 % at about 1.5 × `duration`; that is the sense in which
///   it "takes" `duration`.
///
/// `initialVelocity` is relative to the distance travelled, as in UIKit:
/// 1.0 means a speed that would cover the whole distance in one second.
public struct Spring: Sendable, Hashable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    public let initialVelocity: Double

    /// Defaults used by `isSettled(at:)` and `settlingTime()`: a thousandth of
    /// the distance, and a hundredth of the distance per second.
    public static let defaultDisplacementEpsilon = 0.001
    public static let defaultVelocityEpsilon = 0.01

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = max(mass, .leastNonzeroMagnitude)
        self.stiffness = max(stiffness, 0)
        self.damping = max(damping, 0)
        self.initialVelocity = initialVelocity
    }

    /// libadwaita's parameterisation: damping = 2·ratio·√(mass·stiffness).
    public init(dampingRatio: Double, mass: Double, stiffness: Double, initialVelocity: Double = 0) {
        let damping = 2 * dampingRatio * (max(mass, 0) * max(stiffness, 0)).squareRoot()
        self.init(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// UIKit's parameterisation; see the type's documentation for the mapping.
    public init(duration: TimeInterval, dampingRatio: Double, initialVelocity: Double = 0) {
        let period = max(duration, 1e-6)
        let stiffness = pow(2 * Double.pi / period, 2)
        let damping = 4 * Double.pi * dampingRatio / period
        self.init(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// A copy with a different initial velocity (relative to the distance).
    public func withInitialVelocity(_ velocity: Double) -> Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    public var dampingRatio: Double { oscillator.dampingRatio }
    /// Undamped angular frequency, rad/s.
    public var naturalFrequency: Double { oscillator.naturalFrequency }

    /// Progress from 0 towards 1 at `time` seconds; may overshoot 1 when under-damped.
    public func value(at time: TimeInterval) -> Double {
        1 + oscillator.state(at: time, x0: -1, v0: initialVelocity).position
    }

    /// Rate of change of `value(at:)`, in distances per second.
    public func velocity(at time: TimeInterval) -> Double {
        oscillator.state(at: time, x0: -1, v0: initialVelocity).velocity
    }

    /// True when both the distance to 1 and the speed are under their epsilons.
    public func isSettled(
        at time: TimeInterval,
        displacementEpsilon: Double = Spring.defaultDisplacementEpsilon,
        velocityEpsilon: Double = Spring.defaultVelocityEpsilon
    ) -> Bool {
        let state = oscillator.state(at: time, x0: -1, v0: initialVelocity)
        return abs(state.position) < displacementEpsilon && abs(state.velocity) < velocityEpsilon
    }

    /// A time after which the spring stays settled; `.infinity` for an undamped spring.
    public func settlingTime(
        displacementEpsilon: Double = Spring.defaultDisplacementEpsilon,
        velocityEpsilon: Double = Spring.defaultVelocityEpsilon
    ) -> TimeInterval {
        oscillator.settlingTime(
            x0: -1, v0: initialVelocity,
            displacementEpsilon: displacementEpsilon, velocityEpsilon: velocityEpsilon
        )
    }

    var oscillator: DampedOscillator {
        DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    }
}
