import BrowserModel
import BrowserStore
import Foundation
import Logging

/// Runs history searches on a worker thread, one at a time, and hands back only the newest one's
/// results (`LatestOnlySearch`): the main thread never waits on SQLite, and fast typing never shows
/// the rows of a prefix already passed.
@MainActor
final class HistorySearcher {
    /// Candidates asked of the index per search: the model's tiers and limit choose among them.
    nonisolated static let candidateLimit = 64

    private let store: any BrowsingDataStore
    private var scheduler = LatestOnlySearch<String>()
    private let queue = DispatchQueue(label: "skiff.browser.history-search", qos: .userInitiated)
    private let logger = Logger(label: "skiff.browser.history-search")
    private var deliver: (@MainActor (String, [Suggestions.HistoryItem]) -> Void)?

    init(store: any BrowsingDataStore) {
        self.store = store
    }

    /// Searches for `text`; `deliver` gets the results on the main thread unless a newer search was
    /// asked for meanwhile (each call replaces the previous `deliver`).
    func search(_ text: String, deliver: @escaping @MainActor (String, [Suggestions.HistoryItem]) -> Void) {
        self.deliver = deliver
        if let ticket = scheduler.request(text) { run(ticket) }
    }

    /// Nothing asked for so far will be delivered.
    func cancel() {
        scheduler.cancel()
        deliver = nil
    }

    private func run(_ ticket: LatestOnlySearch<String>.Ticket) {
        let store = store
        let now = Date()
        queue.async { [weak self] in
            let result = Result { try store.searchHistory(ticket.query, limit: Self.candidateLimit, now: now) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.finished(ticket, result) }
            }
        }
    }

    private func finished(_ ticket: LatestOnlySearch<String>.Ticket, _ result: Result<[Suggestions.HistoryItem], any Error>) {
        let (shouldDeliver, next) = scheduler.finished(ticket)
        if let next { run(next) }
        guard shouldDeliver else { return }
        switch result {
        case .success(let items):
            deliver?(ticket.query, items)
        case .failure(let error):
            // Suggestions just go without history; browsing goes on.
            logger.warning("history search failed: \(error)")
            deliver?(ticket.query, [])
        }
    }
}
