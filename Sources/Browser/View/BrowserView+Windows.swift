import BrowserModel
import Foundation
import Gtk

/// Pages that open windows: `window.open` from a click opens a tab next to its opener, sharing its
/// process so `opener` works (sign-in pop-ups); one no click asked for is blocked, with a notice
/// that offers to open it once (docs/browser.md, "Pop-ups").
extension BrowserView {
    func tabPage(_ page: TabPage, opensWindowFor uri: String, byUser: Bool) -> WebView? {
        guard let opener = page.webView else { return nil }
        guard byUser || permissions.allowsPopUps(from: Site.of(page.state.uri)) else {
            blockedPopUp(uri, from: page)
            return nil
        }
        endEditing(commit: false)
        let view = opener.makeRelated()
        let tab = pager.openTabAfterCurrent(now: now, inBackground: false)
        addPage(for: tab, opened: view)
        page.sharesWebProcess = true
        tabSelected()
        return view
    }

    /// "Open Link in New Window" / "… in New Private Window".
    public func openInNewWindow(_ uri: String, isPrivate: Bool) {
        guard let open = onOpenWindow else {
            if let page = currentPage { tabPage(page, wantsNewTabFor: uri, inBackground: false) }
            return
        }
        open(uri, isPrivate)
    }

    func tabPage(_ page: TabPage, asksPermission request: PermissionRequest) -> Bool {
        permissions.handle(request, from: page)
    }

    func tabPageClosedItself(_ page: TabPage) {
        guard let index = pager.tabs.index(of: page.id) else { return }
        closeTab(at: index)
    }

    /// Told in the tab's own bar, which stays until answered: Allow Once opens what was blocked,
    /// Always Allow also lets the page's site open pop-ups from now on (kept with the site
    /// permissions; in memory only for a private window).
    private func blockedPopUp(_ uri: String, from page: TabPage) {
        let site = PagePermissions.site(of: page.state.uri)
        logger.notice("blocked a pop-up no click asked for: \(uri)")
        page.popUpBar.blocked(uri, site: site) { [weak self, weak page] uris, always in
            guard let self, let page else { return }
            if always, let key = Site.of(page.state.uri) { self.permissions.alwaysAllowPopUps(from: key) }
            for uri in uris where !uri.isEmpty { self.tabPage(page, wantsNewTabFor: uri, inBackground: false) }
        }
    }
}
