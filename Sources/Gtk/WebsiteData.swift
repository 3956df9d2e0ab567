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
        let box = ClosureBox<WebsiteDataCleared>(completion)
        webkit_website_data_manager_clear(manager, WEBKIT_WEBSITE_DATA_ALL, span, nil, websiteDataTrampoline, box.retainedPointer())
    }
}

private let websiteDataTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    nonisolated(unsafe) let source = source
    nonisolated(unsafe) let result = result
    // One-shot: this callback owns the box and releases it here.
    let completion = Unmanaged<ClosureBox<WebsiteDataCleared>>.fromOpaque(data).takeRetainedValue().body
    MainActor.assumeIsolated {
        var problem: String? = "WebKit gave no answer"
        if let source, let result {
            var error: UnsafeMutablePointer<GError>?
            let manager = OpaquePointer(source)
            if webkit_website_data_manager_clear_finish(manager, result, &error) != 0 {
                problem = nil
            } else if let error {
                problem = String(cString: error.pointee.message)
            }
            if let error { g_error_free(error) }
        }
        completion(problem)
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
