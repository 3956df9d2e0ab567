import CGtk
import CWebKit

public typealias FaviconCompletion = @MainActor (Texture?) -> Void

/// WebKit's favicon database for one network session: the icons of pages visited, kept by WebKit
/// on disk for the persistent session and in memory for an ephemeral (private) one. Lookups are
/// asynchronous; the main thread never waits for the disk.
@MainActor
public final class FaviconDatabase: Object {
    public override class var gType: GType { webkit_favicon_database_get_type() }

    /// Turns favicons on for `session` (off by default in WebKitGTK 6.0) and returns its database.
    /// Must be called before the session's first load for that load's icon to be kept.
    public static func enable(in session: NetworkSession) -> FaviconDatabase? {
        guard let manager = webkit_network_session_get_website_data_manager(session.session) else { return nil }
        webkit_website_data_manager_set_favicons_enabled(manager, 1)
        guard let database = webkit_website_data_manager_get_favicon_database(manager) else { return nil }
        return FaviconDatabase(retaining: UnsafeMutableRawPointer(database))
    }

    /// The icon WebKit knows for the page at `pageURI`, or nil (none known, or the page never
    /// visited in this session). `completion` runs later on the main thread, never inside this call.
    public func favicon(for pageURI: String, completion: @escaping FaviconCompletion) {
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            var texture: Texture?
            if let made = webkit_favicon_database_get_favicon_finish(OpaquePointer(source), result, &error) {
                texture = Texture(adopting: UnsafeMutableRawPointer(made))
            }
            if let error { g_error_free(error) }
            completion(texture)
        }, missing: { completion(nil) })
        webkit_favicon_database_get_favicon(OpaquePointer(raw), pageURI, nil, AsyncReady.callback, data)
    }
}

extension WebView {
    /// Whether WebKit has the icon of the page shown (it arrives after the page has loaded).
    public var hasFavicon: Bool { webkit_web_view_get_favicon(raw.assumingMemoryBound(to: WebKitWebView.self)) != nil }
}

extension Image {
    /// An image showing `texture` at `pixelSize` (a site's icon).
    public convenience init(texture: Texture, pixelSize: Int) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_image_new_from_paintable(texture.paintable)))
        gtk_image_set_pixel_size(OpaquePointer(raw), Int32(pixelSize))
    }
}

extension Key {
    /// Keys for editing a list of tiles (the start page's favourites); Delete is in WebsiteData.swift.
    public static let f2 = UInt32(GDK_KEY_F2), f10 = UInt32(GDK_KEY_F10), menu = UInt32(GDK_KEY_Menu)
}
