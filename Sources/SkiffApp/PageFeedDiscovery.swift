import BrowserModel
import Dispatch
import FeedFormat
import Foundation
import Gtk

/// Whether the Browser's current page advertises a feed (`<link rel="alternate" type="application/rss+xml">`
/// and the like), for "Subscribe in Today" in the main menu (docs/feeds.md, "Subscribing and refreshing").
///
/// Once a page has loaded, the bytes WebKit received for it (nothing is fetched again, no script
/// runs in the page) are read with `FeedDiscovery` on a worker thread.
@MainActor
final class PageFeedDiscovery {
    /// The current page's first feed; nil while it loads or when it names none.
    private(set) var feed: DiscoveredFeed?
    var onChange: ((DiscoveredFeed?) -> Void)?
    /// The page last read: its view and address (a render that changes neither reads nothing).
    private var examined: (view: ObjectIdentifier, uri: String)?
    private var generation = 0

    /// Called whenever the Browser renders (a load's progress, a tab switch).
    func pageChanged(webView: WebView?, state: PageState) {
        guard let webView, let uri = state.uri, !state.isLoading, state.failure == nil,
              let url = URL(string: uri), url.scheme == "http" || url.scheme == "https" else {
            if examined != nil || feed != nil { forget() }
            return
        }
        if let examined, examined.view == ObjectIdentifier(webView), examined.uri == uri { return }
        forget()
        examined = (ObjectIdentifier(webView), uri)
        let generation = self.generation
        webView.mainResourceData { [weak self] data in
            guard let data, !data.isEmpty else { return }
            DispatchQueue.global(qos: .utility).async {
                let found = FeedDiscovery.feedLinks(inHTML: data, pageURL: url).first
                DispatchQueue.main.async {
                    MainActor.assumeIsolated {
                        guard let self, self.generation == generation, let found else { return }
                        self.feed = found
                        self.onChange?(found)
                    }
                }
            }
        }
    }

    private func forget() {
        generation += 1
        examined = nil
        if feed != nil {
            feed = nil
            onChange?(nil)
        }
    }
}
