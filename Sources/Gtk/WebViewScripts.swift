import CGtk
import CWebKit

/// Scripts of Skiff's own in a page, in an isolated script world: they share the page's document
/// but not its JavaScript, so the page can neither reach their variables nor post to their message
/// channels (a page's `window.webkit` is another object). What they post arrives here as a string.
extension WebView {
    /// Skiff's isolated world, shared by its scripts (each has its own message channel).
    public static let skiffWorld = "skiff"

    public enum ScriptFrames: Sendable { case all, top }

    /// Adds `source` to every page this view loads (run once its document is parsed, or at its
    /// start when `atStart`), in Skiff's world, and calls `body` with each string it posts to
    /// `window.webkit.messageHandlers[channel]` (a non-string is ignored). Once per view and channel.
    public func addScript(_ source: String, frames: ScriptFrames = .top, atStart: Bool = false, channel: String,
                          _ body: @escaping ScriptMessageHandler) {
        guard listen(channel: channel, body) else { return }
        addUserScript(UserScript(source: source, frames: frames, atStart: atStart))
    }

    /// Calls `body` with each string Skiff's world posts to `window.webkit.messageHandlers[channel]`;
    /// false when the channel was taken already. Once per view and channel.
    @discardableResult
    public func listen(channel: String, _ body: @escaping ScriptMessageHandler) -> Bool {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return false }
        guard webkit_user_content_manager_register_script_message_handler(manager, channel, Self.skiffWorld) != 0 else { return false }
        let wrapper = UserContentManager(retaining: UnsafeMutableRawPointer(manager))
        _ = wrapper.connectBoxed("script-message-received::\(channel)", unsafeBitCast(scriptMessageTrampoline, to: UnsafeRawPointer.self),
                                 body, signature: .pointer)
        return true
    }

    /// Runs `script` in the pages this view loads from now on (a script is not run in the page shown).
    public func addUserScript(_ script: UserScript) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        webkit_user_content_manager_add_script(manager, script.script)
    }

    public func removeUserScript(_ script: UserScript) {
        guard let manager = webkit_web_view_get_user_content_manager(raw.assumingMemoryBound(to: WebKitWebView.self)) else { return }
        webkit_user_content_manager_remove_script(manager, script.script)
    }

    /// Calls the function `body` in Skiff's world of the top frame with `arguments` as its named
    /// string parameters — values, never written into the source — and hands back its result as a
    /// string (nil on error or for no result).
    public func callInSkiffWorld(_ body: String, arguments: [String: String], completion: @escaping @MainActor (String?) -> Void) {
        let pairs = Array(arguments)
        let keys = pairs.map { UnsafePointer(strdup($0.key)) }, values = pairs.map { UnsafePointer(strdup($0.value)) }
        defer { (keys + values).forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let variant = skiff_string_arguments(keys, values, Int32(pairs.count))
        let box = ClosureBox<JSCompletion>(completion)
        webkit_web_view_call_async_javascript_function(raw.assumingMemoryBound(to: WebKitWebView.self), body, -1, variant, Self.skiffWorld, nil, nil,
                                                       callTrampoline, box.retainedPointer())
    }
}

/// A script of Skiff's world, added to a view's pages with `addUserScript`.
public final class UserScript: @unchecked Sendable {
    // WebKitUserScript is reference-counted atomically and never changed once made.
    fileprivate let script: OpaquePointer

    public init(source: String, frames: WebView.ScriptFrames, atStart: Bool) {
        script = webkit_user_script_new_for_world(source, frames == .all ? WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES : WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
                                                  atStart ? WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START : WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END,
                                                  "skiff", nil, nil)  // WebView.skiffWorld
    }

    deinit { webkit_user_script_unref(script) }
}

public typealias ScriptMessageHandler = @MainActor (String) -> Void

/// A WebKitUserContentManager, for its signals.
@MainActor
final class UserContentManager: Object {
    override class var gType: GType { webkit_user_content_manager_get_type() }
}

private let scriptMessageTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    guard let value, jsc_value_is_string(value) != 0, let body = ClosureBox<ScriptMessageHandler>.from(data),
          let cString = jsc_value_to_string(value) else { return }
    let text = String(cString: cString)
    g_free(cString)
    MainActor.assumeIsolated { body(text) }
}

private let callTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    // One-shot: this callback owns the box and releases it here.
    let box = Unmanaged<ClosureBox<JSCompletion>>.fromOpaque(data).takeRetainedValue()
    var text: String?
    if let source, let result {
        var error: UnsafeMutablePointer<GError>?
        let value = webkit_web_view_call_async_javascript_function_finish(UnsafeMutableRawPointer(source).assumingMemoryBound(to: WebKitWebView.self), result, &error)
        text = takeJSCText(value, undefinedIsNil: true)
        if let error { g_error_free(error) }
    }
    let body = box.body
    let answer = text
    MainActor.assumeIsolated { body(answer) }
}
