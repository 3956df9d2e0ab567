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
    public func goBack() { webkit_web_view_go_back(view) }
    public func goForward() { webkit_web_view_go_forward(view) }
    public func reload() { webkit_web_view_reload(view) }
    public func stopLoading() { webkit_web_view_stop_loading(view) }

    public var uri: String? { webkit_web_view_get_uri(view).map { String(cString: $0) } }
    public var title: String? { webkit_web_view_get_title(view).map { String(cString: $0) } }
    public var estimatedProgress: Double { webkit_web_view_get_estimated_load_progress(view) }
    public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }
    public var canGoBack: Bool { webkit_web_view_can_go_back(view) != 0 }
    public var canGoForward: Bool { webkit_web_view_can_go_forward(view) != 0 }

    /// Kills the web process, as a crash would. For tests and "force stop" only.
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

    /// `evaluate` for async code.
    public func evaluate(_ script: String) async -> String? {
        await withCheckedContinuation { continuation in
            evaluate(script) { continuation.resume(returning: $0) }
        }
    }
}

public typealias JSCompletion = @MainActor (String?) -> Void

private let jsTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    // One-shot: this callback owns the box and releases it here.
    let box = Unmanaged<ClosureBox<JSCompletion>>.fromOpaque(data).takeRetainedValue()
    var text: String?
    if let source, let result {
        var error: UnsafeMutablePointer<GError>?
        let value = webkit_web_view_evaluate_javascript_finish(UnsafeMutableRawPointer(source).assumingMemoryBound(to: WebKitWebView.self), result, &error)
        if let value {
            if let cstr = jsc_value_to_string(value) {
                text = String(cString: cstr)
                g_free(cstr)
            }
            g_object_unref(UnsafeMutableRawPointer(value))
        }
        if let error { g_error_free(error) }
    }
    let body = box.body
    let finalText = text
    MainActor.assumeIsolated { body(finalText) }
}
