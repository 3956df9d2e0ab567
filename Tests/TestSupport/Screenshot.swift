import Foundation
import Gtk

/// What the X server shows: a real screenshot of a window (ImageMagick's `import`), read back as
/// pixel statistics of a region. Tests use it to prove something is drawn, not merely set.
@MainActor
public struct Screenshot {
    public let path: String

    /// Captures the X window `id` (from `XDoTool.window(named:)`) after letting GTK draw. The window
    /// must exist: `import` on a vanished window hangs the display, so it is checked first and the
    /// capture is time-limited.
    /// - Parameter settling: how long the window may draw first (0: what is on screen now, for a test
    ///   of what one frame showed).
    public static func capture(window id: String, settling: TimeInterval = 0.2) throws -> Screenshot {
        if settling > 0 { MainLoop.run(for: settling) }
        guard !run("/usr/bin/xwininfo", ["-id", id]).contains("BadWindow") else { throw TestFailure("no X window \(id)") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-shot-\(UUID().uuidString).png").path
        let output = run("/usr/bin/timeout", ["10", "/usr/bin/import", "-window", id, path])
        guard FileManager.default.fileExists(atPath: path) else { throw TestFailure("import failed: \(output)") }
        return Screenshot(path: path)
    }

    /// The region covered by `widget` in this screenshot of its window, as an ImageMagick geometry.
    public static func region(of widget: Widget, inset: Double = 0) -> String? {
        guard let origin = widget.originInSurface() else { return nil }
        let w = max(1, Int(Double(widget.width) - 2 * inset)), h = max(1, Int(Double(widget.height) - 2 * inset))
        return "\(w)x\(h)+\(Int(origin.x + inset))+\(Int(origin.y + inset))"
    }

    /// The fraction (0…1) of pixels in `geometry` darker than mid-grey.
    public func darkFraction(in geometry: String) -> Double? {
        let out = Self.run("/usr/bin/convert", [path, "-crop", geometry, "+repage", "-colorspace", "Gray",
                                                "-threshold", "50%", "-format", "%[fx:mean]", "info:"])
        return Double(out).map { 1 - $0 }
    }

    /// The fraction (0…1) of pixels in `geometry` with a clear colour (HSL saturation over 40 %): a
    /// coloured picture against GTK's grey placeholders and text.
    public func colourfulFraction(in geometry: String) -> Double? {
        let out = Self.run("/usr/bin/convert", [path, "-crop", geometry, "+repage", "-colorspace", "HSL", "-channel", "G", "-separate",
                                                "+channel", "-threshold", "40%", "-format", "%[fx:mean]", "info:"])
        return Double(out)
    }

    /// The fraction (0…1) of pixels in `geometry` lighter than mid-grey.
    public func lightFraction(in geometry: String) -> Double? {
        darkFraction(in: geometry).map { 1 - $0 }
    }

    /// Grey levels 0…1 of a rectangle (window coordinates): darkest, brightest, mean.
    public func luminance(_ rect: Rect) -> (minimum: Double, maximum: Double, mean: Double)? {
        let crop = "\(Int(rect.width))x\(Int(rect.height))+\(Int(rect.x))+\(Int(rect.y))"
        let out = Self.run("/usr/bin/convert", [path, "-crop", crop, "+repage", "-colorspace", "Gray",
                                                "-format", "%[fx:minima] %[fx:maxima] %[fx:mean]", "info:"])
        let values = out.split(separator: " ").compactMap { Double($0) }
        guard values.count == 3 else { return nil }
        return (values[0], values[1], values[2])
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    private static func run(_ tool: String, _ args: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        do { try process.run() } catch { return "\(error)" }
        MainLoop.run(until: { !process.isRunning }, timeout: 15)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
