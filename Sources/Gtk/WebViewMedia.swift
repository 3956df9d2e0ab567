import CWebKit

extension WebView {
    /// Whether the page is playing sound now (a tab doing so is never suspended).
    public var isPlayingAudio: Bool {
        webkit_web_view_is_playing_audio(raw.assumingMemoryBound(to: WebKitWebView.self)) != 0
    }
}

extension WebView {
    /// The page's zoom (1 = 100 %): text and images together; WebKit keeps it across the view's loads.
    public var zoomLevel: Double {
        get { webkit_web_view_get_zoom_level(raw.assumingMemoryBound(to: WebKitWebView.self)) }
        set { webkit_web_view_set_zoom_level(raw.assumingMemoryBound(to: WebKitWebView.self), newValue) }
    }
}
