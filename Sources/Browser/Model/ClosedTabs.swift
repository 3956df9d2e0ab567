import Foundation

/// A closed tab as kept for Ctrl+Shift+T: where it was, its address and title, WebKit's
/// back/forward list and the scroll position, so it comes back as it was.
public struct ClosedTab: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var uri: String
    public var title: String
    /// `webkit_web_view_get_session_state` serialized; nil when there was none.
    public var sessionState: Data?
    /// Its place in the tab list when it was closed.
    public var position: Int
    /// Where the page was scrolled to (CSS px); filled in when the page answers, after the close.
    public var scrollX: Double
    public var scrollY: Double
    public var closedAt: Date

    public init(id: UUID = UUID(), uri: String, title: String, sessionState: Data?, position: Int,
                scrollX: Double = 0, scrollY: Double = 0, closedAt: Date) {
        self.id = id
        self.uri = uri
        self.title = title
        self.sessionState = sessionState
        self.position = position
        self.scrollX = scrollX
        self.scrollY = scrollY
        self.closedAt = closedAt
    }
}

/// The window's closed tabs, newest first: Ctrl+Shift+T reopens them one after another, and the
/// start page's "Recently Closed" shows the newest of each address (docs/browser.md, "Closed tabs").
public struct ClosedTabs: Sendable, Equatable {
    /// Ctrl+Shift+T can go back this many closes (Firefox keeps 25 too).
    public static let limit = 25
    /// A saved back/forward list larger than this is not kept (the tab comes back with its
    /// address only): a file edited by hand cannot fill memory.
    public static let sessionStateLimit = 4 * 1024 * 1024

    public private(set) var tabs: [ClosedTab]

    /// `saved` in any order (as read back from disk); the newest `limit` are kept.
    public init(_ saved: [ClosedTab] = []) {
        tabs = Array(saved.sorted { $0.closedAt > $1.closedAt }.prefix(Self.limit)).map(Self.bounded)
    }

    /// A tab was closed. Returns the ids that fell off the end (to forget on disk too); a blank
    /// tab is not remembered.
    @discardableResult
    public mutating func closed(_ tab: ClosedTab) -> [UUID] {
        guard Self.isWorthKeeping(tab.uri) else { return [] }
        tabs.insert(Self.bounded(tab), at: 0)
        guard tabs.count > Self.limit else { return [] }
        let dropped = tabs[Self.limit...].map(\.id)
        tabs.removeLast(tabs.count - Self.limit)
        return dropped
    }

    /// Ctrl+Shift+T: the newest, taken off the list.
    public mutating func reopenNewest() -> ClosedTab? {
        tabs.isEmpty ? nil : tabs.removeFirst()
    }

    /// The start page's "Recently Closed": the newest tab closed with `uri`, taken off the list
    /// with every other one of that address (the start page shows one per address).
    public mutating func reopen(uri: String) -> (tab: ClosedTab, removed: [UUID])? {
        guard let tab = tabs.first(where: { $0.uri == uri }) else { return nil }
        let removed = tabs.filter { $0.uri == uri }.map(\.id)
        tabs.removeAll { $0.uri == uri }
        return (tab, removed)
    }

    /// The page answered where it was scrolled to, after it was closed.
    public mutating func setScroll(of id: UUID, x: Double, y: Double) -> ClosedTab? {
        guard let i = tabs.firstIndex(where: { $0.id == id }), x.isFinite, y.isFinite else { return nil }
        tabs[i].scrollX = max(0, x)
        tabs[i].scrollY = max(0, y)
        return tabs[i]
    }

    /// Newest first, one per address, at most `StartPage.closedLimit`.
    public var recent: [ClosedTab] {
        var seen = Set<String>()
        return Array(tabs.filter { seen.insert($0.uri).inserted }.prefix(StartPage.closedLimit))
    }

    static func isWorthKeeping(_ uri: String) -> Bool { !uri.isEmpty && !uri.hasPrefix("about:") }

    private static func bounded(_ tab: ClosedTab) -> ClosedTab {
        guard let state = tab.sessionState, state.count > sessionStateLimit else { return tab }
        var kept = tab
        kept.sessionState = nil
        return kept
    }
}
