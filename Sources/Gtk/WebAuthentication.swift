import CGtk
import CWebKit

/// A site asking for a user name and password (HTTP authentication, WebKitAuthenticationRequest):
/// kept (referenced) until answered.
@MainActor
public final class AuthenticationRequest: Object {
    public override class var gType: GType { webkit_authentication_request_get_type() }
    private var request: OpaquePointer { OpaquePointer(raw) }
    private var answered = false

    public var host: String { webkit_authentication_request_get_host(request).map { String(cString: $0) } ?? "" }
    public var port: Int { Int(webkit_authentication_request_get_port(request)) }
    /// The site asking, as `scheme://host:port` (the port always written): what a remembered login is kept under.
    public var server: String {
        guard let origin = webkit_authentication_request_get_security_origin(request) else { return "http://\(host):\(port)" }
        defer { webkit_security_origin_unref(origin) }
        let scheme = webkit_security_origin_get_protocol(origin).map { String(cString: $0) } ?? "http"
        let host = webkit_security_origin_get_host(origin).map { String(cString: $0) } ?? host
        var port = Int(webkit_security_origin_get_port(origin))
        if port == 0 { port = scheme == "https" ? 443 : self.port == 0 ? 80 : self.port }
        return "\(scheme)://\(host):\(port)"
    }
    public var realm: String { webkit_authentication_request_get_realm(request).map { String(cString: $0) } ?? "" }
    /// The previous answer was refused: this asks again.
    public var isRetry: Bool { webkit_authentication_request_is_retry(request) != 0 }
    public var isForProxy: Bool { webkit_authentication_request_is_for_proxy(request) != 0 }
    /// A user name and password are what is asked (Basic, Digest, NTLM, Negotiate…), not a
    /// client certificate, a PIN or a server trust decision.
    public var asksForPassword: Bool {
        switch webkit_authentication_request_get_scheme(request) {
        case WEBKIT_AUTHENTICATION_SCHEME_CLIENT_CERTIFICATE_REQUESTED, WEBKIT_AUTHENTICATION_SCHEME_SERVER_TRUST_EVALUATION_REQUESTED,
             WEBKIT_AUTHENTICATION_SCHEME_CLIENT_CERTIFICATE_PIN_REQUESTED:
            false
        default: true
        }
    }
    /// The user name WebKit proposes (the one tried before), if any.
    public var proposedUser: String? {
        guard let credential = webkit_authentication_request_get_proposed_credential(request) else { return nil }
        defer { webkit_credential_free(credential) }
        return webkit_credential_get_username(credential).map { String(cString: $0) }
    }

    /// Answers with a user name and password, kept in memory for this session only (never written).
    public func logIn(user: String, password: String) {
        guard !answered else { return }
        answered = true
        let credential = webkit_credential_new(user, password, WEBKIT_CREDENTIAL_PERSISTENCE_FOR_SESSION)
        webkit_authentication_request_authenticate(request, credential)
        webkit_credential_free(credential)
    }

    /// "authenticated": the site accepted the answer (WebKit tells it once the load goes on).
    @discardableResult
    public func onAuthenticated(_ body: @escaping @MainActor () -> Void) -> SignalHandlerID {
        onPointer("authenticated") { _ in body() }
    }

    /// The page loads as the server answers without credentials (its 401 page).
    public func cancel() {
        guard !answered else { return }
        answered = true
        webkit_authentication_request_cancel(request)
    }
}

public typealias AuthenticationHandler = @MainActor (AuthenticationRequest) -> Bool

extension WebView {
    /// "authenticate": `body` returns true when it will answer the request (keeping it until then),
    /// false to leave it to WebKit's own dialog.
    @discardableResult
    public func onAuthenticate(_ body: @escaping AuthenticationHandler) -> SignalHandlerID {
        onRequest("authenticate") { body(AuthenticationRequest(retaining: $0)) }
    }
}

extension Entry {
    /// A password field: the text shown as dots, and input methods told it is a password.
    public func hidesText() {
        gtk_entry_set_visibility(raw.assumingMemoryBound(to: GtkEntry.self), 0)
        gtk_entry_set_input_purpose(raw.assumingMemoryBound(to: GtkEntry.self), GTK_INPUT_PURPOSE_PASSWORD)
    }
}
