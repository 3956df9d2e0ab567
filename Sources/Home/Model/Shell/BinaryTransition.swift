import Foundation
import Motion

/// A value that moves between two resting states, 0 and 1, along a timing curve, and can be turned
/// around at any moment from wherever it is (the header snap, the greeting fade, the rewards tile).
///
/// Built on `PropertyAnimator`: a reversal keeps the animator's pace, so going back takes as long
/// as the distance already covered, and the value never jumps. Time is injected (`now`), so tests
/// drive it frame by frame.
public final class BinaryTransition {
    public let duration: TimeInterval
    public let curve: TimingCurve
    private let animator: PropertyAnimator
    /// Where the value is heading: true = 1.
    public private(set) var target: Bool

    public init(duration: TimeInterval, curve: TimingCurve = .easeInOut, at state: Bool = false) {
        self.duration = duration
        self.curve = curve
        self.target = state
        animator = PropertyAnimator(duration: duration, curve: curve)
        animator.pausesOnCompletion = true
        animator.fractionComplete = state ? 1 : 0
    }

    /// The eased value, 0…1.
    public var value: Double { animator.value }
    /// The linear position on the 0→1 axis (time covered over the duration).
    public var fraction: Double { animator.fractionComplete }
    public var isAnimating: Bool { animator.isRunning }

    /// Seconds still to run at the current pace (0 at rest).
    public var remainingTime: TimeInterval {
        abs((target ? 1 : 0) - animator.fractionComplete) * duration
    }

    /// Heads for `newTarget`. With `animated` false (animations off) the value jumps there.
    /// Returns whether a frame is needed.
    @discardableResult
    public func set(_ newTarget: Bool, now: TimeInterval, animated: Bool = true) -> Bool {
        guard animated else {
            jump(to: newTarget, now: now)
            return false
        }
        let wasRunning = animator.isRunning
        target = newTarget
        if wasRunning {
            animator.setReversed(!newTarget, now: now)
            return true
        }
        if animator.fractionComplete == (newTarget ? 1 : 0) { return false }
        animator.isReversed = !newTarget
        animator.startAnimation(now: now)
        return true
    }

    /// Puts the value at rest on `state` at once.
    public func jump(to state: Bool, now: TimeInterval) {
        target = state
        if animator.isRunning { animator.pauseAnimation(now: now) }
        animator.fractionComplete = state ? 1 : 0
    }

    /// Advances to `now`. Returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        animator.tick(now: now)
    }
}
