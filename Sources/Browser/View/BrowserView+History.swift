import BrowserModel
import BrowserStore
import Foundation
import Gtk

/// What the History window asks of the browser: the store to read, opening a page, removing pages.
extension BrowserView {
    /// The history the History window lists: none in a private window (which records none either).
    var historyStore: (any BrowsingDataStore)? { isPrivate ? nil : persistence?.store }

    /// Whether this window keeps a history at all.
    public var keepsHistory: Bool { historyStore != nil }

    /// Opens a page chosen in History: in the current tab, or in a new tab after it that stays
    /// in the background (the History window stays open to pick more, as a middle click on a link).
    public func openFromHistory(_ uri: String, inNewTab: Bool) {
        guard inNewTab else {
            load(uri)
            return
        }
        endEditing(commit: false)
        let tab = pager.openTabAfterCurrent(now: now, inBackground: true)
        let opened = addPage(for: tab)
        opened.webView?.load(uri: uri)
        persistence?.tabsChanged(self)
        root.queueAllocate()
        animate()
    }

    /// A page or pages went from the store (History window): suggestions and the start page forget them.
    func historyEdited() {
        persistence?.historyEdited()
        render()
    }

    /// "Clear History…": the pages last visited in `range` go from the store (off the main thread),
    /// and so does what websites stored in that time (cookies, caches, storage) in WebKit.
    /// `completion` gets nil when both are done, else what went wrong, worded for the user.
    public func clearHistory(_ range: HistoryClearRange, now: Date = Date(), timeZone: TimeZone = .current,
                             completion: @escaping @MainActor (String?) -> Void) {
        let since = range.since(now: now, timeZone: timeZone)
        guard let store = historyStore else {
            completion("a private window keeps no history")
            return
        }
        Task.detached(priority: .userInitiated) { [weak self] in
            var problem: String?
            do {
                if let since { try store.deleteHistory(since: since) } else { try store.clearHistory() }
            } catch {
                problem = error.localizedDescription
            }
            await self?.historyCleared(since: since, now: now, storeProblem: problem, completion: completion)
        }
    }

    private func historyCleared(since: Date?, now: Date, storeProblem: String?, completion: @escaping @MainActor (String?) -> Void) {
        historyEdited()
        guard let session else { return completion(storeProblem) }
        session.clearWebsiteData(modifiedWithin: since.map { now.timeIntervalSince($0) }) { problem in
            completion(storeProblem ?? problem.map { "website data could not be cleared: \($0)" })
        }
    }
}
