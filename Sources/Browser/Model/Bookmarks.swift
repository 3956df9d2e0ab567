import Foundation

/// One bookmark or folder. Folders have no address; every item but the root has a parent.
public struct Bookmark: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var parent: UUID?
    public var title: String
    /// The page's address; nil for a folder.
    public var uri: String?
    public var added: Date

    public var isFolder: Bool { uri == nil }

    public init(id: UUID = UUID(), parent: UUID?, title: String, uri: String?, added: Date = Date()) {
        self.id = id
        self.parent = parent
        self.title = title
        self.uri = uri
        self.added = added
    }
}

/// The bookmarks: a tree of folders under one root, each folder's items in the order the user gave
/// them, with every rule about adding, renaming, moving, deleting (and undoing it) and searching.
/// The start page's favourites are the items of one fixed folder of it (docs/bookmarks.md).
///
/// Nothing here recurses: a tree as deep as a hostile file could make is walked with a stack of
/// our own, and the limits below keep every walk short anyway (docs/bookmarks.md › Limits).
public struct Bookmarks: Sendable, Equatable {
    /// At most this many items (bookmarks and folders together); adding more is refused, an import
    /// stops there and says how many it left out.
    public static let countLimit = 100_000
    /// Folders nest at most this deep (the root's own folders are depth 1); an import flattens what
    /// is deeper into the deepest folder allowed, losing no bookmark.
    public static let depthLimit = 32
    /// A title is cut to this many characters (a list line shows about sixty).
    public static let titleLimit = 500
    /// Longer addresses are refused (a data: URL could be megabytes); the same as a favourite's.
    public static let uriLimit = Favourites.uriLimit
    /// A search lists at most this many bookmarks.
    public static let searchLimit = 500

    /// The root folder, never shown, never moved or deleted.
    public static let rootID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    /// The start page's favourites: a folder of the root that cannot be moved or deleted.
    public static let favouritesID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2))
    public static let favouritesTitle = "Favourites"

    public private(set) var items: [UUID: Bookmark]
    /// Each folder's items in order.
    public private(set) var children: [UUID: [UUID]]

    /// What an addition did, for the browser to tell the user.
    public enum AddResult: Sendable, Equatable {
        case added(Bookmark)
        /// `countLimit` reached.
        case full
        /// Not a page that can be bookmarked (blank, about:, javascript:, data:, too long).
        case notAPage
        /// The folder does not exist (or is a bookmark).
        case noSuchFolder
        /// A new folder there would be deeper than `depthLimit`.
        case tooDeep
    }

    /// What `delete` removed, enough to put it all back where it was.
    public struct Deletion: Sendable, Equatable {
        /// The deleted item and everything under it, parents before their items.
        public let removed: [Bookmark]
        public let parent: UUID
        public let position: Int
    }

    /// An empty tree: the root and the Favourites folder.
    public init() {
        items = [:]
        children = [:]
        items[Self.rootID] = Bookmark(id: Self.rootID, parent: nil, title: "", uri: nil, added: Date(timeIntervalSince1970: 0))
        children[Self.rootID] = []
        items[Self.favouritesID] = Bookmark(id: Self.favouritesID, parent: Self.rootID, title: Self.favouritesTitle,
                                            uri: nil, added: Date(timeIntervalSince1970: 0))
        children[Self.rootID] = [Self.favouritesID]
        children[Self.favouritesID] = []
    }

    /// The tree as stored: `stored` in order within each parent. Whatever a file edited by hand
    /// holds, the result keeps the rules: an item whose parent is missing, a bookmark, or part of a
    /// cycle goes to the root; a folder deeper than `depthLimit` gives its items to its parent; an
    /// address that is not a page is dropped; a repeated id is kept once; past `countLimit` is cut.
    public init(stored: [Bookmark]) {
        self.init()
        var byID: [UUID: Bookmark] = [:]
        var order: [UUID] = []
        // The Favourites folder keeps its stored place among the root's items (first when not stored).
        var favouritesStored = false
        for item in stored where item.id != Self.rootID && byID[item.id] == nil {
            if item.id == Self.favouritesID {
                if !favouritesStored { order.append(item.id) }
                favouritesStored = true
                continue
            }
            if let uri = item.uri, !Self.canBeBookmarked(uri) { continue }
            byID[item.id] = item
            order.append(item.id)
        }
        if let favourites = stored.first(where: { $0.id == Self.favouritesID }) {
            items[Self.favouritesID]?.title = Self.cleanTitle(favourites.title, uri: nil)
        }
        var storedChildren: [UUID: [UUID]] = [:]
        for id in order {
            if id == Self.favouritesID { storedChildren[Self.rootID, default: []].append(id) }
            guard let item = byID[id] else { continue }
            let parent = item.parent.flatMap { $0 == Self.rootID || $0 == Self.favouritesID || byID[$0]?.isFolder == true ? $0 : nil } ?? Self.rootID
            storedChildren[parent, default: []].append(id)
        }
        // Breadth-first from the root with a queue of (folder, where its items go, depth).
        var placed = Set<UUID>([Self.rootID, Self.favouritesID])
        var queue: [(folder: UUID, into: UUID, depth: Int)] = []
        func place(_ id: UUID, into: UUID, depth: Int) {
            if id == Self.favouritesID {
                if children[Self.rootID]?.contains(id) != true { children[Self.rootID, default: []].append(id) }
                return
            }
            guard count < Self.countLimit, var item = byID[id], placed.insert(id).inserted else { return }
            if item.isFolder && depth + 1 > Self.depthLimit {
                queue.append((id, into, depth))
                return
            }
            item.parent = into
            item.title = Self.cleanTitle(item.title, uri: item.uri)
            items[id] = item
            children[into, default: []].append(id)
            if item.isFolder {
                children[id] = children[id] ?? []
                queue.append((id, id, depth + 1))
            }
        }
        func drain() {
            var next = 0
            while next < queue.count {
                let (folder, into, depth) = queue[next]
                next += 1
                for id in storedChildren[folder] ?? [] { place(id, into: into, depth: depth) }
            }
            queue.removeAll()
        }
        if favouritesStored { children[Self.rootID] = [] }
        queue = [(Self.rootID, Self.rootID, 0), (Self.favouritesID, Self.favouritesID, 1)]
        drain()
        // What the walk did not reach hangs in a cycle: each such item goes to the root, with its items.
        for id in order where !placed.contains(id) {
            place(id, into: Self.rootID, depth: 0)
            drain()
        }
    }

    /// Every item but the root (the Favourites folder counts, as it takes room in the file).
    public var count: Int { items.count - 1 }
    public subscript(id: UUID) -> Bookmark? { items[id] }
    public func items(in folder: UUID) -> [Bookmark] { (children[folder] ?? []).compactMap { items[$0] } }

    /// Only pages a tab can reload: web and file addresses of a sane length (the favourites' rule).
    public static func canBeBookmarked(_ uri: String) -> Bool {
        guard uri.utf8.count <= uriLimit else { return false }
        let lower = uri.prefix(8).lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("file:")
    }

    /// The bookmarks of a page, for the address bar's star; the first is the one Ctrl+D edits.
    public func bookmarks(for uri: String) -> [Bookmark] {
        walk().filter { $0.uri == uri }
    }

    public func isBookmarked(_ uri: String) -> Bool { items.values.contains { $0.uri == uri } }

    /// How many folders down `id` sits (the root 0, its folders 1).
    public func depth(of id: UUID) -> Int {
        var depth = 0
        var current = items[id]?.parent
        while let parent = current, depth <= Self.depthLimit + 1 {
            depth += 1
            current = items[parent]?.parent
        }
        return depth
    }

    /// How many folders deep the subtree of `id` goes below it (a bookmark or an empty folder: 0).
    func height(of id: UUID) -> Int {
        var deepest = 0
        var stack: [(UUID, Int)] = [(id, 0)]
        while let (folder, level) = stack.popLast() {
            for child in children[folder] ?? [] where items[child]?.isFolder == true {
                deepest = max(deepest, level + 1)
                stack.append((child, level + 1))
            }
        }
        return deepest
    }

    /// Whether `id` is `ancestor` or lies under it.
    public func isInside(_ id: UUID, _ ancestor: UUID) -> Bool {
        var current: UUID? = id
        var steps = 0
        while let node = current, steps <= Self.depthLimit + 2 {
            if node == ancestor { return true }
            current = items[node]?.parent
            steps += 1
        }
        return false
    }

    /// Every item under `folder` in the order a reader meets them (a folder before its items).
    public func walk(from folder: UUID = Bookmarks.rootID) -> [Bookmark] {
        var result: [Bookmark] = []
        var stack: [UUID] = (children[folder] ?? []).reversed()
        while let id = stack.popLast() {
            guard let item = items[id] else { continue }
            result.append(item)
            if item.isFolder { stack.append(contentsOf: (children[id] ?? []).reversed()) }
        }
        return result
    }

    /// The folders in tree order with their depth: the popover's folder drop-down.
    public func folders() -> [(folder: Bookmark, depth: Int)] {
        walk().filter(\.isFolder).map { ($0, depth(of: $0.id)) }
    }

    @discardableResult
    public mutating func addBookmark(uri: String, title: String, in folder: UUID = Bookmarks.rootID,
                                     at position: Int? = nil, added: Date = Date()) -> AddResult {
        guard Self.canBeBookmarked(uri) else { return .notAPage }
        return insert(Bookmark(parent: folder, title: Self.cleanTitle(title, uri: uri), uri: uri, added: added), at: position)
    }

    @discardableResult
    public mutating func addFolder(title: String, in folder: UUID = Bookmarks.rootID, at position: Int? = nil,
                                   added: Date = Date()) -> AddResult {
        guard items[folder]?.isFolder == true else { return .noSuchFolder }
        guard depth(of: folder) + 1 <= Self.depthLimit else { return .tooDeep }
        return insert(Bookmark(parent: folder, title: Self.cleanTitle(title, uri: nil), uri: nil, added: added), at: position)
    }

    mutating func insert(_ item: Bookmark, at position: Int?) -> AddResult {
        guard let folder = item.parent, items[folder]?.isFolder == true else { return .noSuchFolder }
        guard count < Self.countLimit else { return .full }
        items[item.id] = item
        if item.isFolder { children[item.id] = [] }
        // In place: a copy of the list each time would make an import of n items in one folder n².
        let end = children[folder]?.count ?? 0
        children[folder, default: []].insert(item.id, at: min(max(position ?? end, 0), end))
        return .added(item)
    }

    /// Renames; an empty name gives a bookmark its host back (a folder: "New Folder"). The root and
    /// the Favourites folder keep their names. Returns whether anything changed.
    @discardableResult
    public mutating func rename(id: UUID, to title: String) -> Bool {
        guard id != Self.rootID, id != Self.favouritesID, let item = items[id] else { return false }
        let cleaned = Self.cleanTitle(title, uri: item.uri)
        guard cleaned != item.title else { return false }
        items[id]?.title = cleaned
        return true
    }

    /// Moves an item into `folder` at `position` (clamped), as a drop does. Refused: the root, the
    /// Favourites folder, a folder into itself or its own items, past `depthLimit`.
    @discardableResult
    public mutating func move(id: UUID, to folder: UUID, at position: Int) -> Bool {
        guard id != Self.rootID, id != Self.favouritesID, let item = items[id], let from = item.parent,
              items[folder]?.isFolder == true, !isInside(folder, id) else { return false }
        if item.isFolder, depth(of: folder) + 1 + height(of: id) > Self.depthLimit { return false }
        guard let oldIndex = children[from]?.firstIndex(of: id) else { return false }
        children[from]?.remove(at: oldIndex)
        let index = min(max(position, 0), children[folder]?.count ?? 0)
        children[folder, default: []].insert(id, at: index)
        items[id]?.parent = folder
        return from != folder || oldIndex != index
    }

    /// Deletes an item and, for a folder, everything in it; the record puts it all back.
    public mutating func delete(id: UUID) -> Deletion? {
        guard id != Self.rootID, id != Self.favouritesID, let item = items[id], let parent = item.parent,
              let position = children[parent]?.firstIndex(of: id) else { return nil }
        let removed = [item] + (item.isFolder ? walk(from: id) : [])
        for gone in removed {
            items[gone.id] = nil
            children[gone.id] = nil
        }
        children[parent]?.remove(at: position)
        return Deletion(removed: removed, parent: parent, position: position)
    }

    /// Puts back what `delete` removed, at its place (or the end of its folder, or the root if that
    /// folder went since). Returns whether it did.
    @discardableResult
    public mutating func undo(_ deletion: Deletion) -> Bool {
        guard let top = deletion.removed.first, items[top.id] == nil,
              count + deletion.removed.count <= Self.countLimit else { return false }
        let parent = items[deletion.parent]?.isFolder == true ? deletion.parent : Self.rootID
        for item in deletion.removed {
            var restored = item
            if item.id == top.id { restored.parent = parent }
            items[item.id] = restored
            if item.isFolder { children[item.id] = [] }
            if item.id != top.id, let owner = item.parent { children[owner, default: []].append(item.id) }
        }
        children[parent, default: []].insert(top.id, at: min(deletion.position, children[parent]?.count ?? 0))
        return true
    }

    /// Bookmarks whose title or address holds every word of `query` (case and accents ignored), in
    /// tree order, at most `searchLimit`.
    public func search(_ query: String) -> [Bookmark] {
        let words = query.split(whereSeparator: \.isWhitespace).map { Self.folded(String($0)) }
        guard !words.isEmpty else { return [] }
        var found: [Bookmark] = []
        for item in walk() where !item.isFolder {
            let haystack = Self.folded(item.title) + " " + Self.folded(item.uri ?? "")
            if words.allSatisfy({ haystack.contains($0) }) {
                found.append(item)
                if found.count == Self.searchLimit { break }
            }
        }
        return found
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whitespace folded, control characters dropped, cut at `titleLimit`; empty becomes the host
    /// (a folder: "New Folder").
    public static func cleanTitle(_ title: String, uri: String?) -> String {
        let printable = String(String.UnicodeScalarView(title.unicodeScalars.prefix(titleLimit * 4).map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        let folded = printable.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        let cut = String(folded.prefix(titleLimit))
        if !cut.isEmpty { return cut }
        guard let uri else { return "New Folder" }
        let host = StartPage.host(of: uri)
        return host.isEmpty ? String(uri.prefix(titleLimit)) : host
    }
}

extension Bookmarks {
    /// The start page's tiles: the Favourites folder's bookmarks in order (its folders are not tiles).
    public var favourites: [Favourite] {
        items(in: Self.favouritesID).compactMap { item in item.uri.map { Favourite(id: item.id, uri: $0, title: item.title) } }
    }

    /// The Favourites folder's bookmarks become `favourites`, in that order, before its folders: what
    /// the start page saves (a tile's id is its bookmark's, so one moved elsewhere comes back here).
    public mutating func replaceFavourites(_ favourites: [Favourite]) {
        for old in items(in: Self.favouritesID) where !old.isFolder { _ = delete(id: old.id) }
        for (position, favourite) in favourites.enumerated() {
            if let elsewhere = items[favourite.id], elsewhere.uri != nil { _ = delete(id: elsewhere.id) }
            let added = Bookmark(id: favourite.id, parent: Self.favouritesID, title: Self.cleanTitle(favourite.title, uri: favourite.uri),
                                 uri: favourite.uri)
            guard Self.canBeBookmarked(favourite.uri) else { continue }
            _ = insert(added, at: position)
        }
    }
}

extension Bookmarks {
    /// A line dragged onto another in the Bookmarks window: onto a folder it goes in at the end;
    /// onto a bookmark it takes that bookmark's place (its folder, its position), as a favourite
    /// dropped on a tile does. Every rule of `move` holds. Returns whether anything moved.
    @discardableResult
    public mutating func drop(_ id: UUID, onto target: UUID) -> Bool {
        guard id != target, let onto = items[target] else { return false }
        if onto.isFolder { return move(id: id, to: target, at: Int.max) }
        guard let folder = onto.parent, let index = children[folder]?.firstIndex(of: target) else { return false }
        return move(id: id, to: folder, at: index)
    }
}
