import BrowserModel
import BrowserStore
import Foundation
import Logging

/// The window's closed tabs (`ClosedTabs`) and where they are kept: in the browser's database for
/// the main window, so Ctrl+Shift+T works after a restart; in memory for a private window.
@MainActor
final class ClosedTabsKeeper {
    private(set) var list: ClosedTabs
    private let store: any ClosedTabsStore
    private let writable: Bool
    /// Why the last write failed (worded for the user), nil once one works.
    private(set) var failure: String? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    var onFailureChange: ((String?) -> Void)?
    private let logger = Logger(label: "skiff.browser.closed-tabs")

    init(store: any ClosedTabsStore, writable: Bool) {
        self.store = store
        self.writable = writable
        do {
            list = ClosedTabs(try store.loadClosedTabs())
        } catch {
            Logger(label: "skiff.browser.closed-tabs").error("closed tabs could not be read: \(error)")
            list = ClosedTabs()
        }
    }

    /// A private window's: they start empty and go with the window.
    static func inMemory() -> ClosedTabsKeeper { ClosedTabsKeeper(store: EphemeralClosedTabsStore(), writable: true) }

    func closed(_ tab: ClosedTab) {
        let dropped = list.closed(tab)
        guard list.tabs.first?.id == tab.id else { return }
        write { try $0.saveClosedTab(tab, dropping: dropped) }
    }

    /// Ctrl+Shift+T: the newest closed tab, forgotten here.
    func reopenNewest() -> ClosedTab? {
        guard let tab = list.reopenNewest() else { return nil }
        write { try $0.removeClosedTabs([tab.id]) }
        return tab
    }

    /// The start page's "Recently Closed": the newest closed with `uri`.
    func reopen(uri: String) -> ClosedTab? {
        guard let found = list.reopen(uri: uri) else { return nil }
        write { try $0.removeClosedTabs(found.removed) }
        return found.tab
    }

    /// The closed page answered where it was scrolled to.
    func setScroll(of id: UUID, x: Double, y: Double) {
        guard let tab = list.setScroll(of: id, x: x, y: y) else { return }
        write { try $0.saveClosedTab(tab, dropping: []) }
    }

    private func write(_ body: (any ClosedTabsStore) throws -> Void) {
        guard writable else { return }
        do {
            try body(store)
            failure = nil
        } catch {
            logger.warning("closed tabs not saved: \(error)")
            failure = SaveFailure.describe(error)
        }
    }
}
