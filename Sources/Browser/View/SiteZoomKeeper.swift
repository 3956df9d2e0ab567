import BrowserModel
import BrowserStore
import Foundation
import Logging

/// The zoom level per site (`SiteZoom`) and where it is kept: in the browser's database for the
/// main window and the windows that join it; in memory only for a private window.
@MainActor
final class SiteZoomKeeper {
    private(set) var levels: SiteZoom
    private let store: any SiteZoomStore
    private let writable: Bool
    /// Why the last write failed (worded for the user), nil once one works.
    private(set) var failure: String? {
        didSet { if failure != oldValue { onFailureChange?(failure) } }
    }
    var onFailureChange: ((String?) -> Void)?
    private let logger = Logger(label: "skiff.browser.zoom")

    init(store: any SiteZoomStore, writable: Bool) {
        self.store = store
        self.writable = writable
        do {
            levels = SiteZoom(stored: try store.loadSiteZoom())
        } catch {
            Logger(label: "skiff.browser.zoom").error("zoom levels could not be read: \(error)")
            levels = SiteZoom()
        }
    }

    /// A private window's: empty at first, gone with the window.
    static func inMemory() -> SiteZoomKeeper { SiteZoomKeeper(store: EphemeralSiteZoomStore(), writable: true) }

    func level(for site: String) -> Double { levels.level(for: site) }

    func set(_ level: Double, for site: String) {
        let changes = levels.set(level, for: site)
        guard writable, !changes.isEmpty else { return }
        do {
            try store.saveSiteZoom(changes)
            failure = nil
        } catch {
            logger.warning("zoom level not saved: \(error)")
            failure = SaveFailure.describe(error)
        }
    }
}
