import Foundation
import JSONReader

/// Why the history could not be fetched or read. Each is its own screen, worded for the user.
public enum HistoryFailure: Sendable, Hashable {
    /// Nothing answered: refused, no route, unknown host.
    case unreachable(reason: String)
    case timedOut(seconds: Double)
    /// The server answered with a status outside 200…299.
    case httpStatus(code: Int, reason: String)
    /// The response is larger than `HistoryParser.maximumResponseBytes`.
    case tooLarge(limit: Int)
    /// Not the history format: a syntax error (with line and column) or a wrong shape.
    case malformed(DataProblem)
    /// The bundled or given file could not be read.
    case unreadable(reason: String)

    public var title: String {
        switch self {
        case .unreachable: "Can’t reach the rewards server"
        case .timedOut: "The rewards server didn’t answer"
        case .httpStatus: "The rewards server had a problem"
        case .tooLarge: "The history is too large"
        case .malformed: "The history can’t be read"
        case .unreadable: "The history file can’t be read"
        }
    }

    public var message: String {
        switch self {
        case let .unreachable(reason):
            "Check your connection, then try again. (\(reason))"
        case let .timedOut(seconds):
            "No answer within \(Self.seconds(seconds)). The server may be busy; try again in a moment."
        case let .httpStatus(code, reason):
            "It answered \(code)\(reason.isEmpty ? "" : " \(reason)"). Try again later."
        case let .tooLarge(limit):
            "The response is over \(limit / 1_048_576) MB, more than a history can be; it was not read to the end."
        case let .malformed(problem):
            Self.place(problem) + problem.message
        case let .unreadable(reason):
            reason
        }
    }

    /// "history.json, line 3, column 7: " — spelled out for people, as Today's feed errors are.
    static func place(_ problem: DataProblem) -> String {
        var place = problem.file
        if let line = problem.line { place += ", line \(line)" }
        if let column = problem.column { place += ", column \(column)" }
        return place + ": "
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) \(s == 1 ? "second" : "seconds")" : String(format: "%.1f seconds", s)
    }
}

/// A parsed history, ready to show.
public struct HistorySnapshot: Sendable, Equatable {
    public var months: [HistoryMonth]
    public var skipped: [DataProblem]
    /// Transactions past `HistoryParser.maximumTransactions`, not read.
    public var overflow: Int
    /// When the server sent it (for a cached copy: when it was cached).
    public var fetchedAt: Date
    /// Read from the on-disk cache rather than fetched in this session.
    public var fromCache: Bool

    public init(months: [HistoryMonth], skipped: [DataProblem], overflow: Int = 0, fetchedAt: Date, fromCache: Bool) {
        self.months = months
        self.skipped = skipped
        self.overflow = overflow
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
    }

    /// The notice over the list when transactions were left out: how many in all (bad rows and rows
    /// past the limit), the first three bad rows by place, and the limit if it was reached.
    public var leftOutNotice: [String] {
        let count = skipped.count + overflow
        guard count > 0 else { return [] }
        var lines = ["\(count) \(count == 1 ? "transaction was" : "transactions were") left out:"]
        lines += skipped.prefix(3).map { HistoryFailure.malformed($0).message }
        if skipped.count > 3 { lines.append("and \(skipped.count - 3) more that could not be read") }
        if overflow > 0 {
            lines.append("\(overflow) past the first \(HistoryParser.maximumTransactions), the most History shows (docs/home-format.md)")
        }
        return lines
    }

    public var transactionCount: Int { months.reduce(0) { $0 + $1.transactions.count } }

    /// Parses and groups a response: the work done off the main thread.
    public static func make(from data: Data, source: String, fetchedAt: Date, fromCache: Bool, timeZone: TimeZone) -> Result<HistorySnapshot, DataProblem> {
        HistoryParser.parse(data, source: source).map { document in
            HistorySnapshot(months: HistoryGrouping.group(document.transactions, timeZone: timeZone),
                            skipped: document.skipped, overflow: document.overflow, fetchedAt: fetchedAt, fromCache: fromCache)
        }
    }
}

/// What History shows. Exactly one of these at a time.
public enum HistoryScreen: Sendable, Equatable {
    /// Nothing to show yet; a fetch is under way.
    case loading
    /// Nothing to show, and the last attempt failed.
    case failed(HistoryFailure)
    /// A history with no transactions. `problem`: a refresh after it failed.
    case empty(HistorySnapshot, refreshing: Bool, problem: HistoryFailure?)
    /// Months of rows. `problem`: a refresh failed, so these may be old (the cache).
    case list(HistorySnapshot, refreshing: Bool, problem: HistoryFailure?)
}

/// History's loading as a state machine: the view feeds it events and performs the effects it
/// returns (reading the cache, fetching, parsing off the main thread, writing the cache). The view
/// decides nothing; the rules live here and are tested without a network or a display.
///
/// Rules: opening reads the cache and fetches at once; the cache shows only until a fresh
/// response arrives (never over it); a refresh while one is under way is ignored; results of a
/// superseded request are dropped; a failed refresh keeps what is shown and says why; only a
/// response that parsed is cached.
public struct HistoryLoad: Sendable, Equatable {
    public enum Event: Sendable, Equatable {
        case opened
        /// F5, Ctrl+R, Try Again.
        case refreshRequested
        case cacheRead(HistorySnapshot?)
        case received(request: Int, data: Data, at: Date)
        case failed(request: Int, HistoryFailure)
        case parsed(request: Int, Result<HistorySnapshot, DataProblem>, data: Data)
    }

    public enum Effect: Sendable, Equatable {
        case readCache
        case fetch(request: Int)
        /// Parse and group off the main thread, then send `.parsed`.
        case parse(request: Int, data: Data, receivedAt: Date)
        case writeCache(data: Data, fetchedAt: Date)
    }

    public private(set) var snapshot: HistorySnapshot?
    public private(set) var failure: HistoryFailure?
    public private(set) var request = 0
    public private(set) var isBusy = false
    private var opened = false
    /// Whether responses go to the disk cache (a URL source outside private mode).
    public let usesCache: Bool

    public init(usesCache: Bool) { self.usesCache = usesCache }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .opened:
            guard !opened else { return [] }
            opened = true
            return (usesCache ? [.readCache] : []) + startFetch()
        case .refreshRequested:
            guard opened, !isBusy else { return [] }
            return startFetch()
        case let .cacheRead(cached):
            // A fresh response (or the cache itself, twice) wins over the cache.
            if snapshot == nil, var cached {
                cached.fromCache = true
                snapshot = cached
            }
            return []
        case let .received(id, data, at):
            guard id == request, isBusy else { return [] }
            return [.parse(request: id, data: data, receivedAt: at)]
        case let .failed(id, why):
            guard id == request, isBusy else { return [] }
            isBusy = false
            failure = why
            return []
        case let .parsed(id, result, data):
            guard id == request, isBusy else { return [] }
            isBusy = false
            switch result {
            case let .success(fresh):
                snapshot = fresh
                failure = nil
                return usesCache ? [.writeCache(data: data, fetchedAt: fresh.fetchedAt)] : []
            case let .failure(problem):
                failure = .malformed(problem)
                return []
            }
        }
    }

    private mutating func startFetch() -> [Effect] {
        request += 1
        isBusy = true
        failure = nil
        return [.fetch(request: request)]
    }

    public var screen: HistoryScreen {
        guard let snapshot else {
            if let failure { return .failed(failure) }
            return .loading
        }
        return snapshot.transactionCount == 0
            ? .empty(snapshot, refreshing: isBusy, problem: failure)
            : .list(snapshot, refreshing: isBusy, problem: failure)
    }
}
