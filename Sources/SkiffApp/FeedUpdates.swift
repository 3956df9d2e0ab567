import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Gtk
import Logging

/// Today's subscriptions kept fresh: adding one (a site's address goes through discovery first),
/// importing an OPML file, and refreshing through `FeedRefresher` (docs/feeds.md "Fetching") on
/// start, on a timer set to the next feed due, and on F5 / Ctrl+R.
@MainActor
final class FeedUpdates {
    /// The refresh timer's bounds: never busier than a minute, never idler than a day (docs/feeds.md "Cards and stories").
    static let timerRange: ClosedRange<TimeInterval> = 60...(24 * 60 * 60)

    let refresher: FeedRefresher
    private var store: FeedStore { refresher.store }
    /// Only to look at what a typed address gives (a feed, or a page naming its feed).
    private let session = HTTPSession(userAgent: "Skiff (feeds)")
    private var timerGeneration = 0
    /// A feed's refresh was stored: Today reads the store again.
    var onChanged: (() -> Void)?

    init(store: FeedStore) {
        refresher = FeedRefresher(store: store, parse: { data, url, charset in
            FeedParser.parse(data: data, url: url, httpCharset: charset).mapError { $0 as Error }
        })
        refresher.onFeedRefreshed = { [weak self] _ in self?.onChanged?() }
    }

    var isRefreshing: Bool { refresher.isRefreshing }

    // MARK: Refreshing

    /// The due feeds (`all`: every one, as F5 asks); then the timer for the next one due.
    func refresh(all: Bool) {
        let done: @MainActor ([FeedRefreshReport]) -> Void = { [weak self] _ in self?.scheduleNext() }
        if all { refresher.refreshAll(completion: done) } else { refresher.refreshDue(completion: done) }
    }

    private func scheduleNext() {
        guard let next = (try? store.nextFetchDate()) ?? nil else { return }
        timerGeneration += 1
        let generation = timerGeneration
        let wait = min(max(next.timeIntervalSinceNow, Self.timerRange.lowerBound), Self.timerRange.upperBound)
        MainLoop.after(milliseconds: UInt32(wait * 1000)) { [weak self] in
            guard let self, generation == self.timerGeneration else { return }
            self.refresh(all: false)
        }
    }

    // MARK: Subscribing

    /// Subscribes to `typed` (a feed's address, or a site's whose page links to its feed) and reads
    /// it. `completion` gets the subscription, or what went wrong in words (nothing is kept then).
    func subscribe(_ typed: String, completion: @escaping @MainActor (Result<StoredFeed, SubscriptionError>) -> Void) {
        guard let url = Self.address(typed) else {
            return completion(.failure(SubscriptionError("“\(typed)” is not a web address (http or https).")))
        }
        findFeed(at: url) { [weak self] found in
            guard let self else { return }
            switch found {
            case .failure(let error):
                completion(.failure(error))
            case .success(let feedURL):
                self.add(feedURL, completion: completion)
            }
        }
    }

    /// Adds `url` and fetches it once; a first fetch that fails takes the new subscription away again.
    private func add(_ url: URL, completion: @escaping @MainActor (Result<StoredFeed, SubscriptionError>) -> Void) {
        let known = ((try? store.feeds()) ?? []).contains { $0.url == url }
        let feed: StoredFeed
        do {
            feed = try store.addFeed(url: url, now: Date())
        } catch {
            return completion(.failure(SubscriptionError("The subscription couldn’t be saved: \(error.localizedDescription)")))
        }
        refresher.refresh([feed]) { [weak self] reports in
            guard let self else { return }
            if case .failed(let message) = reports.first(where: { $0.feedID == feed.id })?.outcome {
                if !known { try? self.store.remove(feed.id) }
                self.onChanged?()
                return completion(.failure(SubscriptionError(message)))
            }
            self.scheduleNext()
            completion(.success(((try? self.store.feed(feed.id)) ?? nil) ?? feed))
        }
    }

    /// The feed at `url`: `url` itself when it answers with anything but a web page, else the first
    /// feed the page links to (once: a page that names a page is not followed further).
    private func findFeed(at url: URL, completion: @escaping @MainActor (Result<URL, SubscriptionError>) -> Void) {
        let limits = FeedFetchLimits.standard
        let request = HTTPRequest(address: url.absoluteString, accept: Self.accept, timeout: limits.timeout,
                                  maximumBytes: limits.maximumBytes, maximumRedirects: limits.maximumRedirects)
        session.fetch(request) { result in
            switch result {
            case .failure(let failure):
                completion(.failure(SubscriptionError(limits.words(for: failure))))
            case .success(let response) where !(200...299).contains(response.status):
                completion(.failure(SubscriptionError("The server answered \(response.status) \(response.reason).")))
            case .success(let response):
                guard FeedSniffer.kind(of: response.body, contentType: response.header("Content-Type")) == .htmlPage else {
                    return completion(.success(url))
                }
                let page = URL(string: response.finalAddress) ?? url
                guard let first = FeedDiscovery.feedLinks(inHTML: response.body, pageURL: page).first else {
                    return completion(.failure(SubscriptionError(FeedFormatError.notAFeed(.htmlPage).description)))
                }
                completion(.success(first.url))
            }
        }
    }

    /// An OPML file's subscriptions added (titles and folders kept) and fetched, four at a time.
    /// Returns how many were new, or why the file could not be read.
    func importOPML(_ file: URL) -> Result<Int, SubscriptionError> {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return .failure(SubscriptionError("\(file.lastPathComponent) can’t be read: \(error.localizedDescription)"))
        }
        switch OPML.read(data: data) {
        case .failure(let error):
            return .failure(SubscriptionError("\(file.lastPathComponent): \(error.description)"))
        case .success(let entries):
            let before = Set(((try? store.feeds()) ?? []).map(\.url))
            var added: [StoredFeed] = []
            do {
                for entry in entries where !before.contains(entry.xmlURL) {
                    added.append(try store.addFeed(url: entry.xmlURL, title: entry.title, folder: entry.folder, now: Date()))
                }
            } catch {
                return .failure(SubscriptionError("The subscriptions couldn’t be saved: \(error.localizedDescription)"))
            }
            refresher.refresh(added) { [weak self] _ in self?.scheduleNext() }
            onChanged?()
            return .success(added.count)
        }
    }

    static let accept = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5"

    /// What the user typed as an address: http(s) only; a bare host gets https.
    static func address(_ typed: String) -> URL? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.contains(" ") else { return nil }
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}

/// Why a subscription could not be added, in words for the user.
struct SubscriptionError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
