import Foundation

/// Another process's X windows, found by title with xdotool (off the main actor: for tests that
/// drive a launched `skiff`).
public enum XWindows {
    /// The windows whose title is exactly `title` (a regular expression), newest last; with
    /// `visibleOnly`, only mapped ones (GTK also names windows it never maps).
    public static func named(_ title: String, visibleOnly: Bool = false) -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = ["search"] + (visibleOnly ? ["--onlyvisible"] : []) + ["--name", "^\(title)$"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
