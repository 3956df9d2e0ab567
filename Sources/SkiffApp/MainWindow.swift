import Browser
import BrowserModel
import Foundation
import Gtk
import Stars
import Today

/// The window: a header bar with the section switcher over a stack of sections.
@MainActor
public final class MainWindow: BrowserViewDelegate {
    public let window: Window
    public let stack = Stack()
    public let browser: BrowserView
    public let today: TodayView
    public let stars: StarsView

    /// Builds the window's content into `window` (an ApplicationWindow in the app, a plain one in tests).
    public init(window: Window, options: Options, sandbox: WebSandbox.Status, persistence: BrowserPersistence? = nil) {
        self.window = window
        window.title = "Skiff"
        window.setIconName(SkiffApplication.id)
        window.setDefaultSize(width: options.windowSize.width, height: options.windowSize.height)

        browser = BrowserView(sandbox: sandbox, ephemeral: options.isPrivate, persistence: persistence)
        if options.isPrivate { window.addCSSClass("skiff-private") }
        if let search = options.search { browser.searchEngine = search.engine }
        stack.setCrossfade()
        stack.addTitled(browser.root, name: Section.browser.rawValue, title: Section.browser.title)
        today = TodayView(source: options.todayFeedSource)
        stack.addTitled(today.root, name: Section.today.rawValue, title: Section.today.title)
        stars = StarsView(skyFile: Resources.starsData)
        stack.addTitled(stars.root, name: Section.stars.rawValue, title: Section.stars.title)

        let header = HeaderBar()
        let switcher = StackSwitcher(stack: stack)
        switcher.addCSSClass("skiff-section-switcher")
        switcher.setAccessibleLabel("Sections")
        header.packStart(switcher)
        window.setTitlebar(header)
        window.setChild(stack)

        stack.visibleChildName = options.section.rawValue
        if options.section == .stars { stars.focusField() }
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

    public func browserView(_ view: BrowserView, didChangeTitle title: String) {
        let shown = browser.isPrivate ? "\(title) (Private)" : title
        if window.title != shown { window.title = shown }
    }
}
