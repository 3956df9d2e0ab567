import Foundation
import Motion

/// The card's "held down" scale: it sinks to 0.95 while pressed and springs back on release
/// (docs/mechanics.md "Today", after the original's UIView spring animations).
///
/// Both directions start from the current scale *and* velocity (UIKit's beginFromCurrentState),
/// so a quick press-release carries the sinking momentum into a lively bounce instead of
/// snapping. The views drive it with frame times; nothing happens between calls.
public final class CardPress {
    public static let restingScale = 1.0
    public static let pressedScale = 0.95
    /// UIKit `animate(withDuration: 0.5, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.2)`.
    public static let pressSpring = Spring(duration: 0.5, dampingRatio: 0.8, initialVelocity: 0.2)
    /// The same but damping 0.4: the release overshoots and wobbles, which is the point.
    public static let releaseSpring = Spring(duration: 0.5, dampingRatio: 0.4, initialVelocity: 0.2)
    /// How long a keyboard activation holds the card down before letting go: long enough to be
    /// seen (six frames at 60 Hz), short enough not to delay opening the story noticeably.
    public static let keyboardHoldDuration: TimeInterval = 0.1
    /// A fifth of a point on a 400-point card: finer than any pixel, so settling never shows.
    static let scaleEpsilon = 0.0005
    /// Scale per second; 0.002/s moves a 400-point card's edge under a pixel per second.
    static let velocityEpsilon = 0.002

    /// With animations off (GTK's enable-animations), every change is immediate.
    public var animationsEnabled = true
    /// Whether the card is (logically) held down; the scale may still be on its way.
    public private(set) var isPressed = false

    private let animation = SpringAnimation(
        spring: CardPress.pressSpring, value: CardPress.restingScale,
        displacementEpsilon: CardPress.scaleEpsilon, velocityEpsilon: CardPress.velocityEpsilon)
    /// When a keyboard activation lets go.
    private var pendingReleaseTime: TimeInterval?

    public init() {}

    /// Pointer down (or a long press beginning). Ignored while already pressed.
    public func press(now: TimeInterval) {
        guard !isPressed else { return }
        isPressed = true
        pendingReleaseTime = nil
        move(to: Self.pressedScale, with: Self.pressSpring, now: now)
    }

    /// Pointer up or cancelled. Ignored unless pressed.
    public func release(now: TimeInterval) {
        guard isPressed else { return }
        isPressed = false
        pendingReleaseTime = nil
        move(to: Self.restingScale, with: Self.releaseSpring, now: now)
    }

    /// Space or Enter on a focused card: press now, release `keyboardHoldDuration` later.
    /// With animations off there is nothing to see, so the card does not flash smaller.
    public func activateFromKeyboard(now: TimeInterval) {
        guard animationsEnabled else {
            release(now: now)
            return
        }
        press(now: now)
        if isPressed { pendingReleaseTime = now + Self.keyboardHoldDuration }
    }

    /// The scale to draw at `now`. Times must not go backwards across calls.
    public func scale(at now: TimeInterval) -> Double {
        releaseIfDue(now: now)
        return animation.value(at: now)
    }

    /// Advances to `now`; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        releaseIfDue(now: now)
        let moving = animation.tick(now: now)
        return moving || pendingReleaseTime != nil
    }

    /// At rest on its target, with no keyboard release pending; as of the last `tick`.
    public var isSettled: Bool { !animation.isAnimating && pendingReleaseTime == nil }

    private func releaseIfDue(now: TimeInterval) {
        guard let due = pendingReleaseTime, now >= due else { return }
        // Release at the moment it was due, not at this (later) frame, so frame timing
        // does not change the motion.
        release(now: due)
    }

    /// UIKit's initial velocity is relative to the distance: 0.2 covers a fifth of it per
    /// second. It is added to the carried velocity, so an interrupted motion keeps its momentum.
    private func move(to target: Double, with spring: Spring, now: TimeInterval) {
        guard animationsEnabled else {
            pendingReleaseTime = nil
            animation.jump(to: target)
            return
        }
        let current = animation.value(at: now)
        let carried = animation.velocity(at: now)
        // Stop before swapping springs: the flight in progress must be sampled with the spring
        // it was launched with.
        animation.stop(now: now)
        animation.spring = spring
        animation.animate(to: target, now: now, velocity: carried + spring.initialVelocity * (target - current))
    }
}
