import Foundation
import TestSupport
import XCTest

/// The `skiff` executable as a user runs it: its command line, and a real window driven with
/// real X input from xdotool.
final class CommandLineTests: XCTestCase {
    /// `swift build` puts `skiff` beside the test bundle.
    static var skiff: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("skiff").path
    }

    struct Run { var status: Int32; var out: String; var err: String }

    static func run(_ args: [String], timeout: TimeInterval = 20) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: skiff)
        p.arguments = args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        Poll.until(timeout: timeout, interval: 0.02) { !p.isRunning }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        return Run(status: p.terminationStatus,
                   out: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                   err: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    override func setUpWithError() throws {
        try requireBuiltApp(at: Self.skiff)
    }

    func testHelpNamesEveryOption() throws {
        let r = try Self.run(["--help"])
        XCTAssertEqual(r.status, 0)
        for option in ["--section", "--window-size", "--no-web-sandbox", "--version", "<url>"] {
            XCTAssertTrue(r.out.contains(option), "--help does not mention \(option)")
        }
        XCTAssertTrue(r.out.contains("Ctrl+L"), "--help lists the keyboard shortcuts")
    }

    /// The benchmarks live in skiff-bench (Sources/SkiffBench): the shipped skiff takes none of their
    /// options, not even hidden ones.
    func testTheShippedAppHasNoBenchmarkOptions() throws {
        let hidden = try Self.run(["--help-hidden"])
        XCTAssertEqual(hidden.status, 0)
        XCTAssertTrue(hidden.out.contains("--window-size"), "--help-hidden lists the options: \(hidden.out)")
        for word in ["bench", "generated"] {
            XCTAssertFalse(hidden.out.lowercased().contains(word), "skiff --help-hidden mentions \(word): \(hidden.out)")
        }
        let bench = try Self.run(["--bench"])
        XCTAssertNotEqual(bench.status, 0)
        XCTAssertTrue(bench.err.contains("Unknown option '--bench'"), bench.err)
    }

    func testVersion() throws {
        let r = try Self.run(["--version"])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out.trimmingCharacters(in: .whitespacesAndNewlines), "0.1.0")
    }

    func testBadWindowSizeIsRefusedWithAClearMessage() throws {
        let r = try Self.run(["--window-size", "10x10"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("window-size"), r.err)
        XCTAssertTrue(r.err.contains("10x10"), r.err)
        // A negative size is named as the bad value, not taken for a missing one.
        let negative = try Self.run(["--window-size", "-1x-1"])
        XCTAssertNotEqual(negative.status, 0)
        XCTAssertTrue(negative.err.contains("'-1x-1' is invalid"), negative.err)
        XCTAssertFalse(negative.err.contains("Missing value"), negative.err)
    }

    func testUnknownSectionListsTheRealOnes() throws {
        let r = try Self.run(["--section", "casino"])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.err.contains("browser"), r.err)
    }

    // MARK: A real window, driven by keyboard

    private func xdotool(_ args: [String]) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return "" }
        p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func waitForWindow(named title: String, timeout: TimeInterval = 25) -> String? {
        var found: String?
        Poll.until(timeout: timeout, interval: 0.1) {
            found = xdotool(["search", "--name", "^\(title)$"]).split(separator: "\n").first.map(String.init)
            return found != nil
        }
        return found
    }

    func testKeyboardDrivesTheBrowserEndToEnd() throws {
        try requireDisplay()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            return XCTFail("xdotool is required (make test installs it)")
        }
        let server = try TestHTTPServer(routes: [
            "/": .init(body: "<title>CLI One</title><h1>One</h1>"),
            "/two": .init(body: "<title>CLI Two</title><h1>Two</h1>"),
        ])
        defer { server.stop() }

        let app = Process()
        app.executableURL = URL(fileURLWithPath: Self.skiff)
        app.arguments = ["--ephemeral", "--window-size", "800x600", "\(server.base)/"]
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate() } }

        guard let window = waitForWindow(named: "CLI One — Skiff \\(Private\\)") else {
            return XCTFail("the window never showed the page title")
        }
        _ = xdotool(["windowraise", window])
        _ = xdotool(["windowfocus", "--sync", window])

        // Ctrl+L, type an address without a scheme, Enter (X delivers the keys in order).
        _ = xdotool(["key", "--clearmodifiers", "ctrl+l"])
        _ = xdotool(["type", "--delay", "20", "127.0.0.1:\(server.port)/two"])
        _ = xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow(named: "CLI Two — Skiff \\(Private\\)"), "Ctrl+L, typing and Enter loaded the page")

        // Alt+Left goes back, Alt+Right forward again.
        _ = xdotool(["key", "--clearmodifiers", "alt+Left"])
        XCTAssertNotNil(waitForWindow(named: "CLI One — Skiff \\(Private\\)"), "Alt+Left went back")
        _ = xdotool(["key", "--clearmodifiers", "alt+Right"])
        XCTAssertNotNil(waitForWindow(named: "CLI Two — Skiff \\(Private\\)"), "Alt+Right went forward")

        // Ctrl+Q quits cleanly.
        _ = xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(Poll.until(timeout: 10) { !app.isRunning }, "Ctrl+Q quit the app")
        if !app.isRunning { XCTAssertEqual(app.terminationStatus, 0) }
    }
}
