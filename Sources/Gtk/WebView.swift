import CGtk
import CWebKit
import Foundation

/// WebKit's load events, in the order a navigation goes through them.
public enum LoadEvent: UInt32, Sendable {
    case started = 0, redirected = 1, committed = 2, finished = 3
}

/// Why a web process ended.
public enum WebProcessTermination: Sendable, Equatable {
    case crashed, exceededMemoryLimit, terminatedByAPI, other(UInt32)
    init(_ raw: UInt32) {
        switch raw {
        case 0: self = .crashed
        case 1: self = .exceededMemoryLimit
        case 2: self = .terminatedByAPI
        default: self = .other(raw)
        }
    }
}

/// A WebKitWebView: one real web page with its own web process.
@MainActor
public final class WebView: Widget {
    public override class var gType: GType { webkit_web_view_get_type() }

    /// A view in `session`: tabs of one window share one, so a private window's tabs share cookies
    /// with each other and with nothing else.
    public convenience init(session: NetworkSession) {
        self.init(retaining: UnsafeMutableRawPointer(skiff_web_view_new_in_context(WebProcessLimits.context, session.session)))
    }

    /// A view in a throw-away session (nothing written to disk) or the default persistent one.
    public convenience init(ephemeral: Bool = false) {
        if ephemeral {
            let session = webkit_network_session_new_ephemeral()
            let view = skiff_web_view_new_with_network_session(session)
            g_object_unref(UnsafeMutableRawPointer(session))
            self.init(retaining: UnsafeMutableRawPointer(view))
        } else {
            self.init(retaining: UnsafeMutableRawPointer(webkit_web_view_new()))
        }
    }

    private var view: UnsafeMutablePointer<WebKitWebView> { raw.assumingMemoryBound(to: WebKitWebView.self) }

    public func load(uri: String) { webkit_web_view_load_uri(view, uri) }
    public func loadHTML(_ html: String, baseURI: String?) { webkit_web_view_load_html(view, html, baseURI) }
    /// Shows `html` in place of `contentURI` (an error page): history keeps the real URI,
    /// so reload retries it.
    public func loadAlternateHTML(_ html: String, contentURI: String, baseURI: String? = nil) {
        webkit_web_view_load_alternate_html(view, html, contentURI, baseURI)
    }
    /// Nothing drawn under the page's own background (a page with none shows what is behind the view).
    public func setTransparentBackground() {
        var clear = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 0)
        webkit_web_view_set_background_color(view, &clear)
    }
    public func goBack() { webkit_web_view_go_back(view) }
    public func goForward() { webkit_web_view_go_forward(view) }
    public func reload() { webkit_web_view_reload(view) }
    public func stopLoading() { webkit_web_view_stop_loading(view) }

    public var uri: String? { webkit_web_view_get_uri(view).map { String(cString: $0) } }
    /// WebKit's inspector and its Inspect Element (off unless the user turns developer tools on).
    public var developerExtrasEnabled: Bool {
        get { webkit_web_view_get_settings(view).map { webkit_settings_get_enable_developer_extras($0) != 0 } ?? false }
        set { webkit_web_view_get_settings(view).map { webkit_settings_set_enable_developer_extras($0, newValue ? 1 : 0) } }
    }
    public var title: String? { webkit_web_view_get_title(view).map { String(cString: $0) } }
    public var estimatedProgress: Double { webkit_web_view_get_estimated_load_progress(view) }
    public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }
    public var canGoBack: Bool { webkit_web_view_can_go_back(view) != 0 }
    public var canGoForward: Bool { webkit_web_view_can_go_forward(view) != 0 }

    /// The back/forward list as WebKit serializes it, to be saved with the tab.
    public var sessionState: Data? {
        guard let state = webkit_web_view_get_session_state(view) else { return nil }
        defer { webkit_web_view_session_state_unref(state) }
        guard let bytes = webkit_web_view_session_state_serialize(state) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: data, count: Int(size))
    }

    /// Restores a saved back/forward list and loads its current item. False if the data is not a
    /// session state this WebKit understands (then nothing changes).
    @discardableResult
    public func restoreSessionState(_ data: Data) -> Bool {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let state = webkit_web_view_session_state_new(bytes) else { return false }
        defer { webkit_web_view_session_state_unref(state) }
        webkit_web_view_restore_session_state(view, state)
        let list = webkit_web_view_get_back_forward_list(view)
        guard let item = webkit_back_forward_list_get_current_item(list) else { return false }
        webkit_web_view_go_to_back_forward_list_item(view, item)
        return true
    }

    /// "load-failed-with-tls-errors": (failing URI, what is wrong with the certificate) -> handled.
    /// Handled means the page is not shown; we show an interstitial instead.
    @discardableResult
    public func onTLSError(_ body: @escaping TLSErrorHandler) -> SignalHandlerID {
        connectBoxed("load-failed-with-tls-errors", unsafeBitCast(tlsTrampoline, to: UnsafeRawPointer.self), body, signature: .tlsError)
    }

    /// Links that ask for a new window (`target=_blank`, `window.open` from a click) and links
    /// opened with the middle button or Ctrl. WebKit's own navigation is cancelled and `body` is
    /// told instead, so the browser can open a tab. A new window that no click caused (a pop-up)
    /// is refused and `body` is not called.
    @discardableResult
    public func onNewWindowRequest(_ body: @escaping NewWindowHandler) -> SignalHandlerID {
        connectBoxed("decide-policy", unsafeBitCast(newWindowTrampoline, to: UnsafeRawPointer.self), body, signature: .decidePolicy)
    }

    /// "create": the page asks for a window of its own (`window.open`). `body` gets the address and
    /// whether a click or key caused it, and returns the view the page opens in — made with
    /// `makeRelated()`, so it shares this page's process and `opener` works — or nil to refuse
    /// (`window.open` then returns null to the page).
    @discardableResult
    public func onCreate(_ body: @escaping CreateHandler) -> SignalHandlerID {
        connectBoxed("create", unsafeBitCast(createTrampoline, to: UnsafeRawPointer.self), body, signature: .create)
    }

    /// Whether WebKit passes `window.open` calls no click asked for on to `onCreate` (which decides),
    /// instead of dropping them silently.
    public var passesUnaskedWindowsOn: Bool {
        get { webkit_settings_get_javascript_can_open_windows_automatically(webkit_web_view_get_settings(view)) != 0 }
        set { webkit_settings_set_javascript_can_open_windows_automatically(webkit_web_view_get_settings(view), newValue ? 1 : 0) }
    }

    /// Whether the page's scripts run (off for a view that only shows sanitised HTML).
    public var runsJavaScript: Bool {
        get { webkit_settings_get_enable_javascript(webkit_web_view_get_settings(view)) != 0 }
        set { webkit_settings_set_enable_javascript(webkit_web_view_get_settings(view), newValue ? 1 : 0) }
    }

    /// A view for a page this one opens: the same web process, network session and settings.
    public func makeRelated() -> WebView {
        WebView(retaining: UnsafeMutableRawPointer(skiff_web_view_new_related(view)))
    }

    /// "close": the page called `window.close()` (allowed for a window a script opened).
    @discardableResult
    public func onClose(_ body: @escaping VoidHandler) -> SignalHandlerID { on("close", body) }

    /// Kills the web process, as a crash would. For tests, "force stop", and a suspended tab.
    public func terminateWebProcess() { webkit_web_view_terminate_web_process(view) }

    @discardableResult
    public func onLoadChanged(_ body: @escaping @MainActor (LoadEvent) -> Void) -> SignalHandlerID {
        onUInt("load-changed") { raw in if let e = LoadEvent(rawValue: raw) { body(e) } }
    }
    @discardableResult
    public func onWebProcessTerminated(_ body: @escaping @MainActor (WebProcessTermination) -> Void) -> SignalHandlerID {
        onUInt("web-process-terminated") { body(WebProcessTermination($0)) }
    }

    /// Runs JavaScript in the page and hands back its result as a string (nil on error).
    public func evaluate(_ script: String, completion: @escaping @MainActor (String?) -> Void) {
        let box = ClosureBox<JSCompletion>(completion)
        webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, jsTrampoline, box.retainedPointer())
    }

    /// The bytes the page was loaded from (its main resource, as WebKit received it: nothing is
    /// fetched again), or nil when there is none.
    /// The HTTP status of the page shown (200, 404…), nil before a response or for a page not from
    /// HTTP (a file, `about:`).
    public var mainResourceStatus: Int? {
        guard let resource = webkit_web_view_get_main_resource(view), let response = webkit_web_resource_get_response(resource) else { return nil }
        let status = Int(webkit_uri_response_get_status_code(response))
        return status > 0 ? status : nil
    }

    public func mainResourceData(_ completion: @escaping @MainActor (Data?) -> Void) {
        guard let resource = webkit_web_view_get_main_resource(view) else { return completion(nil) }
        let box = ClosureBox<DataCompletion>(completion)
        webkit_web_resource_get_data(resource, nil, resourceDataTrampoline, box.retainedPointer())
    }

    /// `evaluate` for async code.
    public func evaluate(_ script: String) async -> String? {
        await withCheckedContinuation { continuation in
            evaluate(script) { continuation.resume(returning: $0) }
        }
    }
}

public typealias JSCompletion = @MainActor (String?) -> Void
public typealias DataCompletion = @MainActor (Data?) -> Void

private let resourceDataTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    // One-shot: this callback owns the box and releases it here.
    let box = Unmanaged<ClosureBox<DataCompletion>>.fromOpaque(data).takeRetainedValue()
    var bytes: Data?
    if let source, let result {
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let resource = OpaquePointer(source)
        if let pointer = webkit_web_resource_get_data_finish(resource, result, &length, &error) {
            bytes = Data(bytes: pointer, count: Int(length))
            g_free(pointer)
        }
        if let error { g_error_free(error) }
    }
    let body = box.body
    let sendable = bytes
    MainActor.assumeIsolated { body(sendable) }
}

/// A link that wants a page of its own.
public struct NewWindowRequest: Sendable, Equatable {
    public let uri: String
    /// Middle click or Ctrl+click: open without leaving the current page.
    public let inBackground: Bool
}
public typealias NewWindowHandler = @MainActor (NewWindowRequest) -> Void

private let newWindowTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, decisionArg, type, data in
    guard let decisionArg, let body = ClosureBox<NewWindowHandler>.from(data) else { return 0 }
    let isNewWindow = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue
    guard isNewWindow || type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue else { return 0 }
    let decision = decisionArg.assumingMemoryBound(to: WebKitPolicyDecision.self)
    guard let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decisionArg)) else { return 0 }
    let button = webkit_navigation_action_get_mouse_button(action)
    let control = webkit_navigation_action_get_modifiers(action) & GDK_CONTROL_MASK.rawValue != 0
    let isLink = webkit_navigation_action_get_navigation_type(action) == WEBKIT_NAVIGATION_TYPE_LINK_CLICKED
    // An ordinary navigation stays WebKit's, unless it is a link opened with the middle button or Ctrl.
    guard isNewWindow || (isLink && (button == 2 || control)) else { return 0 }
    let uri = webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    let byUser = webkit_navigation_action_is_user_gesture(action) != 0 || button != 0
    webkit_policy_decision_ignore(decision)
    guard byUser, !uri.isEmpty else { return 1 }
    let request = NewWindowRequest(uri: uri, inBackground: button == 2 || control)
    MainActor.assumeIsolated { body(request) }
    return 1
}
/// A page asking for a window: (its address, whether a user gesture caused it) -> the view to open it in.
public typealias CreateHandler = @MainActor (_ uri: String, _ byUser: Bool) -> WebView?

private let createTrampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _, action, data in
    guard let action, let body = ClosureBox<CreateHandler>.from(data) else { return nil }
    let uri = webkit_navigation_action_get_request(action).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
    let byUser = webkit_navigation_action_is_user_gesture(action) != 0
    // WebKit keeps no reference of its own to the view returned: the tab that shows it does.
    let address = MainActor.assumeIsolated { body(uri, byUser).map { UInt(bitPattern: $0.raw) } }
    return address.flatMap { UnsafeMutableRawPointer(bitPattern: $0) }
}

public typealias TLSErrorHandler = @MainActor (_ uri: String, _ problems: [String]) -> Bool

private let tlsTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, uri, _, flags, data in
    guard let body = ClosureBox<TLSErrorHandler>.from(data) else { return 0 }
    let text = uri.map { String(cString: $0) } ?? ""
    var problems = TLSCertificateProblem.from(flags: flags).map { problem in
        switch problem {
        case .unknownAuthority: "it is not signed by an authority this computer trusts"
        case .otherSite: "it was issued for a different site"
        case .notYetValid: "it is not valid yet"
        case .expired: "it has expired"
        case .revoked: "it has been revoked"
        case .insecureAlgorithm: "its algorithm is insecure"
        }
    }
    if problems.isEmpty { problems.append("it could not be verified") }
    return MainActor.assumeIsolated { body(text, problems) ? 1 : 0 }
}

/// The web processes' memory limit: a page that allocates without end has its process ended (its
/// tab says so, with Reload) instead of taking the machine (docs/browser.md, "A page cannot take
/// the machine"). One web context for every view, so the limit holds for all of them.
@MainActor
public enum WebProcessLimits {
    /// A quarter of the machine's memory, between 1 and 4 GB; `SKIFF_WEB_MEMORY_LIMIT_MB` overrides
    /// it (tests).
    public static func memoryLimitMB(physicalBytes: UInt64 = ProcessInfo.processInfo.physicalMemory,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> UInt32 {
        if let text = environment["SKIFF_WEB_MEMORY_LIMIT_MB"], let value = UInt32(text), value >= 100 { return value }
        let quarter = physicalBytes / 4 / 1_048_576
        return UInt32(min(max(quarter, 1_024), 4_096))
    }
    /// How often a web process checks its memory (seconds): a page allocating 300 MB a second
    /// passes the limit by at most that much before it is stopped.
    public static let pollSeconds = 1.0

    static let context: OpaquePointer = {
        let context = skiff_web_context_new_with_memory_limit(memoryLimitMB(), pollSeconds)
        WebProcessExtensions.attach(to: context)
        return context
    }()
}

/// Cookies, cache and credentials for a set of web views.
@MainActor
public final class NetworkSession: Object {
    public override class var gType: GType { webkit_network_session_get_type() }
    /// Nothing is written to disk; everything is gone when the last view using it closes.
    public static func ephemeral() -> NetworkSession {
        NetworkSession(adopting: UnsafeMutableRawPointer(webkit_network_session_new_ephemeral()))
    }
    /// The process-wide persistent session.
    public static func shared() -> NetworkSession {
        NetworkSession(retaining: UnsafeMutableRawPointer(webkit_network_session_get_default()))
    }
    var session: OpaquePointer { OpaquePointer(raw) }
    /// A private window's session: nothing of it is written anywhere.
    public var isEphemeral: Bool { webkit_network_session_is_ephemeral(session) != 0 }
}

private let jsTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    // One-shot: this callback owns the box and releases it here.
    let box = Unmanaged<ClosureBox<JSCompletion>>.fromOpaque(data).takeRetainedValue()
    var text: String?
    if let source, let result {
        var error: UnsafeMutablePointer<GError>?
        let value = webkit_web_view_evaluate_javascript_finish(UnsafeMutableRawPointer(source).assumingMemoryBound(to: WebKitWebView.self), result, &error)
        text = takeJSCText(value, undefinedIsNil: false)
        if let error { g_error_free(error) }
    }
    let body = box.body
    let finalText = text
    MainActor.assumeIsolated { body(finalText) }
}

/// A script's result as text, releasing the value: nil for none, and for `undefined` or `null`
/// when `undefinedIsNil` (else their names, as JavaScriptCore writes them).
func takeJSCText(_ value: OpaquePointer?, undefinedIsNil: Bool) -> String? {
    guard let value else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(value)) }
    if undefinedIsNil, jsc_value_is_undefined(value) != 0 || jsc_value_is_null(value) != 0 { return nil }
    guard let cString = jsc_value_to_string(value) else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}
