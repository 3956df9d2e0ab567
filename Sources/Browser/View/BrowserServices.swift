import BrowserModel
import BrowserStore
import Foundation
import Gtk

/// What every tab of one browser window shares, made once with the window: its network session
/// (the process-wide one, or a private window's own), the keepers of its data (on disk for the
/// main window, in memory for a private one), its site permissions, site icons and print settings.
@MainActor
final class BrowserServices {
    let isPrivate: Bool
    let sandbox: WebSandbox.Status
    /// Nil without a sandbox: no web pages can be shown at all.
    let session: NetworkSession?
    /// Nil in a private window: nothing of it is kept.
    let persistence: BrowserPersistence?
    /// Site icons from WebKit's favicon database, for the start page and the suggestions.
    let siteIcons: SiteIcons
    /// Print operations until they finish, and the print dialog's last choices.
    lazy var printing = PagePrinting(settingsFile: isPrivate ? nil : DataLocations().stateDirectory.appendingPathComponent(PagePrinting.settingsFileName))
    /// The pages' permission requests and what was decided per site (Preferences lists them).
    lazy var permissions = PagePermissions(isPrivate: isPrivate, keeper: persistence?.sitePermissions)
    /// This window's closed tabs, for Ctrl+Shift+T and the start page.
    lazy var closedTabs: ClosedTabsKeeper = persistence?.closedTabs ?? ClosedTabsKeeper.inMemory()
    /// The favourites (BrowserView+Favourites).
    lazy var favourites: FavouritesKeeper = persistence?.favourites ?? FavouritesKeeper.inMemory()

    init(sandbox: WebSandbox.Status, isPrivate: Bool, persistence: BrowserPersistence?) {
        self.sandbox = sandbox
        self.isPrivate = isPrivate
        session = sandbox.canShowWebPages ? (isPrivate ? NetworkSession.ephemeral() : NetworkSession.shared()) : nil
        self.persistence = isPrivate ? nil : persistence
        // WebKit's Intelligent Tracking Prevention, on as in GNOME Web (docs/content-blocking.md).
        session?.tracksPrevention = true
        // Before any page loads, so the first page's icon is kept too.
        siteIcons = SiteIcons(database: session.flatMap { FaviconDatabase.enable(in: $0) })
    }
}
