import Foundation

/// What Today shows (docs/feeds.md, "Views"): one of the smart views (every article, the unread ones,
/// the starred ones), or one subscription, or one folder of them — NetNewsWire's sidebar. Kept as
/// `rawValue` in GSettings (`today-view`) and as the window action's target, so it must read back.
public enum ArticleSelection: Hashable, Sendable {
    case view(ArticleView)
    case feed(FeedID)
    /// The folder's name, as OPML gave it (feeds.folder).
    case folder(String)

    public static let all = ArticleSelection.view(.all)
    public static let unread = ArticleSelection.view(.unread)
    public static let starred = ArticleSelection.view(.starred)

    /// "all", "unread", "starred", "feed:12", "folder:Sea"; what `init(rawValue:)` reads back.
    public var rawValue: String {
        switch self {
        case .view(let view): view.rawValue
        case .feed(let id): "feed:\(id.rawValue)"
        case .folder(let name): "folder:\(name)"
        }
    }

    /// nil for text that names none (an older or hand-edited setting): the caller falls back to All.
    public init?(rawValue: String) {
        if let view = ArticleView(rawValue: rawValue) {
            self = .view(view)
        } else if rawValue.hasPrefix("feed:"), let id = Int64(rawValue.dropFirst(5)) {
            self = .feed(FeedID(id))
        } else if rawValue.hasPrefix("folder:"), rawValue.count > 7 {
            self = .folder(String(rawValue.dropFirst(7)))
        } else {
            return nil
        }
    }

    /// Whether the subscriptions still hold what this selection names (a feed removed, a folder
    /// emptied: Today falls back to All).
    public func exists(in feeds: [StoredFeed]) -> Bool {
        switch self {
        case .view: true
        case .feed(let id): feeds.contains { $0.id == id }
        case .folder(let name): feeds.contains { $0.folder == name }
        }
    }
}

/// One line of the list of views (the sidebar beside Today's grid on wide windows, the header's menu
/// at 600 px): what it selects, its name, how many of its articles are unread, and whether it sits
/// inside a folder.
public struct ArticleSelectionChoice: Hashable, Sendable {
    public var selection: ArticleSelection
    public var title: String
    /// Unread articles (Starred: starred ones); nil for All, which says no number.
    public var count: Int?
    /// 0 for the smart views, folders and feeds outside any folder; 1 for a feed in a folder.
    public var level: Int

    public init(selection: ArticleSelection, title: String, count: Int?, level: Int) {
        self.selection = selection
        self.title = title
        self.count = count
        self.level = level
    }

    /// "Unread (12)", "Harbour Notes (3)"; "All Articles" and a choice with nothing unread say no number.
    public var label: String {
        guard let count, count > 0 else { return title }
        return "\(title) (\(count))"
    }

    /// The list in the order it is shown: the three smart views, then the feeds outside any folder,
    /// then each folder (its unread count the sum of its feeds') followed by its feeds. Folders and
    /// feeds are ordered as the Subscriptions window orders them (names as people sort them, "Sea 9"
    /// before "Sea 10"), feeds by their shown name.
    public static func list(feeds: [StoredFeed], unreadByFeed: [FeedID: Int], unread: Int, starred: Int) -> [ArticleSelectionChoice] {
        var choices = [
            ArticleSelectionChoice(selection: .view(.all), title: ArticleView.all.title, count: nil, level: 0),
            ArticleSelectionChoice(selection: .view(.unread), title: ArticleView.unread.title, count: unread, level: 0),
            ArticleSelectionChoice(selection: .view(.starred), title: ArticleView.starred.title, count: starred, level: 0),
        ]
        func byName(_ a: StoredFeed, _ b: StoredFeed) -> Bool {
            let order = a.displayTitle.localizedStandardCompare(b.displayTitle)
            return order == .orderedSame ? a.id < b.id : order == .orderedAscending
        }
        func choice(_ feed: StoredFeed, level: Int) -> ArticleSelectionChoice {
            ArticleSelectionChoice(selection: .feed(feed.id), title: feed.displayTitle, count: unreadByFeed[feed.id] ?? 0, level: level)
        }
        choices += feeds.filter { $0.folder == nil }.sorted(by: byName).map { choice($0, level: 0) }
        let folders = Dictionary(grouping: feeds.filter { $0.folder != nil }, by: { $0.folder ?? "" })
        for name in folders.keys.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
            let inside = (folders[name] ?? []).sorted(by: byName)
            let count = inside.reduce(0) { $0 + (unreadByFeed[$1.id] ?? 0) }
            choices.append(ArticleSelectionChoice(selection: .folder(name), title: name, count: count, level: 0))
            choices += inside.map { choice($0, level: 1) }
        }
        return choices
    }
}
