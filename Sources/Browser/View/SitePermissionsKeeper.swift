import BrowserModel
import BrowserStore
import Foundation
import Logging

/// The answers to permission requests per site (`SitePermissions`) and where they are kept: in the
/// browser's database, shared by the main window and the windows that join it; in memory when there
/// is none. (A private window keeps nothing: it denies without asking.)
@MainActor
final class SitePermissionsKeeper {
    private(set) var permissions: SitePermissions
    private let store: any SitePermissionsStore
    private let writable: Bool
    /// Why the last write failed (worded for the user), nil once one works.
    private(set) var failure: String? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    var onFailureChange: ((String?) -> Void)?
    private let logger = Logger(label: "skiff.browser.permissions")

    init(store: any SitePermissionsStore, writable: Bool) {
        self.store = store
        self.writable = writable
        do {
            permissions = SitePermissions(stored: try store.loadSitePermissions())
        } catch {
            Logger(label: "skiff.browser.permissions").error("permission answers could not be read: \(error)")
            permissions = SitePermissions()
        }
    }

    static func inMemory() -> SitePermissionsKeeper { SitePermissionsKeeper(store: EphemeralSitePermissionsStore(), writable: true) }

    func decide(_ decision: SitePermissions.Decision, for kind: PermissionKind, on site: String) {
        write(permissions.decide(decision, for: kind, on: site))
    }

    func forget(_ kind: PermissionKind, on site: String) { write(permissions.forget(kind, on: site)) }

    private func write(_ changes: [SitePermissions.Change]) {
        guard writable, !changes.isEmpty else { return }
        do {
            try store.saveSitePermissions(changes)
            failure = nil
        } catch {
            logger.warning("permission answer not saved: \(error)")
            failure = SaveFailure.describe(error)
        }
    }
}
