import Foundation

/// Closed-form solution of m·x'' + c·x' + k·x = 0 for displacement x from rest.
///
/// Closed form rather than numeric integration so that any instant can be
/// sampled exactly, independent of frame rate or dropped frames.
struct DampedOscillator: Sendable, Hashable {
    let mass: Double
    let stiffness: Double
    let damping: Double

    var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Displacement and velocity at `time` from initial displacement `x0` and velocity `v0`.
    func state(at time: Double, x0: Double, v0: Double) -> (position: Double, velocity: Double) {
        let t = max(0, time)
        let omega = naturalFrequency
        let zeta = dampingRatio

        // Treat a hair either side of critical as critical: the under- and
        // over-damped forms divide by a vanishing frequency there.
        if abs(zeta - 1) < 1e-6 {
            let b = v0 + omega * x0
            let decay = exp(-omega * t)
            let position = (x0 + b * t) * decay
            let velocity = (b - omega * (x0 + b * t)) * decay
            return (position, velocity)
        }

        if zeta < 1 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            let decayRate = zeta * omega
            let b = (v0 + decayRate * x0) / dampedOmega
            let decay = exp(-decayRate * t)
            let cosine = cos(dampedOmega * t)
            let sine = sin(dampedOmega * t)
            let position = decay * (x0 * cosine + b * sine)
            let velocity = decay * ((b * dampedOmega - decayRate * x0) * cosine
                - (x0 * dampedOmega + decayRate * b) * sine)
            return (position, velocity)
        }

        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        let e1 = exp(r1 * t)
        let e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// A time after which |x| < displacementEpsilon and |v| < velocityEpsilon
    /// hold for good.
    ///
    /// Under-damped motion is bounded by its exponential envelope, which gives
    /// a closed form. Critically and over-damped motion crosses zero at most
    /// once, so the first instant both thresholds hold with position and
    /// velocity already shrinking together is final; we find it by stepping.
    func settlingTime(x0: Double, v0: Double, displacementEpsilon: Double, velocityEpsilon: Double) -> Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        guard omega > 0, zeta > 0 else { return .infinity }

        if zeta < 1 - 1e-6 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            let decayRate = zeta * omega
            let b = (v0 + decayRate * x0) / dampedOmega
            let positionAmplitude = (x0 * x0 + b * b).squareRoot()
            let vc = b * dampedOmega - decayRate * x0
            let vs = x0 * dampedOmega + decayRate * b
            let velocityAmplitude = (vc * vc + vs * vs).squareRoot()
            let forPosition = log(max(positionAmplitude / displacementEpsilon, 1)) / decayRate
            let forVelocity = log(max(velocityAmplitude / velocityEpsilon, 1)) / decayRate
            return max(forPosition, forVelocity)
        }

        let step = 0.001
        let limit = 600.0
        var time = 0.0
        while time < limit {
            let (position, velocity) = state(at: time, x0: x0, v0: v0)
            let heading = position * velocity
            if abs(position) < displacementEpsilon, abs(velocity) < velocityEpsilon, heading <= 0 {
                return time
            }
            time += step
        }
        return .infinity
    }
}
