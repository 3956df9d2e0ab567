/// Where a paged scroll view should come to rest after a drag.
public enum Paging {
    /// `UIScrollView.DecelerationRate.normal`, per millisecond.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`, per millisecond.
    public static let fastDecelerationRate = 0.99

    /// Distance a scroll view would coast after release: velocity (units per
    /// second) decaying by `decelerationRate` every millisecond sums to
    /// v/1000 · r / (1 − r).
    public static func project(velocity: Double, decelerationRate: Double = normalDecelerationRate) -> Double {
        guard decelerationRate > 0, decelerationRate < 1 else { return 0 }
        return velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The page to settle on when a drag that began on `startPage` is released.
    ///
    /// - `offset` is the content offset (page p starts at p × `pageWidth`) and
    ///   `velocity` its rate of change, so positive means towards higher pages
    ///   (the finger moves the other way).
    /// - A velocity beyond `velocityThreshold` picks the next page boundary in
    ///   its direction (ceil / floor of the fractional page); otherwise the
    ///   nearest page wins.
    /// - The result is never more than one page from `startPage`, so a hard
    ///   fling turns exactly one page, and is clamped to [0, pageCount − 1].
    public static func targetPage(
        offset: Double,
        pageWidth: Double,
        startPage: Int,
        velocity: Double,
        pageCount: Int,
        velocityThreshold: Double = 0
    ) -> Int {
        let lastPage = max(pageCount - 1, 0)
        let start = min(max(startPage, 0), lastPage)
        guard pageWidth > 0, offset.isFinite else { return start }

        let position = offset / pageWidth
        let rounded: Double
        if velocity > velocityThreshold {
            rounded = position.rounded(.up)
        } else if velocity < -velocityThreshold {
            rounded = position.rounded(.down)
        } else {
            rounded = position.rounded(.toNearestOrAwayFromZero)
        }

        // Clamp in Double before converting: a wild offset must not trap Int().
        let lowest = Double(max(start - 1, 0))
        let highest = Double(min(start + 1, lastPage))
        return Int(min(max(rounded, lowest), highest))
    }
}
