import CGtk
import CWebKit

public typealias WebsiteDataCleared = @MainActor (_ problem: String?) -> Void

extension NetworkSession {
    /// Removes what websites stored in this session (cookies, caches, local storage, …) that was
    /// modified within the last `seconds`; nil clears all of it, whenever it was stored. WebKit does
    /// the work on its own threads and calls back on the main loop: `completion` gets nil when it
    /// finished, else WebKit's message.
    public func clearWebsiteData(modifiedWithin seconds: Double?, completion: @escaping WebsiteDataCleared) {
        guard let manager = webkit_network_session_get_website_data_manager(session) else {
            completion("this session has no website data manager")
            return
        }
        // GTimeSpan is microseconds; 0 means "everything" to WebKit.
        let span = seconds.map { GTimeSpan(max(1, ($0 * 1_000_000).rounded())) } ?? 0
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            var problem: String?
            if webkit_website_data_manager_clear_finish(OpaquePointer(source), result, &error) == 0 {
                problem = error.map { String(cString: $0.pointee.message) } ?? "WebKit gave no answer"
            }
            if let error { g_error_free(error) }
            completion(problem)
        }, missing: { completion("WebKit gave no answer") })
        webkit_website_data_manager_clear(manager, WEBKIT_WEBSITE_DATA_ALL, span, nil, AsyncReady.callback, data)
    }
}

extension Key {
    /// The character a key press types (for "type to search"), nil for keys that type nothing.
    public static func character(_ keyval: UInt32) -> Character? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code >= 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }
    public static let delete = UInt32(GDK_KEY_Delete), kpDelete = UInt32(GDK_KEY_KP_Delete)
    public static let f = UInt32(GDK_KEY_f)
}

extension Entry {
    /// Moves the cursor (-1: after the last character), as after typing.
    public func setPosition(_ position: Int) { gtk_editable_set_position(OpaquePointer(raw), Int32(position)) }
}
