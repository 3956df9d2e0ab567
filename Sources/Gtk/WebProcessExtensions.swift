import CWebKit
import Foundation

/// The folder of Skiff's web process extension (Sources/CWebProcessExtension; docs/content-blocking.md,
/// "Blocked requests"), handed to the web context before its first web process starts. WebKit loads
/// every library in it into each web process, so it holds that one library only:
/// `SKIFF_WEB_PROCESS_EXTENSIONS`, else the installed `lib/skiff/web-process-extensions` beside
/// `bin/`, else the build's `.build/web-process-extensions` (tools/build-web-extension.sh). Without
/// it pages work as before and nothing counts blocked requests.
public enum WebProcessExtensions {
    public static let library = "libskiff-web-extension.so"

    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()) -> String? {
        if let named = environment["SKIFF_WEB_PROCESS_EXTENSIONS"], !named.isEmpty { return named }
        let bin = executable.deletingLastPathComponent()
        // Installed (PREFIX/bin/skiff), then built: .build/<triple>/<configuration>/skiff or the test bundle beside it.
        let candidates = [bin.appendingPathComponent("../lib/skiff/web-process-extensions"),
                          bin.appendingPathComponent("../../web-process-extensions"),
                          bin.appendingPathComponent("../web-process-extensions")]
        return candidates.map { $0.standardizedFileURL.path }.first {
            FileManager.default.fileExists(atPath: $0 + "/" + library)
        }
    }

    /// Whether a folder was found and given to WebKit (the security popover says the count is unknown otherwise).
    @MainActor public private(set) static var isLoaded = false

    @MainActor static func attach(to context: OpaquePointer) {
        guard let folder = folder() else { return }
        webkit_web_context_set_web_process_extensions_directory(context, folder)
        isLoaded = true
    }
}

extension WebView {
    /// Calls `body` with the page's address and how many more of its requests the content blocker
    /// stopped, as Skiff's web process extension reports them (at most every 100 ms per page).
    public func onBlockedRequests(_ body: @escaping @MainActor (_ pageURI: String, _ count: Int) -> Void) {
        _ = onRequest("user-message-received") { pointer in
            let message = OpaquePointer(pointer)
            guard let name = webkit_user_message_get_name(message), String(cString: name) == "skiff-blocked-requests",
                  let parameters = webkit_user_message_get_parameters(message),
                  g_variant_is_of_type(parameters, skiff_variant_type_su()) != 0 else { return false }
            var uri: UnsafePointer<CChar>?
            let text = g_variant_get_child_value(parameters, 0), number = g_variant_get_child_value(parameters, 1)
            defer { g_variant_unref(text); g_variant_unref(number) }
            uri = g_variant_get_string(text, nil)
            body(uri.map { String(cString: $0) } ?? "", Int(g_variant_get_uint32(number)))
            return true
        }
    }
}
