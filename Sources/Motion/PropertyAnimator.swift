import Foundation

/// A time-injected take on `UIViewPropertyAnimator`.
///
/// The animator owns one linear fraction in [0, 1] and reports the eased value
/// `curve.value(at: fraction)` to its animation closures; callers interpolate
/// their own properties from that value. Nothing happens between calls: the
/// owner drives it with `tick(now:)` once per frame.
///
/// Semantics worth knowing, chosen to match UIKit where UIKit is defined:
/// - `fractionComplete` is always the position on the start→end axis, also
///   while reversed (0 = start values, 1 = end values).
/// - Speed is kept across interruptions: resuming with `startAnimation` or
///   reversing mid-flight moves at the pace of the current run, so the
///   remaining time is proportional to the remaining distance.
/// - `continueAnimation(now:durationFactor:)` follows UIKit: the remaining
///   portion (whatever is left, in the current direction) takes
///   `durationFactor × duration` seconds, i.e. the factor scales the original
///   duration, not the remaining time. `durationFactor <= 0` is UIKit's
///   "no change" idiom and resumes at the original pace instead
///   (`remaining fraction × duration`).
/// - Completions run from `tick(now:)` (or `finishAnimation(at:)`), never
///   synchronously from a start call, and only after the animator is back to
///   `.inactive`, so a completion may freely start this or another animator.
///
/// Not `Sendable`: it holds non-Sendable closures and is meant to live on the
/// thread that drives frames.
public final class PropertyAnimator {
    public let duration: TimeInterval
    public let curve: TimingCurve

    public private(set) var state: AnimatorState = .inactive
    public private(set) var isRunning = false

    /// When true, reaching the end leaves the animator active and paused
    /// instead of completing, so it can be scrubbed or reversed again.
    public var pausesOnCompletion = false

    private var animations: [(Double) -> Void] = []
    private var completions: [(AnimatingPosition) -> Void] = []

    // Latest computed fraction; the single source of truth while not running.
    private var storedFraction = 0.0
    // The current run is a straight line from (anchorTime, anchorFraction)
    // to the target; re-anchoring at the live fraction is what keeps every
    // interruption free of jumps.
    private var anchorFraction = 0.0
    private var anchorTime: TimeInterval = 0
    private var segmentDuration: TimeInterval = 0
    // Fraction per second of the current run; carried over when reversing.
    private var speed = 0.0
    // Time of the latest call that carried a `now`; lets the `isReversed`
    // setter re-anchor exactly where the last reported value was.
    private var lastTime: TimeInterval = 0
    private var reversed = false

    public init(duration: TimeInterval, curve: TimingCurve = .easeInOut, animations: ((Double) -> Void)? = nil) {
        self.duration = max(0, duration)
        self.curve = curve
        if let animations { self.animations.append(animations) }
    }

    /// Adds a closure that receives the eased value on every update. Ignored
    /// once stopped, as in UIKit where that is a programmer error.
    public func addAnimations(_ animations: @escaping (Double) -> Void) {
        guard state != .stopped else { return }
        self.animations.append(animations)
    }

    /// Adds a closure called once when the animation finishes. Ignored once
    /// stopped.
    public func addCompletion(_ completion: @escaping (AnimatingPosition) -> Void) {
        guard state != .stopped else { return }
        completions.append(completion)
    }

    /// The `now` of the latest call that carried one. Inside a completion this
    /// is the frame time the animation finished at, which is where a chained
    /// follow-up animation should start.
    public var lastUpdateTime: TimeInterval { lastTime }

    /// The eased value corresponding to `fractionComplete`, as last computed.
    public var value: Double { curve.value(at: storedFraction) }

    /// Linear position on the start→end axis. Settable while paused (or
    /// inactive, which activates the animator paused, ready for scrubbing);
    /// ignored while running or stopped. Setting reports the new eased value
    /// to the animation closures immediately.
    public var fractionComplete: Double {
        get { storedFraction }
        set {
            guard !isRunning, state != .stopped else { return }
            state = .active
            storedFraction = min(max(newValue, 0), 1)
            report()
        }
    }

    /// Direction of travel: true runs back toward 0. Changing it while running
    /// re-anchors at the last observed time so the value does not jump; use
    /// `setReversed(_:now:)` to anchor at an explicit time.
    public var isReversed: Bool {
        get { reversed }
        set { setReversed(newValue, now: lastTime) }
    }

    public func setReversed(_ newValue: Bool, now: TimeInterval) {
        guard newValue != reversed else { return }
        guard isRunning else {
            reversed = newValue
            return
        }
        storedFraction = runningFraction(at: now)
        reversed = newValue
        beginRun(at: max(now, anchorTime), speed: speed)
        lastTime = now
    }

    /// Starts, or resumes a paused animator at its original pace. Starting an
    /// inactive animator that is reversed runs it from 1 back to 0.
    public func startAnimation(now: TimeInterval, afterDelay delay: TimeInterval = 0) {
        guard state != .stopped, !isRunning else { return }
        if state == .inactive {
            storedFraction = reversed ? 1 : 0
            state = .active
        }
        isRunning = true
        lastTime = now
        beginRun(at: now + max(0, delay), speed: naturalSpeed)
    }

    /// Freezes at the value for `now`. Pausing an inactive animator activates
    /// it without moving, which is how interactive (scrubbed) animations begin.
    public func pauseAnimation(now: TimeInterval) {
        switch state {
        case .stopped:
            return
        case .inactive:
            state = .active
            storedFraction = reversed ? 1 : 0
            report()
        case .active:
            guard isRunning else { return }
            storedFraction = runningFraction(at: now)
            isRunning = false
            lastTime = now
            report()
        }
    }

    /// Resumes from the current fraction in the current direction; the rest
    /// takes `durationFactor × duration` seconds (UIKit), or the original pace
    /// when `durationFactor <= 0`. Also re-times a running animator, and
    /// starts an inactive one.
    public func continueAnimation(now: TimeInterval, durationFactor: Double) {
        guard state != .stopped else { return }
        if isRunning {
            storedFraction = runningFraction(at: now)
        } else if state == .inactive {
            storedFraction = reversed ? 1 : 0
            state = .active
        }
        isRunning = true
        lastTime = now

        let remaining = abs(targetFraction - storedFraction)
        let newSpeed: Double
        if durationFactor <= 0 {
            newSpeed = naturalSpeed
        } else {
            let remainingTime = durationFactor * duration
            newSpeed = remainingTime > 0 ? remaining / remainingTime : .infinity
        }
        beginRun(at: now, speed: newSpeed)
    }

    /// Advances a running animator to `now`, reports the eased value, and
    /// completes it when it reaches its target. Returns whether another frame
    /// is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        guard isRunning else { return false }
        lastTime = now
        // The nanosecond of slack keeps rounding in frame timestamps from
        // costing a whole extra frame at the end.
        let reachedTarget = now - anchorTime >= segmentDuration - 1e-9
        guard reachedTarget else {
            storedFraction = runningFraction(at: now)
            report()
            return true
        }

        storedFraction = targetFraction
        report()
        isRunning = false
        if pausesOnCompletion { return false }
        state = .inactive
        runCompletions(reversed ? .start : .end)
        // A completion may have started us again.
        return isRunning
    }

    /// Stops where it is. `withoutFinishing: true` returns straight to
    /// `.inactive` and drops the completions, as UIKit does; otherwise the
    /// animator waits in `.stopped` for `finishAnimation(at:)`.
    public func stopAnimation(withoutFinishing: Bool, now: TimeInterval) {
        guard state == .active else { return }
        if isRunning {
            storedFraction = runningFraction(at: now)
            report()
        }
        isRunning = false
        lastTime = now
        if withoutFinishing {
            state = .inactive
            completions.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: snaps to `position` (leaving the value
    /// alone for `.current`), returns to `.inactive`, then runs completions.
    public func finishAnimation(at position: AnimatingPosition) {
        guard state == .stopped else { return }
        switch position {
        case .start:
            storedFraction = 0
            report()
        case .end:
            storedFraction = 1
            report()
        case .current:
            break
        }
        state = .inactive
        runCompletions(position)
    }

    private var targetFraction: Double { reversed ? 0 : 1 }

    private var naturalSpeed: Double { duration > 0 ? 1 / duration : .infinity }

    private func beginRun(at time: TimeInterval, speed newSpeed: Double) {
        // Continuing with nothing left to cover yields speed 0, which would
        // strand a later reversal, so fall back to the original pace.
        speed = newSpeed > 0 ? newSpeed : naturalSpeed
        anchorTime = time
        anchorFraction = storedFraction
        let remaining = abs(targetFraction - anchorFraction)
        segmentDuration = speed.isInfinite ? 0 : remaining / speed
    }

    private func runningFraction(at time: TimeInterval) -> Double {
        let elapsed = time - anchorTime
        if elapsed < 0 { return anchorFraction }
        if elapsed >= segmentDuration { return targetFraction }
        return anchorFraction + (targetFraction - anchorFraction) * (elapsed / segmentDuration)
    }

    private func report() {
        let eased = curve.value(at: storedFraction)
        for animation in animations { animation(eased) }
    }

    private func runCompletions(_ position: AnimatingPosition) {
        // Detach first: a completion may add completions or restart us.
        let pending = completions
        completions.removeAll()
        for completion in pending { completion(position) }
    }
}
