import Foundation

/// Ranks what the suggestions panel shows while the address bar is being edited.
///
/// Order: open tabs that match ("Switch to Tab") first, then history — entries whose address starts with
/// the text (host prefix, so "git" finds github.com), then entries where every typed word starts a word of
/// the title or address. Within each group, frecency: visits weighted by how recent the last one was.
/// Case- and diacritic-insensitive; one row per address; deterministic (the caller passes `now`).
public enum Suggestions {
    /// A page in history: one row per address, with how often and when it was last visited.
    public struct HistoryItem: Sendable, Hashable {
        public var uri: String
        public var title: String
        public var visitCount: Int
        public var lastVisit: Date
        /// How many of `visitCount` were typed or chosen in the address bar (Firefox's "typed"
        /// transition); the rest followed links.
        public var typedCount: Int

        public init(uri: String, title: String, visitCount: Int, lastVisit: Date, typedCount: Int = 0) {
            self.uri = uri
            self.title = title
            self.visitCount = visitCount
            self.lastVisit = lastVisit
            self.typedCount = typedCount
        }
    }

    public struct OpenTabItem: Sendable, Hashable {
        /// The view's tab identifier, handed back in `Suggestion.Kind.switchToTab`.
        public var id: String
        public var uri: String
        public var title: String

        public init(id: String, uri: String, title: String) {
            self.id = id
            self.uri = uri
            self.title = title
        }
    }

    public struct Suggestion: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case switchToTab(id: String)
            case history
        }

        public var kind: Kind
        public var uri: String
        public var title: String

        public init(kind: Kind, uri: String, title: String) {
            self.kind = kind
            self.uri = uri
            self.title = title
        }
    }

    public static let defaultLimit = 8
    /// With nothing typed the panel offers a few favourites, not a full page of history.
    public static let emptyTextLimit = 5
    /// Recency buckets (days) and weights, after Firefox's frecency: a visit this week counts ten times a
    /// visit from last season. Public because the store computes the same score in SQL.
    public static let recencyBuckets: [(maxAgeDays: Double, weight: Double)] = [
        (4, 1.0), (14, 0.7), (31, 0.5), (90, 0.3),
    ]
    public static let oldVisitWeight = 0.1
    /// Points per visit by how it happened, Firefox's bonuses divided by 100 (`places.frecency.
    /// linkVisitBonus` 100, `typedVisitBonus` 2000): what the user typed or chose in the address bar is
    /// what they come back to. Reloads and redirects score nothing because they are never counted as
    /// visits (see `VisitCounter`).
    public static let linkVisitPoints = 1.0
    public static let typedVisitPoints = 20.0

    /// - Parameter currentURI: the page being edited; it is never suggested to itself.
    public static func rank(text: String, history: [HistoryItem], openTabs: [OpenTabItem], now: Date,
                            limit: Int = defaultLimit, currentURI: String? = nil) -> [Suggestion] {
        guard limit > 0 else { return [] }
        let query = fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var seen = Set<String>()
        if let currentURI, !currentURI.isEmpty { seen.insert(dedupeKey(currentURI)) }
        var results: [Suggestion] = []

        func add(_ suggestion: Suggestion) {
            guard results.count < limit, seen.insert(dedupeKey(suggestion.uri)).inserted else { return }
            results.append(suggestion)
        }

        if query.isEmpty {
            let favourites = history.sorted { isRankedBefore($0, $1, now: now) }
            for item in favourites where results.count < min(limit, emptyTextLimit) {
                add(Suggestion(kind: .history, uri: item.uri, title: item.title))
            }
            return results
        }

        let terms = query.split(whereSeparator: \.isWhitespace).map(String.init)
        // Open tabs keep the order the user arranged them in; address matches still lead.
        let tabs = openTabs.enumerated().compactMap { index, tab -> (tier: Int, index: Int, tab: OpenTabItem)? in
            matchTier(uri: tab.uri, title: tab.title, query: query, terms: terms).map { ($0, index, tab) }
        }
        for match in tabs.sorted(by: { ($0.tier, $0.index) < ($1.tier, $1.index) }) {
            add(Suggestion(kind: .switchToTab(id: match.tab.id), uri: match.tab.uri, title: match.tab.title))
        }

        let matches = history.compactMap { item -> (tier: Int, item: HistoryItem)? in
            matchTier(uri: item.uri, title: item.title, query: query, terms: terms).map { ($0, item) }
        }
        let ordered = matches.sorted { a, b in
            a.tier != b.tier ? a.tier < b.tier : isRankedBefore(a.item, b.item, now: now)
        }
        for match in ordered {
            add(Suggestion(kind: .history, uri: match.item.uri, title: match.item.title))
        }
        return results
    }

    /// Whether `rank` would offer a page with this address and title for `text` (in any tier).
    public static func matches(_ text: String, uri: String, title: String) -> Bool {
        let query = fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !query.isEmpty else { return true }
        return matchTier(uri: uri, title: title, query: query, terms: query.split(whereSeparator: \.isWhitespace).map(String.init)) != nil
    }

    /// 0: the address (without scheme and `www.`) starts with the text. 1: every word matches. nil: no match.
    static func matchTier(uri: String, title: String, query: String, terms: [String]) -> Int? {
        Matcher(query: query, terms: terms).tier(of: PreparedPage(uri: uri, title: title))
    }

    /// A page's address and title folded and split into words once: folding is most of what
    /// matching costs, so a list searched key after key (the store's most frecent pages) keeps these.
    public struct PreparedPage: Sendable {
        let address: String
        let titleText: String
        /// The words of the title and address as UTF-8, each after a 0 byte: one allocation per
        /// page instead of one per word (the store keeps 16,384 of these).
        let words: [UInt8]

        public init(uri: String, title: String) {
            address = Suggestions.strippedAddress(Suggestions.fold(uri))
            titleText = Suggestions.fold(title)
            var words: [UInt8] = []
            for word in Suggestions.words(in: titleText) + Suggestions.words(in: address) {
                words.append(0)
                words.append(contentsOf: word.utf8)
            }
            self.words = words
        }

        /// Whether a word starts with `prefix` (UTF-8, not empty, no 0 byte).
        func hasWord(startingWith prefix: [UInt8]) -> Bool {
            let count = words.count, length = prefix.count
            var start = 0
            while start + length < count {
                if words[start] == 0 {
                    var index = 0
                    while index < length, words[start + 1 + index] == prefix[index] { index += 1 }
                    if index == length { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// What `rank` asks of every page for one text: the same rules, the text folded once.
    public struct Matcher: Sendable {
        /// Each typed word, and whether it is looked for anywhere in the text (it has punctuation
        /// in it, "news.y", or is written without spaces) rather than as a word prefix.
        let terms: [(text: String, utf8: [UInt8], anywhere: Bool)]
        let typedAddress: String

        /// Nil when `text` is empty (everything matches).
        public init?(text: String) {
            let query = Suggestions.fold(text.trimmingCharacters(in: .whitespacesAndNewlines))
            guard !query.isEmpty else { return nil }
            self.init(query: query, terms: query.split(whereSeparator: \.isWhitespace).map(String.init))
        }

        init(query: String, terms: [String]) {
            self.terms = terms.map { term in
                (term, Array(term.utf8), term.contains(where: { !$0.isLetter && !$0.isNumber }) || containsUnspacedScript(term))
            }
            typedAddress = Suggestions.strippedAddress(query)
        }

        /// 0: the address (without scheme and `www.`) starts with the text. 1: every word matches. nil: no match.
        /// Both sides are folded alike, so prefixes compare as UTF-8 (several times faster than as
        /// characters, which the store's broad searches pay per page).
        public func tier(of page: PreparedPage) -> Int? {
            if !typedAddress.isEmpty, page.address.utf8.starts(with: typedAddress.utf8) { return 0 }
            for term in terms {
                let matched = term.anywhere
                    ? page.address.contains(term.text) || page.titleText.contains(term.text)
                    : page.hasWord(startingWith: term.utf8)
                if !matched { return nil }
            }
            return 1
        }
    }

    /// Frecency, then the more recent visit, then the shorter address, then the address itself, so equal
    /// scores still come out in one order.
    public static func isRankedBefore(_ a: HistoryItem, _ b: HistoryItem, now: Date) -> Bool {
        let scoreA = frecency(a, now: now)
        let scoreB = frecency(b, now: now)
        if scoreA != scoreB { return scoreA > scoreB }
        if a.lastVisit != b.lastVisit { return a.lastVisit > b.lastVisit }
        if a.uri.count != b.uri.count { return a.uri.count < b.uri.count }
        return a.uri < b.uri
    }

    /// Recency weight × visit points: `weight(age of the last visit) × (links × 1 + typed × 20)`.
    public static func frecency(_ item: HistoryItem, now: Date) -> Double {
        let ageDays = max(0, now.timeIntervalSince(item.lastVisit)) / 86_400
        let weight = recencyBuckets.first { ageDays <= $0.maxAgeDays }?.weight ?? oldVisitWeight
        let visits = max(item.visitCount, 0)
        let typed = min(max(item.typedCount, 0), visits)
        return weight * (Double(visits - typed) * linkVisitPoints + Double(typed) * typedVisitPoints)
    }

    /// Scripts written without spaces between words, where a word prefix means nothing to the reader.
    public static func containsUnspacedScript(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in unspacedScriptRanges.contains { $0.contains(scalar.value) } }
    }

    /// Thai, Lao, Khmer; CJK radicals to CJK ideographs (with kana and bopomofo); Hangul syllables;
    /// CJK compatibility ideographs; fullwidth forms. The store's trigram index takes the same titles.
    public static let unspacedScriptRanges: [ClosedRange<UInt32>] = [
        0x0E00...0x0EFF, 0x1780...0x17FF, 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF,
    ]

    /// Dashes, quotes, bullets: nothing to fold (titles are full of them: "News – Site").
    private static let generalPunctuation: ClosedRange<UInt32> = 0x2000...0x206F

    static func fold(_ text: String) -> String {
        // ASCII has no accents, and its case folding is lowercasing: the common case, many times
        // faster than Foundation's folding (which the store's list of frecent pages pays per page).
        if text.unicodeScalars.allSatisfy({ $0.isASCII || Self.generalPunctuation.contains($0.value) }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Scheme and a leading `www.` removed, so "exa", "www.exa" and "https://exa" all mean the same.
    static func strippedAddress(_ text: String) -> String {
        var rest = Substring(text)
        if let schemeEnd = rest.range(of: "://") {
            rest = rest[schemeEnd.upperBound...]
        }
        if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
        return String(rest)
    }

    static func words(in text: String) -> [Substring] {
        text.split { !$0.isLetter && !$0.isNumber }
    }

    /// "https://a.org/" and "https://a.org" are one page.
    private static func dedupeKey(_ uri: String) -> String {
        uri.hasSuffix("/") ? String(uri.dropLast()) : uri
    }
}
