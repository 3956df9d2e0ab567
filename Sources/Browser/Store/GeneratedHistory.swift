import Foundation
import GRDB

/// A synthetic history for `make bench` and the display tests: `rows` pages with made-up titles and
/// hosts, visits over the last year, written through the same schema, triggers and index as real
/// visits. One known page is among them, visited once long ago: "Debian Reference".
public enum GeneratedHistory {
    public static let needleURI = "https://www.debian.org/doc/manuals/debian-reference/"
    public static let needleTitle = "Debian Reference"

    static let words = [
        "news", "weather", "recipe", "garden", "travel", "music", "guide", "review", "forum", "video", "photo",
        "market", "school", "science", "history", "football", "coffee", "design", "kernel", "python", "swift",
        "rust", "linux", "camera", "bicycle", "mountain", "river", "library", "museum", "theatre", "planet",
        "ocean", "winter", "summer", "letter", "number", "window", "button", "paper", "orange", "yellow",
        "purple", "silver", "golden", "quiet", "rapid", "simple", "modern", "classic", "daily", "weekly",
    ]

    /// Writes `rows` pages into the database at `url` (created or opened as Skiff opens it), in one
    /// transaction. Deterministic for a given `rows` and `now`.
    public static func write(rows: Int, to url: URL, now: Date = Date()) throws {
        guard case .opened(let store) = DiskBrowsingStore.open(at: url, now: now) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? store.close() }
        try store.writeHistory { db in
            let statement = try db.makeStatement(sql: """
                INSERT OR IGNORE INTO history (uri, title, visitCount, lastVisit, typedCount) VALUES (?, ?, ?, ?, ?)
                """)
            var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
            func next() -> Int {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int(truncatingIfNeeded: seed >> 33)
            }
            let year = 365.0 * 86_400
            for i in 0..<max(0, rows - 1) {
                let a = words[next() % words.count], b = words[next() % words.count], c = words[next() % words.count]
                let host = "\(a)\(next() % 500).example"
                let title = "\(a.capitalized) \(b) \(c) – page \(i)"
                // Most pages visited once; a few often, like real history.
                let visits = next() % 10 == 0 ? 1 + next() % 40 : 1
                let age = Double(next() % 1_000_000) / 1_000_000 * year
                try statement.execute(arguments: ["https://\(host)/\(b)/\(i)", title, visits, now.timeIntervalSince1970 - age, 0])
            }
            if rows > 0 {
                try statement.execute(arguments: [needleURI, needleTitle, 1, now.timeIntervalSince1970 - 200 * 86_400, 0])
            }
            try HistoryIndex.refreshFrecency(db, now: now, everything: true)
        }
    }
}
