import Foundation
import Motion

/// How the story looks at one instant of its transition.
public struct StoryAppearance: Sendable, Hashable {
    /// 0 = exactly the card, 1 = the full window; a little above 1 while the opening spring overshoots.
    public var progress: Double
    /// In window coordinates, on whole points: GTK allocates the story's widgets whole pixels, and
    /// under GL a clip that cuts through the rounded corners of the clip around it (a widget's
    /// rounded-off allocation against a fractional frame) sends everything under it through an
    /// offscreen texture every frame (docs/mechanics.md "Today", docs/performance.md "The story transition").
    public var frame: LayoutRect
    public var cornerRadius: Double
    /// Whole points, and never ending inside the frame's rounded bottom corners: while the gap
    /// below the picture is narrower than the corners' radius (the first frames of an opening, the
    /// last of a closing, the body still invisible) the picture fills the frame. The picture's
    /// clip would cut through the corners otherwise, with the same offscreen cost.
    public var headerImageHeight: Double
    /// The story's body text, which only appears near the end of the opening.
    public var bodyAlpha: Double
}

/// The card growing into the full-window story and shrinking back (docs/mechanics.md "Today").
///
/// The original took 0.1 s in and 0.2 s out. On a phone the card is most of the screen; on a
/// desktop it can grow from a 227-point card to a 2560-point window, and at 0.1 s (six frames)
/// that much motion reads as a cut. So:
/// - Opening is a spring with a 0.35 s period and damping 0.85: long enough to follow the card
///   as it grows, and the slight under-damping (~0.6 % overshoot) makes it land rather than stop.
/// - Closing is 0.3 s ease-in-out: a dismissal should be a little quicker than the opening,
///   and it must land exactly in the card's slot; a spring would overshoot into a card smaller
///   than its slot, and neighbouring cards would show through.
///
/// Closing may go to a different card frame than the opening came from: the window may have
/// been resized or the feed relaid while the story was open. Re-opening while closing reverses
/// from wherever the story is, keeping its speed; closing while opening turns around likewise.
public final class StoryTransition {
    public enum Phase: Sendable, Hashable {
        case closed, opening, open, closing
    }

    public static let openSpring = Spring(duration: 0.35, dampingRatio: 0.85)
    public static let closeDuration: TimeInterval = 0.3
    public static let closeCurve = TimingCurve.easeInOut
    public static let cardCornerRadius = 14.0
    /// The story's header image when open; never taller than the window.
    public static let headerImageHeight = 500.0
    /// Body text fades in over the last 40 % of the opening (and out over the first 40 % of the
    /// closing): while the card is still small, text reflowing at every frame would be noise.
    public static let bodyFadeStart = 0.6
    /// A thousandth of the way: under a pixel for any window up to 1000 points, and the last
    /// frames of a spring are invisible long before that.
    static let progressEpsilon = 0.001
    static let progressVelocityEpsilon = 0.01

    public var animationsEnabled = true
    public private(set) var phase = Phase.closed
    /// Where the story comes from or goes back to, in window coordinates.
    public private(set) var cardFrame = LayoutRect.zero
    /// Update on every window resize; the open story follows the window.
    public var windowSize = Size.zero

    private let opening = SpringAnimation(
        spring: StoryTransition.openSpring, value: 0,
        displacementEpsilon: StoryTransition.progressEpsilon, velocityEpsilon: StoryTransition.progressVelocityEpsilon)
    private var closingStartProgress = 0.0
    private var closingStartTime: TimeInterval = 0
    private var closingDuration: TimeInterval = 0

    public init() {}

    /// The view keeps the card itself hidden while this is true, so it never shows twice.
    public var isPresented: Bool { phase != .closed }

    /// Opens from `cardFrame` (window coordinates). Ignored while opening or open; while closing
    /// it turns around from the current progress and speed.
    public func open(from cardFrame: LayoutRect, windowSize: Size, now: TimeInterval) {
        self.windowSize = windowSize
        var velocity = 0.0
        switch phase {
        case .opening, .open:
            return
        case .closed:
            self.cardFrame = cardFrame
            opening.jump(to: 0)
        case .closing:
            // Keep the closing's destination: the story is part-way to it, and the card is there.
            let current = closingProgress(at: now)
            velocity = (current - closingProgress(at: now - Self.derivativeStep)) / Self.derivativeStep
            opening.jump(to: current)
        }
        guard animationsEnabled else {
            opening.jump(to: 1)
            phase = .open
            return
        }
        phase = .opening
        opening.animate(to: 1, now: now, velocity: velocity)
    }

    /// Closes into `cardFrame`, which may differ from where it opened. Ignored while closing or
    /// closed.
    public func close(to cardFrame: LayoutRect, now: TimeInterval) {
        guard phase == .opening || phase == .open else { return }
        let current = max(0, progress(at: now))
        opening.stop(now: now)
        self.cardFrame = cardFrame
        guard animationsEnabled else {
            opening.jump(to: 0)
            phase = .closed
            return
        }
        phase = .closing
        closingStartProgress = current
        closingStartTime = now
        // The same pace from anywhere: closing from half open takes half the time.
        closingDuration = Self.closeDuration * min(current, 1)
    }

    /// Advances to `now`, settling the phase when the motion ends; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        switch phase {
        case .opening:
            if opening.tick(now: now) { return true }
            phase = .open
            return false
        case .closing:
            if now - closingStartTime < closingDuration { return true }
            phase = .closed
            opening.jump(to: 0)
            return false
        case .open, .closed:
            return false
        }
    }

    /// 0 (the card) … 1 (the window), as drawn at `now`.
    public func progress(at now: TimeInterval) -> Double {
        switch phase {
        case .closed: return 0
        case .open: return 1
        case .opening: return opening.value(at: now)
        case .closing: return closingProgress(at: now)
        }
    }

    public func appearance(at now: TimeInterval) -> StoryAppearance {
        // Never smaller than the card: a reversal near the card could otherwise dip below it.
        let progress = max(0, progress(at: now))
        let window = LayoutRect(x: 0, y: 0, width: max(0, windowSize.width), height: max(0, windowSize.height))
        let openImageHeight = min(Self.headerImageHeight, window.height)
        let clamped = min(progress, 1)
        let frame = lerp(cardFrame, window, progress).snappedToWholePoints
        let cornerRadius = lerp(Self.cardCornerRadius, 0, clamped)
        var headerImageHeight = lerp(cardFrame.height, openImageHeight, progress).rounded()
        if headerImageHeight > frame.height - cornerRadius { headerImageHeight = frame.height }
        return StoryAppearance(
            progress: progress,
            frame: frame,
            cornerRadius: cornerRadius,
            headerImageHeight: headerImageHeight,
            bodyAlpha: min(max((progress - Self.bodyFadeStart) / (1 - Self.bodyFadeStart), 0), 1)
        )
    }

    /// For the speed of a closing being turned around; small against a frame, large against
    /// rounding.
    private static let derivativeStep: TimeInterval = 1e-4

    private func closingProgress(at now: TimeInterval) -> Double {
        guard closingDuration > 0 else { return 0 }
        let fraction = (now - closingStartTime) / closingDuration
        return closingStartProgress * (1 - Self.closeCurve.value(at: fraction))
    }
}
