import BrowserModel
import BrowserStore
import Foundation
import Logging

/// The bookmarks and where they are saved, shared by every window of a profile (the address bars'
/// stars, Ctrl+D's popover, the Bookmarks window, the start page through its favourites). A change
/// is read-applied-written in one transaction (`BookmarksStore.updateBookmarks`), so it lands on the
/// latest tree whoever changed it last; if the write fails the change is kept in memory and the
/// failure told, as the favourites do.
@MainActor
public final class BookmarksKeeper {
    public private(set) var tree: Bookmarks
    private let store: any BookmarksStore
    private let writable: Bool
    private(set) var failure: String? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    var onFailureChange: ((String?) -> Void)?
    /// Told after every change, from here or from the favourites (stars, the window's list).
    private var observers: [(owner: WeakOwner, call: @MainActor () -> Void)] = []
    private let logger = Logger(label: "skiff.browser.bookmarks")

    private final class WeakOwner {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    init(store: any BookmarksStore, writable: Bool) {
        self.store = store
        self.writable = writable
        do {
            tree = try store.loadBookmarks()
        } catch {
            Logger(label: "skiff.browser.bookmarks").error("bookmarks could not be read: \(error)")
            tree = Bookmarks()
        }
    }

    /// Calls `call` after each change while `owner` lives; one call an owner (observing again
    /// replaces it, so a view may ask each time it wires a part of itself).
    public func observe(_ owner: AnyObject, _ call: @escaping @MainActor () -> Void) {
        observers.removeAll { $0.owner.object == nil || $0.owner.object === owner }
        observers.append((WeakOwner(owner), call))
    }

    /// Applies `change`; saves and tells the observers if it changed anything. Returns whether it did.
    @discardableResult
    public func change(_ change: (inout Bookmarks) -> Bool) -> Bool {
        var changed = false
        if writable {
            do {
                if failure != nil {
                    // The last write failed: the tree in memory holds changes the file lacks, so it
                    // is written whole, this change with them.
                    var local = tree
                    changed = change(&local)
                    guard changed else { return false }
                    tree = local
                    try store.updateBookmarks { stored in
                        stored = local
                        return true
                    }
                } else {
                    tree = try store.updateBookmarks { tree in
                        changed = change(&tree)
                        return changed
                    }
                }
                failure = nil
            } catch {
                logger.warning("bookmarks not saved: \(error)")
                let wroteNothing = failure == nil
                failure = SaveFailure.describe(error)
                // A first failure: the change was applied to the store's copy only.
                if wroteNothing { changed = change(&tree) }
            }
        } else {
            changed = change(&tree)
        }
        if changed { notify() }
        return changed
    }

    /// The tree read again (the favourites changed it underneath), and the observers told.
    func reload() {
        if writable, let latest = try? store.loadBookmarks() { tree = latest }
        notify()
    }

    private func notify() {
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.call() }
    }
}
