import Foundation
import Motion

/// What the view draws for the address bar's editing transition at one instant.
public struct EditingPose: Sendable, Equatable {
    /// The logical state: true from focus until Escape, Cancel or Enter. The entry shows the full URL (the
    /// view selects it) while true, the domain otherwise — switched at once, as the original does.
    public var isEditing: Bool
    /// 0 at rest, 1 fully in the editing layout (eased). Every value below follows it, except `cancelAlpha`.
    public var progress: Double
    /// Vertical offset of the address-bar strip (negative is up).
    public var barLiftY: Double
    /// How far the side bars have slid outwards: the left bar by −x, the right bar by +x.
    public var sideBarsOffsetX: Double
    public var sideBarsAlpha: Double
    public var cancelAlpha: Double
    public var suggestionsAlpha: Double
    /// The suggestions panel starts this far below its place and rises into it.
    public var suggestionsOffsetY: Double
    public var isAnimating: Bool
}

/// Focusing the address bar (click, Ctrl+L) and leaving it (Escape, Cancel, Enter).
///
/// The iOS original rides the bar up with the keyboard, slides the side bars off by ±30 and fades Cancel in
/// over 0.1 s. The desktop has no keyboard to ride, so focus itself is the trigger: the bar lifts a little,
/// the side bars slide off, the suggestions panel rises under the bar and Cancel fades in. Leaving runs the
/// same animators backwards from wherever they are, so a quick Escape never jumps.
public final class AddressEditing {
    /// One text-field inset (the original's field sits 8 px inside its bar): enough to read as "raised"
    /// while the bar stays over the toolbar's own backing instead of floating over the page.
    public static let liftDistance = -8.0
    /// iOS animates the keyboard (and so the original's bar) over 0.25 s; with nothing to follow on the
    /// desktop, the same duration with an ease-out keeps the feel. Leaving reverses it.
    static let liftDuration: TimeInterval = 0.25
    /// Side bars slide out of view by this much (docs/mechanics.md).
    public static let sideBarShift = 30.0
    /// The original's `UIView.animate(withDuration: 0.1)`: default ease-in-out curve.
    static let cancelFadeDuration: TimeInterval = 0.1
    /// A short rise ties the panel to the bar it belongs to; more would read as a sheet.
    public static let suggestionsRise = 12.0

    public var animationsEnabled = true {
        didSet { if !animationsEnabled { snap() } }
    }

    public private(set) var isEditing = false

    private var progress = 0.0
    private var cancelAlpha = 0.0
    private var liftAnimator: PropertyAnimator?
    private var cancelAnimator: PropertyAnimator?

    public init() {}

    public var isAnimating: Bool {
        (liftAnimator?.isRunning ?? false) || (cancelAnimator?.isRunning ?? false)
    }

    public var pose: EditingPose {
        EditingPose(
            isEditing: isEditing,
            progress: progress,
            barLiftY: lerp(0, Self.liftDistance, progress),
            sideBarsOffsetX: lerp(0, Self.sideBarShift, progress),
            sideBarsAlpha: 1 - progress,
            cancelAlpha: cancelAlpha,
            suggestionsAlpha: progress,
            suggestionsOffsetY: lerp(Self.suggestionsRise, 0, progress),
            isAnimating: isAnimating)
    }

    /// The address bar took focus (click, Ctrl+L). Expand a collapsed toolbar first: editing assumes it.
    public func begin(now: TimeInterval) {
        guard !isEditing else { return }
        isEditing = true
        move(toEditing: true, now: now)
    }

    /// Escape or the Cancel button: back to the page, address unchanged.
    public func cancel(now: TimeInterval) {
        end(now: now)
    }

    /// Enter: editing ends the same way; the view loads what was typed.
    public func commit(now: TimeInterval) {
        end(now: now)
    }

    /// Advances to `now`; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        liftAnimator?.tick(now: now)
        cancelAnimator?.tick(now: now)
        return isAnimating
    }

    public func pose(now: TimeInterval) -> EditingPose {
        tick(now: now)
        return pose
    }

    private func end(now: TimeInterval) {
        guard isEditing else { return }
        isEditing = false
        move(toEditing: false, now: now)
    }

    private func move(toEditing editing: Bool, now: TimeInterval) {
        guard animationsEnabled else {
            snap()
            return
        }
        let lift = liftAnimator ?? makeAnimator(duration: Self.liftDuration, curve: .easeOut) { [weak self] v in
            self?.progress = v
        }
        let fade = cancelAnimator ?? makeAnimator(duration: Self.cancelFadeDuration, curve: .easeInOut) {
            [weak self] v in self?.cancelAlpha = v
        }
        liftAnimator = lift
        cancelAnimator = fade
        for animator in [lift, fade] {
            // Same animator, other direction: it carries on from its current fraction, at its pace.
            animator.setReversed(!editing, now: now)
            animator.startAnimation(now: now)
        }
    }

    private func makeAnimator(duration: TimeInterval, curve: TimingCurve,
                              update: @escaping (Double) -> Void) -> PropertyAnimator {
        let animator = PropertyAnimator(duration: duration, curve: curve, animations: update)
        // Stays active at either end, so it can always be turned around instead of rebuilt.
        animator.pausesOnCompletion = true
        return animator
    }

    private func snap() {
        liftAnimator?.stopAnimation(withoutFinishing: true, now: liftAnimator?.lastUpdateTime ?? 0)
        cancelAnimator?.stopAnimation(withoutFinishing: true, now: cancelAnimator?.lastUpdateTime ?? 0)
        liftAnimator = nil
        cancelAnimator = nil
        progress = isEditing ? 1 : 0
        cancelAlpha = isEditing ? 1 : 0
    }
}
