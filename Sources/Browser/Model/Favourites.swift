import Foundation

/// One favourite: a page the user pinned to the top of the start page, under a name they chose.
public struct Favourite: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var uri: String
    public var title: String

    public init(id: UUID = UUID(), uri: String, title: String) {
        self.id = id
        self.uri = uri
        self.title = title
    }
}

/// The favourites, in the order the user gave them (the array order *is* the position), with every
/// rule about adding, renaming and moving them. Limits keep the start page a page, and the stored
/// rows small whatever a database file holds (docs/browsing-data.md).
public struct Favourites: Sendable, Equatable {
    /// At most this many favourites (six rows of eight tiles on a wide window); adding more is refused.
    public static let limit = 48
    /// A title is cut to this many characters (a tile shows about twenty).
    public static let titleLimit = 100
    /// Longer addresses are refused (a data: URL could be megabytes).
    public static let uriLimit = 4096

    public private(set) var items: [Favourite]

    /// What `add` did, for the browser to tell the user.
    public enum AddResult: Sendable, Equatable {
        case added(Favourite)
        /// The page is a favourite already (nothing changed).
        case alreadyThere(Favourite)
        /// `limit` reached.
        case full
        /// Not a page that can be a favourite (blank, about:, too long).
        case notAPage
    }

    /// The list as stored: anything over the limits (a file edited by hand) is cut, a repeated
    /// address is kept once (the first), and a blank title becomes the host.
    public init(_ stored: [Favourite] = []) {
        var seen = Set<String>()
        items = stored.compactMap { favourite -> Favourite? in
            guard Self.canBeFavourite(favourite.uri), seen.insert(favourite.uri).inserted else { return nil }
            var kept = favourite
            kept.title = Self.cleanTitle(favourite.title, uri: favourite.uri)
            return kept
        }
        if items.count > Self.limit { items.removeLast(items.count - Self.limit) }
    }

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }
    public func contains(uri: String) -> Bool { items.contains { $0.uri == uri } }
    public func index(of id: UUID) -> Int? { items.firstIndex { $0.id == id } }

    /// Only pages a tab can reload: web and file addresses of a sane length.
    public static func canBeFavourite(_ uri: String) -> Bool {
        guard uri.utf8.count <= uriLimit else { return false }
        return uri.hasPrefix("https://") || uri.hasPrefix("http://") || uri.hasPrefix("file:")
    }

    /// Adds the page at the end (Safari puts new favourites last).
    @discardableResult
    public mutating func add(uri: String, title: String) -> AddResult {
        guard Self.canBeFavourite(uri) else { return .notAPage }
        if let existing = items.first(where: { $0.uri == uri }) { return .alreadyThere(existing) }
        guard items.count < Self.limit else { return .full }
        let favourite = Favourite(uri: uri, title: Self.cleanTitle(title, uri: uri))
        items.append(favourite)
        return .added(favourite)
    }

    @discardableResult
    public mutating func remove(id: UUID) -> Bool {
        guard let index = index(of: id) else { return false }
        items.remove(at: index)
        return true
    }

    /// Renames; an empty name gives the favourite its host back. Returns whether anything changed.
    @discardableResult
    public mutating func rename(id: UUID, to title: String) -> Bool {
        guard let index = index(of: id) else { return false }
        let cleaned = Self.cleanTitle(title, uri: items[index].uri)
        guard cleaned != items[index].title else { return false }
        items[index].title = cleaned
        return true
    }

    /// A page's title arrived: a favourite added before it (named after its host) takes it; one
    /// the user named keeps its name. Returns whether anything changed.
    @discardableResult
    public mutating func titleArrived(_ title: String, for uri: String) -> Bool {
        guard let index = items.firstIndex(where: { $0.uri == uri }),
              items[index].title == StartPage.host(of: uri) else { return false }
        let cleaned = Self.cleanTitle(title, uri: uri)
        guard cleaned != items[index].title else { return false }
        items[index].title = cleaned
        return true
    }

    /// Moves a favourite to `position` (clamped to the list), as a drop does. Returns whether it moved.
    @discardableResult
    public mutating func move(id: UUID, to position: Int) -> Bool {
        guard let from = index(of: id) else { return false }
        let to = min(max(position, 0), items.count - 1)
        guard to != from else { return false }
        let favourite = items.remove(at: from)
        items.insert(favourite, at: to)
        return true
    }

    /// One place earlier (negative) or later (positive): the keyboard's Alt+Left / Alt+Right.
    @discardableResult
    public mutating func move(id: UUID, by offset: Int) -> Bool {
        guard let from = index(of: id) else { return false }
        return move(id: id, to: from + offset)
    }

    /// Whitespace folded, cut at `titleLimit`; empty becomes the host (what the tile would show anyway).
    static func cleanTitle(_ title: String, uri: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let folded = words.joined(separator: " ")
        let cut = String(folded.prefix(titleLimit))
        return cut.isEmpty ? StartPage.host(of: uri) : cut
    }
}
