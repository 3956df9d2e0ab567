import CWebKit

extension WebView {
    /// Whether the page is playing sound now (a tab doing so is never suspended).
    public var isPlayingAudio: Bool {
        webkit_web_view_is_playing_audio(raw.assumingMemoryBound(to: WebKitWebView.self)) != 0
    }
}
