import Foundation
import Gtk
import TestSupport
import XCTest

/// The app as launched, run from the build directory (its icon is not installed): About shows
/// Skiff's own icon, not GTK's missing-image placeholder.
final class AboutIconTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else { return XCTFail("xdotool is required") }
    }

    func testAboutShowsTheAppIcon() throws {
        let app = try LaunchedApp(CommandLineTests.skiff, arguments: ["--private", "--section", "today", "--window-size", "900x640"])
        defer { app.stop() }
        try MainActor.assumeIsolated {
            let main = try XCTUnwrap(XDoTool.window(named: "Today — Skiff \\(Private\\)", timeout: 20), "the app's window")
            XDoTool.run(["windowfocus", "--sync", main])
            MainLoop.run(for: 1)
            XDoTool.run(["mousemove", "1279", "799"])
            XDoTool.run(["key", "F10"])
            MainLoop.run(for: 0.5)
            // About is the menu's last item: Up from the first wraps round to it.
            XDoTool.run(["key", "Up"])
            MainLoop.run(for: 0.1)
            XDoTool.run(["key", "Return"])
            let about = try XCTUnwrap(XDoTool.window(named: "About Skiff"), "About is on screen")
            let shot = try Screenshot.capture(window: about, settling: 1)
            defer { shot.remove() }
            // The logo band, under the title bar and above the name: the icon is blue sky and sea, the
            // placeholder grey.
            let colourful = try XCTUnwrap(shot.colourfulFraction(in: "2000x140+0+55"))
            XCTAssertGreaterThan(colourful, 0.05, "Skiff's icon is drawn (\(colourful) of the band in colour)")
        }
    }

    /// The window's own icon (the taskbar's, the window switcher's) is set after the first frame, which
    /// does not show it (docs/performance.md "Start-up"): it still arrives, as _NET_WM_ICON on the X window.
    func testTheWindowGetsTheAppIconAfterItsFirstFrame() throws {
        let app = try LaunchedApp(CommandLineTests.skiff, arguments: ["--private", "--section", "today", "--window-size", "800x600"])
        defer { app.stop() }
        try MainActor.assumeIsolated {
            let main = try XCTUnwrap(XDoTool.window(named: "Today — Skiff \\(Private\\)", timeout: 20), "the app's window")
            var icon = ""
            Poll.until(timeout: 20, interval: 0.2) {
                icon = Self.xprop(window: main, property: "_NET_WM_ICON")
                return icon.contains("=")
            }
            // "_NET_WM_ICON(CARDINAL) = \tIcon (16 x 16): …": GTK sets it from the icon it loaded.
            XCTAssertTrue(icon.contains("_NET_WM_ICON(CARDINAL) ="), "the window has no icon: \(icon)")
        }
    }

    static func xprop(window: String, property: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xprop")
        p.arguments = ["-id", window, property]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return "xprop did not run" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return text
    }
}
