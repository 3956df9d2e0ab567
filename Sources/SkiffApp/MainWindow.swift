import Browser
import BrowserModel
import FeedStore
import Foundation
import Gtk
import Home
import HomeModel
import Stars
import Today

/// The window: a header bar with the section switcher over a stack of sections.
@MainActor
public final class MainWindow: BrowserViewDelegate {
    public let window: Window
    public let stack = Stack()
    public let browser: BrowserView
    /// Today, Home and Stars are built the first time they are shown (or asked for): the first
    /// frame waits for nothing but the browser. See "Start-up" in docs/performance.md.
    public var today: TodayView { sections.today }
    public var home: HomeView { sections.home }
    public var stars: StarsView { sections.stars }
    let sections: LazySections
    /// What is remembered between launches (nil in tests and private windows: nothing is).
    let settings: SkiffSettings?
    /// The section switcher in the header.
    public let switcher: StackSwitcher
    /// The window's commands as named actions ("win.new-tab").
    public let actions = ActionGroup()
    public internal(set) var menuButton: MenuButton?
    /// Refresh, in the header while Today is on screen (the `today-refresh` action, as F5 is).
    public let refreshButton = Button(iconName: "view-refresh-symbolic", accessibleLabel: "Refresh Feeds")
    /// Today's view: all articles, unread, starred (with their counts), beside Refresh: an icon, so
    /// the header still fits a 600-px window; the icon is the view's.
    public let viewChooser = MenuButton(iconName: ArticleView.all.iconName, accessibleLabel: "Articles to Show",
                                        menu: MenuModel(), primary: false)
    /// The header's title (the window's) and, on Today, when the feeds were last updated under it.
    let titleLabel = Label()
    let subtitleLabel = Label()
    /// Turns "Updated 4 minutes ago" into "5 minutes ago" while the window is open.
    private var subtitleTimer: RepeatingTimer?
    /// The view chosen, as a radio choice the chooser's menu marks ("win.today-view::unread",
    /// "win.today-view::feed:12"; `ArticleSelection.rawValue`).
    let viewChoice = StringAction(name: "today-view", state: ArticleSelection.all.rawValue)
    /// Today's views as the sidebar and the chooser's menu last listed them.
    var viewChoices: [ArticleSelectionChoice] = []
    var appCommands: [KeyboardCommand] = []
    /// Windows opened from the menu, kept while they are open.
    public internal(set) var shortcutsWindow: Window?
    public internal(set) var aboutWindow: AboutWindow?
    var preferencesWindow: PreferencesWindow?
    public internal(set) var historyWindow: BrowsingHistoryWindow?
    public internal(set) var bookmarksWindow: BookmarksWindow?
    var addFeedDialog: AddFeedDialog?
    var subscriptionsWindow: SubscriptionsWindow?
    /// Whether the Browser's page names a feed ("Subscribe in Today").
    let pageFeeds = PageFeedDiscovery()

    /// Builds the window's content into `window` (an ApplicationWindow in the app, a plain one in tests).
    /// `joinsSession`: a window opened after the main one (its tabs are saved with the main window's).
    /// `standIns`: data the sections read instead of their files (skiff-bench, tests).
    public init(window: Window, options: Options, sandbox: WebSandbox.Status, persistence: BrowserPersistence? = nil,
                settings: SkiffSettings? = nil, joinsSession: Bool = false, standIns: StandIns = StandIns()) {
        self.window = window
        self.settings = settings
        window.title = "Skiff"
        // The icon is an SVG that GTK reads through librsvg when the window is realized, ~10 million
        // instructions the first frame does not show (docs/performance.md "Start-up").
        FrameTicker.afterNextFrame(of: window) { [weak window] in window?.setIconName(SkiffApplication.id) }
        // The size given on the command line, else the one it had when last closed.
        let size = options.windowSizeArgument ?? settings?.windowSize ?? options.windowSize
        window.setDefaultSize(width: size.width, height: size.height)
        if options.windowSizeArgument == nil, settings?.windowMaximized == true { window.maximize() }

        // Before the first tab: its filters start loading from the cache folder now (docs/content-blocking.md).
        ContentBlocker.shared.isEnabled = settings?.blocksAdsAndTrackers ?? true
        browser = BrowserView(sandbox: sandbox, ephemeral: options.isPrivate, persistence: persistence, joinsSession: joinsSession)
        if options.isPrivate { window.addCSSClass("skiff-private") }
        if let search = options.search {
            browser.searchEngine = search.engine
        } else if let template = settings?.searchTemplate, let engine = PreferencesWindow.engine(template: template) {
            browser.searchEngine = engine
        }
        browser.developerTools = settings?.developerTools ?? false
        browser.zoom.textOnly = settings?.zoomTextOnly ?? false
        browser.downloads.asksWhereToSave = settings?.askWhereToSave ?? false
        stack.setCrossfade()
        stack.addTitled(browser.root, name: Section.browser.rawValue, title: Section.browser.title)
        sections = LazySections(options: options, settings: settings, standIns: standIns)
        for section in [Section.today, .home, .stars] {
            stack.addTitled(sections.slot(section), name: section.rawValue, title: section.title)
        }

        let header = HeaderBar()
        switcher = StackSwitcher(stack: stack)
        switcher.addCSSClass("skiff-section-switcher")
        switcher.setAccessibleLabel("Sections")
        header.packStart(switcher)
        let titles = Box(.vertical)
        titles.valign = .center
        titleLabel.addCSSClass("title")
        subtitleLabel.addCSSClass("subtitle")
        for label in [titleLabel, subtitleLabel] {
            label.ellipsizeAtEnd()
            titles.append(label)
        }
        subtitleLabel.isVisible = false
        header.setTitleWidget(titles)
        subtitleTimer = RepeatingTimer(milliseconds: 30_000) { [weak self] in self?.updateSubtitle() }
        installCommands(header: header)
        refreshButton.actionName = "win.today-refresh"
        refreshButton.tooltip = "Refresh Feeds (F5)"
        header.packEnd(refreshButton)
        installViewChooser(header: header)
        installPageFeeds()
        window.setTitlebar(header)
        window.setChild(stack)

        sections.connectToday = { [weak self] today in
            today.host.onOpenLink = { link in self?.openInBrowser(link) }
            self?.connectSidebar(of: today)
        }
        sections.onAddFeed = { [weak self] in self?.showAddFeed() }
        sections.onUnreadCount = { [weak self] count in self?.showUnreadCount(count) }
        sections.onTodayUpdated = { [weak self] in self?.updateSubtitle() }
        // --subscribe and --import-opml show Today, where the new feeds are.
        let subscribing = options.subscribe != nil || options.importOPML != nil
        stack.visibleChildName = subscribing ? Section.today.rawValue : options.section.rawValue
        if options.section == .stars { stars.focusField() }
        browser.delegate = self
        browser.installShortcuts(on: window)
        stack.onVisibleChildChanged { [weak self] in self?.sectionChanged() }
        window.onFocusChanged { [weak self] in self?.keepFocusOnScreen() }
        sectionChanged()
        if let address = options.subscribe { subscribe(fromCommandLine: address) }
        if let file = options.importOPML { importOPML(fromCommandLine: file) }
        if sections.todayFeeds == nil, options.feed == nil, standIns.todayFeed == nil, let database = TodayFeeds.databaseURL(options: options) {
            StartUpUnreadCount.read(databaseURL: database, after: window) { [weak self] count in
                // Once Today is made, its own count (kept up to date) is the one shown.
                guard let self, self.sections.todayFeeds == nil else { return }
                self.showUnreadCount(count)
            }
        }
    }

    /// An address from another section (a story's "Open in Browser"): a new tab unless the current
    /// one is blank, and the Browser shown.
    func openInBrowser(_ link: URL) {
        browser.open(link.absoluteString)
        stack.visibleChildName = Section.browser.rawValue
    }

    /// What the stack shows for `section`.
    private func root(of section: Section) -> Widget { section == .browser ? browser.root : sections.slot(section) }

    /// The keys go to the section on screen. A section behind it may still ask for the focus: WebKit
    /// keeps a focus request made while its view is hidden (the page of `skiff --section today URL`
    /// loading behind Today) and takes the focus when the page is ready; every key would then go to a
    /// page nobody sees. GtkStack moves the focus only out of the child it hides.
    private func keepFocusOnScreen() {
        guard stack.containsFocus else { return }
        let shown = root(of: visibleSection)
        guard !shown.containsFocus else { return }
        if !shown.focusInto() { window.setFocus(nil) }
    }

    /// The section on screen, read from the stack (the switcher, a shortcut or code may change it).
    public var visibleSection: Section {
        stack.visibleChildName.flatMap(Section.init(rawValue:)) ?? .browser
    }

    private func sectionChanged() {
        sections.build(visibleSection)
        updateTitle()
        // The browser's commands act on the browser only while it is on screen: disabled actions
        // leave their keys (F5, Alt+Left, Ctrl+W…) to the section that is.
        let browsing = visibleSection == .browser
        for command in browser.commands.commands { actions[command.name]?.isEnabled = browsing }
        for command in homeCommands.commands { actions[command.name]?.isEnabled = visibleSection == .home }
        actions["today-search"]?.isEnabled = visibleSection == .today
        actions["today-refresh"]?.isEnabled = visibleSection == .today
        refreshButton.isVisible = visibleSection == .today
        showViewChooser()
        keepFocusOnScreen()
    }

    /// The title follows the visible section: the page's title for the Browser, the section's name
    /// otherwise (a window showing Today must not say "Can't Open Page").
    private func updateTitle() {
        let title: String
        switch visibleSection {
        case .browser: title = browser.state.windowTitle
        default: title = "\(visibleSection.title) — Skiff"
        }
        let shown = browser.isPrivate ? "\(title) (Private)" : title
        if window.title != shown { window.title = shown }
        if titleLabel.text != shown { titleLabel.text = shown }
        updateSubtitle()
    }

    /// Under the title on Today: "Updating…" or "Updated 5 minutes ago" (nothing before any fetch
    /// worked, nor in other sections).
    func updateSubtitle() {
        let text = visibleSection == .today ? sections.todayFeeds?.updatedText(now: Date()) : nil
        if subtitleLabel.text != (text ?? "") { subtitleLabel.text = text ?? "" }
        subtitleLabel.isVisible = text != nil
    }

    /// Remembers the window's size for the next launch (when it is not maximized: then the size
    /// to return to is kept).
    public func saveState() {
        guard let settings else { return }
        settings.windowMaximized = window.isMaximized
        if !window.isMaximized {
            let size = window.currentSize
            if let remembered = WindowSize(argument: "\(size.width)x\(size.height)") { settings.windowSize = remembered }
        }
        settings.sync()
    }

    public func browserView(_ view: BrowserView, didChangeTitle title: String) {
        updateTitle()
        pageFeeds.pageChanged(webView: browser.webView, state: browser.state)
    }

    /// Shift+Tab out of the page goes to the section switcher, which precedes the browser.
    public func browserViewFocusLeftPageBackward(_ view: BrowserView) -> Bool {
        switcher.focusInto(forward: false)
    }
}
