/// One line of the list of views beside Today's grid on wide windows (docs/feeds.md, "Views"): All,
/// Unread, Starred, then the subscriptions and their folders, each with its unread count.
public struct SidebarEntry: Hashable, Sendable {
    public var title: String
    /// Unread (Starred: starred) articles; nil or 0 shows no number.
    public var count: Int?
    /// 1 for a feed inside a folder (drawn indented), else 0.
    public var level: Int
    public var iconName: String

    public init(title: String, count: Int?, level: Int, iconName: String) {
        self.title = title
        self.count = count
        self.level = level
        self.iconName = iconName
    }

    /// What a screen reader hears for the row: "Harbour Notes, 3 unread".
    public var accessibleLabel: String {
        guard let count, count > 0 else { return title }
        return iconName == SidebarLayout.starredIcon ? "\(title), \(count)" : "\(title), \(count) unread"
    }
}

/// When the list shows beside the grid, and how wide it is (docs/feeds.md, "Views"). Below the
/// breakpoint the header's menu offers the same choices (the 600 px window has no room for both).
public enum SidebarLayout {
    /// Today's width from which the list shows: with it, the grid keeps 860 px, above its own
    /// one-column breakpoint (`TodayLayout`, 800 px), so a wide window keeps its ⅓ + ⅔ rows.
    public static let minimumWidth = 1_100.0
    public static let width = 240.0
    public static let starredIcon = "starred-symbolic"

    public static func shows(width: Double) -> Bool { width >= minimumWidth }
}
