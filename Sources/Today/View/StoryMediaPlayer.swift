import Foundation
import Gtk
import TodayModel

/// A podcast's or a video feed's file in its story: WebKit's own `<audio>` or `<video>` controls over
/// the enclosure's address (docs/feeds.md, "Cards and stories"). The page is ours, written here, never
/// the feed's: the only thing from the feed is the address, escaped into one attribute and allowed by
/// the page's Content-Security-Policy (no script, no frame, nothing but the media itself), in a
/// throw-away network session. Nothing plays until the user presses play (`preload="metadata"`).
@MainActor
final class StoryMediaPlayer {
    let root: WebView
    let media: CardMedia

    /// The controls' height for audio; a video gets 16:9 of the story's reading width.
    static let audioHeight = 40
    static let videoHeight = Int(StoryView.readingWidth * 9 / 16)

    init(_ media: CardMedia, title: String) {
        self.media = media
        root = WebView(session: NetworkSession.ephemeral())
        root.setSizeRequest(width: -1, height: media.kind == .audio ? Self.audioHeight : Self.videoHeight)
        // The story's own background under the controls, light or dark.
        root.setTransparentBackground()
        root.setAccessibleLabel("\(media.kind == .audio ? "Audio" : "Video"): \(title)")
        root.loadHTML(Self.page(for: media), baseURI: nil)
    }

    /// The page: one media element, nothing else allowed to load or run.
    static func page(for media: CardMedia) -> String {
        let source = attribute(media.url.absoluteString)
        let element = media.kind == .audio
            ? "<audio controls preload=\"metadata\" src=\"\(source)\"></audio>"
            : "<video controls preload=\"metadata\" src=\"\(source)\"></video>"
        return """
            <!DOCTYPE html><html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; media-src http: https:; style-src 'unsafe-inline'">
            <style>html, body { margin: 0; background: transparent; } audio, video { display: block; width: 100%; max-height: 100vh; }</style>
            </head><body>\(element)</body></html>
            """
    }

    /// Text safe inside a double-quoted attribute.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
