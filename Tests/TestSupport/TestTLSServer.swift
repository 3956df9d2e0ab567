import Foundation

/// A real TLS server on 127.0.0.1 with a fresh self-signed certificate (`openssl s_server -www`,
/// which answers any request with a status page). Started and stopped by the test, by its PID.
public final class TestTLSServer {
    public let port: UInt16
    private let process: Process
    private let directory: URL

    public init(commonName: String = "127.0.0.1") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let make = try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem",
                                     "-days", "1", "-subj", "/CN=\(commonName)"], in: directory)
        make.waitUntilExit()
        guard make.terminationStatus == 0 else { throw TestFailure("openssl could not make a certificate") }
        port = TestHTTPServer.closedPort()
        process = try Self.openssl(["s_server", "-accept", "127.0.0.1:\(port)", "-cert", "cert.pem", "-key", "key.pem", "-www", "-quiet"],
                                   in: directory)
        // Ready once it accepts a connection (openssl listens after reading its key).
        let port = self.port
        guard Poll.until(timeout: 20, { Self.accepts(port: port) || !process.isRunning }), process.isRunning else {
            stop()
            throw TestFailure("openssl s_server did not listen on \(port)")
        }
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted now.
    private static func accepts(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    public var base: String { "https://127.0.0.1:\(port)" }

    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func openssl(_ args: [String], in directory: URL) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.currentDirectoryURL = directory
        try p.run()
        return p
    }
}
