import BrowserModel
import Gtk

/// One window's side of content blocking (docs/content-blocking.md, "Per site"): its pages get the
/// process's compiled filters unless the user allowed the page's site in the security popover,
/// which the window's site permissions remember (in memory only for a private window).
@MainActor
final class SiteBlocking: ContentBlockerWatcher {
    /// What the security popover offers for one page.
    struct Choice {
        let site: String
        let allowed: Bool
    }

    private let blocker: ContentBlocker
    private let permissions: PagePermissions
    private let pages: () -> [TabPage]

    init(blocker: ContentBlocker, permissions: PagePermissions, pages: @escaping () -> [TabPage]) {
        self.blocker = blocker
        self.permissions = permissions
        self.pages = pages
        blocker.watch(self)
    }

    /// A new tab's page asks here for its filters from now on.
    func attach(_ page: TabPage) {
        page.filters.choose = { [weak self] site in self?.filters(for: site) ?? [] }
        page.filters.refresh()
    }

    private func filters(for site: String?) -> [ContentFilter] {
        blocker.filters(allowedSite: permissions.allowsAdsAndTrackers(on: site))
    }

    func contentFiltersChanged() {
        for page in pages() { page.filters.refresh() }
    }

    /// The popover's switch for `page`, when blocking is on and the page has a site.
    func choice(for page: TabPage) -> Choice? {
        guard blocker.isEnabled, blocker.status != .noLists, let site = Site.of(page.state.uri) else { return nil }
        return Choice(site: site, allowed: permissions.allowsAdsAndTrackers(on: site))
    }

    /// The switch was turned: remembered, and every page of the site is reloaded with or without
    /// filters (what is on screen was loaded under the old choice).
    func set(allowed: Bool, on site: String) {
        guard permissions.allowsAdsAndTrackers(on: site) != allowed else { return }
        permissions.setAdsAndTrackers(allowed: allowed, on: site)
        for page in pages() where Site.of(page.state.uri) == site {
            page.filters.refresh()
            page.reload()
        }
    }
}
