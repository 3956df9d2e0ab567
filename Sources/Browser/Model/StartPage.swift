import Foundation

/// What a blank tab shows (Safari's start page): the pages visited most, by the same frecency the
/// suggestions use, and the tabs closed most recently. Built from history and the window's closed
/// tabs only, so it works offline and a private window (no history) shows only its own closed tabs.
public struct StartPage: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var uri: String
        public var title: String
        /// "debian.org": what the tile shows under the title.
        public var host: String
        /// Set on the favourites' tiles: which favourite to rename, move or remove.
        public var favouriteID: UUID?
    }

    /// At most this many tiles of frequently visited pages (two rows of four on a wide window).
    public static let frequentLimit = 8
    /// At most this many recently closed tabs are offered (`ClosedTabs` remembers more for Ctrl+Shift+T).
    public static let closedLimit = 8

    /// The user's favourites, in their order, first on the page.
    public var favourites: [Entry]
    public var frequentlyVisited: [Entry]
    public var recentlyClosed: [Entry]
    public var isEmpty: Bool { favourites.isEmpty && frequentlyVisited.isEmpty && recentlyClosed.isEmpty }

    public init(favourites: Favourites = Favourites(), history: [Suggestions.HistoryItem], closed: ClosedTabs, now: Date) {
        self.favourites = favourites.items.map {
            Entry(uri: $0.uri, title: $0.title, host: Self.host(of: $0.uri), favouriteID: $0.id)
        }
        // A favourite is not offered again as a frequently visited site.
        var seenHosts = Set(self.favourites.map(\.host))
        // One tile per site: its most frecent page.
        frequentlyVisited = history.sorted { Suggestions.isRankedBefore($0, $1, now: now) }
            .compactMap { item -> Entry? in
                let host = Self.host(of: item.uri)
                guard !host.isEmpty, seenHosts.insert(host).inserted else { return nil }
                return Entry(uri: item.uri, title: item.title.isEmpty ? host : item.title, host: host)
            }
            .prefix(Self.frequentLimit).map { $0 }
        recentlyClosed = closed.recent.map { Entry(uri: $0.uri, title: $0.title.isEmpty ? Self.host(of: $0.uri) : $0.title, host: Self.host(of: $0.uri)) }
    }

    /// The host without "www.", or the address itself for file: and about: pages.
    public static func host(of uri: String) -> String {
        guard let url = URL(string: uri), let host = url.host, !host.isEmpty else { return uri }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }
}

