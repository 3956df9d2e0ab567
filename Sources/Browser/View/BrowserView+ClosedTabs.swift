import BrowserModel
import Foundation
import Gtk

/// Closing a tab keeps it (`ClosedTabsKeeper`); Ctrl+Shift+T puts the newest back where it was.
extension BrowserView {
    /// The tab at `index` is being closed: kept with its back/forward list, and its scroll position
    /// once the page says it.
    func keepClosed(_ tab: BrowserTab, at index: Int) {
        let page = pages[tab.id]
        let record = ClosedTab(uri: page?.state.uri ?? tab.uri, title: page?.state.title ?? tab.title,
                               sessionState: page?.sessionState, position: index, closedAt: Date())
        closedTabs.closed(record)
        page?.scrollPositionOnClose { [weak self] x, y in self?.closedTabs.setScroll(of: record.id, x: x, y: y) }
    }

    /// Ctrl+Shift+T: the last closed tab again, where it was, with its history and scroll position.
    /// False when there is none.
    @discardableResult
    public func reopenClosedTab() -> Bool {
        if tabOverview.isOpen {
            tabOverview.closeBackToCurrent { [weak self] in self?.reopenClosedTab() }
            return true
        }
        guard let closed = closedTabs.reopenNewest() else { return false }
        endEditing(commit: false)
        let tab = pager.reopenTab(BrowserTab(title: closed.title, uri: closed.uri, hasLoadedPage: true), at: closed.position, now: now)
        let page = addPage(for: tab)
        page.restore(closed)
        tabSelected()
        return true
    }

    /// Whether Ctrl+Shift+T has anything to bring back.
    public var canReopenClosedTab: Bool { !closedTabs.list.tabs.isEmpty }
}
