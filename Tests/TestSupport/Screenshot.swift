import Foundation
import Gtk

/// What is on screen, read back from the X server with ImageMagick (`import`, `convert`), as a
/// user's eyes would see it: for checks that only pixels can make (colours, whether text is drawn).
@MainActor
public struct Screenshot {
    public let path: String

    /// Captures X window `id` (from `XDoTool.window(named:)`). The window must exist: `import` on a
    /// vanished window hangs the display, so it is checked first and the capture is time-limited.
    public static func capture(window id: String) -> Screenshot? {
        guard run("/usr/bin/xwininfo", ["-id", id]) != nil else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-shot-\(UUID().uuidString).png").path
        guard run("/usr/bin/timeout", ["10", "/usr/bin/import", "-window", id, path]) != nil,
              FileManager.default.fileExists(atPath: path) else { return nil }
        return Screenshot(path: path)
    }

    /// Grey levels 0…1 of a rectangle (window coordinates): darkest, brightest, mean.
    public func luminance(_ rect: Rect) -> (minimum: Double, maximum: Double, mean: Double)? {
        let crop = "\(Int(rect.width))x\(Int(rect.height))+\(Int(rect.x))+\(Int(rect.y))"
        guard let out = Self.run("/usr/bin/convert", [path, "-crop", crop, "+repage", "-colorspace", "Gray",
                                                      "-format", "%[fx:minima] %[fx:maxima] %[fx:mean]", "info:"]) else { return nil }
        let values = out.split(separator: " ").compactMap { Double($0) }
        guard values.count == 3 else { return nil }
        return (values[0], values[1], values[2])
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Runs a tool while the GLib loop keeps turning; its output, or nil if it failed.
    private static func run(_ tool: String, _ args: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        MainLoop.run(until: { !process.isRunning }, timeout: 15)
        if process.isRunning { process.terminate(); return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
