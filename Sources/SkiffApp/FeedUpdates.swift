import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Gtk
import Logging

/// Today's subscriptions kept fresh: adding one (a site's address leads to its feed),
/// importing an OPML file, and refreshing through `FeedRefresher` (docs/feeds.md "Fetching") on
/// start, on a timer set to the next feed due, and on F5 / Ctrl+R.
@MainActor
final class FeedUpdates {
    /// The refresh timer's bounds: never busier than a minute, never idler than a day (docs/feeds.md "Cards and stories").
    static let timerRange: ClosedRange<TimeInterval> = 60...(24 * 60 * 60)

    let refresher: FeedRefresher
    private var store: FeedStore { refresher.store }
    private var timerGeneration = 0
    /// A feed's refresh was stored: Today reads the store again.
    var onChanged: (() -> Void)?
    /// After each round: whether no feed's server answered at all (the computer looks offline), and
    /// when the last fetch that worked was.
    var onConnectivity: ((_ offline: Bool, _ lastGood: Date?) -> Void)?
    /// After each round, offline or not (Today's "Updated …" line is read again).
    var onRoundFinished: (() -> Void)?
    /// When a round starts (Today says "Updating…").
    var onRoundStarted: (() -> Void)?
    /// Whether the last refresh looked offline (then each feed's "could not be reached" is not listed).
    private(set) var isOffline = false

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
        // Read before the round: a failed fetch is a fetch too, and would hide when the last good one was.
        let lastGood = (try? store.lastSuccessfulFetch()) ?? nil
        let done: @MainActor ([FeedRefreshReport]) -> Void = { [weak self] reports in
            guard let self else { return }
            self.isOffline = FeedRefreshReport.looksOffline(reports)
            self.onConnectivity?(self.isOffline, lastGood)
            self.onRoundFinished?()
            self.scheduleNext()
        }
        if all { refresher.refreshAll(completion: done) } else { refresher.refreshDue(completion: done) }
        onRoundStarted?()
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

    /// Subscribes to `typed` (a feed's address, or a site's whose page links to its feed):
    /// `FeedRefresher.subscribe` fetches and parses it before anything is kept. `completion` gets the
    /// subscription, or what went wrong in words.
    func subscribe(_ typed: String, completion: @escaping @MainActor (Result<StoredFeed, SubscriptionFailure>) -> Void) {
        let candidates = FeedAddress.candidates(typed)
        guard !candidates.isEmpty else {
            return completion(.failure(SubscriptionFailure("“\(typed)” is not a web address (http or https).")))
        }
        subscribe(trying: candidates[...], completion: completion)
    }

    /// The first address that gives a feed; what the last one tried answered when none does
    /// (for `127.0.0.1:8080/feed`, plain HTTP's answer rather than "does not speak HTTPS").
    private func subscribe(trying candidates: ArraySlice<URL>, completion: @escaping @MainActor (Result<StoredFeed, SubscriptionFailure>) -> Void) {
        guard let url = candidates.first else { return }
        refresher.subscribe(url) { [weak self] result in
            guard let self else { return completion(result) }
            switch result {
            case .success:
                self.onChanged?()
                self.scheduleNext()
                completion(result)
            case .failure where candidates.count > 1:
                self.subscribe(trying: candidates.dropFirst(), completion: completion)
            case .failure:
                completion(result)
            }
        }
    }

    /// What an OPML import did: how many subscriptions were new, and what the file held that was
    /// left out (past the limit, not web addresses, too deep), a sentence each.
    struct OPMLImported {
        var added: Int
        var notices: [String]
    }

    /// An OPML file's subscriptions added (titles and folders kept) and fetched, four at a time.
    /// Returns how many were new and what was left out, or why the file could not be read.
    func importOPML(_ file: URL) -> Result<OPMLImported, SubscriptionFailure> {
        let data: Data
        do {
            // OPML files are read up to the parser's document limit (docs/feeds.md "Limits"), not whole.
            let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= FeedFormatLimits.documentBytes else {
                return .failure(SubscriptionFailure(FeedFormatError.tooLarge(bytes: size, limit: FeedFormatLimits.documentBytes).description))
            }
            data = try Data(contentsOf: file)
        } catch {
            return .failure(SubscriptionFailure("\(file.lastPathComponent) can’t be read: \(error.localizedDescription)"))
        }
        switch OPML.document(data: data) {
        case .failure(let error):
            return .failure(SubscriptionFailure("\(file.lastPathComponent): \(error.description)"))
        case .success(let document):
            let entries = document.entries
            let before = Set(((try? store.feeds()) ?? []).map(\.url))
            var added: [StoredFeed] = []
            do {
                for entry in entries where !before.contains(entry.xmlURL) {
                    added.append(try store.addFeed(url: entry.xmlURL, title: entry.title, folder: entry.folder, now: Date()))
                }
            } catch {
                return .failure(SubscriptionFailure("The subscriptions couldn’t be saved: \(error.localizedDescription)"))
            }
            refresher.refresh(added) { [weak self] _ in self?.scheduleNext() }
            onChanged?()
            return .success(OPMLImported(added: added.count, notices: document.notices.map { "\(file.lastPathComponent): \($0)." }))
        }
    }
}
