import FeedFormat
import FeedStore
import Foundation
import Gtk
import Logging

/// Fetching subscriptions for Today: a new subscription's first fetch (a site's address goes
/// through discovery), and refreshing the ones that are due. Over libsoup on the main loop; parsing
/// off the main thread; what each fetch came to written in one transaction (`FeedStore.recordFetch`).
/// Limits: docs/feeds.md "Cards and stories" (the fetch's) and "Storage" (the schedule's).
@MainActor
final class FeedUpdates {
    /// Seconds for a whole exchange, redirects and body included.
    static let timeout = 30.0
    /// Fetches at once, so 200 subscriptions neither flood the network nor the parser.
    static let concurrentFetches = 4
    static let accept = "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5"

    private let store: FeedStore
    private let session = HTTPSession(userAgent: "Skiff/\(Options.version) (feed reader)")
    private var waiting: [StoredFeed] = []
    private var running: Set<FeedID> = []
    private let logger = Logger(label: "skiff.today.updates")
    /// Something new was written (after each feed): Today reads the store again.
    var onChanged: (() -> Void)?

    init(store: FeedStore) {
        self.store = store
    }

    var isRefreshing: Bool { !running.isEmpty || !waiting.isEmpty }

    // MARK: Subscribing

    /// Subscribes to `typed` (a feed's address, or a site's whose page links to its feed) and reads
    /// it once. `completion` gets the subscription, or what went wrong in words.
    func subscribe(_ typed: String, title: String = "", folder: String? = nil,
                   completion: @escaping @MainActor (Result<StoredFeed, SubscriptionError>) -> Void) {
        guard let url = Self.address(typed) else {
            return completion(.failure(SubscriptionError("“\(typed)” is not a web address (http or https).")))
        }
        fetchFeed(at: url, discovering: true) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error):
                completion(.failure(error))
            case .success(let fetched):
                do {
                    let feed = try self.store.addFeed(url: fetched.url, title: title.isEmpty ? fetched.feed.title : title,
                                                      folder: folder, now: Date())
                    try self.store.recordFetch(feed.id, self.record(.parsed(fetched.feed), fetched.response, feed: feed))
                    self.onChanged?()
                    completion(.success((try? self.store.feed(feed.id)) ?? nil ?? feed))
                } catch {
                    completion(.failure(SubscriptionError("The subscription couldn’t be saved: \(error.localizedDescription)")))
                }
            }
        }
    }

    /// Subscribes to an OPML file's feeds (titles and folders kept), without fetching them yet: the
    /// refresh that follows does, four at a time. `completion` gets how many were added, or why none.
    func importOPML(_ outline: [(url: URL, title: String, folder: String?)]) throws -> Int {
        var added = 0
        for entry in outline {
            _ = try store.addFeed(url: entry.url, title: entry.title, folder: entry.folder, now: Date())
            added += 1
        }
        return added
    }

    /// What the user typed as an address: http(s) only; a bare host gets https.
    static func address(_ typed: String) -> URL? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.contains(" ") else { return nil }
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    // MARK: Refreshing

    /// Refreshes the subscriptions that are due (`all`: every one, as F5 asks), four at a time.
    func refresh(all: Bool) {
        let feeds = (try? all ? store.feeds() : store.dueFeeds(now: Date())) ?? []
        let queued = Set(waiting.map(\.id)).union(running)
        waiting += feeds.filter { !queued.contains($0.id) }
        startWaiting()
    }

    private func startWaiting() {
        while running.count < Self.concurrentFetches, !waiting.isEmpty {
            let feed = waiting.removeFirst()
            running.insert(feed.id)
            refreshOne(feed)
        }
    }

    private func refreshOne(_ feed: StoredFeed) {
        var headers: [String: String] = [:]
        if let etag = feed.etag { headers["If-None-Match"] = etag }
        if let lastModified = feed.lastModified { headers["If-Modified-Since"] = lastModified }
        let request = HTTPRequest(address: feed.url.absoluteString, accept: Self.accept, headers: headers,
                                  timeout: Self.timeout, maximumBytes: FeedFormatLimits.documentBytes)
        session.fetch(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure):
                self.finish(feed, record: self.failure(Self.words(failure), feed: feed, retryAfter: nil))
            case .success(let response) where response.status == 304:
                self.finish(feed, record: self.record(.notModified, response, feed: feed))
            case .success(let response) where !(200...299).contains(response.status):
                let retry = FeedSchedule.retryAfter(response.header("Retry-After"), now: Date())
                self.finish(feed, record: self.failure("The server answered \(response.status) \(response.reason).", feed: feed, retryAfter: retry))
            case .success(let response):
                let hash = SHA256.hex(response.body)
                if hash == feed.bodyHash {
                    self.finish(feed, record: self.record(.unchanged, response, feed: feed))
                    return
                }
                self.parse(response) { parsed in
                    switch parsed {
                    case .success(let document): self.finish(feed, record: self.record(.parsed(document), response, feed: feed))
                    case .failure(let error): self.finish(feed, record: self.failure(error.description, feed: feed, retryAfter: nil))
                    }
                }
            }
        }
    }

    private func finish(_ feed: StoredFeed, record: FetchRecord) {
        do {
            try store.recordFetch(feed.id, record)
        } catch {
            logger.error("\(feed.url): the fetch couldn't be recorded: \(error)")
        }
        running.remove(feed.id)
        onChanged?()
        startWaiting()
    }

    private func record(_ outcome: FetchRecord.Outcome, _ response: HTTPResponse, feed: StoredFeed) -> FetchRecord {
        let now = Date()
        var suggested = feed.suggestedInterval
        if case .parsed(let document) = outcome { suggested = document.suggestedInterval }
        let hints = FeedSchedule.Hints(maxAge: FeedSchedule.maxAge(cacheControl: response.header("Cache-Control")),
                                       suggestedInterval: suggested)
        let hash: String? = if case .notModified = outcome { feed.bodyHash } else { SHA256.hex(response.body) }
        return FetchRecord(outcome, fetchedAt: now, nextFetch: FeedSchedule.nextFetch(now: now, failures: 0, hints),
                           etag: response.header("ETag"), lastModified: response.header("Last-Modified"), bodyHash: hash,
                           movedTo: response.permanentlyMoved ? URL(string: response.finalAddress) : nil)
    }

    private func failure(_ message: String, feed: StoredFeed, retryAfter: TimeInterval?) -> FetchRecord {
        let now = Date()
        let next = FeedSchedule.nextFetch(now: now, failures: feed.failureCount + 1, FeedSchedule.Hints(retryAfter: retryAfter))
        return FetchRecord(.failed(message), fetchedAt: now, nextFetch: next)
    }

    // MARK: One document

    struct Fetched {
        var url: URL
        var feed: ParsedFeed
        var response: HTTPResponse
    }

    /// GETs `url` and parses it; a web page instead of a feed is searched for the feed it links to
    /// (once: a page that links to a page is not followed further).
    private func fetchFeed(at url: URL, discovering: Bool, completion: @escaping @MainActor (Result<Fetched, SubscriptionError>) -> Void) {
        let request = HTTPRequest(address: url.absoluteString, accept: Self.accept, timeout: Self.timeout,
                                  maximumBytes: FeedFormatLimits.documentBytes)
        session.fetch(request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let failure):
                completion(.failure(SubscriptionError(Self.words(failure))))
            case .success(let response) where !(200...299).contains(response.status):
                completion(.failure(SubscriptionError("The server answered \(response.status) \(response.reason).")))
            case .success(let response):
                let final = URL(string: response.finalAddress) ?? url
                self.parse(response) { parsed in
                    switch parsed {
                    case .success(let feed):
                        completion(.success(Fetched(url: response.permanentlyMoved ? final : url, feed: feed, response: response)))
                    case .failure(.notAFeed(.htmlPage)) where discovering:
                        guard let found = self.discover(in: response.body, at: final) else {
                            return completion(.failure(SubscriptionError(FeedFormatError.notAFeed(.htmlPage).description)))
                        }
                        self.fetchFeed(at: found, discovering: false, completion: completion)
                    case .failure(let error):
                        completion(.failure(SubscriptionError(error.description)))
                    }
                }
            }
        }
    }

    /// The first feed a page links to, if the parser's discovery is there to find it.
    private func discover(in page: Data, at url: URL) -> URL? {
        nil
    }

    private func parse(_ response: HTTPResponse, then body: @escaping @MainActor (Result<ParsedFeed, FeedFormatError>) -> Void) {
        let url = URL(string: response.finalAddress) ?? URL(fileURLWithPath: "/")
        let charset = Self.charset(response.header("Content-Type"))
        let data = response.body
        DispatchQueue.global(qos: .userInitiated).async {
            let result = FeedParser.parse(data: data, url: url, httpCharset: charset)
            DispatchQueue.main.async { MainActor.assumeIsolated { body(result) } }
        }
    }

    /// "text/xml; charset=ISO-8859-1" → "ISO-8859-1".
    static func charset(_ contentType: String?) -> String? {
        guard let contentType else { return nil }
        for part in contentType.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        }
        return nil
    }

    static func words(_ failure: HTTPFailure) -> String {
        switch failure {
        case .invalidAddress(let address): "“\(address)” is not an address Skiff can fetch."
        case .unreachable(let reason): "The server could not be reached (\(reason))."
        case .timedOut(let seconds): "The server sent no complete answer within \(Int(seconds)) seconds."
        case .status(let code, let reason): "The server answered \(code) \(reason)."
        case .tooLarge(let limit): "The feed is larger than the \(limit / 1_048_576) MB Skiff reads."
        case .tooManyRedirects(let limit): "The address redirects more than \(limit) times."
        case .redirectLoop: "The address redirects in a loop."
        case .tls(let problem): "The secure connection failed: \(problem)."
        case .cancelled: "The fetch was cancelled."
        }
    }
}

/// Why a subscription could not be added, in words for the user.
struct SubscriptionError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
