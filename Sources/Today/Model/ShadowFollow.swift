import Foundation
import Motion

/// The card shadow's offset, following the pointer across the window.
///
/// The original tilted the shadow with the phone (roll × 10, pitch × 10). A desktop has no
/// tilt, so the pointer stands in: its position relative to the window's centre, normalised to
/// −1…1 on each axis, times 10 points. The drawn offset chases that target with a critically
/// damped spring (no overshoot, smooth through every retarget), so jittery pointer events never
/// make the shadow jump.
public final class ShadowFollow {
    public static let shadowRadius = 14.0
    public static let shadowOpacity = 0.22
    /// Offset at the window's edges, per axis (the original's × 10).
    public static let maximumOffset = 10.0
    /// Time to cover 1 − 1/e (63 %) of a change, as for an exponential's time constant; the
    /// rest settles within ~0.4 s. Quick enough to feel attached to the pointer, slow enough to
    /// smooth out input at the original's 50 Hz sampling and below.
    public static let timeConstant: TimeInterval = 0.12
    /// A critically damped spring from rest reaches 1 − 1/e at ω·t = 2.1462 (the root of
    /// (1 + u)·e^−u = 1/e), so this ω makes `timeConstant` mean what it says.
    static let chaseFrequency = 2.146_193_220_620_582 / timeConstant
    /// A twentieth of a point, and half a point per second: below what can be seen.
    static let offsetEpsilon = 0.05
    static let velocityEpsilon = 0.5

    static let chaseSpring = Spring(dampingRatio: 1, mass: 1, stiffness: chaseFrequency * chaseFrequency)

    /// With animations off the shadow stays put at its resting offset: a shadow sliding with the
    /// pointer is itself motion, which is what turning animations off asks to avoid.
    public var animationsEnabled = true {
        didSet {
            if !animationsEnabled {
                horizontal.jump(to: 0)
                vertical.jump(to: 0)
            }
        }
    }

    public private(set) var target = Point.zero

    private let horizontal = ShadowFollow.makeAxis()
    private let vertical = ShadowFollow.makeAxis()

    public init() {}

    /// The offset a pointer at `position` (window coordinates) asks for in a window of `windowSize`.
    public static func targetOffset(pointer position: Point, windowSize: Size) -> Point {
        func axis(_ value: Double, _ length: Double) -> Double {
            guard length > 0, value.isFinite else { return 0 }
            let half = length / 2
            let normalised = (value - half) / half
            return min(max(normalised * maximumOffset, -maximumOffset), maximumOffset)
        }
        return Point(x: axis(position.x, windowSize.width), y: axis(position.y, windowSize.height))
    }

    public func pointerMoved(to position: Point, windowSize: Size, now: TimeInterval) {
        retarget(Self.targetOffset(pointer: position, windowSize: windowSize), now: now)
    }

    /// The pointer left the window: the shadow drifts back to rest.
    public func pointerLeft(now: TimeInterval) {
        retarget(.zero, now: now)
    }

    public func offset(at now: TimeInterval) -> Point {
        Point(x: horizontal.value(at: now), y: vertical.value(at: now))
    }

    /// Advances to `now`; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        let movingX = horizontal.tick(now: now)
        let movingY = vertical.tick(now: now)
        return movingX || movingY
    }

    /// As of the last `tick`.
    public var isSettled: Bool { !horizontal.isAnimating && !vertical.isAnimating }

    private func retarget(_ newTarget: Point, now: TimeInterval) {
        guard animationsEnabled else { return }
        target = newTarget
        if newTarget.x != horizontal.target { horizontal.animate(to: newTarget.x, now: now) }
        if newTarget.y != vertical.target { vertical.animate(to: newTarget.y, now: now) }
    }

    private static func makeAxis() -> SpringAnimation {
        SpringAnimation(spring: chaseSpring, value: 0, displacementEpsilon: offsetEpsilon, velocityEpsilon: velocityEpsilon)
    }
}
