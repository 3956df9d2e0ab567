import BrowserModel
import Foundation
import GRDB

/// The most frecent pages, their text folded once, kept in memory for texts that match a large
/// part of history ("r", "w", a word in most titles).
///
/// The index answers those slowly because it has to gather every match before walking them in
/// frecency order: 13 ms for a letter in every one of 100,000 titles, ten times that at 1,000,000.
/// Walking this list instead, in the same order, with the model's own matcher, finds the first
/// matches after a few hundred pages, whatever the size of history. Rebuilt off the main thread
/// after history changes; a search that finds it out of date uses the index meanwhile.
final class FrecentPages: @unchecked Sendable {
    /// How many pages are kept (about 22 MB resident, measured at 100,000 rows): enough that a
    /// word in 1 page in 250 has 64 matches among them.
    static let capacity = 16_384

    struct Page: Sendable {
        let visit: HistoryVisit
        let prepared: Suggestions.PreparedPage
    }

    // Guarded by `lock`.
    private let lock = NSLock()
    private var generation = 0
    private var pages: [Page] = []
    private var builtGeneration = -1
    private var isRebuilding = false

    /// History changed: the list is out of date until rebuilt.
    func invalidate() {
        lock.withLock { generation += 1 }
    }

    /// Whether the list was ever read (a search wanted it).
    var hasBeenBuilt: Bool { lock.withLock { builtGeneration >= 0 } }

    /// The list, if it is up to date with history.
    func current() -> [Page]? {
        lock.withLock { builtGeneration == generation ? pages : nil }
    }

    /// Whether a rebuild is due (out of date and none running); marks one as running.
    func beginRebuild() -> Int? {
        lock.withLock {
            guard builtGeneration != generation, !isRebuilding else { return nil }
            isRebuilding = true
            return generation
        }
    }

    /// Reads the most frecent pages and folds their text (a few tens of milliseconds: call it off
    /// the main thread). Kept only if history did not change meanwhile.
    func rebuild(_ db: Database, generation asOf: Int) throws {
        defer { lock.withLock { isRebuilding = false } }
        // Read row by row (a cursor), not as 16,384 rows held at once.
        var read: [(visit: HistoryVisit, frecency: Double)] = []
        read.reserveCapacity(Self.capacity)
        let rows = try Row.fetchCursor(db, sql: """
            SELECT uri, title, visitCount, lastVisit, typedCount, frecency FROM history INDEXED BY history_frecency
            ORDER BY frecency DESC LIMIT \(Self.capacity)
            """)
        while let row = try rows.next() { read.append((HistoryIndex.visit(row), row["frecency"])) }
        // Equal scores in the model's order (the later visit, then the shorter address, then the
        // address), so the first matches found are the ones the model would rank first.
        let built = read
            .sorted { a, b in
                if a.frecency != b.frecency { return a.frecency > b.frecency }
                if a.visit.lastVisit != b.visit.lastVisit { return a.visit.lastVisit > b.visit.lastVisit }
                if a.visit.uri.count != b.visit.uri.count { return a.visit.uri.count < b.visit.uri.count }
                return a.visit.uri < b.visit.uri
            }
            .map { Page(visit: $0.visit, prepared: Suggestions.PreparedPage(uri: $0.visit.uri, title: $0.visit.title)) }
        lock.withLock {
            guard generation == asOf else { return }
            pages = built
            builtGeneration = asOf
        }
    }
}
