import Foundation

/// One browser tab as the tab strip knows it. The web view itself lives in the view layer, keyed by `id`.
public struct BrowserTab: Identifiable, Hashable, Sendable {
    public let id: UUID
    public var title: String
    /// Empty for a blank (new) tab.
    public var uri: String
    /// True once the tab has shown a page. A loaded last tab grows the hidden new-tab page past it.
    public var hasLoadedPage: Bool

    public init(id: UUID = UUID(), title: String = "", uri: String = "", hasLoadedPage: Bool = false) {
        self.id = id
        self.title = title
        self.uri = uri
        self.hasLoadedPage = hasLoadedPage
    }
}

/// What `TabList.close(_:)` did, so the view can drop the closed web view and, when the list
/// would have become empty, create the web view of the blank tab that replaced it.
public struct TabCloseResult: Equatable, Sendable {
    public let closedTab: BrowserTab
    /// Index the closed tab had before it was removed.
    public let closedIndex: Int
    public let wasCurrent: Bool
    /// `currentIndex` after the close.
    public let newCurrentIndex: Int
    /// The fresh blank tab that replaced the only tab; nil otherwise.
    public let replacementTab: BrowserTab?
}

/// The ordered tabs of a window and which one is current.
///
/// Never empty: closing the only tab leaves one fresh blank tab, as Safari does, so the window always
/// has a page to show and an address bar to type into. New tabs ("+", Ctrl+T, the overscroll page)
/// go at the end, as in Safari on iOS.
public struct TabList: Hashable, Sendable {
    public private(set) var tabs: [BrowserTab]
    public private(set) var currentIndex: Int

    /// One blank tab.
    public init() {
        tabs = [BrowserTab()]
        currentIndex = 0
    }

    /// An empty `tabs` gives one blank tab; duplicate ids keep their first occurrence; `currentIndex` is clamped.
    public init(tabs: [BrowserTab], currentIndex: Int) {
        var seen = Set<UUID>()
        let unique = tabs.filter { seen.insert($0.id).inserted }
        self.tabs = unique.isEmpty ? [BrowserTab()] : unique
        self.currentIndex = min(max(currentIndex, 0), self.tabs.count - 1)
    }

    public var count: Int { tabs.count }
    public var current: BrowserTab { tabs[currentIndex] }
    public var lastTabHasLoaded: Bool { tabs.last?.hasLoadedPage ?? false }

    public func index(of id: UUID) -> Int? {
        tabs.firstIndex { $0.id == id }
    }

    public subscript(id: UUID) -> BrowserTab? {
        index(of: id).map { tabs[$0] }
    }

    /// Adds a blank tab at the end and, by default, makes it current.
    @discardableResult
    public mutating func appendTab(_ tab: BrowserTab = BrowserTab(), selecting: Bool = true) -> BrowserTab {
        // An id already present would make two tabs share one web view.
        let added = index(of: tab.id) == nil ? tab
            : BrowserTab(title: tab.title, uri: tab.uri, hasLoadedPage: tab.hasLoadedPage)
        tabs.append(added)
        if selecting { currentIndex = tabs.count - 1 }
        return added
    }

    /// Inserts a tab right after the current one (a link opened in a new tab lands beside the page
    /// it came from, as in Safari and GNOME Web); current only when `selecting`.
    @discardableResult
    public mutating func insertAfterCurrent(_ tab: BrowserTab = BrowserTab(), selecting: Bool) -> BrowserTab {
        let added = index(of: tab.id) == nil ? tab
            : BrowserTab(title: tab.title, uri: tab.uri, hasLoadedPage: tab.hasLoadedPage)
        let at = min(currentIndex + 1, tabs.count)
        tabs.insert(added, at: at)
        if selecting { currentIndex = at }
        return added
    }

    /// Inserts a tab at `index` (clamped: a reopened tab goes back where it was) and makes it current.
    @discardableResult
    public mutating func insert(_ tab: BrowserTab, at index: Int) -> BrowserTab {
        let added = self.index(of: tab.id) == nil ? tab
            : BrowserTab(title: tab.title, uri: tab.uri, hasLoadedPage: tab.hasLoadedPage)
        let at = min(max(index, 0), tabs.count)
        tabs.insert(added, at: at)
        currentIndex = at
        return added
    }

    /// Makes the tab at `index` current; out-of-range indices are clamped.
    public mutating func select(_ index: Int) {
        currentIndex = min(max(index, 0), tabs.count - 1)
    }

    /// Removes the tab. When it was current, the right neighbour becomes current, else the left
    /// one (Safari). Returns nil for an unknown id.
    @discardableResult
    public mutating func close(_ id: UUID) -> TabCloseResult? {
        guard let closedIndex = index(of: id) else { return nil }
        let closed = tabs.remove(at: closedIndex)
        let wasCurrent = closedIndex == currentIndex
        var replacement: BrowserTab?
        if tabs.isEmpty {
            let blank = BrowserTab()
            tabs = [blank]
            replacement = blank
            currentIndex = 0
        } else if closedIndex < currentIndex {
            currentIndex -= 1
        } else if wasCurrent {
            // The right neighbour slid into the closed index; past the end means there was none.
            currentIndex = min(closedIndex, tabs.count - 1)
        }
        return TabCloseResult(
            closedTab: closed, closedIndex: closedIndex, wasCurrent: wasCurrent,
            newCurrentIndex: currentIndex, replacementTab: replacement
        )
    }

    /// Moves a tab to `index` (clamped); the same tab stays current. False for an unknown id.
    @discardableResult
    public mutating func move(_ id: UUID, to index: Int) -> Bool {
        guard let from = self.index(of: id) else { return false }
        let currentID = current.id
        let tab = tabs.remove(at: from)
        tabs.insert(tab, at: min(max(0, index), tabs.count))
        currentIndex = self.index(of: currentID) ?? 0
        return true
    }

    /// Changes what the web view reported; nil leaves a field as it is. Returns false for an unknown id.
    @discardableResult
    public mutating func update(_ id: UUID, title: String? = nil, uri: String? = nil, hasLoadedPage: Bool? = nil) -> Bool {
        guard let index = index(of: id) else { return false }
        if let title { tabs[index].title = title }
        if let uri { tabs[index].uri = uri }
        if let hasLoadedPage { tabs[index].hasLoadedPage = hasLoadedPage }
        return true
    }
}

extension TabList {
    /// What the persistence layer saves: ids (to key per-tab session state), addresses, titles and the current index.
    public struct Snapshot: Codable, Hashable, Sendable {
        public struct Entry: Codable, Hashable, Sendable {
            public var id: UUID
            public var uri: String
            public var title: String

            public init(id: UUID, uri: String, title: String) {
                self.id = id
                self.uri = uri
                self.title = title
            }
        }

        public var tabs: [Entry]
        public var current: Int

        public init(tabs: [Entry], current: Int) {
            self.tabs = tabs
            self.current = current
        }
    }

    public var snapshot: Snapshot {
        Snapshot(tabs: tabs.map { Snapshot.Entry(id: $0.id, uri: $0.uri, title: $0.title) }, current: currentIndex)
    }

    /// Restores a saved list. A tab saved with an address counts as having loaded a page: it is
    /// reloaded on restore, so the new-tab page may grow past it. An empty snapshot gives one blank tab.
    public init(snapshot: Snapshot) {
        self.init(
            tabs: snapshot.tabs.map {
                BrowserTab(id: $0.id, title: $0.title, uri: $0.uri, hasLoadedPage: !$0.uri.isEmpty)
            },
            currentIndex: snapshot.current
        )
    }
}
