import CGtk
import CSoup
import Foundation

/// Why an HTTP exchange gave no answer to use.
public enum HTTPFailure: Error, Sendable, Equatable {
    case invalidAddress(String)
    /// Nothing answered (refused, unknown host, no route) or the connection broke.
    case unreachable(String)
    /// No complete answer within the time given.
    case timedOut(seconds: Double)
    /// For `get`: an answer outside 200…299, or one that says it has no body (204 No Content,
    /// 205 Reset Content): a GET there is for a body, and an empty one is not a document to read.
    case status(code: Int, reason: String)
    /// The body, as decoded (gzip), is larger than allowed; it was not read past the limit.
    case tooLarge(limit: Int)
    /// More redirects than allowed in a row.
    case tooManyRedirects(limit: Int)
    /// A redirect back to an address already visited in this exchange.
    case redirectLoop(String)
    /// A redirect led from an address to one further inside — from the internet to the local
    /// network or this computer, or from the local network to this computer — judged on the address
    /// each hop resolved to. Refused before anything was asked there (docs/feeds.md, "Redirects").
    case redirectInward(to: String, reach: NetworkReach)
    /// The TLS handshake failed; the certificate's problem in words ("certificate not trusted").
    /// Never bypassed.
    case tls(String)
    /// An https:// address whose server answered without TLS (it speaks plain HTTP on that port).
    case notHTTPS(host: String)
    case cancelled
}

/// How far inside the network an address is, judged on the address a host name resolved to.
public enum NetworkReach: Int, Sendable, Comparable {
    case internet = 0
    /// RFC 1918, IPv6 unique-local, link-local, shared (100.64/10).
    case localNetwork = 1
    /// Loopback (127/8, ::1) and the unspecified address.
    case thisComputer = 2

    init?(shim value: Int32) { self.init(rawValue: Int(value)) }

    /// The reach of a numeric address ("192.168.1.5", "fd00::1"); nil when it is not one.
    public init?(numeric address: String) {
        guard let inet = g_inet_address_new_from_string(address) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(inet)) }
        self.init(shim: skiff_inet_address_reach(inet))
    }

    public static func < (a: NetworkReach, b: NetworkReach) -> Bool { a.rawValue < b.rawValue }

    /// "the local network", "this computer".
    public var words: String {
        switch self {
        case .internet: "the internet"
        case .localNetwork: "the local network"
        case .thisComputer: "this computer"
        }
    }
}

/// One request: the address, what to accept, extra headers (If-None-Match, If-Modified-Since)
/// and the limits of the whole exchange.
public struct HTTPRequest: Sendable, Equatable {
    public var address: String
    public var accept: String
    public var headers: [String: String]
    /// Seconds for everything: connecting, every redirect, the whole body.
    public var timeout: Double
    /// Bytes of body after content decoding (a gzip bomb stops here).
    public var maximumBytes: Int
    public var maximumRedirects: Int
    /// A body longer than `maximumBytes` is cut there and given as it is (the head of a web page),
    /// instead of failing with `.tooLarge`.
    public var keepsHeadOnly = false

    public init(address: String, accept: String = "*/*", headers: [String: String] = [:], timeout: Double,
                maximumBytes: Int, maximumRedirects: Int = 5, keepsHeadOnly: Bool = false) {
        self.keepsHeadOnly = keepsHeadOnly
        self.address = address
        self.accept = accept
        self.headers = headers
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
    }
}

/// The answer at the end of the redirects. Only a 2xx answer's body is read (a 304 has none; an
/// error page is not wanted).
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var reason: String
    /// Names in lower case; a header sent twice has its values joined with ", ".
    public var headers: [String: String]
    public var body: Data
    /// Where the answer came from, after redirects.
    public var finalAddress: String
    /// Every redirect on the way was permanent (301, 308): the address to keep is `finalAddress`.
    public var permanentlyMoved: Bool

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// HTTP over libsoup 3 on the GLib main loop: nothing blocks the thread that started it, and
/// the completion runs on the main thread. Redirects are followed here, not by libsoup, so they are
/// counted, loops are caught, and whether the move was permanent is known. The body is read, as
/// decoded (libsoup's content decoder: gzip, deflate, brotli), in 64 KB pieces and counted, so a server
/// that sends more than `maximumBytes` (announced or not, compressed or not) is cut off at the
/// limit; and the whole exchange, redirects and body included, must finish within `timeout`.
/// TLS errors end the exchange (libsoup's default); nothing here accepts a certificate it refused.
@MainActor
public final class HTTPSession {
    let session: UnsafeMutablePointer<SoupSession>

    /// - Parameter connectionsPerHost: at most this many connections to one host (libsoup's default,
    ///   2, when nil), and four times as many in all.
    public init(userAgent: String = "Skiff", connectionsPerHost: Int? = nil) {
        if let connectionsPerHost {
            let perHost = UInt32(max(1, min(64, connectionsPerHost)))
            session = skiff_soup_session_new_with_limits(perHost, perHost * 4)
        } else {
            session = soup_session_new()
        }
        soup_session_set_user_agent(session, userAgent)
        if soup_session_has_feature(session, soup_content_decoder_get_type()) == 0 {
            soup_session_add_feature_by_type(session, soup_content_decoder_get_type())
        }
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// A GET for a body: any answer but 2xx (or 204/205) is `.status`.
    @discardableResult
    public func get(_ address: String, accept: String = "application/json", timeout: Double, maximumBytes: Int,
                    completion: @escaping @MainActor (Result<Data, HTTPFailure>) -> Void) -> HTTPTransfer {
        let request = HTTPRequest(address: address, accept: accept, timeout: timeout, maximumBytes: maximumBytes)
        return fetch(request) { result in
            completion(result.flatMap { response in
                guard (200...299).contains(response.status), response.status != 204, response.status != 205 else {
                    return .failure(.status(code: response.status, reason: response.reason))
                }
                return .success(response.body)
            })
        }
    }

    /// A GET whose answer, whatever its status, is given with its headers (a 304 is an answer).
    @discardableResult
    public func fetch(_ request: HTTPRequest, completion: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) -> HTTPTransfer {
        let transfer = HTTPTransfer(session: session, request: request, completion: completion)
        transfer.start()
        return transfer
    }
}

/// One exchange under way. `cancel()` ends it with `.cancelled`; so does dropping the session.
@MainActor
public final class HTTPTransfer {
    static let chunk = 64 * 1024
    fileprivate let session: UnsafeMutablePointer<SoupSession>
    private let request: HTTPRequest
    private var completion: (@MainActor (Result<HTTPResponse, HTTPFailure>) -> Void)?
    fileprivate var message: OpaquePointer?
    fileprivate var stream: UnsafeMutablePointer<GInputStream>?
    fileprivate let cancellable = g_cancellable_new()
    private var body = Data()
    private var response: HTTPResponse?
    /// Addresses asked so far, the current one last.
    private var visited: [String] = []
    private var permanent = true
    /// Where the first address resolved to: no redirect may lead further inside.
    private var origin: NetworkReach?

    init(session: UnsafeMutablePointer<SoupSession>, request: HTTPRequest,
         completion: @escaping @MainActor (Result<HTTPResponse, HTTPFailure>) -> Void) {
        g_object_ref(UnsafeMutableRawPointer(session))
        self.session = session
        self.request = request
        self.completion = completion
    }

    isolated deinit {
        release()
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    public var isFinished: Bool { completion == nil }

    public func cancel() { finish(.failure(.cancelled)) }

    fileprivate func start() {
        let milliseconds = UInt32(max(1, min(Double(UInt32.max / 2), (request.timeout * 1000).rounded())))
        MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.finish(.failure(.timedOut(seconds: self.request.timeout)))
        }
        ask(request.address)
    }

    private func release() {
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        stream = nil
        message = nil
    }

    private func ask(_ address: String) {
        guard let scheme = URL(string: address)?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let message = soup_message_new("GET", address) else {
            // Reported from the loop, never from inside the caller's call. Held until then: after a
            // redirect nothing else holds the transfer (no exchange is under way), and a weak
            // reference left a redirect to `file:` unanswered, never told.
            MainLoop.idle { self.finish(.failure(.invalidAddress(address))) }
            return
        }
        release()
        visited.append(address)
        self.message = message
        soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        // A redirect's connection is checked once connected, before the request is written.
        if visited.count > 1, let origin { skiff_message_limit_reach(message, Int32(origin.rawValue), cancellable) }
        let headers = soup_message_get_request_headers(message)
        soup_message_headers_replace(headers, "Accept", request.accept)
        for (name, value) in request.headers { soup_message_headers_replace(headers, name, value) }
        soup_session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable, sendDone, Unmanaged.passRetained(self).toOpaque())
    }

    fileprivate func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(session, result, &error)
        self.stream = stream
        if let error {
            defer { g_error_free(error) }
            if let message, let reach = NetworkReach(shim: skiff_message_refused_reach(message)), let address = visited.last {
                return finish(.failure(.redirectInward(to: address, reach: reach)))
            }
            if !isFinished { finish(.failure(failure(error))) }
            return
        }
        guard !isFinished, let message, stream != nil, let address = visited.last else { return }
        // A connection reused from earlier was not checked when it was made: the answer is not read.
        let reach = NetworkReach(shim: skiff_message_remote_reach(message))
        if visited.count == 1 {
            origin = reach
        } else if let origin, let reach, reach > origin {
            return finish(.failure(.redirectInward(to: address, reach: reach)))
        }
        let code = Int(soup_message_get_status(message).rawValue)
        let headers = Self.headers(soup_message_get_response_headers(message))
        if [301, 302, 303, 307, 308].contains(code), let location = headers["location"] {
            return redirect(to: location, from: address, permanent: code == 301 || code == 308)
        }
        let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
        let answer = HTTPResponse(status: code, reason: reason, headers: headers, body: Data(), finalAddress: address,
                                  permanentlyMoved: visited.count > 1 && permanent)
        guard (200...299).contains(code), code != 204, code != 205 else { return finish(.success(answer)) }
        let responseHeaders = soup_message_get_response_headers(message)
        if soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_CONTENT_LENGTH,
           soup_message_headers_get_content_length(responseHeaders) > Int64(request.maximumBytes),
           headers["content-encoding"] == nil, !request.keepsHeadOnly {
            return finish(.failure(.tooLarge(limit: request.maximumBytes)))
        }
        response = answer
        readNext()
    }

    private func redirect(to location: String, from address: String, permanent: Bool) {
        guard let next = URL(string: location, relativeTo: URL(string: address))?.absoluteURL.absoluteString else {
            return finish(.failure(.invalidAddress(location)))
        }
        if visited.contains(next) { return finish(.failure(.redirectLoop(next))) }
        if visited.count > request.maximumRedirects { return finish(.failure(.tooManyRedirects(limit: request.maximumRedirects))) }
        self.permanent = self.permanent && permanent
        ask(next)
    }

    private func readNext() {
        guard let stream, !isFinished else { return }
        g_input_stream_read_bytes_async(stream, gsize(Self.chunk), G_PRIORITY_DEFAULT, cancellable, readDone, Unmanaged.passRetained(self).toOpaque())
    }

    fileprivate func read(_ result: OpaquePointer?) {
        guard let stream else { return }
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        if let error {
            defer { g_error_free(error) }
            if !isFinished { finish(.failure(failure(error))) }
            return
        }
        guard !isFinished, let bytes, var response else { return }
        var length: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &length), length > 0 else {
            response.body = body
            return finish(.success(response))
        }
        let size = Int(length)
        guard body.count + size <= request.maximumBytes else {
            guard request.keepsHeadOnly else { return finish(.failure(.tooLarge(limit: request.maximumBytes))) }
            body.append(pointer.assumingMemoryBound(to: UInt8.self), count: request.maximumBytes - body.count)
            response.body = body
            return finish(.success(response))
        }
        body.append(pointer.assumingMemoryBound(to: UInt8.self), count: size)
        readNext()
    }

    private func finish(_ result: Result<HTTPResponse, HTTPFailure>) {
        guard let completion else { return }
        self.completion = nil
        body = Data()
        response = nil
        // Whatever is still pending ends with G_IO_ERROR_CANCELLED and finds the transfer finished.
        g_cancellable_cancel(cancellable)
        completion(result)
    }

    private func failure(_ error: UnsafeMutablePointer<GError>) -> HTTPFailure {
        if skiff_error_is_cancelled(error) != 0 { return .cancelled }
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        let flags = message.map { skiff_message_tls_errors($0) } ?? 0
        if flags != 0 { return .tls(Self.certificateProblem(flags)) }
        if skiff_error_is_not_tls(error) != 0, let host = visited.last.flatMap({ URL(string: $0)?.host }) { return .notHTTPS(host: host) }
        if skiff_error_is_tls(error) != 0 { return .tls(text) }
        return .unreachable(text)
    }

    /// The first of the certificate's problems GIO found, in words.
    static func certificateProblem(_ flags: UInt32) -> String {
        switch TLSCertificateProblem.from(flags: flags).first {
        case .unknownAuthority: "certificate not trusted"
        case .otherSite: "the certificate is for another site"
        case .expired: "certificate expired"
        case .notYetValid: "certificate not yet valid"
        case .revoked: "certificate revoked"
        case .insecureAlgorithm: "the certificate uses an insecure algorithm"
        case nil: "certificate refused"
        }
    }

    /// Every response header, names lower-cased, repeated ones joined.
    static func headers(_ headers: OpaquePointer?) -> [String: String] {
        final class Collected { var headers: [String: String] = [:] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            soup_message_headers_foreach(headers, { name, value, data in
                guard let name, let value, let data else { return }
                let collected = Unmanaged<Collected>.fromOpaque(data).takeUnretainedValue()
                let key = String(cString: name).lowercased()
                let text = String(cString: value)
                collected.headers[key] = collected.headers[key].map { $0 + ", " + text } ?? text
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.headers
    }
}

private let sendDone: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    nonisolated(unsafe) let result = result
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(data)
    MainActor.assumeIsolated {
        let t = transfer.takeRetainedValue()
        t.sent(result)
    }
}

private let readDone: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    nonisolated(unsafe) let result = result
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(data)
    MainActor.assumeIsolated {
        let t = transfer.takeRetainedValue()
        t.read(result)
    }
}
