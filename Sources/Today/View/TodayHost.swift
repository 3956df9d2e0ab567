import Foundation
import TodayModel

/// What the window supplies to Today: where an article's link, a story opened, a reader's key and
/// the sidebar's choices go, and where a story's text comes from. Each left nil does nothing.
@MainActor
public struct TodayHost {
    /// An article's page to open in the Browser ("Open in Browser", Ctrl+Enter in a story).
    public var onOpenLink: ((URL) -> Void)?
    /// A card's story opened: its id (an article's identity, to mark it read).
    public var onStoryOpened: ((String) -> Void)?
    /// The story's text for a card whose text is not in the feed's cards (articles: their content is
    /// read and sanitised only when opened, or fetched by Reader View; never on the main thread).
    public var storyBody: (@Sendable (String) async -> StoryText)?
    /// "Reader View" in an open story: the article from the card's page (fetched, extracted).
    public var readerView: (@Sendable (String) async -> StoryText)?
    /// The "Add your feeds" card was opened.
    public var onAddFeed: (() -> Void)?
    /// Refresh (the window's `today-refresh` action: F5, Ctrl+R).
    public var onRefresh: (() -> Void)?
    /// The sidebar's entry at this position was chosen (a click, the arrows, Enter).
    public var onChooseSidebarEntry: ((Int) -> Void)?
    /// The sidebar came or went (a resize across `SidebarLayout.minimumWidth`).
    public var onSidebarShown: ((Bool) -> Void)?
    /// Records an article's new state (`m`: read or unread, `s`: starred or not) and answers whether
    /// it did: the sample's cards, which are no articles, have no state to change.
    public var setArticleState: ((_ id: String, _ state: TodayView.ArticleState, _ on: Bool) -> Bool)?

    public init() {}
}
