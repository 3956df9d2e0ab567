import Foundation
import Motion

/// The hidden page past a loaded last tab, and how it looks as it is pulled in.
///
/// Everything follows from the *pull*: how far the hidden bar's slot has come in from where it
/// rests while the last tab is current (0 there, one bar page when it is itself centred).
/// Computing it from the bar's on-screen position, rather than from the pager offset, keeps the
/// pose right while a closed tab's gap is still collapsing.
public enum NewTabPage {
    /// The hidden bar is this much narrower than a normal one (docs/mechanics.md).
    public static let barNarrowing = 200.0
    /// On windows narrow enough that 200 px would eat the bar, keep a quarter of it.
    static let minimumBarFraction = 0.25
    /// Alpha = min(1, 1.2 · pct): fully opaque a little before it is fully in (docs/mechanics.md).
    static let alphaGain = 1.2
    /// Scale and alpha of the page before it is pulled in (docs/mechanics.md).
    public static let hiddenPageScale = 0.8
    /// The original keeps the page invisible until release. We let it show partway while pulled,
    /// so the user sees what they are pulling, and leave the rest to the commit so the reveal
    /// still reads as "created": at a full pull the page is at these, and they fall back with the pull.
    static let pulledPageAlpha = 0.5
    static let pulledPageScale = 0.9
    /// The commit animation: page to scale 1 and alpha 1, "+" out (docs/mechanics.md; UIView.animate's
    /// default curve, which is ease-in-out).
    public static let revealDuration: TimeInterval = 0.3
    static let revealCurve = TimingCurve.easeInOut

    /// Narrow width of the hidden bar before it stretches.
    public static func narrowBarWidth(_ metrics: PagerMetrics) -> Double {
        max(metrics.barWidth - barNarrowing, metrics.barWidth * minimumBarFraction)
    }

    /// How far the hidden bar whose left edge is at `barX` has been pulled in.
    public static func pull(barX: Double, metrics: PagerMetrics) -> Double {
        metrics.sidePadding + metrics.barPageWidth - barX
    }

    public struct Pose: Equatable, Sendable {
        public var barWidth: Double
        public var barAlpha: Double
        public var pageAlpha: Double
        public var pageScale: Double
    }

    /// The pose at a given pull. `pct` = pull / narrow width, as in the original: the bar is fully
    /// in view at its narrow width when pct reaches 1. Past that the bar's width grows with the
    /// pull (−200 + overscroll), so its right edge stays pinned and it looks stretched out of the
    /// edge, until it is a normal bar again.
    public static func pose(pull: Double, metrics: PagerMetrics) -> Pose {
        let narrow = narrowBarWidth(metrics)
        let pct = pull / narrow
        let shown = min(max(pct, 0), 1)
        return Pose(
            barWidth: min(max(pull, narrow), metrics.barWidth),
            barAlpha: min(max(alphaGain * pct, 0), 1),
            pageAlpha: lerp(0, pulledPageAlpha, shown),
            pageScale: lerp(hiddenPageScale, pulledPageScale, shown)
        )
    }
}

/// A new tab being revealed: from the pose it had when it was committed to the full-size,
/// opaque page with the "+" gone, over `NewTabPage.revealDuration`.
struct NewTabReveal {
    let tabID: UUID
    let start: TimeInterval
    let from: NewTabPage.Pose

    /// Eased progress 0…1 at `now`.
    func progress(at now: TimeInterval) -> Double {
        NewTabPage.revealCurve.value(at: (now - start) / NewTabPage.revealDuration)
    }

    func isFinished(at now: TimeInterval) -> Bool {
        now - start >= NewTabPage.revealDuration
    }
}
