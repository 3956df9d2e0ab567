import CGtk
import CWebKit
import Foundation

/// One compiled content-blocker list (a WebKitUserContentFilter): attached to a page's user content
/// manager, it blocks and hides what its rules say before the page's requests leave the web process.
@MainActor
public final class ContentFilter {
    let filter: OpaquePointer
    public let identifier: String

    /// Takes the reference a `_finish` call returned.
    init(adopting filter: OpaquePointer) {
        self.filter = filter
        identifier = webkit_user_content_filter_get_identifier(filter).map { String(cString: $0) } ?? ""
    }

    isolated deinit { webkit_user_content_filter_unref(filter) }
}

public typealias ContentFilterReady = @MainActor (Result<ContentFilter, GLibError>) -> Void
public typealias ContentFilterIdentifiers = @MainActor ([String]) -> Void
public typealias ContentFilterRemoved = @MainActor (GLibError?) -> Void

/// WebKit's store of compiled content-blocker lists (WebKitUserContentFilterStore), in a folder of
/// its own. Compiling runs on WebKit's own work queue; every completion comes back on the main loop.
@MainActor
public final class ContentFilterStore {
    private let store: OpaquePointer
    public let folder: String

    public init(folder: String) {
        self.folder = folder
        store = webkit_user_content_filter_store_new(folder)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(store)) }

    /// Compiles `json` (WebKit content-blocker rules) and keeps it under `identifier`, replacing
    /// what was kept so before.
    public func save(_ json: Data, as identifier: String, completion: @escaping ContentFilterReady) {
        let bytes = json.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            if let filter = webkit_user_content_filter_store_save_finish(OpaquePointer(source), result, &error) {
                completion(.success(ContentFilter(adopting: filter)))
            } else {
                completion(.failure(GLibError(taking: error)))
            }
        }, missing: { completion(.failure(GLibError(message: "WebKit gave no answer"))) })
        webkit_user_content_filter_store_save(store, identifier, bytes, nil, AsyncReady.callback, data)
    }

    /// The list compiled before under `identifier`.
    public func load(_ identifier: String, completion: @escaping ContentFilterReady) {
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            if let filter = webkit_user_content_filter_store_load_finish(OpaquePointer(source), result, &error) {
                completion(.success(ContentFilter(adopting: filter)))
            } else {
                completion(.failure(GLibError(taking: error)))
            }
        }, missing: { completion(.failure(GLibError(message: "WebKit gave no answer"))) })
        webkit_user_content_filter_store_load(store, identifier, nil, AsyncReady.callback, data)
    }

    /// The identifiers of every list kept in the folder.
    public func identifiers(completion: @escaping ContentFilterIdentifiers) {
        let data = AsyncReady.userData({ source, result in
            var names: [String] = []
            if let list = webkit_user_content_filter_store_fetch_identifiers_finish(OpaquePointer(source), result) {
                var cursor = list
                while let name = cursor.pointee {
                    names.append(String(cString: name))
                    cursor += 1
                }
                g_strfreev(list)
            }
            completion(names)
        }, missing: { completion([]) })
        webkit_user_content_filter_store_fetch_identifiers(store, nil, AsyncReady.callback, data)
    }

    public func remove(_ identifier: String, completion: @escaping ContentFilterRemoved = { _ in }) {
        let data = AsyncReady.userData({ source, result in
            var error: UnsafeMutablePointer<GError>?
            if webkit_user_content_filter_store_remove_finish(OpaquePointer(source), result, &error) != 0 {
                completion(nil)
            } else {
                completion(GLibError(taking: error))
            }
        }, missing: { completion(GLibError(message: "WebKit gave no answer")) })
        webkit_user_content_filter_store_remove(store, identifier, nil, AsyncReady.callback, data)
    }
}

extension WebView {
    /// Attaches `filters` to this page's user content manager, replacing any attached before
    /// (an empty list: nothing is blocked). Applies to the loads that start after.
    public func setContentFilters(_ filters: [ContentFilter]) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        webkit_user_content_manager_remove_all_filters(manager)
        for filter in filters { webkit_user_content_manager_add_filter(manager, filter.filter) }
    }
}

extension WebView {
    /// The session this page's requests go through.
    public var networkSession: NetworkSession? {
        webkit_web_view_get_network_session(raw.assumingMemoryBound(to: WebKitWebView.self))
            .map { NetworkSession(retaining: UnsafeMutableRawPointer($0)) }
    }
}

extension NetworkSession {
    /// WebKit's Intelligent Tracking Prevention: third-party cookies and storage of sites seen
    /// tracking across others are cut off (docs/content-blocking.md).
    public var tracksPrevention: Bool {
        get { webkit_network_session_get_itp_enabled(session) != 0 }
        set { webkit_network_session_set_itp_enabled(session, newValue ? 1 : 0) }
    }

    /// Every request of this session goes through the HTTP proxy at `uri` ("http://127.0.0.1:8080");
    /// nil: the desktop's proxy settings again. For tests, which log what a page asks for.
    public func useProxy(_ uri: String?) {
        guard let uri else {
            webkit_network_session_set_proxy_settings(session, WEBKIT_NETWORK_PROXY_MODE_DEFAULT, nil)
            return
        }
        let settings = webkit_network_proxy_settings_new(uri, nil)
        webkit_network_session_set_proxy_settings(session, WEBKIT_NETWORK_PROXY_MODE_CUSTOM, settings)
        webkit_network_proxy_settings_free(settings)
    }
}
