import CGtk
import CSoup
import Foundation

/// Why an HTTP GET gave no body.
public enum HTTPFailure: Error, Sendable, Equatable {
    case invalidAddress(String)
    /// Nothing answered (refused, unknown host, no route) or the connection broke.
    case unreachable(String)
    /// No complete answer within the time given.
    case timedOut(seconds: Double)
    /// An answer outside 200…299, or one that says it has no body (204 No Content, 205 Reset Content):
    /// a GET here is for a body, and an empty one is not a document to read.
    case status(code: Int, reason: String)
    /// The body is larger than allowed; it was not read past the limit.
    case tooLarge(limit: Int)
    case cancelled
}

/// GETs over libsoup 3 on the GLib main loop: nothing blocks the thread that started it, and
/// the completion runs on the main thread. The body is read in 64 KB pieces and counted, so a
/// server that sends more than `maximumBytes` (announced or not) is cut off at the limit, and the
/// whole exchange, body included, must finish within `timeout`.
@MainActor
public final class HTTPSession {
    private let session: UnsafeMutablePointer<SoupSession>

    public init(userAgent: String = "Skiff") {
        session = soup_session_new()
        soup_session_set_user_agent(session, userAgent)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    @discardableResult
    public func get(_ address: String, accept: String = "application/json", timeout: Double, maximumBytes: Int,
                    completion: @escaping @MainActor (Result<Data, HTTPFailure>) -> Void) -> HTTPTransfer {
        let transfer = HTTPTransfer(session: session, timeout: timeout, maximumBytes: maximumBytes, completion: completion)
        transfer.start(address, accept: accept)
        return transfer
    }
}

/// One GET under way. `cancel()` ends it with `.cancelled`; so does dropping the session.
@MainActor
public final class HTTPTransfer {
    static let chunk = 64 * 1024
    fileprivate let session: UnsafeMutablePointer<SoupSession>
    private let timeout: Double
    private let maximumBytes: Int
    private var completion: (@MainActor (Result<Data, HTTPFailure>) -> Void)?
    fileprivate var message: OpaquePointer?
    fileprivate var stream: UnsafeMutablePointer<GInputStream>?
    fileprivate let cancellable = g_cancellable_new()
    private var body = Data()

    init(session: UnsafeMutablePointer<SoupSession>, timeout: Double, maximumBytes: Int, completion: @escaping @MainActor (Result<Data, HTTPFailure>) -> Void) {
        g_object_ref(UnsafeMutableRawPointer(session))
        self.session = session
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.completion = completion
    }

    isolated deinit {
        if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
        if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_object_unref(UnsafeMutableRawPointer(cancellable))
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    public var isFinished: Bool { completion == nil }

    public func cancel() { finish(.failure(.cancelled)) }

    fileprivate func start(_ address: String, accept: String) {
        guard let scheme = URL(string: address)?.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let message = soup_message_new("GET", address) else {
            // Reported from the loop, never from inside the caller's call.
            MainLoop.idle { [weak self] in self?.finish(.failure(.invalidAddress(address))) }
            return
        }
        self.message = message
        soup_message_headers_replace(soup_message_get_request_headers(message), "Accept", accept)
        soup_session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable, sendDone, Unmanaged.passRetained(self).toOpaque())
        let milliseconds = UInt32(max(1, min(Double(UInt32.max / 2), (timeout * 1000).rounded())))
        MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.finish(.failure(.timedOut(seconds: self.timeout)))
        }
    }

    fileprivate func sent(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(session, result, &error)
        self.stream = stream
        if let error {
            defer { g_error_free(error) }
            if !isFinished { finish(.failure(Self.failure(error))) }
            return
        }
        guard !isFinished, let message, stream != nil else { return }
        let code = Int(soup_message_get_status(message).rawValue)
        guard (200...299).contains(code), code != 204, code != 205 else {
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            return finish(.failure(.status(code: code, reason: reason)))
        }
        let headers = soup_message_get_response_headers(message)
        if soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH,
           soup_message_headers_get_content_length(headers) > Int64(maximumBytes) {
            return finish(.failure(.tooLarge(limit: maximumBytes)))
        }
        readNext()
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
            if !isFinished { finish(.failure(Self.failure(error))) }
            return
        }
        guard !isFinished, let bytes else { return }
        var length: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &length), length > 0 else {
            return finish(.success(body))
        }
        let size = Int(length)
        guard body.count + size <= maximumBytes else { return finish(.failure(.tooLarge(limit: maximumBytes))) }
        body.append(pointer.assumingMemoryBound(to: UInt8.self), count: size)
        readNext()
    }

    private func finish(_ result: Result<Data, HTTPFailure>) {
        guard let completion else { return }
        self.completion = nil
        body = Data()
        // Whatever is still pending ends with G_IO_ERROR_CANCELLED and finds the transfer finished.
        g_cancellable_cancel(cancellable)
        completion(result)
    }

    private static func failure(_ error: UnsafeMutablePointer<GError>) -> HTTPFailure {
        if skiff_error_is_cancelled(error) != 0 { return .cancelled }
        let text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return .unreachable(text)
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
