/// Find in page (Ctrl+F): what the find bar shows and what the engine is asked, decided here; the
/// view feeds it keys and the engine's answers and performs the effects (docs/find-and-zoom.md).
///
/// The engine (WebKit's find controller) says how many matches there are but not which one is
/// selected: the position is counted here — 1 after a new search (the engine selects the first
/// match from the top of the page), +1 on next, −1 on previous, wrapping as the engine does.
public struct FindInPage: Equatable, Sendable {
    /// The most matches counted; beyond it the bar says "more than 1000".
    public static let maximumMatches: UInt32 = 1000
    /// The longest query, in characters (longer input is cut).
    public static let maximumQueryLength = 500

    public enum Effect: Equatable, Sendable {
        /// Highlight every match of the query and select the first.
        case search(String)
        case next, previous
        /// End the search: the highlights go.
        case finish
    }

    public private(set) var isOpen = false
    public private(set) var query = ""
    /// nil until the engine answered for the current query.
    public private(set) var matchCount: UInt32?
    public private(set) var current = 0

    public init() {}

    public mutating func open() { isOpen = true }

    /// Closes the bar: the highlights go; the query is kept for the next Ctrl+F or F3.
    public mutating func close() -> [Effect] {
        guard isOpen else { return [] }
        isOpen = false
        matchCount = nil
        current = 0
        return [.finish]
    }

    /// The query changed (typing).
    public mutating func setQuery(_ text: String) -> [Effect] {
        let cut = String(text.prefix(Self.maximumQueryLength))
        guard cut != query || matchCount == nil else { return [] }
        query = cut
        matchCount = nil
        current = 0
        return cut.isEmpty ? [.finish] : [.search(cut)]
    }

    /// F3, Enter (forward) / Shift+F3, Shift+Enter (backward).
    public mutating func step(forward: Bool) -> [Effect] {
        guard !query.isEmpty else { return [] }
        guard let count = matchCount else { return [.search(query)] }
        guard count > 0 else { return [] }
        if count <= Self.maximumMatches {
            current = forward ? (current % Int(count)) + 1 : (current <= 1 ? Int(count) : current - 1)
        } else {
            current = forward ? current + 1 : max(1, current - 1)
        }
        return [forward ? .next : .previous]
    }

    /// The engine found `count` matches. Only the answer to a new search counts them all (it is
    /// the one that highlights); after next / previous WebKit 2.50 says 1, which is ignored.
    public mutating func found(_ count: UInt32) {
        guard matchCount == nil else { return }
        current = 1
        matchCount = count
    }

    /// The engine found nothing.
    public mutating func notFound() {
        matchCount = 0
        current = 0
    }

    /// What the count label says: "", "No matches", "3 of 12", "3 of more than 1000".
    public var countText: String {
        guard !query.isEmpty, let count = matchCount else { return "" }
        if count == 0 { return "No matches" }
        let total = count > Self.maximumMatches ? "more than \(Self.maximumMatches)" : "\(count)"
        return "\(max(1, current)) of \(total)"
    }
}
