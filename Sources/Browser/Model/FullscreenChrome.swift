/// Fullscreen (F11, the menu, or a page's own `requestFullscreen()`): whether the window is asked to
/// cover the screen and whether the bars and toolbar are shown, decided here (docs/browser.md,
/// "Fullscreen"). The view feeds it the keys, the pointer, the focus and WebKit's signals, and
/// performs the effects on the window.
public struct FullscreenChrome: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case windowed
        /// F11 or the menu: the page fills the window; the chrome comes back at the bottom edge.
        case user
        /// A page's element fills the window: no chrome at all until it leaves.
        case page
    }

    public enum Effect: Equatable, Sendable {
        case fullscreenWindow, unfullscreenWindow
        /// Ask the page's element to leave (WebKit then restores the window).
        case exitPage
    }

    /// How close to the window's bottom edge, in pixels, the pointer brings the chrome back.
    public static let revealEdge = 4.0

    public private(set) var mode = Mode.windowed
    /// The page's fullscreen began over F11's: leaving it returns there, not to a window.
    private var pageOverUser = false
    private var pointerRevealed = false
    private var pointerInChrome = false
    private var focusInChrome = false

    public init() {}

    public var isFullscreen: Bool { mode != .windowed }
    /// The chrome shows over the page in user fullscreen (pointer at the edge or focus in it).
    public var chromeRevealed: Bool { mode == .user && (pointerRevealed || focusInChrome) }
    /// The bars and toolbar are out of the way (not shown, not read out, not focusable).
    public var hidesChrome: Bool { mode != .windowed && !chromeRevealed }

    /// F11 or the menu.
    public mutating func toggle() -> [Effect] {
        switch mode {
        case .windowed:
            mode = .user
            pointerRevealed = false
            focusInChrome = false
            return [.fullscreenWindow]
        case .user:
            mode = .windowed
            return [.unfullscreenWindow]
        case .page:
            return [.exitPage]
        }
    }

    /// Escape, after everything else Escape closes: nil when not fullscreen (the key is not ours).
    /// A page's fullscreen is left by WebKit itself on Escape, so it is not taken here either.
    public mutating func escape() -> [Effect]? {
        guard mode == .user else { return nil }
        mode = .windowed
        return [.unfullscreenWindow]
    }

    /// WebKit's "enter-fullscreen": WebKit makes the window fullscreen itself (or finds it so, in F11's).
    public mutating func pageEntered() {
        if mode != .page { pageOverUser = mode == .user }
        mode = .page
    }

    /// WebKit's "leave-fullscreen". From a window, WebKit restores it itself and the chrome comes
    /// back. From F11's fullscreen, the window stays fullscreen with the chrome hidden as before the
    /// page's (asked again: WebKit leaves a window it found fullscreen as it is, and the request
    /// is a no-op then).
    public mutating func pageLeft() -> [Effect] {
        guard mode == .page else { return [] }
        guard pageOverUser else {
            mode = .windowed
            return []
        }
        pageOverUser = false
        mode = .user
        pointerRevealed = false
        focusInChrome = false
        return [.fullscreenWindow]
    }

    /// The window manager (or its own key) took the window out of fullscreen: under a page's
    /// fullscreen too, so that leaving the page's then does not make the window fullscreen again.
    public mutating func windowLeftFullscreen() {
        if mode == .user { mode = .windowed }
        pageOverUser = false
    }

    /// The pointer moved over the browser: `y` from its top, in a browser `height` high whose
    /// chrome takes the bottom `chromeHeight`.
    public mutating func pointerMoved(y: Double, height: Double, chromeHeight: Double) {
        pointerInChrome = y >= height - chromeHeight
        if y >= height - Self.revealEdge { pointerRevealed = true } else if !pointerInChrome { pointerRevealed = false }
    }

    /// The keyboard focus is in the chrome (Ctrl+L, Tab from the page), or left it. A key that is
    /// about to move the focus there says so first, so the hidden chrome is shown to take it.
    public mutating func focusInChrome(_ inChrome: Bool) {
        focusInChrome = inChrome
        // Once the focus leaves, the chrome stays only while the pointer is on it.
        if !inChrome, !pointerInChrome { pointerRevealed = false }
    }
}
