import BrowserModel
import BrowserStore
import Foundation
import Gtk
import Logging

/// The favourites and where they are saved. Every change is written at once (one small
/// transaction); if the write fails the change is kept in memory, the browser's notice says so,
/// and the whole list is written again with the next change or when saving works again.
@MainActor
final class FavouritesKeeper {
    private(set) var list: Favourites
    private let store: any FavouritesStore
    private let writable: Bool
    /// Why the last write failed (worded for the user), nil once one works.
    private(set) var failure: String? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    var onFailureChange: ((String?) -> Void)?
    private let logger = Logger(label: "skiff.browser.favourites")
    /// The bookmarks the favourites are one folder of (docs/bookmarks.md), in the same store.
    let bookmarks: BookmarksKeeper

    init(store: any FavouritesStore, writable: Bool) {
        self.store = store
        self.writable = writable
        bookmarks = BookmarksKeeper(store: store as? BookmarksStore ?? EphemeralBookmarksStore(), writable: writable)
        do {
            list = Favourites(try store.loadFavourites())
        } catch {
            Logger(label: "skiff.browser.favourites").error("favourites could not be read: \(error)")
            list = Favourites()
        }
        // The same database and the same notice: a bookmark that can't be saved is told as a favourite is.
        bookmarks.onFailureChange = { [weak self] problem in self?.failure = problem }
    }

    /// A private window's favourites: they start empty and go with the window.
    static func inMemory() -> FavouritesKeeper { FavouritesKeeper(store: EphemeralBookmarksStore(), writable: true) }

    /// The list read again after the bookmarks changed the Favourites folder; a list only in memory
    /// (its write failed, or the file is read-only) is kept as it is.
    func reload() {
        guard writable, failure == nil, let stored = try? store.loadFavourites() else { return }
        list = Favourites(stored)
    }

    /// Applies `change` to the list; saves if it changed anything. Returns whether it did.
    @discardableResult
    func change(_ change: (inout Favourites) -> Bool) -> Bool {
        var changed = list
        guard change(&changed) else { return false }
        list = changed
        save()
        return true
    }

    func save() {
        guard writable else { return }
        do {
            try store.saveFavourites(list.items)
            failure = nil
            bookmarks.reload()
        } catch {
            logger.warning("favourites not saved: \(error)")
            failure = SaveFailure.describe(error)
        }
    }
}

extension BrowserView {
    /// Ctrl+D: the current page joins the favourites (at the end); the page says why when it can't.
    public func addCurrentPageToFavourites() {
        let s = state
        guard let uri = s.uri else { return showNotice("Open a page to add it to Favourites.") }
        var result: Favourites.AddResult = .notAPage
        favourites.change { list in
            result = list.add(uri: uri, title: s.title ?? "")
            if case .added = result { return true }
            return false
        }
        switch result {
        // No banner for what worked: the next start page shows it (a banner here reads as an error).
        case .added: break
        case .alreadyThere(let favourite): showNotice("“\(favourite.title)” is already in Favourites.")
        case .full: showNotice("Favourites are full (\(Favourites.limit)). Remove one to add this page.")
        case .notAPage: showNotice("This page can’t be a favourite: only web pages and files can.")
        }
        render()
    }

    /// What a favourite tile asked for; the start pages show the result, the focus stays on the tile.
    func handle(_ request: StartPageView.FavouriteRequest) {
        var focus: UUID?
        favourites.change { list in
            switch request {
            case .remove(let id):
                let index = list.index(of: id)
                guard list.remove(id: id) else { return false }
                // The focus goes to the tile that took its place (or the one before the last).
                if let index, !list.isEmpty { focus = list.items[min(index, list.count - 1)].id }
                return true
            case .rename(let id, let name):
                focus = id
                return list.rename(id: id, to: name)
            case .move(let id, let position):
                focus = id
                return list.move(id: id, to: position)
            case .moveBy(let id, let offset):
                focus = id
                return list.move(id: id, by: offset)
            }
        }
        render()
        if let focus { currentPage?.startPage?.focusFavourite(focus) }
    }

    /// Alt+Left / Alt+Right on a focused favourite move it; false when no favourite has the focus
    /// (then the keys go back and forward as usual).
    func moveFocusedFavourite(by offset: Int) -> Bool {
        guard let id = currentPage?.startPage?.focusedFavourite else { return false }
        handle(.moveBy(id, offset))
        return true
    }

    /// The favourites' titles in order (tests compare them with what the start page exposes).
    public var favouriteTitles: [String] { favourites.list.items.map(\.title) }
}

extension BrowserView {
    /// The title of the favourite whose tile has the keyboard focus (nil when none has).
    public var focusedFavouriteTitle: String? {
        guard let id = currentPage?.startPage?.focusedFavourite else { return nil }
        return favourites.list.items.first { $0.id == id }?.title
    }
}

extension BrowserView {
    /// Sites added to the favourites at once, past any already there, up to `Favourites.limit`
    /// (skiff-bench fills the start page; a user adds one page at a time with Ctrl+D).
    public func addFavourites(_ sites: [(uri: String, title: String)]) {
        favourites.change { list in
            for site in sites { list.add(uri: site.uri, title: site.title) }
            return true
        }
    }
}
