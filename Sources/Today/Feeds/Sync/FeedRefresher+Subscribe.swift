import FeedFormat
import FeedStore
import Foundation
import Gtk
import StoreSupport

/// Why a subscription was not added, in words for the Add Feed dialog.
public struct SubscriptionFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension FeedRefresher {
    /// Subscribes to `url` — a feed's address, or a site's page that links to its feed
    /// (autodiscovery: the first `<link rel="alternate">` of a feed type, docs/feeds.md "Discovery and
    /// OPML") — after fetching and parsing it once, so only a readable feed is ever added. Its articles
    /// are stored with it. An address already subscribed to gives that subscription.
    public func subscribe(_ url: URL, folder: String? = nil,
                          completion: @escaping @MainActor (Result<StoredFeed, SubscriptionFailure>) -> Void) {
        subscribe(url, folder: folder, discovering: true, completion: completion)
    }

    private func subscribe(_ url: URL, folder: String?, discovering: Bool,
                           completion: @escaping @MainActor (Result<StoredFeed, SubscriptionFailure>) -> Void) {
        let request = HTTPRequest(address: url.absoluteString, accept: FeedFetchLimits.accept, timeout: limits.timeout,
                                  maximumBytes: limits.maximumBytes, maximumRedirects: limits.maximumRedirects)
        let store = store, parse = parse, limits = limits, now = now
        // Held by the completion until it runs; the session ends it on timeout.
        session.fetch(request) { [weak self] result in
            Task.detached(priority: .userInitiated) {
                let step = Subscribing.step(url: url, folder: folder, result: result, discovering: discovering,
                                            store: store, parse: parse, limits: limits, now: now())
                await MainActor.run {
                    switch step {
                    case .subscribed(let feed): completion(.success(feed))
                    case .failed(let message): completion(.failure(SubscriptionFailure(message)))
                    case .discovered(let feedURL):
                        guard let self else { return completion(.failure(SubscriptionFailure("The refresh was stopped"))) }
                        self.subscribe(feedURL, folder: folder, discovering: false, completion: completion)
                    }
                }
            }
        }
    }
}

/// The worker's half of subscribing: parse, discover, store.
enum Subscribing {
    enum Step: Sendable {
        case subscribed(StoredFeed)
        case discovered(URL)
        case failed(String)
    }

    static let noFeedOnPage = "This address is a web page, not a feed, and the page links to no feed."

    static func step(url: URL, folder: String?, result: Result<HTTPResponse, HTTPFailure>, discovering: Bool,
                     store: FeedStore, parse: FeedParse, limits: FeedFetchLimits, now: Date) -> Step {
        let response: HTTPResponse
        switch result {
        case .failure(let failure): return .failed(FetchOutcome.message(for: failure, limits: limits))
        case .success(let answer): response = answer
        }
        guard (200...299).contains(response.status), response.status != 204, response.status != 205 else {
            return .failed("The server answered \(FetchOutcome.statusLine(response))")
        }
        let finalURL = URL(string: response.finalAddress) ?? url
        let charset = FetchOutcome.charset(response.header("Content-Type")?.lowercased() ?? "")
        let parsed = parse(response.body, FetchOutcome.parseBase(response, fallback: url), charset)
        if case .failure(let error) = parsed {
            guard FetchOutcome.isHTMLPage(error, response) else { return .failed(String(describing: error)) }
            guard discovering else { return .failed("Not a feed: the address gave an HTML page") }
            guard let link = FeedDiscovery.feedLinks(inHTML: response.body, pageURL: finalURL).first else { return .failed(noFeedOnPage) }
            return .discovered(link.url)
        }
        do {
            // A permanent move is where the feed lives; a temporary one is not kept.
            let feed = try store.addFeed(url: response.permanentlyMoved ? finalURL : url, folder: folder, now: now)
            // Parsed once: the record is made from this parse.
            let record = FetchOutcome.record(for: feed, result: .success(response), parse: { _, _, _ in parsed }, limits: limits, now: now)
            try store.recordFetch(feed.id, record)
            return .subscribed(try store.feed(feed.id) ?? feed)
        } catch {
            return .failed("The subscription could not be saved: \(SaveFailure.describe(error))")
        }
    }
}
