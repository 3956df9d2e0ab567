import Foundation

/// A Downloads folder of a test's own: `SKIFF_DOWNLOAD_DIR` names it until `remove()`.
public struct TestDownloadsFolder: Sendable {
    public let url: URL
    public var path: String { url.path }

    public init(_ prefix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        setenv("SKIFF_DOWNLOAD_DIR", url.path, 1)
    }

    /// The names of the files in it, sorted.
    public var files: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    public func remove() {
        unsetenv("SKIFF_DOWNLOAD_DIR")
        try? FileManager.default.removeItem(at: url)
    }
}
