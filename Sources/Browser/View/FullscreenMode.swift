import BrowserModel
import Gtk

/// Fullscreen: F11 and the menu make the window cover the screen with the bars and toolbar out of
/// the way, back while the pointer is at the bottom edge or the focus is in them (Ctrl+L, Tab from
/// the page); a page's own fullscreen fills the window with no chrome. Renders `FullscreenChrome`
/// and performs its effects on the window (docs/browser.md, "Fullscreen").
@MainActor
public final class FullscreenMode {
    private(set) var model = FullscreenChrome()
    private weak var window: Window?
    /// The page whose element is fullscreen (asked to leave on F11).
    private weak var page: WebView?
    /// The chrome appeared or went: the browser lays out again.
    var onChange: (@MainActor () -> Void)?
    /// Whether the keyboard focus is in the browser's chrome.
    var focusIsInChrome: (@MainActor () -> Bool)?

    public var isFullscreen: Bool { model.isFullscreen }
    var hidesChrome: Bool { model.hidesChrome }

    /// Follows `window`'s state and the pointer over it, whose chrome takes the bottom
    /// `chromeHeight()` when shown.
    func install(on window: Window, pointerOver browser: Widget, chromeHeight: @escaping @MainActor () -> Double) {
        self.window = window
        window.onFullscreenChanged { [weak self, weak window] in
            guard let self, let window, !window.isFullscreen else { return }
            self.update { $0.windowLeftFullscreen() }
        }
        window.onFocusChanged { [weak self] in
            guard let self, self.model.isFullscreen else { return }
            let inChrome = self.focusIsInChrome?() ?? false
            self.update { $0.focusInChrome(inChrome) }
        }
        // On the window, not the browser: the screen's last pixels may be the window's own edge
        // (its resize border, where there is no window manager's frame), below the browser.
        let motion = EventControllerMotion()
        motion.phase = .capture
        motion.onMotion { [weak self, weak browser, weak window] _, y in
            guard let self, let browser, let window, self.model.mode == .user,
                  let origin = browser.origin(in: window) else { return }
            let height = Double(browser.height)
            self.update { $0.pointerMoved(y: y - origin.y, height: height, chromeHeight: chromeHeight()) }
        }
        window.addController(motion)
    }

    /// F11, the menu.
    public func toggle() { apply { $0.toggle() } }

    /// Escape once nothing else wanted it: true when it left fullscreen.
    func escape() -> Bool {
        var left = false
        apply {
            guard let effects = $0.escape() else { return [] }
            left = true
            return effects
        }
        return left
    }

    /// A key is about to put the focus in the chrome: it is shown first, so it can take it.
    func revealForKeyboard() {
        guard model.mode == .user else { return }
        update { $0.focusInChrome(true) }
    }

    /// "enter-fullscreen" from a tab's page: only the page on screen may (true refuses).
    func pageAsksToEnter(_ view: WebView, isShown: Bool) -> Bool {
        guard isShown else { return true }
        page = view
        update { $0.pageEntered() }
        return false
    }

    /// The browser shows `view` now: a page fullscreen in a tab left behind is asked to leave.
    func pageChanged(to view: WebView?) {
        guard model.mode == .page, let page, page !== view else { return }
        page.evaluate("document.exitFullscreen()") { _ in }
    }

    func pageLeft(_ view: WebView) {
        guard view === page else { return }
        page = nil
        apply { $0.pageLeft() }
    }

    private func apply(_ change: (inout FullscreenChrome) -> [FullscreenChrome.Effect]) {
        let before = model
        for effect in change(&model) {
            switch effect {
            case .fullscreenWindow: window?.fullscreen()
            case .unfullscreenWindow: window?.unfullscreen()
            case .exitPage: page?.evaluate("document.exitFullscreen()") { _ in }
            }
        }
        if model != before { onChange?() }
    }

    private func update(_ change: (inout FullscreenChrome) -> Void) {
        apply { (model: inout FullscreenChrome) -> [FullscreenChrome.Effect] in
            change(&model)
            return []
        }
    }
}
