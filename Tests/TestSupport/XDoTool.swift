import Foundation
import Gtk

/// Real X input for in-process windows: xdotool runs as a child process while the GLib loop keeps
/// turning, so the window under test receives and handles the events as it would from a user.
@MainActor
public enum XDoTool {
    public static let path = "/usr/bin/xdotool"
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs xdotool with `args`, pumping the main loop until it exits. Returns its standard output.
    @discardableResult
    public static func run(_ args: [String], timeout: TimeInterval = 10) -> String {
        StrayWindows.installOnce()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        MainLoop.run(until: { !process.isRunning }, timeout: timeout)
        if process.isRunning { process.terminate() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Presses Tab, each press waited for, until the window's focus is the one `target` accepts (its
    /// `focusDescription`), at most `limit` times: a Tab the page keeps among its own elements moves
    /// no GTK focus, hence the short wait and the limit. Returns whether the focus got there.
    @discardableResult
    public static func tab(in window: Window, until target: (String) -> Bool, limit: Int = 6) -> Bool {
        for _ in 0..<limit where !(window.focusDescription.map(target) ?? false) {
            let before = window.focusDescription
            run(["key", "Tab"])
            // A loaded machine can take longer than any fixed pause: the change is waited for.
            MainLoop.run(until: { window.focusDescription != before }, timeout: 2)
        }
        return window.focusDescription.map(target) ?? false
    }

    /// Answers the file dialog titled `title` with real keys: `name` typed over what a save dialog
    /// offers, then Enter. An open dialog's location field is opened with Ctrl+L and the path pasted
    /// into it (Ctrl+V), as people give a chooser a path they have: typed fast, GTK 4.18's location
    /// field completes folder names asynchronously and a late completion lands in the middle of the
    /// typing (`notes.opmlf-`) — GTK's race, not Skiff's. Throws when no such dialog opens.
    public static func answerFileDialog(_ title: String, typing name: String, opening: Bool = false, timeout: TimeInterval = 15) throws {
        guard let dialog = window(named: title, timeout: timeout) else { throw TestFailure("no dialog “\(title)” opened") }
        run(["windowfocus", "--sync", dialog])
        if opening {
            // An open dialog reads its folder asynchronously and may take the focus back to its file
            // list when it is done; nothing it exposes says when: a typist's pause, then Ctrl+L.
            MainLoop.run(for: 0.8)
            Clipboard.setText(name)
            run(["key", "--clearmodifiers", "ctrl+l"])
            MainLoop.run(for: 0.3)
            run(["key", "--clearmodifiers", "ctrl+a"])
            run(["key", "--clearmodifiers", "ctrl+v"])
            MainLoop.run(for: 0.3)
        } else {
            // A save dialog starts in its name field: typed into once it holds the caret, Enter once
            // the field holds the name.
            guard InProcessDialog.waitUntilActive(title) else { throw TestFailure("the dialog “\(title)” never took the keys") }
            run(["key", "--clearmodifiers", "ctrl+a"])
            run(["type", "--delay", "30", name])
            InProcessDialog.waitForText(name, in: title)
        }
        run(["key", "Return"])
    }

    /// The X window id of the visible window with exactly this title.
    public static func window(named title: String, timeout: TimeInterval = 10) -> String? {
        var id: String?
        MainLoop.run(until: {
            id = run(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n").first.map(String.init)
            return id != nil
        }, timeout: timeout)
        return id
    }

    /// Moves the pointer to (x, y) inside `window` and clicks button 1.
    public static func click(window: String, x: Double, y: Double) {
        run(["mousemove", "--window", window, String(Int(x)), String(Int(y))])
        MainLoop.run(for: 0.05)
        run(["click", "1"])
    }
}
