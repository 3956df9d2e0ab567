/// Which of the subscriptions' articles Today shows (docs/feeds.md, "Views"), as NetNewsWire's and
/// NewsFlash's smart feeds do: every article, the unread ones, the starred ones.
public enum ArticleView: String, CaseIterable, Sendable {
    case all, unread, starred

    public var title: String {
        switch self {
        case .all: "All Articles"
        case .unread: "Unread"
        case .starred: "Starred"
        }
    }

    /// The symbolic icon of the header's chooser while the view is shown (Adwaita's, in Debian 12 too).
    public var iconName: String {
        switch self {
        case .all: "view-list-symbolic"
        case .unread: "mail-unread-symbolic"
        case .starred: "starred-symbolic"
        }
    }

    /// What an empty view says, on its one card.
    public var emptyTitle: String {
        switch self {
        case .all: "No articles yet"
        case .unread: "All read"
        case .starred: "Nothing starred"
        }
    }

    public var emptySubtitle: String {
        switch self {
        case .all: "Your feeds have nothing to show yet."
        case .unread: "Every article of your feeds has been read. New ones show here as they come."
        case .starred: "Star an article (S, or Star in its menu) to keep it here, for as long as you like."
        }
    }
}
