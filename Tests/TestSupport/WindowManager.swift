import Foundation
import Gtk

/// A window manager on the test's display for as long as a test needs one: Xvfb has none, and
/// fullscreen is the window manager's to grant (GTK only asks it). cwm, a small EWMH window
/// manager (tools/setup.sh --test installs it); started by the test, ended by its PID.
@MainActor
public final class WindowManager {
    public static let path = "/usr/bin/cwm"
    private let process = Process()

    /// Starts it and waits until it manages the display (the root window names a WM check window).
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else {
            throw TestFailure("\(Self.path) is missing: run tools/setup.sh --test")
        }
        process.executableURL = URL(fileURLWithPath: Self.path)
        // No configuration file: its built-in defaults, none of which binds F11 or Escape.
        process.arguments = ["-c", "/dev/null"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let managing = MainLoop.run(until: { Self.rootNamesAManager() }, timeout: 10)
        guard managing else {
            stop()
            throw TestFailure("the window manager did not start")
        }
    }

    /// Whether the root window has _NET_SUPPORTING_WM_CHECK (an EWMH window manager runs).
    private static func rootNamesAManager() -> Bool {
        let xprop = Process()
        xprop.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        xprop.arguments = ["-root", "_NET_SUPPORTING_WM_CHECK"]
        let out = Pipe()
        xprop.standardOutput = out
        xprop.standardError = FileHandle.nullDevice
        guard (try? xprop.run()) != nil else { return false }
        xprop.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.contains("window id")
    }

    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
