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

extension WebView {
    /// Zoom scales the text only, leaving images and layout boxes as they are (a preference).
    public var zoomsTextOnly: Bool {
        get { webkit_web_view_get_settings(raw.assumingMemoryBound(to: WebKitWebView.self)).map { webkit_settings_get_zoom_text_only($0) != 0 } ?? false }
        set { webkit_web_view_get_settings(raw.assumingMemoryBound(to: WebKitWebView.self)).map { webkit_settings_set_zoom_text_only($0, newValue ? 1 : 0) } }
    }
}
