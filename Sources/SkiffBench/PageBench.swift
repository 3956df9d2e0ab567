import Browser
import Foundation
import Gtk
import SkiffApp

/// What the `find` and `zoom` benches share: load a generated page, give the window the X focus
/// (they press real keys with xdotool), and see key presses as the window receives them.
@MainActor
enum PageBench {
    /// Loads `url` in the current tab and waits until it has loaded (or 30 s), then `settle` s more.
    static func load(_ url: URL, in browser: BrowserView, settle: Double = 1.0) async -> Bool {
        browser.load(url.absoluteString)
        let start = FrameStats.monotonicNow
        await BenchRun.sleep(0.1)
        while FrameStats.monotonicNow - start < 30 {
            if let view = browser.webView, !view.isLoading, view.uri != nil, !browser.state.isLoading { break }
            await BenchRun.sleep(0.02)
        }
        await BenchRun.sleep(settle)
        return FrameStats.monotonicNow - start < 30
    }

    /// Raises and focuses the window for xdotool's keys and returns its X id; nil when there is no X
    /// window to drive.
    @discardableResult
    static func focus() async -> String? {
        guard let xid = await XWindow.runWhileDrawing(["search", "--onlyvisible", "--class", "skiff"])
            .split(separator: "\n").first.map(String.init) else { return nil }
        _ = await XWindow.runWhileDrawing(["windowraise", xid])
        _ = await XWindow.runWhileDrawing(["windowfocus", "--sync", xid])
        _ = await XWindow.runWhileDrawing(["mousemove", "--window", xid, "300", "400"])
        return xid
    }

    /// Calls `pressed` with the monotonic time of every key press the window receives, before any
    /// of its widgets handles it (capture phase): "from the key" in the benches' latencies.
    static func watchKeys(on window: Window, _ pressed: @escaping @MainActor (UInt32, KeyModifiers, Double) -> Void) {
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { keyval, modifiers in
            pressed(keyval, modifiers, FrameStats.monotonicNow)
            return false
        }
        window.addController(keys)
    }

    /// Runs the engine's floor (`tools/bench/find-floor.c`: a bare WebKit window) with `args`, for its
    /// figures next to Skiff's; its "floor: " lines.
    static func floor(_ executable: String, _ args: [String]) async -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return ["floor: could not run \(executable): \(error)"] }
        let started = FrameStats.monotonicNow
        while process.isRunning, FrameStats.monotonicNow - started < 900 { await BenchRun.sleep(0.05) }
        if process.isRunning { process.terminate() }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return output.split(separator: "\n").filter { $0.hasPrefix("floor:") }.map(String.init)
    }
}
