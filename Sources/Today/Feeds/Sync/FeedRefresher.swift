import FeedFormat
import FeedStore
import Foundation
import Gtk
import Logging
import StoreSupport

/// Refreshes subscriptions politely (docs/feeds.md, "Fetching"): at most four fetches at once,
/// conditional GETs, a 304 or an unchanged body parsing nothing, each feed's next fetch from
/// `FeedSchedule`. The fetch runs on the GLib main loop without blocking it; hashing, parsing and
/// storing run on a worker, so nothing a server sends holds up the main thread.
///
/// The Today view owns one: `refreshDue` on start (after the first frame) and on a timer
/// (`FeedStore.nextFetchDate`), `refreshAll` for Ctrl+R / F5.
@MainActor
public final class FeedRefresher {
    public let store: FeedStore
    let session: HTTPSession
    let parse: FeedParse
    let limits: FeedFetchLimits
    let now: @Sendable () -> Date
    nonisolated static let logger = Logger(label: "skiff.feeds.refresh")

    /// Called on the main thread as each feed's refresh is stored.
    public var onFeedRefreshed: ((FeedRefreshReport) -> Void)?

    private var queue: [StoredFeed] = []
    private var fetching: [FeedID: HTTPTransfer] = [:]
    /// Fetched, being hashed, parsed or stored on the worker.
    private var storing: Set<FeedID> = []
    private var reports: [FeedRefreshReport] = []
    private var completions: [@MainActor ([FeedRefreshReport]) -> Void] = []

    /// Skiff's parser (`FeedParser`, docs/feeds.md "Formats").
    public nonisolated static let feedParser: FeedParse = { data, url, charset in
        FeedParser.parse(data: data, url: url, httpCharset: charset).mapError { $0 }
    }

    public init(store: FeedStore, session: HTTPSession = HTTPSession(userAgent: "Skiff (feeds)"), parse: @escaping FeedParse = feedParser,
                limits: FeedFetchLimits = .standard, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.session = session
        self.parse = parse
        self.limits = limits
        self.now = now
    }

    private var pruning = false

    public var isRefreshing: Bool { !queue.isEmpty || !fetching.isEmpty || !storing.isEmpty || pruning }

    /// Fetches every feed whose time has come. `completion` gets one report per feed, once all
    /// (this call's and any already under way) are stored.
    public func refreshDue(completion: (@MainActor ([FeedRefreshReport]) -> Void)? = nil) {
        let due: [StoredFeed]
        do {
            due = try store.dueFeeds(now: now())
        } catch {
            Self.logger.error("due feeds not read: \(error)")
            due = []
        }
        refresh(due, completion: completion)
    }

    /// Fetches every feed now, whatever its schedule (Ctrl+R).
    public func refreshAll(completion: (@MainActor ([FeedRefreshReport]) -> Void)? = nil) {
        refresh((try? store.feeds()) ?? [], completion: completion)
    }

    public func refresh(_ feeds: [StoredFeed], completion: (@MainActor ([FeedRefreshReport]) -> Void)? = nil) {
        let busy = Set(queue.map(\.id)).union(fetching.keys).union(storing)
        queue += feeds.filter { !busy.contains($0.id) }
        if let completion { completions.append(completion) }
        startFetches()
        finishIfDone()
    }

    /// Stops what is under way; feeds not fetched stay due.
    public func cancel() {
        queue.removeAll()
        let transfers = fetching.values
        fetching.removeAll()
        for transfer in transfers { transfer.cancel() }
        finishIfDone()
    }

    private func startFetches() {
        while fetching.count < max(1, limits.concurrentFetches), !queue.isEmpty {
            let feed = queue.removeFirst()
            var headers: [String: String] = [:]
            if let etag = feed.etag { headers["If-None-Match"] = etag }
            if let lastModified = feed.lastModified { headers["If-Modified-Since"] = lastModified }
            let request = HTTPRequest(address: feed.url.absoluteString, accept: FeedFetchLimits.accept, headers: headers,
                                      timeout: limits.timeout, maximumBytes: limits.maximumBytes, maximumRedirects: limits.maximumRedirects)
            fetching[feed.id] = session.fetch(request) { [weak self] result in self?.fetched(feed, result) }
        }
    }

    private func fetched(_ feed: StoredFeed, _ result: Result<HTTPResponse, HTTPFailure>) {
        guard fetching.removeValue(forKey: feed.id) != nil else { return }
        startFetches()
        if case .failure(.cancelled) = result { return finishIfDone() }
        storing.insert(feed.id)
        let store = store, parse = parse, limits = limits, now = now
        Task.detached(priority: .utility) { [weak self] in
            let record = FetchOutcome.record(for: feed, result: result, parse: parse, limits: limits, now: now())
            let outcome: FeedRefreshReport.Outcome
            do {
                let added = try store.recordFetch(feed.id, record)
                switch record.outcome {
                case .notModified: outcome = .notModified
                case .unchanged: outcome = .unchanged
                case .parsed: outcome = .parsed(newArticles: added)
                case .failed(let message): outcome = .failed(message)
                }
            } catch {
                outcome = .failed("Not saved: \(SaveFailure.describe(error))")
            }
            var report = FeedRefreshReport(feedID: feed.id, outcome: outcome)
            if case .failure(.unreachable) = result { report.unreachable = true }
            await self?.stored(report)
        }
    }

    private func stored(_ report: FeedRefreshReport) {
        storing.remove(report.feedID)
        reports.append(report)
        onFeedRefreshed?(report)
        finishIfDone()
    }

    /// When the last feed is stored: retention (`FeedRetention`) on the worker, then the reports.
    private func finishIfDone() {
        guard !isRefreshing, !completions.isEmpty || !reports.isEmpty else { return }
        guard !reports.isEmpty else { return deliver() }
        pruning = true
        let store = store, now = now
        Task.detached(priority: .utility) { [weak self] in
            do { try store.prune(now: now()) } catch { FeedRefresher.logger.warning("feeds not pruned: \(error)") }
            await self?.pruned()
        }
    }

    private func pruned() {
        pruning = false
        // Feeds asked for meanwhile wait for their own round.
        if !isRefreshing { deliver() }
    }

    private func deliver() {
        let done = completions, all = reports
        completions = []
        reports = []
        for completion in done { completion(all) }
    }
}
