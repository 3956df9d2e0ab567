import BrowserModel
import Foundation

/// History and tabs in memory only: for private windows (nothing may reach the disk) and as the
/// stand-in when the SQLite store can't be opened, so the browser works the same, just forgetfully.
public final class EphemeralBrowsingStore: BrowsingDataStore, @unchecked Sendable {
    // @unchecked: every access to the state goes through `lock`.
    let lock = NSLock()
    var visits: [String: HistoryVisit] = [:]
    private var session: StoredSession?

    public init() {}

    public var isPersistent: Bool { false }

    public func recordVisit(uri: String, title: String?, at date: Date) throws {
        try recordVisit(uri: uri, title: title, at: date, transition: .link)
    }

    public func recordVisit(uri: String, title: String?, at date: Date, transition: VisitTransition) throws {
        lock.withLock {
            var visit = visits[uri] ?? HistoryVisit(uri: uri, title: "", visitCount: 0, lastVisit: date)
            visit.visitCount += 1
            if transition == .typed { visit.typedCount += 1 }
            visit.lastVisit = max(visit.lastVisit, date)
            if let title, !title.isEmpty { visit.title = title }
            visits[uri] = visit
        }
    }

    public func replaceVisit(old: String, new: String, title: String?, at date: Date) throws {
        try replaceVisit(old: old, new: new, title: title, at: date, transition: .link)
    }

    public func replaceVisit(old: String, new: String, title: String?, at date: Date, transition: VisitTransition) throws {
        lock.withLock {
            if var visit = visits[old] {
                visit.visitCount -= 1
                visit.typedCount = min(visit.typedCount, visit.visitCount)
                visits[old] = visit.visitCount > 0 ? visit : nil
            }
        }
        try recordVisit(uri: new, title: title, at: date, transition: transition)
    }

    public func searchHistory(_ text: String, limit: Int, now: Date) throws -> [HistoryVisit] {
        Self.search(lock.withLock { Array(visits.values) }, text: text, limit: limit, now: now)
    }

    public func updateTitle(_ title: String, forURI uri: String) throws {
        lock.withLock { visits[uri]?.title = title }
    }

    public func history(matching text: String, limit: Int) throws -> [HistoryVisit] {
        let all = lock.withLock { Array(visits.values) }
        let matching = text.isEmpty ? all : all.filter {
            $0.uri.range(of: text, options: .caseInsensitive) != nil
                || $0.title.range(of: text, options: .caseInsensitive) != nil
        }
        return Array(matching.sorted(by: HistoryVisit.moreRelevant).prefix(max(0, limit)))
    }

    public func allHistory() throws -> [HistoryVisit] {
        lock.withLock { Array(visits.values) }.sorted { ($0.lastVisit, $1.uri) > ($1.lastVisit, $0.uri) }
    }

    public func clearHistory() throws {
        lock.withLock { visits.removeAll() }
    }

    public func saveSession(_ session: StoredSession) throws {
        lock.withLock { self.session = session }
    }

    public func loadSession() throws -> StoredSession? {
        lock.withLock { session }
    }
}
