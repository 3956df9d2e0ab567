import BrowserModel
import BrowserStore
import Foundation
import Gtk
import Logging
import Motion

/// What Preferences set for a browser window.
struct BrowserPreferences {
    var searchEngine = SearchEngine.duckDuckGo
    var developerTools = false
}

/// Upward calls from the browser to whoever hosts it (the window), GNOME Web style.
@MainActor
public protocol BrowserViewDelegate: AnyObject {
    func browserView(_ view: BrowserView, didChangeTitle title: String)
    /// Shift+Tab left the page: the host moves the focus to what precedes the browser (the
    /// section switcher) and says true; false leaves it to the browser, which goes to its chrome.
    func browserViewFocusLeftPageBackward(_ view: BrowserView) -> Bool
}

/// The Browser section, Safari style: real WebKit tabs side by side, and at the bottom one
/// address bar per tab in a swipeable pager over a toolbar that collapses as the page scrolls.
///
/// It composes components that own their widgets and state (`BrowserServices`, `BrowserToolbar`,
/// `FindBar`, `Downloads`, `NoticeBanner`, `SuggestionsView`, `TabOverviewController`…; HACKING.md,
/// "Browser"). This file holds the tabs and the frame loop; `+Layout` places and draws, `+Pager`
/// handles swipes and tab commands, `+ToolbarAnimation` watches page scrolling, `+Editing` the
/// address field and suggestions, `+Keyboard` the keys, `+TabPages` what each tab's page reports.
/// Every decision is in a model; the view feeds and renders.
@MainActor
public final class BrowserView: TabPageDelegate {
    /// The bar strip: a 40-px bar with 6 px above and below.
    static let stripHeight = 52.0
    /// The toolbar's button row: the bottom of the 100-px toolbar the bars' offsets refer to.
    static let buttonRowHeight = 38.0
    /// How much of the window the chrome takes when collapsed: the flattened bar's strip.
    static let collapsedChromeHeight = 36.0

    public let root: Canvas
    public weak var delegate: BrowserViewDelegate?
    /// Opens a window showing an address (Open Link in New Window / New Private Window): the
    /// application's, set by it; without one the link opens in a tab.
    public var onOpenWindow: ((_ uri: String, _ isPrivate: Bool) -> Void)?
    /// The session, data keepers, permissions and icons this window's tabs share (BrowserServices.swift).
    let services: BrowserServices
    /// Which pages get the content blocker's filters (SiteBlocking.swift).
    lazy var siteBlocking = SiteBlocking(blocker: .shared, permissions: permissions) { [weak self] in self.map { Array($0.pages.values) } ?? [] }
    /// What Preferences set for this browser.
    var preferences = BrowserPreferences() {
        didSet { if preferences.developerTools != oldValue.developerTools { applyDeveloperTools() } }
    }

    let pager: AddressBarPager
    let collapse = ToolbarCollapse()
    var scrollPan = ScrollPan()
    let editing = AddressEditing()
    var pages: [UUID: TabPage] = [:]
    var bars: [UUID: AddressBarView] = [:]
    let newTabBar = AddressBarView(tabID: nil)
    let newTabPage: Canvas
    let pagesArea: Canvas
    let barsArea: Canvas
    /// The buttons under the bars, and Cancel while editing (BrowserToolbar.swift).
    lazy var toolbar = BrowserToolbar(downloads: downloads.panel.button)
    let suggestions = SuggestionsView()
    /// All tabs as thumbnails (Ctrl+Shift+O, the Tabs button): TabOverviewController.swift.
    lazy var tabOverview = TabOverviewController(browser: self)
    var ticker: FrameTicker?
    /// The browser's own notices (data moved aside, read-only, saving failing), apart from any page,
    /// and the band that shows them (NoticeBanner.swift).
    lazy var noticeBanner = NoticeBanner { [weak self] in self?.dismissNotice() }
    /// A press or touchpad swipe on the bars: pending, swiping or rejected (BarPress decides).
    var barPress = BarPress()
    /// Find in page, in the address bar's place while open (FindBar.swift).
    let findBar = FindBar()
    /// The current page's zoom (PageZoomer.swift); the window shows its level in the main menu.
    public let zoom = PageZoomer()
    /// F11 and pages' own fullscreen (FullscreenMode.swift).
    public let fullscreen = FullscreenMode()
    /// Files pages send to be saved (Downloads.swift).
    public lazy var downloads = Downloads { [weak self] in self?.downloadReported($0) }
    /// What the last layout placed on screen, for drawing (BrowserView+Layout.swift).
    var laidOut = LaidOut()
    /// The last Tab pressed, to know which way focus was leaving the page.
    var lastTab = LastTabKey()
    let addressSearch = AddressSearchState()
    /// Which background tabs give up their web view (BrowserView+Suspension.swift).
    lazy var suspender = TabSuspender(browser: self)

    /// `joinsSession`: a window opened after the main one, which restores no tabs of its own; its
    /// tabs are saved with the main window's.
    public init(sandbox: WebSandbox.Status, ephemeral: Bool = false, persistence: BrowserPersistence? = nil, joinsSession: Bool = false) {
        services = BrowserServices(sandbox: sandbox, isPrivate: ephemeral, persistence: persistence)
        suggestions.icons = services.siteIcons
        pager = AddressBarPager(tabs: TabList(), containerWidth: 800)
        root = Canvas(role: .group, label: "Browser") { _, _, _ in }
        pagesArea = Canvas(role: .list, label: "Tabs") { _, _, _ in }
        barsArea = Canvas(role: .group, label: "Address bars") { _, _, _ in }
        newTabPage = Canvas(role: .listItem, label: "New Tab") { _, _, _ in }
        root.hexpand = true
        root.vexpand = true
        root.clipsContent = true
        pagesArea.clipsContent = true
        root.addCSSClass("skiff-browser")
        for child in [pagesArea, noticeBanner.root, barsArea, toolbar.row, toolbar.cancel, suggestions.root] as [Widget] { root.addChild(child) }
        root.addChild(findBar.root)
        root.addChild(tabOverview.root)
        pagesArea.addChild(newTabPage)
        barsArea.addChild(newTabBar.canvas)
        root.onDraw { [weak self] s, w, h in self?.drawRoot(s, width: w, height: h) }
        // Tab reads like the screen: the page, its address, what rises over it while editing, the
        // toolbar. Only the current tab's page and bar take part; the others are off to the side.
        root.setFocusOrder { [weak self] in
            guard let self else { return [] }
            return [self.pagesArea, self.barsArea, self.findBar.root, self.suggestions.root, self.toolbar.cancel, self.toolbar.row, self.tabOverview.root]
        }
        pagesArea.setFocusOrder { [weak self] in
            guard let self, let page = self.currentPage else { return [] }
            return [page.root]
        }
        barsArea.setFocusOrder { [weak self] in
            guard let self, let bar = self.bars[self.pager.tabs.current.id] else { return [] }
            return [bar.canvas]
        }
        newTabPage.onDraw { [weak newTabPage] snapshot, w, h in
            guard let newTabPage else { return }
            snapshot.fill(Rect(x: 0, y: 0, width: w, height: h), color: newTabPage.themeColors.window)
        }
        pagesArea.onDraw { [weak self] s, _, _ in self?.drawPages(s) }
        barsArea.onDraw { [weak self] s, _, _ in self?.drawBars(s) }
        root.onAllocate { [weak self] w, h in self?.layoutRoot(width: Double(w), height: Double(h)) }
        pagesArea.onAllocate { [weak self] w, h in self?.layoutPages(width: Double(w), height: Double(h)) }
        barsArea.onAllocate { [weak self] w, h in self?.layoutBars(width: Double(w), height: Double(h)) }
        ticker = FrameTicker(widget: root)
        connectToolbar()
        installPagerInput()
        installScrollObservers()
        installEditing()
        watchTopHistory()
        if let session {
            downloads.watch(session, isShared: !ephemeral) { [weak self] download in
                guard let page = self?.pages.values.first(where: { $0.webView.map(download.belongs) ?? false }) else { return nil }
                return Downloads.Origin(byUser: page.lastNavigationByUser, site: URL(string: page.state.uri ?? "")?.host ?? "This page")
            }
        }
        noticeBanner.onAction = { [weak self] in self?.perform($0) }
        downloads.retryView = { [weak self] in self?.webView }
        findBar.onLayoutChanged = { [weak self] in self?.findBarChanged() }
        zoom.installWheel(on: pagesArea) { [weak self] in self?.webView }
        fullscreen.onChange = { [weak self] in self?.fullscreenChanged() }
        fullscreen.focusIsInChrome = { [weak self] in
            guard let self else { return false }
            return [self.barsArea, self.findBar.root, self.suggestions.root, self.toolbar.cancel, self.toolbar.row].contains { $0.containsFocus }
        }
        zoom.installPinch(on: pagesArea) { [weak self] in self?.webView }
        zoom.sites = self.persistence?.siteZoom ?? SiteZoomKeeper.inMemory()
        zoom.pages = { [weak self] in self?.pages.values.compactMap(\.webView) ?? [] }

        if joinsSession, let persistence = self.persistence {
            persistence.join(self)
            addPage(for: pager.tabs.current)
        } else if !restoreSession() {
            let first = pager.tabs.current
            addPage(for: first)
        }
        if session == nil { toolbar.disableNavigation() }
        render()
    }

    // MARK: Tabs

    var logger: Logger { Self.logger }
    static let logger = Logger(label: "skiff.browser")
    var notices: NoticeBoard {
        get { noticeBanner.board }
        set { noticeBanner.board = newValue }
    }

    /// Where words typed into the address bar go.
    public var searchEngine: SearchEngine {
        get { preferences.searchEngine }
        set { preferences.searchEngine = newValue }
    }
    /// Inspect Element in the page's menu (PageContextMenu.swift).
    public var developerTools: Bool {
        get { preferences.developerTools }
        set { preferences.developerTools = newValue }
    }

    public var isPrivate: Bool { services.isPrivate }
    public var permissions: PagePermissions { services.permissions }
    var sandbox: WebSandbox.Status { services.sandbox }
    var session: NetworkSession? { services.session }
    var persistence: BrowserPersistence? { services.persistence }
    var siteIcons: SiteIcons { services.siteIcons }
    var printing: PagePrinting { services.printing }
    var closedTabs: ClosedTabsKeeper { services.closedTabs }
    var favourites: FavouritesKeeper { services.favourites }

    public var backButton: Button { toolbar.back }
    public var forwardButton: Button { toolbar.forward }
    public var reloadButton: Button { toolbar.reload }
    public var tabsButton: Button { toolbar.tabs }
    public var newTabButton: Button { toolbar.newTab }

    public var currentPage: TabPage? { pages[pager.tabs.current.id] }
    public var state: PageState { currentPage?.state ?? PageState() }
    public var webView: WebView? { currentPage?.webView }
    public var addressEntry: Entry { bars[pager.tabs.current.id]?.entry ?? newTabBar.entry }
    public var crashBannerIsShown: Bool { currentPage?.crashBanner.isShown ?? false }
    public var tabCount: Int { pager.tabs.count }
    public var currentTabIndex: Int { pager.tabs.currentIndex }
    public var tabTitles: [String] { pager.tabs.tabs.map(\.title) }
    /// What each tab's address bar shows, in tab order (the text a screen reader reads in it).
    public var addressBarTexts: [String] { pager.tabs.tabs.compactMap { bars[$0.id]?.entry.text } }
    public var toolbarState: ToolbarState { collapse.state }
    public var isToolbarCollapsed: Bool { collapse.isCollapsed }
    public var isEditingAddress: Bool { editing.isEditing }
    public var suggestionTitles: [String] { suggestions.titles }
    public var suggestionHeadings: [String] { suggestions.headingTexts }
    /// The suggestions list itself (tests read what GTK presents of it to assistive technology).
    public var suggestionsList: Widget { suggestions.root }
    /// The current tab's bar in `ancestor`'s coordinates (tests aim real pointer input at it).
    public func currentBarFrame(in ancestor: Widget) -> Rect? {
        guard let bar = bars[pager.tabs.current.id], let origin = bar.canvas.origin(in: ancestor) else { return nil }
        return Rect(x: origin.x, y: origin.y, width: Double(bar.canvas.width), height: Double(bar.canvas.height))
    }
    /// Every tab's bar entry, in tab order (accessible names and descriptions for tests).
    public var barEntries: [Entry] { pager.tabs.tabs.compactMap { bars[$0.id]?.entry } }
    public var isAnimating: Bool { ticker?.isRunning ?? false }

    /// Opens an address from outside (the command line): in the current tab if it is blank,
    /// else in a new tab, so restored tabs are never replaced.
    public func open(_ typed: String) {
        if let page = currentPage, page.state.uri != nil || page.state.requestedURI != nil {
            newTab()
        }
        load(typed)
    }

    @discardableResult
    func addPage(for tab: BrowserTab, suspendedAs kept: SuspendedPage? = nil, opened: WebView? = nil) -> TabPage {
        let page = TabPage(id: tab.id, session: session, sandbox: sandbox, suspendedAs: kept, opened: opened)
        page.delegate = self
        page.passwords.policy = permissions
        pages[tab.id] = page
        pagesArea.addChild(page.root)
        let bar = AddressBarView(tabID: tab.id)
        bars[tab.id] = bar
        barsArea.addChild(bar.canvas)
        connectBar(bar)
        bar.security.onPress = { [weak self] in self?.barPress.takenByControl() }
        siteBlocking.attach(page, security: bar.security)
        bar.security.readBlocking = { [weak self, weak page] in page.flatMap { self?.siteBlocking.choice(for: $0) } }
        bar.security.onAllowAdsAndTrackers = { [weak self] allowed, site in self?.siteBlocking.set(allowed: allowed, on: site) }
        connectContextMenu(of: page)
        bar.setTitle(tab.title)
        // Without a sandbox there are no pages to address: nothing to type into.
        if page.webView == nil { bar.entry.isSensitive = false }
        if page.isSuspended { suspender.openedSuspended(tab.id) } else { suspender.opened(tab.id) }
        return page
    }

    func removePage(id: UUID) {
        suspender.closed(id)
        if let page = pages.removeValue(forKey: id) {
            page.delegate = nil
            page.webView?.stopLoading()
            pagesArea.removeChild(page.root)
        }
        if let bar = bars.removeValue(forKey: id) { barsArea.removeChild(bar.canvas) }
    }

    // MARK: Commands (buttons, keyboard and the command line all come here)

    /// Loads what the user typed: a URL, a host, a path or a search. `javascript:` is refused.
    public func load(_ typed: String) {
        guard let page = currentPage, page.webView != nil else { return }
        switch AddressInput.resolve(typed, searchEngine: searchEngine) {
        case .none:
            return
        case .some(let resolution):
            guard let uri = resolution.uri else {
                if case .refused(let message) = resolution { showNotice(message) }
                return
            }
            endEditing(commit: true)
            noteTypedNavigation()
            page.load(uri: uri, httpFallback: resolution.httpFallbackURI)
            page.webView?.grabFocus()
        }
        render()
    }

    /// Feeds an event to the current tab as if its web view had reported it (the benchmark's
    /// synthetic loading line).
    public func apply(_ event: PageEvent) { currentPage?.apply(event) }

    public func goBack() { currentPage?.goBack() }
    public func goForward() { currentPage?.goForward() }
    public func reload() { currentPage?.reload() }
    public func stop() { currentPage?.stop() }

    // MARK: The frame loop

    var now: TimeInterval { FrameTicker.now(for: root) }

    /// Asks for frames until every model has settled.
    func animate() {
        // Setting these to false finishes what is in flight, so only on a change of the setting.
        let enabled = Widget.animationsEnabled
        if pager.animationsEnabled != enabled { pager.animationsEnabled = enabled }
        if collapse.animationsEnabled != enabled { collapse.animationsEnabled = enabled }
        if editing.animationsEnabled != enabled { editing.animationsEnabled = enabled }
        root.queueAllocate()
        barsArea.queueAllocate()
        pagesArea.queueAllocate()
        guard let ticker, !ticker.isRunning else { return }
        ticker.start { [weak self] now in self?.frame(now: now) ?? false }
    }

    private func frame(now: TimeInterval) -> Bool {
        let pagerMoving = pager.tick(now: now)
        let collapseMoving = collapse.tick(now: now)
        let editingMoving = editing.tick(now: now)
        for event in scrollPan.tick(now: now) { collapse.handle(event, now: now) }
        root.queueAllocate()
        barsArea.queueAllocate()
        pagesArea.queueAllocate()
        root.queueDraw()
        return pagerMoving || collapseMoving || editingMoving || scrollPan.isPanning || barPress.isActive
    }

    // MARK: Model → widgets

    func render() {
        let s = state
        toolbar.show(s, tabCount: pager.tabs.count)
        let barTexts = AddressEditing.barTexts(for: pager.tabs.tabs.map { tab in
            let state = pages[tab.id]?.state
            return (uri: state.flatMap { $0.uri ?? $0.requestedURI } ?? tab.uri, title: state?.title ?? tab.title)
        })
        for (tab, shown) in zip(pager.tabs.tabs, barTexts) {
            guard let bar = bars[tab.id], let page = pages[tab.id] else { continue }
            let editingThis = editing.isEditing && tab.id == pager.tabs.current.id
            if !editingThis, bar.entry.text != shown { bar.entry.text = shown }
            bar.showSecurity(of: page, editing: editingThis)
            bar.showStar(of: page, bookmarks: bookmarks.tree, editing: editingThis)
            bar.setTitle(page.state.title ?? "")
            updateStartPage(page)
            page.root.setAccessibleLabel(page.state.title.flatMap { $0.isEmpty ? nil : $0 } ?? "New Tab")
            bar.progress.update(progress: page.state.progress, isLoading: page.state.isLoading)
        }
        delegate?.browserView(self, didChangeTitle: s.windowTitle)
        tabOverview.browserRendered()
        findBar.pageChanged(to: webView)
        zoom.pageChanged(to: webView)
        fullscreen.pageChanged(to: webView)
    }

    /// A blank tab (nothing loaded or asked for) shows the start page; any navigation hides it.
    func updateStartPage(_ page: TabPage) {
        let blank = page.webView != nil && page.state.uri == nil && page.state.requestedURI == nil
        guard blank else { return page.hideStartPage() }
        let content = StartPage(favourites: favourites.list, history: isPrivate ? [] : (persistence?.topHistory ?? []),
                                closed: closedTabs.list, now: Date())
        page.showStartPage(content, icons: siteIcons) { [weak self, weak page] uri in
            // A closed tab comes back with its back/forward list and scroll position, in this tab.
            if let self, let page, let closed = self.closedTabs.reopen(uri: uri) {
                page.restore(closed)
                self.render()
            } else {
                self?.load(uri)
            }
        }
        page.startPage?.onFavourite = { [weak self] request in self?.handle(request) }
    }

    /// A short message over the current page about what was typed (a refused address): it goes
    /// with the page's next event.
    func showNotice(_ message: String) {
        currentPage?.crashBanner.show(message, offersReload: false)
        logger.notice("\(message)")
    }

    /// A notice about the browser's own data: stays, whatever the pages do, until dismissed.
    func inform(_ message: String) {
        notices.inform(message)
        logger.notice("\(message)")
        renderNotices()
    }

    /// Saving started failing (a reason) or works again (nil): the notice stays while it fails.
    func savingFailed(because problem: String?) {
        notices.saving(failedBecause: problem)
        if let problem { logger.error("saving failed: \(problem)") } else { logger.notice("saving works again") }
        renderNotices()
    }

    func downloadReported(_ event: Downloads.Event) {
        switch event {
        case .finished(let text, let path):
            notices.downloaded(text, actions: [.init("Open", .openFile(path: path)), .init("Show in Folder", .showInFolder(path: path))])
            logger.notice("\(text)")
            renderNotices()
        case .failed(let text):
            inform(text)
        case .ask(let text, let id):
            notices.ask(text, actions: [.init("Save", .saveDownload(id: id)), .init("Cancel", .refuseDownload(id: id))])
            renderNotices()
        case .withdrawn(let id):
            notices.answered(.init("Cancel", .refuseDownload(id: id)))
            renderNotices()
        case .resolved(let text):
            notices.withdraw(text)
            renderNotices()
        }
    }

    /// The find bar opened or closed: it takes the bars' strip, so the toolbar must be out.
    func findBarChanged() {
        if findBar.isOpen, collapse.isCollapsed { collapse.expand(now: now); animate() }
        root.queueAllocate()
        root.queueDraw()
    }

    /// Fullscreen came or went, or its chrome was brought back or hidden: shown or hidden at once
    /// (a key about to focus the address bar needs it now), laid out on the next frame.
    func fullscreenChanged() {
        showChrome(!fullscreen.hidesChrome)
        root.queueAllocate()
        root.queueDraw()
    }

    func tabPage(_ page: TabPage, entersFullscreen view: WebView) -> Bool {
        fullscreen.pageAsksToEnter(view, isShown: page === currentPage)
    }

    func tabPage(_ page: TabPage, leftFullscreen view: WebView) { fullscreen.pageLeft(view) }

    func perform(_ action: NoticeBoard.Action) {
        switch action.effect {
        case .saveDownload(let id), .refuseDownload(let id):
            notices.answered(action)
            renderNotices()
            if case .saveDownload = action.effect { downloads.answer(id: id, save: true) } else { downloads.answer(id: id, save: false) }
        case .openFile(let path):
            if let problem = FileLauncher.open(path) { inform("“\((path as NSString).lastPathComponent)” could not be opened: \(problem).") }
        case .showInFolder(let path):
            FileLauncher.showInFolder(path) { [weak self] problem in
                if let problem { self?.inform("The folder could not be shown: \(problem).") }
            }
        }
    }

    func dismissNotice() {
        if notices.dismissCurrent() { renderNotices() }
    }

    func renderNotices() {
        noticeBanner.show(notices.current)
        root.queueAllocate()
        root.queueDraw()
    }

    /// The notice being shown, as its label reads (nil when none is on screen).
    public var noticeText: String? {
        noticeBanner.isShown && noticeBanner.root.isMapped ? noticeBanner.message.text : nil
    }
    /// Whether the notice shown can be dismissed (it has a Dismiss button on screen).
    public var noticeIsDismissible: Bool { noticeBanner.dismissButton.isVisible && noticeBanner.dismissButton.isMapped }
    /// The notice's Dismiss button (tests aim real clicks at it).
    public var noticeDismissButton: Widget { noticeBanner.dismissButton }
    /// The notice's own button labelled `label` (Open, Save…), for tests that click it.
    public func noticeButton(_ label: String) -> Widget? { noticeBanner.actionButtons.first { $0.label == label } }
}
