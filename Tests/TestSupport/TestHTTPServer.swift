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
        public init(status: String = "200 OK", contentType: String = "text/html; charset=utf-8", body: String, delay: TimeInterval = 0) {
            self.status = status; self.contentType = contentType; self.body = body; self.delay = delay
        }
    }

    public let port: UInt16
    private let listener: Int32
    private let routes: [String: Response]
    private let lock = NSLock()
    private var stopped = false
    private let thread: Thread?

    public init(routes: [String: Response]) throws {
        self.routes = routes
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &len) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        listener = fd
        let routes = self.routes
        let t = Thread { TestHTTPServer.serve(fd: fd, routes: routes) }
        thread = t
        t.start()
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func serve(fd: Int32, routes: [String: Response]) {
        while true {
            let client = accept(fd, nil, nil)
            if client < 0 { return }
            let t = Thread { handle(client: client, routes: routes) }
            t.start()
        }
    }

    private static func handle(client: Int32, routes: [String: Response]) {
        defer { close(client) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var request = ""
        while !request.contains("\r\n\r\n") {
            let n = read(client, &buffer, buffer.count)
            if n <= 0 { break }
            request += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        let target = request.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        // A route answers with or without a query string (a search engine's "/find?q=…").
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let response = routes[target] ?? routes[path] ?? Response(status: "404 Not Found", body: "<title>Not found</title>nothing at \(path)")
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let body = Array(response.body.utf8)
        let head = "HTTP/1.0 \(response.status)\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// A port on 127.0.0.1 with nothing listening: bound, then closed.
    public static func closedPort() -> UInt16 {
        guard let probe = try? TestHTTPServer(routes: [:]) else { return 9 }
        let port = probe.port
        probe.stop()
        return port
    }
}
