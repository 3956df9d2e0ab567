import Foundation
import XCTest
@testable import TodayModel

/// A scratch folder with a few image files, and builders for feed JSON laid out one field per
/// line so a test can find the line of any field by searching the text.
final class FeedFixture {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("today-feed-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("images"), withIntermediateDirectories: true)
        for name in ["aurora.jpg", "city.jpg", "profile.png"] {
            try Data([0xFF, 0xD8]).write(to: directory.appendingPathComponent("images/\(name)"))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    var feedURL: URL { directory.appendingPathComponent("feed.json") }

    func write(_ text: String) throws -> URL {
        try Data(text.utf8).write(to: feedURL)
        return feedURL
    }

    func write(bytes: Data) throws -> URL {
        try bytes.write(to: feedURL)
        return feedURL
    }

    func load(_ text: String) throws -> FeedLoadResult {
        FeedLoader.load(fileURL: try write(text))
    }

    /// Fields of a complete, valid card, in the order they are written.
    static func cardFields(id: String) -> [(String, String)] {
        [
            ("id", "\"\(id)\""),
            ("kind", "\"feature\""),
            ("eyebrow", "\"WORLD PREMIERE\""),
            ("title", "\"Chasing the Aurora\""),
            ("subtitle", "\"A night under the lights\""),
            ("image", "\"images/aurora.jpg\""),
            ("body", "[\"First paragraph.\", \"Second.\"]"),
            ("accent", "\"#1B2A49\""),
            ("textColor", "\"dark\""),
        ]
    }

    /// A card object; `set` replaces (or appends) fields with raw JSON, `removing` drops fields.
    static func card(id: String, set: [String: String] = [:], removing: Set<String> = []) -> String {
        var fields = cardFields(id: id).filter { !removing.contains($0.0) }
        for (name, raw) in set.sorted(by: { $0.key < $1.key }) {
            if let index = fields.firstIndex(where: { $0.0 == name }) {
                fields[index].1 = raw
            } else {
                fields.append((name, raw))
            }
        }
        let body = fields.map { "        \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
        return "      {\n\(body)\n      }"
    }

    static func section(date: String = "\"2026-11-21\"", cards: [String], extra: String = "") -> String {
        """
            {
              "date": \(date),\(extra)
              "cards": [
        \(cards.joined(separator: ",\n"))
              ]
            }
        """
    }

    static func feed(sections: [String], version: String = "1", extra: String = "") -> String {
        """
        {
          "version": \(version),\(extra)
          "profileImage": "images/profile.png",
          "sections": [
        \(sections.joined(separator: ",\n"))
          ]
        }
        """
    }

    /// 1-based line of the first line containing `marker`.
    static func line(of marker: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(marker) }) else {
            XCTFail("marker \(marker) not in the feed", file: file, line: line)
            return -1
        }
        return index + 1
    }
}
