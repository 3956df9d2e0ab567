/// Ctrl+F in Today: what the search bar shows and which answers count (docs/feeds.md, "Search").
///
/// Every key asks the store again; an answer is shown only if no key came after the one it
/// answers (`accepts`), so a slow query for "ha" never covers the results for "harbour".
public struct ArticleSearch: Sendable, Equatable {
    public enum Effect: Sendable, Equatable {
        /// Ask the store for `query` (off the main thread); the answer carries `generation` back.
        case run(query: String, generation: Int)
        /// Nothing searchable typed: the feed shows, with the bar still open.
        case showFeed
        /// The bar went: the feed again, and the focus where it was.
        case close
    }

    /// What the page under the bar shows.
    public enum Shown: Sendable, Equatable {
        case feed
        case results(count: Int)
        case noMatch
    }

    public private(set) var isOpen = false
    public private(set) var query = ""
    /// Counts the questions asked: the latest is the only one whose answer shows.
    public private(set) var generation = 0
    public private(set) var shown = Shown.feed

    public static let noMatchText = "No articles match"

    public init() {}

    /// Ctrl+F: the bar opens (already open, nothing changes; the view selects the text).
    public mutating func open() {
        isOpen = true
    }

    /// A key changed the text.
    public mutating func setQuery(_ text: String) -> Effect {
        guard isOpen else { return .showFeed }
        query = text
        generation += 1
        guard Self.isSearchable(text) else {
            shown = .feed
            return .showFeed
        }
        return .run(query: text, generation: generation)
    }

    /// Whether the answer to question `generation` is still wanted.
    public func accepts(generation: Int) -> Bool { isOpen && generation == self.generation && Self.isSearchable(query) }

    /// An answer came: what to show. nil when the answer is stale (dropped).
    public mutating func answered(generation: Int, count: Int) -> Shown? {
        guard accepts(generation: generation) else { return nil }
        shown = count == 0 ? .noMatch : .results(count: count)
        return shown
    }

    /// Escape: the bar closes and the feed comes back; a late answer is dropped.
    public mutating func close() -> Effect? {
        guard isOpen else { return nil }
        isOpen = false
        query = ""
        generation += 1
        shown = .feed
        return .close
    }

    /// Text with at least one letter or digit (the store searches words; "  " or "*" finds nothing
    /// and leaves the feed shown rather than an empty page).
    public static func isSearchable(_ text: String) -> Bool {
        text.contains { $0.isLetter || $0.isNumber }
    }
}
