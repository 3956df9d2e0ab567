import BrowserModel
import Gtk

/// Which content filters one tab's page has attached (docs/content-blocking.md, "Per site"), and
/// its element hiding (`PageHiding`): chosen
/// for the address each load starts at, before the page's own requests go, and again when the
/// browser's answer changes (the filters became ready, the site was allowed, blocking was turned off).
@MainActor
final class PageFilters {
    /// The filters a page on `site` gets (nil: an address without a site, a file or about:blank):
    /// the browser's answer, set when the tab is made.
    var choose: (_ site: String?) -> PageBlocking = { _ in .none }
    private let hiding = PageHiding()
    private weak var webView: WebView?
    /// What is attached now, to leave the page alone when nothing changed.
    private var attached: [ObjectIdentifier] = []
    /// Requests the content blocker stopped on the page shown (Skiff's web process extension
    /// counts them; docs/content-blocking.md, "Blocked requests"); nil without the extension, and in
    /// a private window, whose console messages WebKit gives to nothing.
    private(set) var blocked: Int?
    private var counts = false
    /// More than this reads "999+" (a count is a count, not a counter to grow without end).
    nonisolated static let blockedLimit = 999
    /// The count changed (the security popover, when open, shows it as it grows).
    var onBlockedChanged: () -> Void = {}

    func watch(_ webView: WebView) {
        self.webView = webView
        attached = []
        hiding.watch(webView)
        refresh()
        counts = WebProcessExtensions.isLoaded && webView.networkSession?.isEphemeral == false
        blocked = counts ? 0 : nil
        webView.onLoadChanged { [weak self, weak webView] event in
            guard let self, let webView, webView === self.webView else { return }
            switch event {
            // Started: the address the page goes to; redirected: where it really goes. Both before
            // the page's subresources are asked for.
            case .started, .redirected: self.refresh()
            case .committed:
                self.hiding.committed()
                self.blocked = self.counts ? 0 : nil
                self.onBlockedChanged()
            case .finished: break
            }
        }
        webView.onBlockedRequests { [weak self, weak webView] uri, count in
            // A late count for the page before is dropped.
            guard let self, let webView, webView === self.webView, uri == webView.uri, let blocked = self.blocked else { return }
            self.blocked = min(blocked + count, Self.blockedLimit + 1)
            self.onBlockedChanged()
        }
    }

    /// Attaches what `choose` says for the page's current address, if that changed.
    func refresh() {
        guard let webView else { return }
        let blocking = choose(Site.of(webView.uri))
        hiding.show(blocking.hiding, uri: webView.uri)
        let filters = blocking.filters
        let identities = filters.map { ObjectIdentifier($0) }
        guard identities != attached else { return }
        attached = identities
        webView.setContentFilters(filters)
    }
}
