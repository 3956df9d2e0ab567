import Foundation
import JSONReader

/// Reads the Home tab's bundled files (docs/home-format.md) through the shared JSON reader, so a
/// mistake reads "file:line:column: what is wrong". Never throws, never traps on content.
public enum HomeDataLoader {
    /// Both files are a few kilobytes; anything above this is not one of them.
    public static let maximumFileSize = 1024 * 1024
    public static let maximumNameLength = 80
    public static let maximumMemberNumberLength = 32
    public static let maximumStars = 1_000_000
    public static let maximumRewards = 20
    public static let maximumTiles = 50
    public static let maximumTitleLength = 120
    public static let maximumSubtitleLength = 400
    public static let maximumLabelLength = 30

    public struct Loaded<Value: Sendable>: Sendable {
        /// nil when the file could not be used at all (the problem list then says why).
        public var value: Value?
        public var problems: [DataProblem]
    }

    // MARK: profile.json

    public static func loadProfile(_ url: URL) -> Loaded<HomeProfile> {
        var reader = Reader(file: url.path)
        guard let root = reader.read(url) else { return Loaded(value: nil, problems: reader.problems) }
        let profile = reader.profile(root)
        return Loaded(value: profile, problems: reader.problems)
    }

    public static func parseProfile(_ data: Data, file: String) -> Loaded<HomeProfile> {
        var reader = Reader(file: file)
        guard let root = reader.parse(data) else { return Loaded(value: nil, problems: reader.problems) }
        return Loaded(value: reader.profile(root), problems: reader.problems)
    }

    // MARK: tiles.json

    public static func loadTiles(_ url: URL) -> Loaded<[HomeTileData]> {
        var reader = Reader(file: url.path)
        guard let root = reader.read(url) else { return Loaded(value: nil, problems: reader.problems) }
        return Loaded(value: reader.tiles(root, directory: url.deletingLastPathComponent()), problems: reader.problems)
    }

    public static func parseTiles(_ data: Data, file: String, directory: URL) -> Loaded<[HomeTileData]> {
        var reader = Reader(file: file)
        guard let root = reader.parse(data) else { return Loaded(value: nil, problems: reader.problems) }
        return Loaded(value: reader.tiles(root, directory: directory), problems: reader.problems)
    }
}

private struct Reader {
    let file: String
    var problems: [DataProblem] = []

    init(file: String) { self.file = file }

    mutating func report(_ severity: DataProblem.Severity, at value: JSONValue?, _ message: String) {
        problems.append(DataProblem(severity: severity, file: file, line: value?.position.line, message: message))
    }

    mutating func read(_ url: URL) -> JSONValue? {
        switch DataFile.read(url, maximumSize: HomeDataLoader.maximumFileSize) {
        case let .success(data): return parse(data)
        case let .failure(failure):
            problems.append(DataProblem(severity: .fatal, file: file, message: failure.description))
            return nil
        }
    }

    mutating func parse(_ data: Data) -> JSONValue? {
        do {
            return try JSONParser.parse(data, maximumDepth: 32)
        } catch {
            problems.append(DataProblem(severity: .fatal, file: file, line: error.position.line,
                                        column: error.position.column, message: error.message))
            return nil
        }
    }

    mutating func warnUnknown(_ object: JSONValue, known: Set<String>) {
        for member in object.objectMembers ?? [] where !known.contains(member.key) {
            problems.append(DataProblem(severity: .warning, file: file, line: member.keyPosition.line,
                                        column: member.keyPosition.column, message: "unknown field \"\(member.key)\" is ignored"))
        }
    }

    /// A required string of 1…limit characters, or nil with a problem of `severity`.
    mutating func string(_ object: JSONValue, _ key: String, limit: Int, severity: DataProblem.Severity) -> String? {
        guard let value = object[key] else {
            report(severity, at: object, "\"\(key)\" is missing")
            return nil
        }
        guard let text = value.stringValue else {
            report(severity, at: value, "\"\(key)\" must be a string, found \(value.typeDescription)")
            return nil
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= limit else {
            report(severity, at: value, "\"\(key)\" must be 1 to \(limit) characters long")
            return nil
        }
        return trimmed
    }

    mutating func integer(_ object: JSONValue, _ key: String, in range: ClosedRange<Int>, severity: DataProblem.Severity) -> Int? {
        guard let value = object[key] else {
            report(severity, at: object, "\"\(key)\" is missing")
            return nil
        }
        guard let number = value.numberValue, number.rounded() == number, Double(range.lowerBound) <= number, number <= Double(range.upperBound) else {
            report(severity, at: value, "\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return Int(number)
    }

    mutating func profile(_ root: JSONValue) -> HomeProfile? {
        guard root.objectMembers != nil else {
            report(.fatal, at: root, "the top level must be an object with \"name\", \"memberNumber\", \"stars\" and \"rewards\", found \(root.typeDescription)")
            return nil
        }
        warnUnknown(root, known: ["name", "memberNumber", "stars", "rewards"])
        let name = string(root, "name", limit: HomeDataLoader.maximumNameLength, severity: .fatal)
        var number = string(root, "memberNumber", limit: HomeDataLoader.maximumMemberNumberLength, severity: .fatal)
        if let n = number, !n.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == " ") }) {
            report(.fatal, at: root["memberNumber"], "\"memberNumber\" may hold only digits and spaces")
            number = nil
        }
        let stars = integer(root, "stars", in: 0...HomeDataLoader.maximumStars, severity: .fatal)
        var rewards: [HomeProfile.Reward] = []
        if let list = root["rewards"] {
            if let items = list.arrayValue {
                if items.count > HomeDataLoader.maximumRewards {
                    report(.skipped, at: list, "only the first \(HomeDataLoader.maximumRewards) rewards are used")
                }
                for item in items.prefix(HomeDataLoader.maximumRewards) {
                    guard item.objectMembers != nil else {
                        report(.skipped, at: item, "a reward must be an object with \"stars\" and \"title\"; skipped")
                        continue
                    }
                    warnUnknown(item, known: ["stars", "title"])
                    guard let s = integer(item, "stars", in: 1...HomeDataLoader.maximumStars, severity: .skipped),
                          let t = string(item, "title", limit: HomeDataLoader.maximumTitleLength, severity: .skipped) else { continue }
                    if let last = rewards.last, s <= last.stars {
                        report(.skipped, at: item, "rewards must go up in stars (\(s) after \(last.stars)); skipped")
                        continue
                    }
                    rewards.append(.init(stars: s, title: t))
                }
            } else {
                report(.skipped, at: list, "\"rewards\" must be a list, found \(list.typeDescription)")
            }
        }
        guard let name, let number, let stars else { return nil }
        return HomeProfile(name: name, memberNumber: number, stars: stars, rewards: rewards)
    }

    mutating func tiles(_ root: JSONValue, directory: URL) -> [HomeTileData]? {
        guard root.objectMembers != nil, let list = root["tiles"] else {
            report(.fatal, at: root, "the top level must be an object with a \"tiles\" list")
            return nil
        }
        warnUnknown(root, known: ["tiles"])
        guard let items = list.arrayValue else {
            report(.fatal, at: list, "\"tiles\" must be a list, found \(list.typeDescription)")
            return nil
        }
        if items.count > HomeDataLoader.maximumTiles {
            report(.skipped, at: list, "only the first \(HomeDataLoader.maximumTiles) tiles are shown")
        }
        var tiles: [HomeTileData] = []
        var seen: Set<String> = []
        for item in items.prefix(HomeDataLoader.maximumTiles) {
            guard item.objectMembers != nil else {
                report(.skipped, at: item, "a tile must be an object; skipped")
                continue
            }
            warnUnknown(item, known: ["id", "title", "subtitle", "image", "action"])
            guard let id = string(item, "id", limit: 100, severity: .skipped),
                  let title = string(item, "title", limit: HomeDataLoader.maximumTitleLength, severity: .skipped),
                  let subtitle = string(item, "subtitle", limit: HomeDataLoader.maximumSubtitleLength, severity: .skipped) else { continue }
            guard seen.insert(id).inserted else {
                report(.skipped, at: item, "tile id \"\(id)\" is used twice; skipped")
                continue
            }
            guard let action = item["action"], action.objectMembers != nil else {
                report(.skipped, at: item, "tile \"\(id)\" needs an \"action\" object with \"label\" and \"route\"; skipped")
                continue
            }
            warnUnknown(action, known: ["label", "route"])
            guard let label = string(action, "label", limit: HomeDataLoader.maximumLabelLength, severity: .skipped),
                  let routeText = string(action, "route", limit: 120, severity: .skipped) else { continue }
            guard let route = HomeRoute(text: routeText) else {
                report(.skipped, at: action["route"], "\"\(routeText)\" is not a route (tab:NAME, history, menu-item:ID, gift-design:ID, store:ID); tile skipped")
                continue
            }
            var image: URL?
            if let imageValue = item["image"] {
                if let path = imageValue.stringValue, !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") {
                    let url = directory.appendingPathComponent(path)
                    if DataFile.isRegularFile(url) {
                        image = url
                    } else {
                        report(.warning, at: imageValue, "picture \"\(path)\" was not found; the tile shows without it")
                    }
                } else {
                    report(.warning, at: imageValue, "\"image\" must be a relative path inside the data folder; the tile shows without it")
                }
            }
            tiles.append(HomeTileData(id: id, title: title, subtitle: subtitle, image: image, actionLabel: label, route: route))
        }
        return tiles
    }
}
