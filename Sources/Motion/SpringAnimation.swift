import Foundation

/// Drives one value towards a target with a spring, and can be retargeted mid-flight.
///
/// Retargeting restarts the spring from the current position *and velocity*,
/// so a card pressed and then released mid-way carries its momentum into the
/// release instead of snapping into a fresh start. Values and velocities are
/// absolute here (value units, value units per second); only the spring's
/// mass, stiffness and damping are used, not its relative `initialVelocity`.
///
/// Not `Sendable`: it holds non-Sendable closures and is meant to live on the
/// thread that drives frames.
public final class SpringAnimation {
    public var spring: Spring
    /// Settling thresholds in value units and value units per second. The
    /// defaults suit normalised values; loosen them for pixel-sized values.
    public var displacementEpsilon: Double
    public var velocityEpsilon: Double

    public private(set) var target: Double
    public private(set) var isAnimating = false
    /// Value and velocity as of the latest `tick`/`animate`/`stop` call.
    public private(set) var value: Double
    public private(set) var velocity = 0.0

    /// Called with the new value on every tick and on `jump(to:)`.
    public var onChange: ((Double) -> Void)?

    private var completions: [() -> Void] = []
    // The current flight: displacement and velocity relative to `target` at `startTime`.
    private var startTime: TimeInterval = 0
    private var startDisplacement = 0.0
    private var startVelocity = 0.0

    public init(
        spring: Spring,
        value: Double = 0,
        displacementEpsilon: Double = Spring.defaultDisplacementEpsilon,
        velocityEpsilon: Double = Spring.defaultVelocityEpsilon
    ) {
        self.spring = spring
        self.value = value
        self.target = value
        self.displacementEpsilon = displacementEpsilon
        self.velocityEpsilon = velocityEpsilon
    }

    /// Called once when the animation next settles on its (latest) target.
    public func addCompletion(_ completion: @escaping () -> Void) {
        completions.append(completion)
    }

    /// Heads for `newTarget` from wherever the value is at `now`. The current
    /// velocity carries over unless `velocity` overrides it (for example a
    /// fling velocity from a `VelocityTracker`).
    public func animate(to newTarget: Double, now: TimeInterval, velocity initial: Double? = nil) {
        let (current, currentVelocity) = isAnimating ? sample(at: now) : (value, velocity)
        value = current
        velocity = initial ?? currentVelocity
        target = newTarget
        startTime = now
        startDisplacement = current - newTarget
        startVelocity = velocity
        isAnimating = true
    }

    /// Value at `now` without advancing the animation.
    public func value(at now: TimeInterval) -> Double {
        isAnimating ? sample(at: now).value : value
    }

    /// Velocity at `now` without advancing the animation.
    public func velocity(at now: TimeInterval) -> Double {
        isAnimating ? sample(at: now).velocity : velocity
    }

    /// Advances to `now`, reports the value, and when settled snaps exactly to
    /// the target and runs the completions. Returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        guard isAnimating else { return false }
        let (current, currentVelocity) = sample(at: now)
        let settled = abs(current - target) < displacementEpsilon && abs(currentVelocity) < velocityEpsilon
        if !settled {
            value = current
            velocity = currentVelocity
            onChange?(value)
            return true
        }
        value = target
        velocity = 0
        isAnimating = false
        onChange?(value)
        // Detach first: a completion may retarget us.
        let pending = completions
        completions.removeAll()
        for completion in pending { completion() }
        // A completion may have sent us somewhere else.
        return isAnimating
    }

    /// Halts at the value for `now`, at rest: whatever grabbed it is holding it
    /// still, so a later `animate` starts with zero velocity unless given one.
    /// Completions stay pending until the next settle.
    public func stop(now: TimeInterval) {
        guard isAnimating else { return }
        value = sample(at: now).value
        velocity = 0
        isAnimating = false
        onChange?(value)
    }

    /// Sets the value outright, at rest, with no animation (and no completion).
    public func jump(to newValue: Double) {
        value = newValue
        target = newValue
        velocity = 0
        isAnimating = false
        onChange?(value)
    }

    private func sample(at now: TimeInterval) -> (value: Double, velocity: Double) {
        let state = spring.oscillator.state(at: now - startTime, x0: startDisplacement, v0: startVelocity)
        return (target + state.position, state.velocity)
    }
}
