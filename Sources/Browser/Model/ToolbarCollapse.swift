import Foundation
import Motion

/// The Safari-style bottom toolbar that collapses when the page is scrolled down and expands when it is
/// scrolled up, scrubbed by the pan's travel (docs/mechanics.md, "Toolbar collapse / expand").
///
/// - A pan's travel `Δy` (from `ScrollPan`) gives `fraction = |Δy| / 30`. Below 0.6 it scrubs a paused
///   phase-1 animator; at 0.6 the state flips and the rest finishes on its own, followed by phase 2.
/// - Released below 0.6, phase 1 runs back to its start in 0.1 s; the state does not change.
/// - Content scrolled down (`Δy > 0`) collapses an expanded toolbar; scrolled up (`Δy < 0`) expands a
///   collapsed one. The other two combinations do nothing.
///
/// Decisions where the original is silent or glitchy:
/// - Pan input that arrives while an animation runs on its own (a committed phase, a reversal, an expand
///   from a click) is ignored. When that animation settles during the same pan, the pan is re-based: its
///   travel counts from where it was at that moment. So a long scroll down collapses once, and scrolling
///   back up within the same gesture expands after 18 px of upward travel — the original instead measured
///   from the gesture's start and could set up an expansion on top of an unfinished collapse.
/// - Travel back past the pan's origin while scrubbing scrubs to exactly the start (the original left the
///   animator stuck at its last fraction).
/// - A released scrub takes 0.1 s to run back whatever its fraction (the original's revert animator is a
///   fresh 0.1 s animation; here `continueAnimation(durationFactor: 1)` on the same animator).
/// - Collapse phase 2 also moves the offsets to +20 / +80 with its 0.2 s ease-out: the original updates
///   those constraints and calls `layoutIfNeeded()` inside the phase-2 animation block.
/// - `expand(now:)` during a committed collapse retargets from the current pose to expanded over the
///   phase-2 expansion (0.2 s ease-in); during a collapse scrub it reverts; during an expand scrub it commits.
/// - With animations off, nothing scrubs: crossing 18 px flips the state and the pose jumps.
public final class ToolbarCollapse {
    /// Pan travel that would complete phase 1 (iOS points ≈ GTK pixels).
    public static let travelForFullPhase = 30.0
    /// Fraction at which the state flips and the animation finishes by itself (≈ 18 px).
    public static let commitFraction = 0.6
    static let phase1Duration: TimeInterval = 0.1
    static let revertDuration: TimeInterval = 0.1
    static let collapsePhase2Duration: TimeInterval = 0.2
    static let expandPhase2Duration: TimeInterval = 0.2
    /// Height of the toolbar the offsets refer to.
    public static let toolbarHeight = 100.0

    /// GTK's gtk-enable-animations. Turning it off mid-animation snaps to where that animation was going.
    public var animationsEnabled = true {
        didSet { if !animationsEnabled { snapToDestination() } }
    }

    /// The logical state: flips when a pan crosses the commit fraction or `expand` is called, before the
    /// animation that shows it has finished.
    public private(set) var isCollapsed = false
    public private(set) var state: ToolbarState = .expanded

    private var geometry = ToolbarGeometry.expanded
    private var animator: PropertyAnimator?
    private var phase: Phase = .rest

    private enum Phase: Equatable {
        case rest
        /// Phase 1 paused and following the pan.
        case scrubbing
        /// Running on its own (committed phase 1 or 2, reversal, retarget): pan input is ignored.
        case running
    }

    private var isPanning = false
    private var panBaseline = 0.0
    private var lastTranslation = 0.0

    public init() {}

    public var pose: ToolbarPose {
        ToolbarPose(
            barsOffsetY: geometry.barsOffsetY,
            toolbarOffsetY: geometry.toolbarOffsetY,
            barChromeAlpha: geometry.barChromeAlpha,
            domainAlpha: 1,
            currentBarScale: geometry.currentBarScale,
            domainScale: geometry.domainScale,
            sideBarScale: geometry.sideBarScale,
            state: state,
            isAnimating: isAnimating)
    }

    public var isAnimating: Bool { animator?.isRunning ?? false }

    /// Advances running animations to `now`; returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        // A completion may chain the next phase, started at the earlier time the last one ended;
        // bring that one up to `now` too so this frame shows where it really is.
        var ticked: PropertyAnimator?
        while let current = animator, current !== ticked {
            ticked = current
            current.tick(now: now)
        }
        return isAnimating
    }

    /// Advances to `now` and returns the pose to draw.
    public func pose(now: TimeInterval) -> ToolbarPose {
        tick(now: now)
        return pose
    }

    // MARK: Pan input

    /// Feeds one `ScrollPan` event.
    public func handle(_ event: ScrollPan.Event, now: TimeInterval) {
        switch event {
        case .began: panBegan(now: now)
        case let .changed(translation): panChanged(translation: translation, now: now)
        case .ended: panEnded(now: now)
        }
    }

    public func panBegan(now: TimeInterval) {
        isPanning = true
        panBaseline = 0
        lastTranslation = 0
    }

    /// `translation`: travel since the pan began, positive when the content scrolled down.
    public func panChanged(translation: Double, now: TimeInterval) {
        if !isPanning { panBegan(now: now) }
        lastTranslation = translation
        guard phase != .running else { return }

        let travel = translation - panBaseline
        // Positive when moving in the direction that would change the current state.
        let towardChange = isCollapsed ? -travel : travel
        let fraction = max(0, towardChange) / Self.travelForFullPhase

        if phase == .rest {
            guard towardChange > 0 else { return }
            guard animationsEnabled else {
                if fraction >= Self.commitFraction { jump(toCollapsed: !isCollapsed) }
                return
            }
            beginScrub(expanding: isCollapsed, now: now)
        }
        guard let animator else { return }
        if fraction < Self.commitFraction {
            animator.fractionComplete = fraction
        } else {
            commit(now: now)
        }
    }

    public func panEnded(now: TimeInterval) {
        isPanning = false
        guard phase == .scrubbing else { return }
        revert(now: now)
    }

    // MARK: Other triggers

    /// Expands fully: a click on the compact bar, or the page scrolled back to its top.
    public func expand(now: TimeInterval) {
        guard animationsEnabled else {
            if isCollapsed || phase != .rest { jump(toCollapsed: false) }
            return
        }
        if !isCollapsed {
            // Expanded, or on the way there; only an uncommitted collapse needs undoing.
            if phase == .scrubbing { revert(now: now) }
            return
        }
        switch phase {
        case .rest:
            runPhase1(expanding: true, now: now)
            isCollapsed = false
        case .scrubbing:
            commit(now: now)
        case .running:
            // A collapse still finishing, or an expand scrub running back to collapsed.
            isCollapsed = false
            state = .expanding
            run(from: geometry, to: .expanded, duration: Self.expandPhase2Duration, curve: .easeIn, now: now) {
                [weak self] _ in self?.settle()
            }
        }
    }

    /// The view reports that the page is scrolled to its very top: nothing is left to make room for.
    public func pageScrolledToTop(now: TimeInterval) {
        expand(now: now)
    }

    // MARK: Animation steps

    private func beginScrub(expanding: Bool, now: TimeInterval) {
        let start = geometry
        let end: ToolbarGeometry = expanding ? .expandHalfway : .collapseHalfway
        let next = PropertyAnimator(duration: Self.phase1Duration, curve: .linear) { [weak self] t in
            self?.geometry = ToolbarGeometry.lerp(start, end, t)
        }
        next.addCompletion { [weak self, weak next] position in
            guard let self, let next else { return }
            // Reached the start: a reversal finished. Reached the end: a commit finished phase 1.
            if position == .start {
                self.settle()
            } else {
                self.runPhase2(expanding: expanding, now: next.lastUpdateTime)
            }
        }
        replaceAnimator(with: next, now: now)
        phase = .scrubbing
        state = expanding ? .expanding : .collapsing
        next.pauseAnimation(now: now)
    }

    private func commit(now: TimeInterval) {
        guard let animator else { return }
        isCollapsed.toggle()
        phase = .running
        // UIKit's durationFactor 0: the rest at the original pace, as the original does.
        animator.continueAnimation(now: now, durationFactor: 0)
    }

    private func revert(now: TimeInterval) {
        guard let animator else { return }
        phase = .running
        guard animator.fractionComplete > 0 else {
            settle()
            return
        }
        state = .reverting
        animator.setReversed(true, now: now)
        // The rest (back to 0) takes durationFactor × duration = 0.1 s, whatever is left.
        animator.continueAnimation(now: now, durationFactor: Self.revertDuration / Self.phase1Duration)
    }

    /// Phase 1 without a pan (an expand from a click): straight through at its own pace.
    private func runPhase1(expanding: Bool, now: TimeInterval) {
        beginScrub(expanding: expanding, now: now)
        phase = .running
        animator?.startAnimation(now: now)
    }

    private func runPhase2(expanding: Bool, now: TimeInterval) {
        if expanding {
            run(from: geometry, to: .expanded, duration: Self.expandPhase2Duration, curve: .easeIn, now: now) {
                [weak self] _ in self?.settle()
            }
        } else {
            run(from: geometry, to: .collapsed, duration: Self.collapsePhase2Duration, curve: .easeOut, now: now) {
                [weak self] _ in self?.settle()
            }
        }
    }

    private func run(from start: ToolbarGeometry, to end: ToolbarGeometry, duration: TimeInterval,
                     curve: TimingCurve, now: TimeInterval, completion: @escaping (AnimatingPosition) -> Void) {
        let next = PropertyAnimator(duration: duration, curve: curve) { [weak self] t in
            self?.geometry = ToolbarGeometry.lerp(start, end, t)
        }
        next.addCompletion(completion)
        replaceAnimator(with: next, now: now)
        phase = .running
        next.startAnimation(now: now)
    }

    private func replaceAnimator(with next: PropertyAnimator, now: TimeInterval) {
        // Without finishing: the old animator's completion must not chain a phase we no longer want.
        animator?.stopAnimation(withoutFinishing: true, now: now)
        animator = next
    }

    private func settle() {
        animator = nil
        phase = .rest
        geometry = isCollapsed ? .collapsed : .expanded
        state = isCollapsed ? .collapsed : .expanded
        // A pan still in progress continues from here rather than from where it began.
        panBaseline = lastTranslation
    }

    private func jump(toCollapsed collapsed: Bool) {
        animator?.stopAnimation(withoutFinishing: true, now: animator?.lastUpdateTime ?? 0)
        isCollapsed = collapsed
        settle()
    }

    private func snapToDestination() {
        guard phase != .rest else { return }
        // A scrub never committed, so its destination is where it started; isCollapsed already says so.
        jump(toCollapsed: isCollapsed)
    }
}
