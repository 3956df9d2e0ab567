import Foundation

/// The built app launched as a user launches it, with data and cache folders of its own and its
/// standard error written to a file the test reads. `stop()` ends that process (by its PID) and
/// removes the folders.
public final class LaunchedApp {
    public let process = Process()
    public let home: URL
    public let log: URL

    /// - Parameter environment: variables to set over the test's own; a nil value removes one.
    public init(_ executable: String, arguments: [String], environment changes: [String: String?] = [:]) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-launch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        log = home.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.path
        environment["XDG_CACHE_HOME"] = home.path
        for (name, value) in changes { environment[name] = value }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
    }

    /// What the app has written to its standard error so far.
    public var standardError: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    public func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: home)
    }
}
