import Browser
import BrowserModel
import Foundation
import Gtk
import Home
import HomeModel
import Today

/// The window: a header bar with the section switcher over a stack of sections.
@MainActor
public final class MainWindow: BrowserViewDelegate {
    public let window: Window
    public let stack = Stack()
    public let browser: BrowserView
    public let today: TodayView
    public let home: HomeView
    /// What is remembered between launches (nil in tests and private windows: nothing is).
    let settings: SkiffSettings?

    /// Builds the window's content into `window` (an ApplicationWindow in the app, a plain one in tests).
    public init(window: Window, options: Options, sandbox: WebSandbox.Status, persistence: BrowserPersistence? = nil,
                settings: SkiffSettings? = nil) {
        self.window = window
        self.settings = settings
        window.title = "Skiff"
        window.setIconName(SkiffApplication.id)
        // The size given on the command line, else the one it had when last closed.
        let size = options.windowSizeArgument ?? settings?.windowSize ?? options.windowSize
        window.setDefaultSize(width: size.width, height: size.height)
        if options.windowSizeArgument == nil, settings?.windowMaximized == true { window.maximize() }

        browser = BrowserView(sandbox: sandbox, ephemeral: options.isPrivate, persistence: persistence)
        if options.isPrivate { window.addCSSClass("skiff-private") }
        if let search = options.search { browser.searchEngine = search.engine }
        stack.setCrossfade()
        stack.addTitled(browser.root, name: Section.browser.rawValue, title: Section.browser.title)
        today = TodayView(source: options.todayFeedSource)
        stack.addTitled(today.root, name: Section.today.rawValue, title: Section.today.title)
        home = HomeView(source: HomeWiring.source(options: options), initialTab: settings?.homeTab ?? .home,
                        makeTabRoot: { tab, navigator in HomeWiring.makeTabRoot(tab, navigator, options: options) },
                        makeHistory: { HomeWiring.makeHistory(options: options) })
        stack.addTitled(home.root, name: Section.home.rawValue, title: Section.home.title)
        home.onTabChanged = { [weak settings] tab in settings?.homeTab = tab }

        let header = HeaderBar()
        let switcher = StackSwitcher(stack: stack)
        switcher.addCSSClass("skiff-section-switcher")
        switcher.setAccessibleLabel("Sections")
        header.packStart(switcher)
        window.setTitlebar(header)
        window.setChild(stack)

        stack.visibleChildName = options.section.rawValue
        browser.delegate = self
        browser.installShortcuts(on: window)
        window.title = browser.state.windowTitle
    }

    public func installAppShortcuts(quit: @escaping @MainActor () -> Void, newPrivateWindow: @escaping @MainActor () -> Void = {}) {
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("<Control>q") { quit(); return true }
        shortcuts.add("<Control><Shift>n") { newPrivateWindow(); return true }
        window.addController(shortcuts)
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
        let shown = browser.isPrivate ? "\(title) (Private)" : title
        if window.title != shown { window.title = shown }
    }
}
