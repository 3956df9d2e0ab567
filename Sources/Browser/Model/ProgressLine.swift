import Foundation
import Motion

/// The 3-px loading line along the address bar.
///
/// It follows the page's estimated progress with a short ease-out (progress arrives in jumps),
/// and on completion fills the rest over 0.5 s, then fades out over 0.2 s (docs/mechanics.md).
/// A load that ends without finishing (stopped, failed) just fades. With animations off,
/// every change is immediate. Time is injected: the view passes frame times.
public final class ProgressLine {
    public static let height = 3.0
    static let followDuration: TimeInterval = 0.2
    static let completionFillDuration: TimeInterval = 0.5
    static let fadeDuration: TimeInterval = 0.2

    /// Width as a fraction of the bar, 0…1.
    public private(set) var fraction = 0.0
    public private(set) var opacity = 0.0
    public var animationsEnabled = true

    private var animator: PropertyAnimator?
    private var phase: Phase = .idle

    enum Phase: Equatable { case idle, loading, completing, fading }

    public init() {}

    public var isVisible: Bool { opacity > 0 }
    /// Whether the view must keep asking for frames.
    public var isAnimating: Bool { animator?.isRunning ?? false }

    /// Feeds the page's state. Call on every progress or loading change.
    public func update(progress: Double, isLoading: Bool, now: TimeInterval) {
        let target = min(max(progress, 0), 1)
        if isLoading {
            // A new load starts from the left edge, fully visible.
            if phase != .loading { fraction = 0 }
            phase = .loading
            opacity = 1
            guard animationsEnabled else { fraction = max(fraction, target); animator = nil; return }
            guard target > fraction else { return }
            animate(\.fraction, to: target, duration: Self.followDuration, curve: .easeOut, now: now, then: nil)
        } else {
            guard phase == .loading else { return }
            guard animationsEnabled else { reset(); return }
            if target >= 1 {
                phase = .completing
                animate(\.fraction, to: 1, duration: Self.completionFillDuration, curve: .easeOut, now: now) { [weak self] end in
                    self?.fadeOut(now: end)
                }
            } else {
                fadeOut(now: now)
            }
        }
    }

    /// Advances to frame time `now`; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        lastTick = now
        guard let animator else { return false }
        animator.tick(now: now)
        return isAnimating
    }

    private var lastTick: TimeInterval = 0

    private func fadeOut(now: TimeInterval) {
        phase = .fading
        animate(\.opacity, to: 0, duration: Self.fadeDuration, curve: .linear, now: now) { [weak self] _ in
            self?.reset()
        }
    }

    private func reset() {
        phase = .idle
        fraction = 0
        opacity = 0
        animator = nil
    }

    private func animate(_ property: ReferenceWritableKeyPath<ProgressLine, Double>, to target: Double,
                         duration: TimeInterval, curve: TimingCurve, now: TimeInterval,
                         then: ((TimeInterval) -> Void)?) {
        animator?.stopAnimation(withoutFinishing: true, now: now)
        let start = self[keyPath: property]
        let next = PropertyAnimator(duration: duration, curve: curve) { [weak self] t in
            self?[keyPath: property] = lerp(start, target, t)
        }
        if let then {
            // Chain the next phase at the exact time this one ended, not at the next frame's.
            next.addCompletion { [weak self] _ in then(self?.lastTick ?? now) }
        }
        animator = next
        next.startAnimation(now: now)
    }
}
