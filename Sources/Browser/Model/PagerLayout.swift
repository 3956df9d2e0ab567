import Foundation

/// Everything the view needs to place the bars and tab pages for one frame.
public struct PagerLayout: Equatable, Sendable {
    /// Content offset of the bar row (page p rests at p × barPageWidth).
    public var barsOffset: Double
    /// Content offset of the tab pages; moves faster than `barsOffset` (parallax).
    public var tabsOffset: Double
    /// `barsOffset` in pages: 2.5 is halfway between the third and fourth bar.
    public var pagePosition: Double
    /// One per tab in order, then the hidden new-tab bar when there is one.
    public var bars: [PagerBar]
    /// One per tab in order, then the hidden new-tab page when there is one.
    public var pages: [PagerPage]
}

public struct PagerBar: Equatable, Sendable {
    public var index: Int
    /// Nil for the hidden new-tab bar, which has no tab yet.
    public var tabID: UUID?
    /// Left edge in container coordinates. The bar's content is leading-aligned in its slot, so
    /// a narrowed bar shrinks from the right.
    public var x: Double
    public var width: Double
    public var alpha: Double
    /// Opacity of the "+" overlay drawn over the bar.
    public var plusAlpha: Double

    public var isNewTabPlaceholder: Bool { tabID == nil }
}

public struct PagerPage: Equatable, Sendable {
    public var index: Int
    /// Nil for the hidden new-tab page.
    public var tabID: UUID?
    /// Left edge in container coordinates; the page is container-wide.
    public var x: Double
    public var alpha: Double
    /// Uniform scale about the page's centre.
    public var scale: Double

    public var isNewTabPlaceholder: Bool { tabID == nil }
}

/// What a drag's release decided; the view acts on it (switching, or creating the web view).
public enum PagerOutcome: Equatable, Sendable {
    /// The current tab did not change.
    case none
    /// An existing tab became current.
    case selectedTab(index: Int)
    /// The new-tab page was committed: this tab is already in `tabs`, last and current, and its
    /// reveal is running. The view creates its web view.
    case createdTab(BrowserTab)
}
