import Foundation

/// A folder served the way most file servers serve one: `python3 -m http.server` on 127.0.0.1,
/// with no headers of Skiff's choosing (no Content-Disposition; Content-Type guessed from the file
/// name by Python's `mimetypes`). Its request log (one line per request, "GET /path HTTP/1.1" 200)
/// is what the server saw, read by the tests. `stop()` ends that process, by its PID.
public final class PlainFileServer {
    public let folder: URL
    public let process = Process()
    private let log: URL
    public private(set) var port = 0

    /// Starts the server on a free port over `folder` and waits (up to 15 s) until it listens.
    public init(folder: URL) throws {
        self.folder = folder
        log = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-http-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -u: the log lines reach the file as they are written, not when a buffer fills.
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder.path]
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, process.isRunning {
            // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
            if let line = requestLog.split(separator: "\n").first(where: { $0.hasPrefix("Serving HTTP on") }),
               let range = line.range(of: " port "), let number = Int(line[range.upperBound...].prefix { $0.isNumber }) {
                port = number
                return
            }
            RunLoop.current.run(until: Date().addingTimeInterval(0.02))
        }
        stop()
        throw TestFailure("python3 -m http.server did not start: \(requestLog)")
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    /// Everything the server has written: its start line and one line per request.
    public var requestLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// The paths of the GET requests the server answered, in order.
    public var requestedPaths: [String] {
        requestLog.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "\"GET ") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " })
        }
    }

    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
