import Foundation
import Gtk
import XCTest

/// GTK tests need a display. Locally they skip without one; with SKIFF_REQUIRE_DISPLAY set
/// (make test, CI) a missing display is a failure, never a silent skip.
/// The app's style sheet is loaded once, as the app loads it at start-up: every display test sees the
/// widgets as a user does, whichever test happens to run first.
/// A display test driven by real input: the display (as `requireDisplay`), and xdotool, which
/// `make test` installs; without it the test fails, never skips.
public func requireDisplayAndXDoTool() throws {
    try requireDisplay()
    guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else { throw TestFailure("xdotool is required (make test installs it)") }
}

public func requireDisplay() throws {
    let ok = MainActor.assumeIsolated { () -> Bool in
        guard GtkRuntime.initialize() else { return false }
        AppStyle.loadOnce()
        return true
    }
    if ok { return }
    if ProcessInfo.processInfo.environment["SKIFF_REQUIRE_DISPLAY"] != nil {
        throw TestFailure("no display could be opened (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")); CI must run these under Xvfb")
    }
    throw XCTSkip("no display: GTK tests skipped (run `make test` to get Xvfb)")
}

/// The built `skiff` executable at `path`, or an error: a failure under SKIFF_REQUIRE_DISPLAY (make
/// test, CI), a skip only when a developer runs tests by hand before building the app.
public func requireBuiltApp(at path: String) throws {
    guard !FileManager.default.isExecutableFile(atPath: path) else { return }
    let reason = "build the app first (`swift build`); \(path) is missing"
    if ProcessInfo.processInfo.environment["SKIFF_REQUIRE_DISPLAY"] != nil { throw TestFailure(reason) }
    throw XCTSkip(reason)
}

@MainActor
enum AppStyle {
    private static var loaded = false
    static func loadOnce() {
        guard !loaded else { return }
        loaded = true
        let css = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/style.css")
        GtkRuntime.loadCSS(path: css.path)
    }
}
