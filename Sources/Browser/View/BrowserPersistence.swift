import BrowserModel
import BrowserStore
import Foundation
import Gtk
import Logging

/// The browser's link to its database: history for suggestions, and the open tabs saved at most
/// a second behind (SessionSaver), so a crash or `kill -9` loses at most that second.
@MainActor
public final class BrowserPersistence {
    let store: any BrowsingDataStore
    private var saver: SessionSaver?
    /// Set when the database had to be moved aside or could not be opened: shown to the user.
    public let startupMessage: String?
    /// The most frecent pages (the start page's tiles), read off the main thread after each change.
    private(set) var topHistory: [Suggestions.HistoryItem] = []
    /// Called on the main thread when `topHistory` has been read again.
    var onTopHistoryChanged: (@MainActor () -> Void)?
    private lazy var topReader = HistorySearcher(store: store)
    /// The address bar's searches over all of history.
    lazy var searcher = HistorySearcher(store: store)
    private let logger = Logger(label: "skiff.browser.persistence")

    /// The database could only be opened read-only: it is read, never written (the notice says so).
    let isReadOnly: Bool

    init(store: any BrowsingDataStore, message: String?, readOnly: Bool = false) {
        self.store = store
        startupMessage = message
        isReadOnly = readOnly
        refreshTopHistory()
    }

    private var startedAfterFirstFrame = false
    private var firstFrameTicker: FrameTicker?

    /// What reads the whole history (the ranking's refresh, the check of a large database) waits
    /// until the window has drawn its first frame, and runs off the main thread: the window and
    /// the restored tab come first, even with gigabytes of history on a cold disk.
    func afterFirstFrame(of view: BrowserView) {
        guard !startedAfterFirstFrame else { return }
        startedAfterFirstFrame = true
        refreshStoredRanking()
        guard let disk = store as? DiskBrowsingStore, disk.needsCheckAfterOpening else { return }
        DispatchQueue.global(qos: .utility).async { [weak view] in
            guard let damage = disk.checkIntegrity() else { return }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    view?.inform("Your browsing data is damaged (\(damage)). Skiff will set it aside and start a new one the next time it starts; until then, what you do now may not be saved.")
                }
            }
        }
    }

    private var rankingRefreshedAt = Date.distantPast

    /// Stored frecency follows the clock (pages move between recency buckets as days pass): brought
    /// up to date at start and at most hourly after, on a utility thread (it writes).
    private func refreshStoredRanking() {
        guard !isReadOnly, startedAfterFirstFrame, Date().timeIntervalSince(rankingRefreshedAt) > 3_600 else { return }
        rankingRefreshedAt = Date()
        let store = store
        DispatchQueue.global(qos: .utility).async {
            do { try store.refreshFrecency(now: Date()) } catch {
                Logger(label: "skiff.browser.persistence").warning("history ranking not refreshed: \(error)")
            }
        }
    }

    /// Opens `browser.sqlite` under the XDG data directory. A damaged file is moved aside and a
    /// fresh one started; an unusable directory leaves the browser working without saving.
    public static func open(locations: DataLocations = DataLocations()) -> BrowserPersistence {
        do {
            try DataLocations.createPrivateDirectory(locations.dataDirectory)
        } catch {
            let message = "Browsing data can’t be saved: \(locations.dataDirectory.path) could not be created (\(error.localizedDescription)). Tabs and history will last until Skiff quits."
            return BrowserPersistence(store: EphemeralBrowsingStore(), message: message)
        }
        switch DiskBrowsingStore.open(at: locations.browserDatabase) {
        case .opened(let store):
            return BrowserPersistence(store: store, message: nil)
        case .recovered(let store, _, let message), .logSetAside(let store, _, let message):
            return BrowserPersistence(store: store, message: message)
        case .readOnly(let store, let message):
            return BrowserPersistence(store: store, message: message, readOnly: true)
        case .unavailable(let message):
            return BrowserPersistence(store: EphemeralBrowsingStore(), message: message + " Tabs and history will last until Skiff quits.")
        }
    }

    public var isPersistent: Bool { store.isPersistent }

    func attach(to view: BrowserView) {
        // The first tick comes before the first paint; the idle after it, once that frame is drawn.
        let ticker = FrameTicker(widget: view.root)
        ticker.start { [weak self, weak view] _ in
            MainLoop.idle { [weak self, weak view] in
                if let view { self?.afterFirstFrame(of: view) }
            }
            return false
        }
        firstFrameTicker = ticker
        guard !isReadOnly else { return }
        primaryView = view
        let saver = SessionSaver(store: store) { [weak self] in
            guard let self, let view = self.primaryView else { return nil }
            // Other windows' tabs are saved after the main window's, so a restart brings them back
            // as tabs rather than losing them.
            let others = self.joinedViews.compactMap(\.view).flatMap(\.storedSession.tabs)
            let main = view.storedSession
            return StoredSession(tabs: main.tabs + others, currentTabID: main.currentTabID)
        }
        saver.onFailureChange = { [weak self] problem in
            self?.sessionFailure = problem
            // A save that works means the disk does again; the next visit is recorded normally.
            if problem == nil {
                self?.historyFailure = nil
                // The favourites were kept in memory meanwhile: now they can be written too.
                if self?.favouritesFailure != nil { self?.favourites.save() }
            }
            self?.tellWindowsAboutSaving()
        }
        historyFailureChanged = { [weak self] in self?.tellWindowsAboutSaving() }
        self.saver = saver
    }

    private var sessionFailure: String?
    private var historyFailure: String? {
        didSet { if historyFailure != oldValue { historyFailureChanged?() } }
    }
    private var historyFailureChanged: (@MainActor () -> Void)?
    private var favouritesFailure: String? {
        didSet { if favouritesFailure != oldValue { historyFailureChanged?() } }
    }
    private var closedTabsFailure: String? {
        didSet { if closedTabsFailure != oldValue { historyFailureChanged?() } }
    }
    private var siteZoomFailure: String? {
        didSet { if siteZoomFailure != oldValue { historyFailureChanged?() } }
    }
    private var sitePermissionsFailure: String? {
        didSet { if sitePermissionsFailure != oldValue { historyFailureChanged?() } }
    }
    /// Why saving fails now (tabs, history, favourites, closed tabs, zoom levels or permission
    /// answers), nil when it works.
    var currentFailure: String? {
        sessionFailure ?? historyFailure ?? favouritesFailure ?? closedTabsFailure ?? siteZoomFailure ?? sitePermissionsFailure
    }

    /// The answers to permission requests, in the same database (in memory when it could not be opened).
    lazy var sitePermissions: SitePermissionsKeeper = {
        let keeper = SitePermissionsKeeper(store: store as? SitePermissionsStore ?? EphemeralSitePermissionsStore(), writable: !isReadOnly)
        keeper.onFailureChange = { [weak self] problem in self?.sitePermissionsFailure = problem }
        return keeper
    }()

    /// The zoom level per site, in the same database (in memory when it could not be opened).
    lazy var siteZoom: SiteZoomKeeper = {
        let keeper = SiteZoomKeeper(store: store as? SiteZoomStore ?? EphemeralSiteZoomStore(), writable: !isReadOnly)
        keeper.onFailureChange = { [weak self] problem in self?.siteZoomFailure = problem }
        return keeper
    }()

    /// The closed tabs, in the same database (in memory when it could not be opened).
    lazy var closedTabs: ClosedTabsKeeper = {
        let keeper = ClosedTabsKeeper(store: store as? ClosedTabsStore ?? EphemeralClosedTabsStore(), writable: !isReadOnly)
        keeper.onFailureChange = { [weak self] problem in self?.closedTabsFailure = problem }
        return keeper
    }()

    /// The favourites, in the same database (in memory when it could not be opened).
    lazy var favourites: FavouritesKeeper = {
        let keeper = FavouritesKeeper(store: store as? FavouritesStore ?? EphemeralBookmarksStore(), writable: !isReadOnly)
        keeper.onFailureChange = { [weak self] problem in self?.favouritesFailure = problem }
        return keeper
    }()

    func tabsChanged(_ view: BrowserView) { saver?.noteChange() }

    private final class WeakView {
        weak var view: BrowserView?
        init(_ view: BrowserView) { self.view = view }
    }
    /// Windows opened after the main one (Open Link in New Window): they record history and their
    /// tabs are saved with the main window's, but they restore nothing themselves.
    private var joinedViews: [WeakView] = []
    /// The window whose tabs come first in the saved session (and whose current tab is restored as current).
    private weak var primaryView: BrowserView?

    func join(_ view: BrowserView) {
        joinedViews.removeAll { $0.view == nil }
        joinedViews.append(WeakView(view))
    }

    /// A joined window closed: its tabs are no longer saved.
    public func leave(_ view: BrowserView) {
        joinedViews.removeAll { $0.view == nil || $0.view === view }
        saver?.noteChange()
    }

    /// Every window on this data shows whether saving works (the notice is the same in each).
    private func tellWindowsAboutSaving() {
        let failure = currentFailure
        for view in [primaryView] + joinedViews.map(\.view) { view?.savingFailed(because: failure) }
    }

    /// The main window closed while others stay open: `view`'s window takes its place, so the
    /// session saved from now on is the open windows' tabs (the closed window's are gone, as its
    /// close meant) and saving goes on.
    public func promote(_ view: BrowserView) {
        joinedViews.removeAll { $0.view == nil || $0.view === view }
        primaryView = view
        saver?.noteChange()
    }

    private static func belongsInHistory(_ uri: String) -> Bool { uri.hasPrefix("http") || uri.hasPrefix("file:") }

    /// One navigation's worth of history: a visit, a visit moved (a page replacing itself), or nothing.
    func record(_ visit: VisitCounter.Effect, title: String?, transition: VisitTransition = .link) {
        guard !isReadOnly else { return }
        writeHistory {
            switch visit {
            case .none: break
            case .visit(let uri):
                if Self.belongsInHistory(uri) { try store.recordVisit(uri: uri, title: title, at: Date(), transition: transition) }
            case .replace(let old, let new):
                switch (Self.belongsInHistory(old), Self.belongsInHistory(new)) {
                case (true, true): try store.replaceVisit(old: old, new: new, title: title, at: Date(), transition: transition)
                case (false, true): try store.recordVisit(uri: new, title: title, at: Date(), transition: transition)
                default: break
                }
            }
        }
    }

    func updateTitle(_ title: String, uri: String) {
        guard !isReadOnly, Self.belongsInHistory(uri) else { return }
        writeHistory { try store.updateTitle(title, forURI: uri) }
    }

    private func writeHistory(_ body: () throws -> Void) {
        do {
            try body()
            historyFailure = nil
        } catch {
            logger.warning("history not saved: \(error)")
            historyFailure = SaveFailure.describe(error)
        }
        refreshStoredRanking()
        refreshTopHistory()
    }

    /// Reads the start page's pages again, on the worker thread; a burst of visits reads once more
    /// at most after the one running.
    private func refreshTopHistory() {
        topReader.search("") { [weak self] _, items in
            self?.topHistory = Array(items.prefix(Self.topHistoryCount))
            self?.onTopHistoryChanged?()
        }
    }

    /// As many as the start page and the empty address bar can show.
    static let topHistoryCount = 16

    func loadSession() -> StoredSession? {
        do { return try store.loadSession() } catch {
            logger.error("saved tabs could not be read: \(error)")
            return nil
        }
    }

    /// Writes what is pending now (quit, window closed).
    public func flush() {
        saver?.flush()
        (store as? DiskBrowsingStore)?.checkpoint()
    }

    /// The History view removed pages: the start page's pages are read again (off the main thread).
    func historyEdited() { refreshTopHistory() }

    /// Forgets every visited page (Preferences → Clear History).
    func clearHistory() throws {
        try store.clearHistory()
        topHistory = []
        refreshTopHistory()
    }
}

extension BrowserView {
    /// The open tabs as they would be restored: order, addresses, titles, back/forward lists.
    var storedSession: StoredSession {
        let tabs = pager.tabs.tabs.map { tab in
            StoredTab(id: tab.id, uri: pages[tab.id]?.state.uri ?? tab.uri, title: pages[tab.id]?.state.title ?? tab.title,
                      sessionState: pages[tab.id]?.sessionState)
        }
        return StoredSession(tabs: tabs, currentTabID: pager.tabs.current.id)
    }

    /// Puts back the tabs of the last session. False when there were none (a first start).
    func restoreSession() -> Bool {
        guard let persistence else { return false }
        persistence.attach(to: self)
        if let message = persistence.startupMessage { inform(message) }
        guard let session = persistence.loadSession(), !session.tabs.isEmpty else { return false }
        let tabs = session.tabs.map { BrowserTab(id: $0.id, title: $0.title, uri: $0.uri, hasLoadedPage: !$0.uri.isEmpty) }
        let current = session.tabs.firstIndex { $0.id == session.currentTabID } ?? 0
        pager.restore(TabList(tabs: tabs, currentIndex: current))
        for stored in session.tabs {
            guard let tab = tabs.first(where: { $0.id == stored.id }) else { continue }
            let uri = stored.uri.isEmpty ? nil : stored.uri
            // Only the tab on screen gets a web view (and a web process) now; the others wait,
            // suspended, until they are first shown: start-up and memory do not grow with the
            // number of tabs saved. A blank tab has nothing to wait for.
            if tab.id != tabs[current].id, uri != nil {
                _ = addPage(for: tab, suspendedAs: SuspendedPage(sessionState: stored.sessionState, uri: uri, title: stored.title,
                                                                 scrollX: 0, scrollY: 0, picture: nil))
                continue
            }
            let page = addPage(for: tab)
            page.restore(sessionState: stored.sessionState, uri: uri, title: stored.title)
        }
        logger.info("restored \(session.tabs.count) tabs")
        return true
    }
}
