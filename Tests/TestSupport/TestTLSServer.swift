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
        Thread.sleep(forTimeInterval: 0.5)
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
