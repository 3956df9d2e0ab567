import BrowserModel
import Foundation

/// What a tab's page tells the browser (`TabPageDelegate`): its state changed, a visit, a title, a
/// link that wants a new tab. The history that a page's visits feed can be cleared from here too.
extension BrowserView {

    func tabPageDidChange(_ page: TabPage) {
        let s = page.state
        let loaded = s.uri != nil && !s.isLoading && s.failure == nil && s.progress >= 1
        let wasShowingNewTab = pager.hasNewTabPage
        _ = pager.updateTab(id: page.id, title: s.title ?? "", uri: s.uri ?? s.requestedURI ?? "", hasLoadedPage: loaded ? true : nil)
        if pager.hasNewTabPage != wasShowingNewTab { animate() }
        persistence?.tabsChanged(self)
        render()
    }

    /// Forgets the history; nil when done, else what went wrong, worded for the user.
    public func clearHistory() -> String? {
        guard let persistence else { return nil }
        do {
            try persistence.clearHistory()
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    func tabPage(_ page: TabPage, didVisit visit: VisitCounter.Effect, title: String?, status: Int?) {
        let transition = VisitTransition.recorded(transition(forVisitIn: page.id), status: status)
        guard !isPrivate else { return }
        persistence?.record(visit, title: title, transition: transition)
    }

    func tabPage(_ page: TabPage, didCommit uri: String?) { zoom.committed(page.webView, uri: uri) }

    func tabPage(_ page: TabPage, informs message: String) { inform(message) }

    func tabPage(_ page: TabPage, didChangeTitle title: String, uri: String) {
        favourites.change { $0.titleArrived(title, for: uri) }
        guard !isPrivate else { return }
        persistence?.updateTitle(title, uri: uri)
    }

    /// A link's new tab goes right after the tab it came from, in the same session (a private
    /// window's links stay private); a middle click leaves the current page on screen.
    func tabPage(_ page: TabPage, wantsNewTabFor uri: String, inBackground: Bool) {
        endEditing(commit: false)
        let tab = pager.openTabAfterCurrent(now: now, inBackground: inBackground)
        let opened = addPage(for: tab)
        opened.webView?.load(uri: uri)
        if inBackground {
            persistence?.tabsChanged(self)
            root.queueAllocate()
            animate()
        } else {
            tabSelected()
        }
    }
}
