import CGtk
import CWebKit

extension Window {
    /// Whether the window covers its monitor (what the window manager granted, not what was asked).
    public var isFullscreen: Bool { gtk_window_is_fullscreen(window) != 0 }
    /// Asks the window manager to cover the monitor; `onFullscreenChanged` tells when it has.
    public func fullscreen() { gtk_window_fullscreen(window) }
    public func unfullscreen() { gtk_window_unfullscreen(window) }
    /// The window went fullscreen or came back (the window manager's answer, or its own key).
    @discardableResult
    public func onFullscreenChanged(_ body: @escaping VoidHandler) -> SignalHandlerID { onNotify("fullscreened", body) }
}

extension WebView {
    /// "enter-fullscreen": the page asked for one of its elements to fill the screen
    /// (`element.requestFullscreen()`). Return false to let WebKit go on (it makes the window
    /// fullscreen and the element fill the view), true to refuse.
    @discardableResult
    public func onEnterFullscreen(_ body: @escaping BoolHandler) -> SignalHandlerID { onBool("enter-fullscreen", body) }
    /// "leave-fullscreen": the page's element leaves fullscreen (Escape, `document.exitFullscreen()`).
    /// Return false to let WebKit restore the window.
    @discardableResult
    public func onLeaveFullscreen(_ body: @escaping BoolHandler) -> SignalHandlerID { onBool("leave-fullscreen", body) }
}
