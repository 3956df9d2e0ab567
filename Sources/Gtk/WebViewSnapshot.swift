import CGtk
import CWebKit

public typealias SnapshotCompletion = @MainActor (Texture?) -> Void

extension WebView {
    /// What a snapshot covers: the part of the page on screen, or the whole document.
    public enum SnapshotRegion: Sendable {
        case visible, fullDocument
    }

    /// The page as WebKit last drew it, as a texture (nil when the view has no page or the web
    /// process is gone). Asynchronous: WebKit asks the web process for the pixels, so the main
    /// thread never waits for it. Used for the tab overview's thumbnails and a suspended tab's picture.
    public func snapshot(_ region: SnapshotRegion = .visible, completion: @escaping SnapshotCompletion) {
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            var texture: Texture?
            let view = UnsafeMutableRawPointer(source).assumingMemoryBound(to: WebKitWebView.self)
            if let made = webkit_web_view_get_snapshot_finish(view, result, &error) {
                texture = Texture(adopting: UnsafeMutableRawPointer(made))
            }
            if let error { g_error_free(error) }
            completion(texture)
        }, missing: { completion(nil) })
        let webkitRegion = region == .visible ? WEBKIT_SNAPSHOT_REGION_VISIBLE : WEBKIT_SNAPSHOT_REGION_FULL_DOCUMENT
        webkit_web_view_get_snapshot(raw.assumingMemoryBound(to: WebKitWebView.self), webkitRegion,
                                     WEBKIT_SNAPSHOT_OPTIONS_NONE, nil, AsyncReady.callback, data)
    }

    /// `snapshot` for async code.
    public func snapshot(_ region: SnapshotRegion = .visible) async -> Texture? {
        await withCheckedContinuation { continuation in
            snapshot(region) { continuation.resume(returning: $0) }
        }
    }
}
