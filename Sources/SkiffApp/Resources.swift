import Foundation

/// Where Skiff's installed data lives: `<prefix>/share/skiff` next to `<prefix>/bin/skiff`,
/// or the source tree's `data/` when run from a build directory. SKIFF_DATA_DIR overrides both.
enum Resources {
    static func dataDirectory() -> URL? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["SKIFF_DATA_DIR"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let exe = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let bin = exe.deletingLastPathComponent()
        candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/skiff"))
        // .build/<config>/skiff → the package root's data/
        candidates.append(bin.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data"))
        // Compiled-in source location, for tests run from anywhere.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data"))
        return candidates.first { fm.fileExists(atPath: $0.appendingPathComponent("style.css").path) }
    }

    static var styleSheet: URL? { dataDirectory()?.appendingPathComponent("style.css") }
}
