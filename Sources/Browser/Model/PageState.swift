import Foundation

/// What happened to the page, as the web view reports it (translated by the view layer).
public enum PageEvent: Equatable, Sendable {
    case navigationRequested(uri: String)
    case loadStarted(uri: String?)
    case committed(uri: String?)
    case finished
    case progress(Double)
    case titleChanged(String?)
    case uriChanged(String?)
    case history(canGoBack: Bool, canGoForward: Bool)
    /// `cancelled` covers Stop and a navigation replacing another: no error page for those.
    case failed(uri: String, message: String, cancelled: Bool)
    case webProcessEnded(reason: CrashReason)
    /// The view has put the error page up in place of the failed page.
    case errorPageShown
}

public enum CrashReason: Equatable, Sendable {
    case crashed, outOfMemory, killed

    public var explanation: String {
        switch self {
        case .crashed: "The web page stopped unexpectedly."
        case .outOfMemory: "The web page used too much memory and was stopped."
        case .killed: "The web page was stopped."
        }
    }
}

/// A load that failed: shown as an error page in place of the page.
public struct LoadFailure: Equatable, Sendable {
    public var uri: String
    public var message: String
}

/// One tab's state, driven only by `apply`. The view renders it; tests check it without a display.
public struct PageState: Equatable, Sendable {
    public private(set) var uri: String?
    public private(set) var title: String?
    public private(set) var progress: Double = 0
    public private(set) var isLoading = false
    public private(set) var canGoBack = false
    public private(set) var canGoForward = false
    public private(set) var failure: LoadFailure?
    public private(set) var crash: CrashReason?
    /// The URI the user asked for most recently: what Reload retries after a crash or failure.
    public private(set) var requestedURI: String?
    /// Set between a failure and the start of the error page that replaces it, whose load
    /// events must not clear the failure.
    private var errorPagePending = false
    /// True when the view should put the error page up for `failure`; cleared by `.errorPageShown`.
    public private(set) var wantsErrorPage = false
    private var startedURI: String?

    /// WebKit refuses some ports outright and commits about:blank instead, with no load-failed.
    static let blockedMessage = "Web browsers refuse to connect to this port, because it belongs to a service that could be attacked through web pages."

    public init() {}

    public mutating func apply(_ event: PageEvent) {
        switch event {
        case .navigationRequested(let uri):
            requestedURI = uri
            errorPagePending = false
            wantsErrorPage = false
            failure = nil
            crash = nil
        case .loadStarted(let uri):
            isLoading = true
            progress = 0.1
            crash = nil
            if errorPagePending {
                errorPagePending = false
                return
            }
            if let uri { self.uri = uri; requestedURI = uri }
            startedURI = uri
            failure = nil
        case .committed(let uri):
            if uri == "about:blank", let started = startedURI, started != "about:blank", !errorPagePending {
                fail(uri: started, message: Self.blockedMessage)
                return
            }
            if let uri { self.uri = uri }
        case .finished:
            isLoading = false
            progress = 1
        case .progress(let p):
            progress = min(max(p, 0), 1)
        case .titleChanged(let t):
            // A dead web process reports an empty title; the user still wants to know what it was.
            if crash == nil { title = t }
        case .uriChanged(let u):
            if crash == nil, let u, !u.isEmpty { uri = u }
        case .history(let back, let forward):
            canGoBack = back
            canGoForward = forward
        case .failed(let uri, let message, let cancelled):
            isLoading = false
            if !cancelled { fail(uri: uri, message: message) }
        case .errorPageShown:
            wantsErrorPage = false
        case .webProcessEnded(let reason):
            isLoading = false
            crash = reason
        }
    }

    private mutating func fail(uri: String, message: String) {
        failure = LoadFailure(uri: uri, message: message)
        requestedURI = uri
        self.uri = uri
        errorPagePending = true
        wantsErrorPage = true
    }

    /// "Page Title — Skiff"; the host while a page has no title yet; "Skiff" on an empty tab.
    public var windowTitle: String {
        if failure != nil { return "Can’t Open Page — Skiff" }
        if let title, !title.trimmingCharacters(in: .whitespaces).isEmpty { return "\(title) — Skiff" }
        if let uri, let host = URL(string: uri)?.host, !host.isEmpty { return "\(host) — Skiff" }
        return "Skiff"
    }

    /// What the address entry shows when the user is not typing in it.
    public var addressText: String {
        if let failure { return failure.uri }
        if let uri, uri != "about:blank" { return uri }
        // Nothing committed yet: keep showing what the user asked for.
        if let requestedURI, requestedURI != "about:blank" { return requestedURI }
        return ""
    }

    /// Whether the reload button should read "Stop".
    public var showsStop: Bool { isLoading }
}
