import Foundation
import HomeModel
import JSONReader

/// Where the Home section's bundled files are (data/home, docs/home-format.md).
public struct HomeSource: Sendable {
    public var profile: URL
    public var tiles: URL

    public init(profile: URL, tiles: URL) {
        self.profile = profile
        self.tiles = tiles
    }

    /// `profile.json` and `tiles.json` in `directory`.
    public init(directory: URL) {
        self.init(profile: directory.appendingPathComponent("profile.json"), tiles: directory.appendingPathComponent("tiles.json"))
    }
}

/// What the Home and Scan tabs show, read once when the section is built.
struct HomeContent {
    var profile: HomeProfile?
    var tiles: [HomeTileData]
    var problems: [DataProblem]

    static func load(_ source: HomeSource) -> HomeContent {
        let profile = HomeDataLoader.loadProfile(source.profile)
        let tiles = HomeDataLoader.loadTiles(source.tiles)
        return HomeContent(profile: profile.value, tiles: tiles.value ?? [], problems: profile.problems + tiles.problems)
    }

    /// One line per problem a user should see (warnings included), worded like Today's.
    var problemText: String? {
        guard !problems.isEmpty else { return nil }
        return problems.map { problem in
            var location = (problem.file as NSString).lastPathComponent
            if let line = problem.line { location += ", line \(line)" }
            if let column = problem.column { location += ", column \(column)" }
            return "\(location): \(problem.message)"
        }.joined(separator: "\n")
    }
}
