import CGtk
import CWebKit

/// Why WebKit gave up on a download, as its error says.
public struct DownloadFailure: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The connection failed or the server cut it.
        case network
        /// `Download.cancel()`: the user (or Skiff) stopped it.
        case cancelled
        /// The file could not be written (folder not writable, disk full).
        case destination
        case other
    }
    public let kind: Kind
    /// WebKit's (or GIO's) message, e.g. "Error writing to file: No space left on device".
    public let message: String
    public init(kind: Kind, message: String) { self.kind = kind; self.message = message }
}

public typealias DecideDestinationHandler = @MainActor (_ suggestedName: String) -> Bool
public typealias DownloadStartedHandler = @MainActor (Download) -> Void

/// A WebKitDownload: one file WebKit's network process is writing to disk.
@MainActor
public final class Download: Object {
    public override class var gType: GType { webkit_download_get_type() }

    private var download: OpaquePointer { OpaquePointer(raw) }

    /// The address the file comes from.
    public var uri: String? {
        webkit_download_get_request(download).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) }
    }
    /// The name the server suggested (Content-Disposition, else from the address); nil before
    /// the response arrived. Unsanitised: it is the server's.
    public var suggestedName: String? {
        webkit_download_get_response(download).flatMap { webkit_uri_response_get_suggested_filename($0) }.map { String(cString: $0) }
    }
    /// The size the server announced, nil when it did not say.
    public var expectedLength: UInt64? {
        guard let response = webkit_download_get_response(download) else { return nil }
        let length = webkit_uri_response_get_content_length(response)
        return length > 0 ? UInt64(length) : nil
    }
    public var mimeType: String? {
        webkit_download_get_response(download).flatMap { webkit_uri_response_get_mime_type($0) }.map { String(cString: $0) }
    }
    public var receivedLength: UInt64 { UInt64(webkit_download_get_received_data_length(download)) }
    /// 0…1, WebKit's estimate (0 while the size is unknown).
    public var estimatedProgress: Double { webkit_download_get_estimated_progress(download) }
    /// The file path WebKit writes to, once set.
    public var destination: String? { webkit_download_get_destination(download).map { String(cString: $0) } }
    /// Where to write: a file path. Call from "decide-destination" or, after returning true
    /// from it, later (the download waits).
    public func setDestination(_ path: String) { webkit_download_set_destination(download, path) }
    /// Never replace an existing file: WebKit fails the download instead.
    public var allowsOverwrite: Bool {
        get { webkit_download_get_allow_overwrite(download) != 0 }
        set { webkit_download_set_allow_overwrite(download, newValue ? 1 : 0) }
    }
    /// Stops it; WebKit then reports `.cancelled` through `onFailed`, then `onFinished`.
    public func cancel() { webkit_download_cancel(download) }

    /// Whether `view` is the web view that started this download.
    public func belongs(to view: WebView) -> Bool {
        guard let own = webkit_download_get_web_view(download) else { return false }
        return UnsafeMutableRawPointer(own) == view.raw
    }

    /// "decide-destination": true when `body` set (or will set) the destination.
    @discardableResult
    public func onDecideDestination(_ body: @escaping DecideDestinationHandler) -> SignalHandlerID {
        connectBoxed("decide-destination", unsafeBitCast(decideDestinationTrampoline, to: UnsafeRawPointer.self), body, signature: .stringPredicate)
    }

    /// WebKit stopped with an error; `onFinished` follows.
    @discardableResult
    public func onFailed(_ body: @escaping @MainActor (DownloadFailure) -> Void) -> SignalHandlerID {
        onPointer("failed") { error in
            body(Self.failure(from: error?.assumingMemoryBound(to: GError.self)))
        }
    }

    /// The end, whole or not: after a failure too.
    @discardableResult
    public func onFinished(_ body: @escaping VoidHandler) -> SignalHandlerID { on("finished", body) }

    /// Progress moved ("notify::estimated-progress").
    @discardableResult
    public func onProgress(_ body: @escaping VoidHandler) -> SignalHandlerID { onNotify("estimated-progress", body) }

    private static func failure(from error: UnsafeMutablePointer<GError>?) -> DownloadFailure {
        guard let error else { return DownloadFailure(kind: .other, message: "Unknown error") }
        let message = error.pointee.message.map { String(cString: $0) } ?? "Unknown error"
        guard error.pointee.domain == webkit_download_error_quark() else { return DownloadFailure(kind: .other, message: message) }
        let kind: DownloadFailure.Kind = switch error.pointee.code {
        case Int32(WEBKIT_DOWNLOAD_ERROR_NETWORK.rawValue): .network
        case Int32(WEBKIT_DOWNLOAD_ERROR_CANCELLED_BY_USER.rawValue): .cancelled
        case Int32(WEBKIT_DOWNLOAD_ERROR_DESTINATION.rawValue): .destination
        default: .other
        }
        return DownloadFailure(kind: kind, message: message)
    }
}

extension WebView {
    /// Downloads `uri` as if this page had asked for it (Retry): the session's "download-started"
    /// tells of it like any other.
    public func download(uri: String) {
        let download = webkit_web_view_download_uri(raw.assumingMemoryBound(to: WebKitWebView.self), uri)
        // The session's handler holds its own reference; WebKit keeps one while it runs.
        if let download { g_object_unref(UnsafeMutableRawPointer(download)) }
    }
}

extension NetworkSession {
    /// A download began in a view of this session (a link to an attachment, a file the page
    /// cannot show). Unless a handler sets a destination, WebKit picks one itself.
    @discardableResult
    public func onDownloadStarted(_ body: @escaping DownloadStartedHandler) -> SignalHandlerID {
        onPointer("download-started") { pointer in
            guard let download = Object.wrap(pointer, as: Download.self) else { return }
            body(download)
        }
    }
}

private let decideDestinationTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Int32 = { _, name, data in
    guard let body = ClosureBox<DecideDestinationHandler>.from(data) else { return 0 }
    let text = name.map { String(cString: $0) } ?? ""
    return MainActor.assumeIsolated { body(text) ? 1 : 0 }
}

public typealias NavigationActionHandler = @MainActor (_ byUser: Bool) -> Void

extension WebView {
    /// Every navigation the page starts (a link, a script, a form), before WebKit decides on it:
    /// whether the user caused it (a click, a key). WebKit's decision is left alone. A download is
    /// always preceded by the navigation that led to it, so this tells whether anyone asked for it.
    @discardableResult
    public func onNavigationAction(_ body: @escaping NavigationActionHandler) -> SignalHandlerID {
        connectBoxed("decide-policy", unsafeBitCast(navigationActionTrampoline, to: UnsafeRawPointer.self), body, signature: .decidePolicy)
    }
}

private let navigationActionTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, decision, type, data in
    guard let decision, let body = ClosureBox<NavigationActionHandler>.from(data),
          type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue || type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue,
          let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision)) else { return 0 }
    let byUser = webkit_navigation_action_is_user_gesture(action) != 0 || webkit_navigation_action_get_mouse_button(action) != 0
    MainActor.assumeIsolated { body(byUser) }
    return 0
}

/// A response whose headers are in, as WebKit asks about it ("decide-policy", RESPONSE).
public struct ResponseInfo: Sendable {
    /// The MIME type WebKit settled on (after sniffing); empty when none.
    public let mimeType: String
    /// Whether WebKit can show that type itself.
    public let canShow: Bool
    /// The main frame's own page (not a sub-frame or a resource).
    public let isMainFrame: Bool
    public let uri: String
}

/// What to do with a response: leave it to WebKit, save it as a download, or drop it.
public enum ResponseVerdict: Sendable {
    case leave, download, ignore
}

public typealias ResponseHandler = @MainActor (ResponseInfo) -> ResponseVerdict

extension WebView {
    /// Every response WebKit decides on (each frame's page). `body` says whether WebKit's own
    /// default stands (which *ignores* a type it cannot show) or the response is downloaded or dropped.
    @discardableResult
    public func onResponse(_ body: @escaping ResponseHandler) -> SignalHandlerID {
        connectBoxed("decide-policy", unsafeBitCast(responseTrampoline, to: UnsafeRawPointer.self), body, signature: .decidePolicy)
    }
}

private let responseTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, decision, type, data in
    guard let decision, type == WEBKIT_POLICY_DECISION_TYPE_RESPONSE.rawValue,
          let body = ClosureBox<ResponseHandler>.from(data) else { return 0 }
    let responseDecision = OpaquePointer(decision)
    // What WebKit shows (all but a few responses) is left to it at once: nothing more is read.
    let canShow = webkit_response_policy_decision_is_mime_type_supported(responseDecision) != 0
    let response = webkit_response_policy_decision_get_response(responseDecision)
    let mime = response.flatMap { webkit_uri_response_get_mime_type($0) }
    if canShow, let mime, mime.pointee != 0, strcmp(mime, "text/plain") != 0 { return 0 }
    let info = ResponseInfo(
        mimeType: mime.map { String(cString: $0) } ?? "",
        canShow: canShow,
        isMainFrame: webkit_response_policy_decision_is_main_frame_main_resource(responseDecision) != 0,
        uri: response.flatMap { webkit_uri_response_get_uri($0) }.map { String(cString: $0) } ?? "")
    nonisolated(unsafe) let policy = decision.assumingMemoryBound(to: WebKitPolicyDecision.self)
    return MainActor.assumeIsolated {
        switch body(info) {
        case .leave: return 0
        case .download:
            webkit_policy_decision_download(policy)
            return 1
        case .ignore:
            webkit_policy_decision_ignore(policy)
            return 1
        }
    }
}
