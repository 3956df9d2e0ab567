import BrowserModel
import Foundation

/// One open tab as saved: its address and title for showing it before WebKit has loaded anything,
/// and WebKit's serialized session state (the back/forward list) to restore its history.
public struct StoredTab: Equatable, Sendable {
    public var id: UUID
    public var uri: String
    public var title: String
    /// `webkit_web_view_get_session_state` serialized; nil when WebKit had none (a tab never loaded).
    public var sessionState: Data?

    public init(id: UUID, uri: String, title: String, sessionState: Data?) {
        self.id = id
        self.uri = uri
        self.title = title
        self.sessionState = sessionState
    }
}

/// The open tabs, in their on-screen order (the array order *is* the position), and which one was showing.
public struct StoredSession: Equatable, Sendable {
    public var tabs: [StoredTab]
    /// Always one of `tabs`' ids, or nil.
    public var currentTabID: UUID?

    public init(tabs: [StoredTab], currentTabID: UUID?) {
        self.tabs = tabs
        self.currentTabID = currentTabID.flatMap { id in tabs.contains { $0.id == id } ? id : nil }
    }
}

/// A page in history (defined with the suggestions that rank it).
public typealias HistoryVisit = Suggestions.HistoryItem

/// History and the open tabs. The SQLite store keeps them on disk; the ephemeral one (private
/// windows, or when the disk store can't be opened) keeps them in memory only.
/// Safe to call from any thread; calls are short and synchronous.
public protocol BrowsingDataStore: AnyObject, Sendable {
    /// Whether anything saved here outlives the process.
    var isPersistent: Bool { get }

    /// Counts one visit to `uri`. An empty or nil `title` keeps the title already known (a visit is
    /// usually recorded before the page has a title; call `updateTitle` when it arrives).
    func recordVisit(uri: String, title: String?, at date: Date) throws
    /// Moves one visit from `old` to `new`, in one step: a page that replaced itself (see
    /// `VisitCounter`). `old` loses a visit, and its row goes when none is left.
    func replaceVisit(old: String, new: String, title: String?, at date: Date) throws
    /// Sets the title of a page already in history; does nothing for an unknown address.
    func updateTitle(_ title: String, forURI uri: String) throws
    /// Pages whose address or title contains `text` (case-insensitive), most visited first, then
    /// most recent. An empty `text` matches everything.
    func history(matching text: String, limit: Int) throws -> [HistoryVisit]
    /// Pages for the address bar and the History view, from the full-text index over all of history:
    /// every word of `text` a word prefix of the title or address, in any order, case and accents
    /// folded; text in scripts without spaces (CJK) anywhere in the title; punctuation-only words
    /// literally, among the most recent pages. Frecency order (`Suggestions.frecency` at `now`), up
    /// to `limit`. An empty `text` gives the top of all history. Typed text is never query syntax.
    /// Synchronous and safe from any thread: callers keep it off the main thread.
    func searchHistory(_ text: String, limit: Int, now: Date) throws -> [HistoryVisit]
    /// Brings stored rankings up to `now` (a day's passing moves pages between recency buckets).
    /// Writes: keep it off the main thread.
    func refreshFrecency(now: Date) throws
    /// `searchHistory(_:limit:now:)` as of now.
    func searchHistory(_ text: String, limit: Int) throws -> [HistoryVisit]
    /// `recordVisit(uri:title:at:)`, saying how the visit happened (frecency weighs typed visits).
    func recordVisit(uri: String, title: String?, at date: Date, transition: VisitTransition) throws
    /// `replaceVisit(old:new:title:at:)`, saying how the new visit happened.
    func replaceVisit(old: String, new: String, title: String?, at date: Date, transition: VisitTransition) throws
    /// Every page, most recent first.
    func allHistory() throws -> [HistoryVisit]
    func clearHistory() throws
    /// The History view's reads and removals (HistoryBrowsing.swift): every page's last visit,
    /// newest first, then by address; a page of that list; one page removed; pages last visited
    /// at or after `since` removed.
    func historyTimes() throws -> [Date]
    func historyPage(offset: Int, limit: Int) throws -> [HistoryVisit]
    func deleteHistory(uri: String) throws
    func deleteHistory(since date: Date) throws

    /// Replaces the saved tabs and current tab with `session`, all or nothing.
    func saveSession(_ session: StoredSession) throws
    /// The last saved session, or nil if none was ever saved (a first start).
    func loadSession() throws -> StoredSession?
}

extension BrowsingDataStore {
    public func searchHistory(_ text: String, limit: Int) throws -> [HistoryVisit] {
        try searchHistory(text, limit: limit, now: Date())
    }

    /// For stores without an index (test doubles): the model's own matching over every page.
    public func searchHistory(_ text: String, limit: Int, now: Date) throws -> [HistoryVisit] {
        Self.search(try allHistory(), text: text, limit: limit, now: now)
    }

    public func recordVisit(uri: String, title: String?, at date: Date, transition: VisitTransition) throws {
        try recordVisit(uri: uri, title: title, at: date)
    }

    /// Stores that rank in memory at search time have nothing stored to refresh.
    public func refreshFrecency(now: Date) throws {}

    public func replaceVisit(old: String, new: String, title: String?, at date: Date, transition: VisitTransition) throws {
        try replaceVisit(old: old, new: new, title: title, at: date)
    }

    /// What `searchHistory` promises, done in memory with the model's matching.
    static func search(_ pages: [HistoryVisit], text: String, limit: Int, now: Date) -> [HistoryVisit] {
        let matching = pages.filter { Suggestions.matches(text, uri: $0.uri, title: $0.title) }
        return Array(matching.sorted { Suggestions.isRankedBefore($0, $1, now: now) }.prefix(max(0, limit)))
    }
}

extension HistoryVisit {
    /// The order `history(matching:limit:)` promises, shared so both stores agree.
    static func moreRelevant(_ a: HistoryVisit, _ b: HistoryVisit) -> Bool {
        if a.visitCount != b.visitCount { return a.visitCount > b.visitCount }
        if a.lastVisit != b.lastVisit { return a.lastVisit > b.lastVisit }
        return a.uri < b.uri
    }
}
