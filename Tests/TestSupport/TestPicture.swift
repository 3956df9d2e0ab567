import Foundation

/// Pictures for tests, made by ImageMagick (which the screenshots use anyway).
public enum TestPicture {
    /// A `size` ("120x80") picture of ImageMagick's `fill` ("xc:red", "plasma:teal-navy" for a larger,
    /// noisy one) encoded as `format`; its bytes.
    public static func bytes(size: String, fill: String, format: String = "png") throws -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-picture-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: file) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", size, fill, file.path]
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0 else { throw TestFailure("convert \(size) \(fill) failed") }
        return [UInt8](try Data(contentsOf: file))
    }
}
