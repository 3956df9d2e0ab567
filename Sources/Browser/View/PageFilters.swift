import BrowserModel
import Gtk

/// Which content filters one tab's page has attached (docs/content-blocking.md, "Per site"): chosen
/// for the address each load starts at, before the page's own requests go, and again when the
/// browser's answer changes (the filters became ready, the site was allowed, blocking was turned off).
@MainActor
final class PageFilters {
    /// The filters a page on `site` gets (nil: an address without a site, a file or about:blank):
    /// the browser's answer, set when the tab is made.
    var choose: (_ site: String?) -> [ContentFilter] = { _ in [] }
    private weak var webView: WebView?
    /// What is attached now, to leave the page alone when nothing changed.
    private var attached: [ObjectIdentifier] = []

    func watch(_ webView: WebView) {
        self.webView = webView
        attached = []
        refresh()
        webView.onLoadChanged { [weak self, weak webView] event in
            // Started: the address the page goes to; redirected: where it really goes. Both before
            // the page's subresources are asked for.
            guard let self, let webView, webView === self.webView, event == .started || event == .redirected else { return }
            self.refresh()
        }
    }

    /// Attaches what `choose` says for the page's current address, if that changed.
    func refresh() {
        guard let webView else { return }
        let filters = choose(Site.of(webView.uri))
        let identities = filters.map { ObjectIdentifier($0) }
        guard identities != attached else { return }
        attached = identities
        webView.setContentFilters(filters)
    }
}
