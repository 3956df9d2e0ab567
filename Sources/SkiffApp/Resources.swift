import Foundation
import Today

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

    /// The AppStream metainfo: `data/` holds it in the source tree; installed, it is in
    /// `<prefix>/share/metainfo`, where software centres read it, beside `share/skiff`.
    @MainActor static var metainfo: URL? {
        guard let data = dataDirectory() else { return nil }
        let name = "\(SkiffApplication.id).metainfo.xml"
        return [data.appendingPathComponent(name),
                data.deletingLastPathComponent().appendingPathComponent("metainfo").appendingPathComponent(name)]
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    static var styleSheet: URL? { dataDirectory()?.appendingPathComponent("style.css") }
    /// Where Skiff's own icon (About, the window's icon) is, run from the source tree (data/icons) or
    /// installed under a prefix the icon theme may not search (<prefix>/share/icons).
    static var iconFolders: [URL] {
        guard let data = dataDirectory() else { return [] }
        return [data.appendingPathComponent("icons"), data.deletingLastPathComponent().appendingPathComponent("icons")]
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("hicolor").path) }
    }
    static var sampleFeed: URL? { dataDirectory()?.appendingPathComponent("today/feed.json") }
    static var sampleImages: URL? { dataDirectory()?.appendingPathComponent("today/images") }
    /// The zodiac figures (data/stars/zodiac.json).
    static var starsData: URL? { dataDirectory()?.appendingPathComponent("stars/zodiac.json") }
    static var sampleHistory: URL? { dataDirectory()?.appendingPathComponent("home/history.json") }
    /// The Home section's bundled profile, tiles and pictures (docs/home-format.md).
    static var homeData: URL? { dataDirectory()?.appendingPathComponent("home") }
}

extension Options {
    /// `--feed FILE` (relative to the working directory), else the shipped sample.
    var todayFeedSource: TodayFeedSource {
        if let feed {
            return .file(URL(fileURLWithPath: feed, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL)
        }
        return .file(Resources.sampleFeed ?? URL(fileURLWithPath: "data/today/feed.json"))
    }
}
