/// Find in page (Ctrl+F): what the find bar shows and what the engine is asked, decided here; the
/// view feeds it keys and the engine's answers and performs the effects (docs/find-and-zoom.md).
///
/// Every key asks the engine for one thing only: the first match, selected (`search`, which stops
/// at the second match, so it does not read the whole page). Counting and highlighting every match
/// reads the whole page (~0.3 s for 5 MB), so it is asked once the typing pauses (`countAll`).
///
/// The engine says how many matches there are but not which one is selected: the position is
/// counted here — 1 after a new search, +1 on next, −1 on previous, wrapping as the engine does.
/// Its answers carry no tag either, so one request is outstanding at a time and the next waits
/// for its answer (a key typed meanwhile replaces whatever was waiting).
public struct FindInPage: Equatable, Sendable {
    /// The most matches counted and highlighted; beyond it the bar says "more than 1000".
    public static let maximumMatches: UInt32 = 1000
    /// The most matches a key's own search highlights: the engine's cost grows with it (it reads
    /// on to the match after it), and one is all a key needs to show.
    public static let firstSearchMatches: UInt32 = 1
    /// Quiet time after a key's answer before the page is counted, in seconds (GNOME Web waits
    /// 300 ms before it searches at all).
    public static let countDelay = 0.3
    /// The longest query, in characters (longer input is cut).
    public static let maximumQueryLength = 500

    public enum Effect: Equatable, Sendable {
        /// Select the first match from the selected one (or the top) and highlight it.
        case search(String)
        /// Count and highlight every match, keeping the selected one selected.
        case countAll(String)
        case next, previous
        /// End the search: the highlights go.
        case finish
        /// Call `countDue()` after this many seconds (replacing an earlier call not made yet).
        case scheduleCount(Double)
    }

    private enum Request: Equatable, Sendable { case first, all, step }

    public private(set) var isOpen = false
    public private(set) var query = ""
    /// nil until the page is counted; UInt32.max: more than `maximumMatches`.
    public private(set) var matchCount: UInt32?
    /// nil until the engine answered for the query.
    public private(set) var hasMatches: Bool?
    /// The selected match: 1 the first; 0 the last, −1 the one before… while the count is unknown.
    public private(set) var current = 0
    /// The request the engine is working on, and the query it was for.
    private var outstanding: (request: Request, query: String)?
    /// Requests to send once it answers, in order.
    private var waiting: [Effect] = []

    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.isOpen == b.isOpen && a.query == b.query && a.matchCount == b.matchCount && a.hasMatches == b.hasMatches
            && a.current == b.current && a.outstanding?.request == b.outstanding?.request
            && a.outstanding?.query == b.outstanding?.query && a.waiting == b.waiting
    }

    /// Ctrl+F: the last query comes back (selected, to type over), searched again on Enter or F3 only:
    /// a search would select text in the page, which takes the primary selection from the field and
    /// leaves its cursor at the start, so the next letter would go in front of the old query.
    public mutating func open() {
        isOpen = true
    }

    /// Closes the bar: the highlights go; the query is kept for the next Ctrl+F or F3.
    public mutating func close() -> [Effect] {
        guard isOpen else { return [] }
        isOpen = false
        reset()
        return [.finish]
    }

    /// The query changed (typing).
    public mutating func setQuery(_ text: String) -> [Effect] {
        let cut = String(text.prefix(Self.maximumQueryLength))
        guard cut != query else { return [] }
        return begin(cut)
    }

    /// F3, Enter (forward) / Shift+F3, Shift+Enter (backward).
    public mutating func step(forward: Bool) -> [Effect] {
        guard !query.isEmpty, hasMatches != false else { return [] }
        if hasMatches == nil, outstanding == nil, waiting.isEmpty { return begin(query) }
        return send(forward ? .next : .previous)
    }

    /// The typing paused (`scheduleCount`'s call): count and highlight every match.
    public mutating func countDue() -> [Effect] {
        guard isOpen, hasMatches == true, matchCount == nil else { return [] }
        if outstanding?.request == .all || waiting.contains(.countAll(query)) { return [] }
        return send(.countAll(query))
    }

    /// The page finished loading again (a reload, a link): what was asked of the old page will not
    /// be answered; the query is searched on the new one.
    public mutating func pageLoaded() -> [Effect] {
        guard isOpen else { return [] }
        reset()
        return query.isEmpty ? [] : begin(query)
    }

    /// The engine found `count` matches (its own count: at most the maximum asked, else UInt32.max).
    public mutating func found(_ count: UInt32) -> [Effect] {
        guard let done = outstanding else { return [] }
        outstanding = nil
        guard let answered = live(done) else { return sendWaiting() }
        var effects: [Effect] = []
        switch answered {
        case .first:
            hasMatches = true
            current = 1
            // One match or fewer than the maximum asked: this is the count already.
            if count <= Self.firstSearchMatches { matchCount = count } else { effects.append(.scheduleCount(Self.countDelay)) }
        case .all:
            hasMatches = true
            matchCount = count
            placeCurrent()
        case .step:
            break  // WebKit says 1 after next / previous: not a count.
        }
        return effects + sendWaiting()
    }

    /// The engine found nothing.
    public mutating func notFound() -> [Effect] {
        guard let done = outstanding else { return [] }
        outstanding = nil
        guard live(done) != nil else { return sendWaiting() }
        hasMatches = false
        matchCount = 0
        current = 0
        waiting.removeAll()  // nothing to step to or count
        return []
    }

    /// What the count label says: "", "No matches", "3 of 12", "3 of …" (counting), "3 of more than 1000".
    public var countText: String {
        guard !query.isEmpty, let hasMatches else { return "" }
        guard hasMatches else { return "No matches" }
        guard let count = matchCount else { return current >= 1 ? "\(current) of …" : "…" }
        if count > Self.maximumMatches {
            return current >= 1 ? "\(current) of more than \(Self.maximumMatches)" : "more than \(Self.maximumMatches)"
        }
        return "\(current) of \(count)"
    }

    // MARK: -

    private mutating func begin(_ text: String) -> [Effect] {
        query = text
        matchCount = nil
        hasMatches = nil
        current = 0
        waiting.removeAll()  // steps and counts of the query before are moot
        return text.isEmpty ? [.finish] : send(.search(text))
    }

    private mutating func reset() {
        matchCount = nil
        hasMatches = nil
        current = 0
        outstanding = nil
        waiting = []
    }

    /// Sends `effect` now, or after the outstanding request's answer.
    private mutating func send(_ effect: Effect) -> [Effect] {
        let request: Request
        switch effect {
        case .search: request = .first
        case .countAll: request = .all
        case .next, .previous: request = .step
        case .finish, .scheduleCount: return [effect]
        }
        guard outstanding == nil else {
            waiting.append(effect)
            return []
        }
        outstanding = (request, query)
        if effect == .next { move(forward: true) }
        if effect == .previous { move(forward: false) }
        return [effect]
    }

    private mutating func sendWaiting() -> [Effect] {
        var effects: [Effect] = []
        while outstanding == nil, !waiting.isEmpty {
            effects += send(waiting.removeFirst())
        }
        return effects
    }

    /// The request answered, or nil when the answer is for a query typed over since (what it says
    /// is then ignored).
    private func live(_ done: (request: Request, query: String)) -> Request? {
        done.query != query || waiting.contains { $0.isSearch } ? nil : done.request
    }

    private mutating func move(forward: Bool) {
        if let count = matchCount, count > 0, count <= Self.maximumMatches {
            current = forward ? current % Int(count) + 1 : (current <= 1 ? Int(count) : current - 1)
        } else {
            current += forward ? 1 : -1
        }
    }

    /// The count arrived: a place counted from the last, or past the end, becomes a number.
    private mutating func placeCurrent() {
        guard let count = matchCount, count > 0, count <= Self.maximumMatches else { return }
        let n = Int(count)
        current = ((current - 1) % n + n) % n + 1
    }
}

extension FindInPage.Effect {
    var isSearch: Bool { if case .search = self { return true } else { return false } }
}
