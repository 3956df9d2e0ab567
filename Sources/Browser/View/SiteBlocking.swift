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
        /// Requests blocked on the page, nil when not known.
        let blocked: Int?

        /// What the popover says under the check box; nil when nothing is known.
        var blockedText: String? {
            guard !allowed, let blocked else { return nil }
            switch blocked {
            case 0: return "Nothing was blocked on this page."
            case 1: return "1 request was blocked on this page."
            case ...PageFilters.blockedLimit: return "\(blocked) requests were blocked on this page."
            default: return "More than \(PageFilters.blockedLimit) requests were blocked on this page."
            }
        }
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
    func attach(_ page: TabPage, security: SecurityIndicator) {
        page.filters.choose = { [weak self] site in self?.blocking(for: site) ?? .none }
        page.filters.onBlockedChanged = { [weak security] in security?.showBlockedCount() }
        page.filters.refresh()
    }

    private func blocking(for site: String?) -> PageBlocking {
        blocker.blocking(allowedSite: permissions.allowsAdsAndTrackers(on: site))
    }

    func contentFiltersChanged() {
        for page in pages() { page.filters.refresh() }
    }

    /// The popover's switch for `page`, when blocking is on and the page has a site.
    func choice(for page: TabPage) -> Choice? {
        guard blocker.isEnabled, blocker.status != .noLists, let site = Site.of(page.state.uri) else { return nil }
        return Choice(site: site, allowed: permissions.allowsAdsAndTrackers(on: site), blocked: page.filters.blocked)
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
