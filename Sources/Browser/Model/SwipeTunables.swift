import Foundation
import Motion

/// Every number that decides how the address bars swipe and settle, in one table (libadwaita's
/// `adw-swipe-tracker.c` keeps its tunables at the top of one file). The types that use them
/// (`BarPress`, `AddressBarPager`, `PagerMetrics`) read them from here; docs/mechanics.md links here.
public enum SwipeTunables {
    // MARK: A press on the bars (`BarPress`)

    /// Travel (px) before a press is decided, a swipe or not: GTK's drag threshold.
    public static let pressThreshold = 8.0

    // MARK: Release and settle (`AddressBarPager`)

    /// The release is projected with UIScrollView's "fast" deceleration (0.99 per ms), as the original
    /// configured its bars; the page it reaches decides where they settle (at most one page away).
    public static let decelerationRate = Paging.fastDecelerationRate
    /// libadwaita's swipe spring (damping ratio 1, mass 0.5, stiffness 500): critically damped,
    /// so a page lands without wobbling, in about 0.35 s from a standstill.
    public static let settleSpring = Spring(dampingRatio: 1, mass: 0.5, stiffness: 500)
    /// Settled below a twentieth of a pixel and 2 px/s: nothing visible moves any more.
    public static let settleDisplacementEpsilon = 0.05
    public static let settleVelocityEpsilon = 2.0
    /// A velocity tracker never reports an exact zero the way UIScrollView does for a finger that
    /// stopped; below this (px/s) the release counts as "no velocity" and the nearest page wins.
    public static let directionVelocityThreshold = 50.0
    /// Pointer devices report no motion while the pointer rests, so a release after this long
    /// (s) without a move means the pointer was held still: its old velocity must not fling.
    public static let restingGap: TimeInterval = 0.05

    // MARK: Geometry (`PagerMetrics`)

    /// Bar width = container − 48 (24 of side padding each side), as in the original.
    public static let barInset = 48.0
    /// Beyond ~690 px of window a full-width bar stops reading as a bar and becomes a text field
    /// across the desktop; the original only ever ran on phones. Past the cap the side padding grows
    /// instead, so the current bar stays centred and its neighbours sit beside it.
    public static let maximumBarWidth = 640.0
    /// Gap between two bars, and between two tab pages (px), as in the original.
    public static let barSpacing = 4.0
    public static let tabPageSpacing = 24.0
}
