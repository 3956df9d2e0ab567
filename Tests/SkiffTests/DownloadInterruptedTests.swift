import Foundation
import Gtk
import TestSupport
import XCTest

/// The real app killed with SIGKILL in the middle of a download, then started again: the partial
/// files WebKit was writing (`name.part` and `name.part.wkdownload`) do not outlive it in the
/// Downloads folder, and the user is told (docs/downloads.md, "When Skiff stops mid-download").
final class DownloadInterruptedTests: XCTestCase {
    func testKillNineMidDownloadThenARestartRemovesThePartialFilesAndSaysSo() throws {
        try requireDisplayAndXDoTool()
        try requireBuiltApp(at: CommandLineTests.skiff)
        let big = [UInt8](repeating: 0x5a, count: 4 << 20)
        // 4 MB at 160 kB/s: it is still coming for 25 s, long after the kill.
        var slow = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: big,
                                           headers: ["Content-Disposition: attachment; filename=\"big.bin\""])
        slow.pace = (bytes: 16 << 10, every: 0.1)
        // The link has the keyboard focus once the page loads: Enter on it is the user's.
        let page = "<title>Files</title><a id=l href=/big>get it</a><script>l.focus()</script>"
        let server = try TestHTTPServer(routes: ["/page": .init(body: page), "/big": slow])
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-killed-download-\(UUID().uuidString)")
        let downloads = home.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment: [String: String?] = ["XDG_STATE_HOME": home.appendingPathComponent("state").path, "SKIFF_DOWNLOAD_DIR": downloads.path,
                                              "SKIFF_LOG": "info"]
        func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: downloads.path)) ?? []).sorted() }

        nonisolated(unsafe) let first = try LaunchedApp(CommandLineTests.skiff, arguments: ["--window-size", "800x600", "\(server.base)/page"], environment: environment)
        defer { first.stop() }
        try MainActor.assumeIsolated {
            guard let window = XDoTool.window(named: "Files — Skiff", timeout: 30) else {
                throw TestFailure("the page never showed: \(first.standardError)")
            }
            XDoTool.run(["windowfocus", "--sync", window])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { DownloadFilesOnDisk.size(downloads, files()) > 0 }, timeout: 20),
                          "the download is being written: \(files()); \(first.standardError)")
        }
        // All of it at once, as a crash of the session or the OOM killer ends it: the app and the
        // WebKit processes it started (the network process is the one writing the file), by PID.
        for pid in Self.descendants(of: first.process.processIdentifier) + [first.process.processIdentifier] { kill(pid, SIGKILL) }
        first.process.waitUntilExit()
        XCTAssertTrue(files().contains("big.bin.part"), "a partial file is left by the kill (what the next launch must clear): \(files())")

        // Another Skiff still running, its download in flight: this test process stands for it, with
        // a journal of its own (named for its PID and start time) and a partial file being written.
        let journals = home.appendingPathComponent("state/skiff/downloads-in-flight.d")
        let stat = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        let start = try XCTUnwrap(stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ").dropFirst(19).first)
        let running = journals.appendingPathComponent("in-flight-\(getpid())-\(start)")
        let other = downloads.appendingPathComponent("other.bin.part")
        try FileManager.default.createDirectory(at: journals, withIntermediateDirectories: true)
        try Data("still coming".utf8).write(to: other)
        try "\(other.path)\thttp://127.0.0.1/other\n".write(to: running, atomically: true, encoding: .utf8)

        nonisolated(unsafe) let second = try LaunchedApp(CommandLineTests.skiff, arguments: ["--window-size", "800x600"], environment: environment)
        defer { second.stop() }
        MainActor.assumeIsolated {
            XCTAssertTrue(MainLoop.run(until: { files() == ["other.bin.part"] }, timeout: 30),
                          "the killed run's partial files are removed, the running one's kept: \(files())")
            XCTAssertTrue(MainLoop.run(until: { second.standardError.contains("A download was cut short when Skiff last stopped: “big.bin”") }, timeout: 30),
                          "the user is told: \(second.standardError)")
            XCTAssertFalse(second.standardError.contains("other.bin"), "of the killed run's download only")
            XCTAssertTrue(FileManager.default.fileExists(atPath: running.path), "and the running one's journal stays")
        }
    }
}

extension DownloadInterruptedTests {
    /// The processes `pid` started, and theirs (from /proc), deepest first.
    static func descendants(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
        }
        return children.flatMap { descendants(of: $0) + [$0] }
    }
}

/// The bytes on disk of the named files in `folder`.
enum DownloadFilesOnDisk {
    static func size(_ folder: URL, _ names: [String]) -> UInt64 {
        names.reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? UInt64) ?? 0)
        }
    }
}
