import Foundation

/// Geometry of the swipeable address bars and the tab pages under them, from the container width.
///
/// Bars sit in a row, `barSpacing` apart, the current one centred; tab pages are container-wide,
/// `tabPageSpacing` apart. Offsets are content offsets as in a scroll view: page p rests at
/// `p × pageWidth`, and growing offsets move content left.
public struct PagerMetrics: Equatable, Sendable {
    // The numbers are `SwipeTunables`'.
    public static let barInset = SwipeTunables.barInset
    public static let maximumBarWidth = SwipeTunables.maximumBarWidth
    /// Keeps the page width positive while a window is being allocated at a silly size.
    static let minimumBarWidth = 1.0
    public static let barSpacing = SwipeTunables.barSpacing
    public static let tabPageSpacing = SwipeTunables.tabPageSpacing

    public let containerWidth: Double
    public let barWidth: Double
    /// Space left and right of the current bar at rest; 24 until the bar hits its cap.
    public let sidePadding: Double

    public init(containerWidth: Double) {
        let width = max(containerWidth.isFinite ? containerWidth : 0, 0)
        self.containerWidth = width
        barWidth = max(min(width - Self.barInset, Self.maximumBarWidth), Self.minimumBarWidth)
        sidePadding = (width - barWidth) / 2
    }

    /// One swipe moves the bars by this much.
    public var barPageWidth: Double { barWidth + Self.barSpacing }
    /// One swipe moves the tab pages by this much.
    public var tabPageWidth: Double { containerWidth + Self.tabPageSpacing }

    public func barsOffset(forPage page: Int) -> Double {
        Double(page) * barPageWidth
    }

    /// The parallax. The original computes
    /// `pct = barsOffset / (barsContentWidth − 2·(sidePadding − barSpacing/2))` and
    /// `tabsOffset = pct · (tabsContentWidth + tabPageSpacing)`. With N pages,
    /// barsContentWidth = 2·sidePadding + N·barWidth + (N − 1)·barSpacing, so the divisor is
    /// N·barPageWidth; tabsContentWidth + tabPageSpacing is N·tabPageWidth. N cancels: the tab
    /// pages move `tabPageWidth / barPageWidth` times as fast as the bars (>1, since the bars
    /// are narrower than the window), and page p of the bars lines up with page p of the tabs.
    public func tabsOffset(forBarsOffset offset: Double) -> Double {
        offset * tabPageWidth / barPageWidth
    }

    /// Left edge of bar `index` in container coordinates.
    public func barX(index: Int, barsOffset: Double) -> Double {
        sidePadding + Double(index) * barPageWidth - barsOffset
    }

    /// Left edge of tab page `index` in container coordinates.
    public func pageX(index: Int, tabsOffset: Double) -> Double {
        Double(index) * tabPageWidth - tabsOffset
    }
}
