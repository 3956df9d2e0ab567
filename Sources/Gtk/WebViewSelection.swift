import CGtk
import CWebKit

/// The selected text of a page, reported by a script in an isolated world (the page's own scripts
/// cannot reach it or post to its channel) when the page is right-clicked, just before WebKit asks
/// for the context menu. For "Search the Web for “…”".
extension WebView {
    /// Only the first 1,000 characters are posted (docs/where-am-i.md).
    static let selectionScript = """
        window.addEventListener('contextmenu', () => {
            const text = String(document.getSelection() || '').slice(0, 1000);
            window.webkit.messageHandlers.skiffSelection.postMessage(text);
        }, true);
        """
    static let selectionWorld = "skiff"

    /// Calls `body` with the selected text (empty for none) on every right click in the page.
    public func onSelectionAtContextMenu(_ body: @escaping SelectionHandler) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        guard webkit_user_content_manager_register_script_message_handler(manager, "skiffSelection", Self.selectionWorld) != 0 else { return }
        let script = webkit_user_script_new_for_world(Self.selectionScript, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES,
                                                      WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START, Self.selectionWorld, nil, nil)
        webkit_user_content_manager_add_script(manager, script)
        webkit_user_script_unref(script)
        let wrapper = UserContentManager(retaining: UnsafeMutableRawPointer(manager))
        _ = wrapper.connectBoxed("script-message-received::skiffSelection", unsafeBitCast(selectionTrampoline, to: UnsafeRawPointer.self),
                             body, signature: .pointer)
    }
}

public typealias SelectionHandler = @MainActor (String) -> Void

/// A WebKitUserContentManager, for its signals.
@MainActor
final class UserContentManager: Object {
    override class var gType: GType { webkit_user_content_manager_get_type() }
}

private let selectionTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    guard let value, let body = ClosureBox<SelectionHandler>.from(data) else { return }
    var text = ""
    if jsc_value_is_string(value) != 0, let cString = jsc_value_to_string(value) {
        text = String(cString: cString)
        g_free(cString)
    }
    let selection = text
    MainActor.assumeIsolated { body(selection) }
}
