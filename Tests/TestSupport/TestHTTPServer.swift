import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.0 server on 127.0.0.1, started and stopped by the tests that use it.
/// Real sockets, real responses: WebKit's network process talks to it like any server.
public final class TestHTTPServer: @unchecked Sendable {
    public struct Response: Sendable {
        public var status = "200 OK"
        public var contentType = "text/html; charset=utf-8"
        public var body: String
        public var delay: TimeInterval = 0
        /// false: no Content-Length, the body ends when the connection closes (HTTP/1.0), so a
        /// client cannot know its size in advance.
        public var sendsLength = true
        public init(status: String = "200 OK", contentType: String = "text/html; charset=utf-8", body: String, delay: TimeInterval = 0, sendsLength: Bool = true) {
            self.status = status; self.contentType = contentType; self.body = body; self.delay = delay; self.sendsLength = sendsLength
        }
        /// Sent instead of `body` when set: a binary body (an image).
        public var bytes: [UInt8]?
        /// More header lines ("Content-Disposition: attachment; filename=x.bin").
        public var headers: [String] = []
        /// Announced as the Content-Length instead of the body's real length (a server that promises
        /// more than it sends, then closes: a cut connection).
        public var declaredLength: Int?
        /// Sent `bytes` at a time with `every` seconds between (a slow server), instead of at once.
        public var pace: (bytes: Int, every: TimeInterval)?
        /// Sent as the ETag; a request whose If-None-Match names it is answered 304 with no body.
        public var etag: String?
        /// After the head, `body` again and again until the client hangs up (a body without end).
        public var endless = false
        /// HTTP Basic authentication: without these credentials the answer is 401 with
        /// `WWW-Authenticate: Basic realm="…"` (and a page saying so) instead of this response.
        public var basicAuth: (user: String, password: String, realm: String)?
        public init(contentType: String, bytes: [UInt8], headers: [String] = []) {
            self.init(contentType: contentType, body: "")
            self.bytes = bytes
            self.headers = headers
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let table: RouteTable
    private let lock = NSLock()
    private var stopped = false

    /// The IPv4 address it listens on (127.0.0.1 unless told otherwise).
    public let host: String

    /// - Parameters:
    ///   - port: 0 for any free one; a given one brings a stopped server back where it was.
    ///   - host: the IPv4 address to listen on: 127.0.0.1, or one of the machine's own (see
    ///     `TestHTTPServer.nonLoopbackAddress`) for a server that is not on loopback.
    public init(routes: [String: Response], port: UInt16 = 0, host: String = "127.0.0.1") throws {
        self.host = host
        table = RouteTable(routes)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr(host)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &len) }
        }
        self.port = UInt16(bigEndian: addr.sin_port)
        listener = fd
        let table = self.table
        let t = Thread {
            TestHTTPServer.serve(fd: fd, table: table)
        }
        t.start()
    }

    /// Changes what `path` answers from now on (a server that recovers, or starts failing).
    public func setResponse(_ response: Response, for path: String) { table.set(response, for: path) }

    /// A request as it arrived: its target and its header lines (names lower-cased).
    public struct Request: Sendable {
        public var target: String
        public var headers: [String: String]
    }

    /// Every request so far, in the order they arrived.
    public var requests: [Request] { table.received() }

    /// The most requests that were being answered at the same time so far.
    public var maximumConcurrentRequests: Int { table.peak() }

    /// Requests being answered now (a connection the client closed ends its answer).
    public var openRequests: Int { table.current() }

    /// How many requests asked for `path` (query strings aside).
    public func requestCount(for path: String) -> Int {
        requests.filter { ($0.target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? $0.target) == path }.count
    }

    private final class RouteTable: @unchecked Sendable {
        private var routes: [String: Response]
        private var log: [Request] = []
        private let lock = NSLock()
        init(_ routes: [String: Response]) { self.routes = routes }

        func record(_ request: Request) {
            lock.lock(); defer { lock.unlock() }
            log.append(request)
        }

        private var open = 0
        private var mostOpen = 0

        func began() {
            lock.lock(); defer { lock.unlock() }
            open += 1
            mostOpen = max(mostOpen, open)
        }

        func current() -> Int {
            lock.lock(); defer { lock.unlock() }
            return open
        }

        func ended() {
            lock.lock(); defer { lock.unlock() }
            open -= 1
        }

        func peak() -> Int {
            lock.lock(); defer { lock.unlock() }
            return mostOpen
        }

        func received() -> [Request] {
            lock.lock(); defer { lock.unlock() }
            return log
        }

        func set(_ response: Response, for path: String) {
            lock.lock(); defer { lock.unlock() }
            routes[path] = response
        }

        func response(for target: String) -> Response? {
            lock.lock(); defer { lock.unlock() }
            // A route answers with or without a query string (a search engine's "/find?q=…").
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            return routes[target] ?? routes[path]
        }
    }

    public var base: String { "http://\(host):\(port)" }

    /// One of this machine's IPv4 addresses that is not loopback (its LAN or container address), or
    /// nil when it has none.
    public static func nonLoopbackAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var next: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = next {
            next = entry.pointee.ifa_next
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let found = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet4 -> String? in
                var raw = inet4.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN)) != nil else { return nil }
                return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if let found, !found.hasPrefix("127.") { return found }
        }
        return nil
    }

    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func serve(fd: Int32, table: RouteTable) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { return }
            let t = Thread {
                table.began()
                defer { table.ended() }
                handle(client: client) { request in
                    table.record(request)
                    return table.response(for: request.target)
                }
            }
            t.start()
        }
    }

    private static func handle(client: Int32, lookup: (Request) -> Response?) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var request = ""
        while !request.contains("\r\n\r\n") {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { break }
            // A TLS handshake (record type 22) to a plain-HTTP port: answered as nginx and Apache
            // answer it, with a 400 in plain HTTP, and closed.
            if request.isEmpty, buffer[0] == 0x16 {
                let answer = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                _ = answer.withCString { write(client, $0, strlen($0)) }
                return
            }
            request += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        // A connection closed before it asked anything (a client that refused the address once
        // connected) is not a request.
        if request.isEmpty { return }
        let target = request.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        var headers: [String: String] = [:]
        for line in request.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var response = lookup(Request(target: target, headers: headers))
            ?? Response(status: "404 Not Found", body: "<title>Not found</title>nothing at \(target)")
        if let auth = response.basicAuth {
            let token = Data("\(auth.user):\(auth.password)".utf8).base64EncodedString()
            if headers["authorization"] != "Basic \(token)" {
                response = Response(status: "401 Unauthorized", body: "<title>Unauthorized</title>Log in first")
                response.headers = ["WWW-Authenticate: Basic realm=\"\(auth.realm)\""]
            }
        }
        if response.delay > 0, !Self.pause(response.delay, client: client) { return }
        if let etag = response.etag {
            response.headers.append("ETag: \(etag)")
            if headers["if-none-match"] == etag {
                response.status = "304 Not Modified"
                response.body = ""
                response.bytes = nil
                response.sendsLength = false
                response.endless = false
            }
        }
        let body = response.bytes ?? Array(response.body.utf8)
        let length = response.sendsLength && !response.endless ? "Content-Length: \(response.declaredLength ?? body.count)\r\n" : ""
        let extra = response.headers.map { $0 + "\r\n" }.joined()
        let head = "HTTP/1.0 \(response.status)\r\nContent-Type: \(response.contentType)\r\n\(length)\(extra)Connection: close\r\n\r\n"
        if response.endless {
            guard sendAll(Array(head.utf8), to: client) else { return }
            while sendAll(body.isEmpty ? [0x20] : body, to: client) {}
            return
        }
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            if let pace = response.pace, sent > head.utf8.count, !Self.pause(pace.every, client: client) { return }
            let end = response.pace.map { min(bytes.count, max(sent, head.utf8.count) + $0.bytes) } ?? bytes.count
            // MSG_NOSIGNAL: a client that hung up (a test that timed out) must not SIGPIPE the tests.
            let n = bytes[sent..<end].withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// false once the client has hung up.
    private static func sendAll(_ bytes: [UInt8], to client: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// A port on 127.0.0.1 with nothing listening: bound, then closed.
    /// A slow server's pause before its answer or between two pieces of it: `seconds`, or less
    /// when the client hangs up meanwhile (then false: nobody is left to answer).
    static func pause(_ seconds: TimeInterval, client: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return true }
            let ready = poll(&entry, 1, Int32((left * 1000).rounded(.up)))
            if ready == 0 { return true }
            if ready < 0 { if errno == EINTR { continue }; return true }
            // Readable after its request: either it hung up (recv says 0) or it sent more, which
            // this server never reads; either way the pause is over.
            var byte: UInt8 = 0
            return recv(client, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
        }
    }

    public static func closedPort() -> UInt16 {
        guard let probe = try? TestHTTPServer(routes: [:]) else { return 9 }
        let port = probe.port
        probe.stop()
        return port
    }
}
