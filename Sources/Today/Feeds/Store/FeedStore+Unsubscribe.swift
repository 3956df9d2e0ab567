import Foundation
import GRDB

/// A subscription as it was when it was removed — the feed's row, its articles and their states —
/// held in memory so that Undo can put it back exactly (docs/feeds.md, "Views, read and starred").
/// At most `FeedRetention.articlesPerFeed` articles and the starred ones, so a few MB at worst.
public struct RemovedFeed: Sendable {
    public let feed: StoredFeed
    let feedRow: [String: DatabaseValue]
    let articleRows: [[String: DatabaseValue]]
    let stateRows: [[String: DatabaseValue]]
    /// How many articles went with it (the toast can say so).
    public var articleCount: Int { articleRows.count }
}

extension FeedStore {
    /// Unsubscribes, keeping what went for `restore`: the feed, its articles and their states.
    public func removeKeeping(_ id: FeedID) throws -> RemovedFeed? {
        try pool.write { db in
            guard let feedRow = try Row.fetchOne(db, sql: "SELECT * FROM feeds WHERE id = ?", arguments: [id.rawValue]) else { return nil }
            let articles = try Row.fetchAll(db, sql: "SELECT * FROM articles WHERE feedID = ?", arguments: [id.rawValue])
            let states = try Row.fetchAll(db, sql: "SELECT * FROM article_states WHERE feedID = ?", arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id.rawValue])
            return RemovedFeed(feed: Self.feed(feedRow), feedRow: Self.values(feedRow),
                               articleRows: articles.map(Self.values), stateRows: states.map(Self.values))
        }
    }

    /// Undo of `removeKeeping`: the same rows back, under the same ids (a card or a setting naming
    /// the feed finds it again), and the articles searchable again. A feed subscribed to again at
    /// the same address meanwhile is left as it is and nothing is restored (returns false).
    @discardableResult
    public func restore(_ removed: RemovedFeed) throws -> Bool {
        try pool.write { db in
            let taken = try Int.fetchOne(db, sql: "SELECT count(*) FROM feeds WHERE id = ? OR url = ?",
                                         arguments: [removed.feed.id.rawValue, removed.feed.url.absoluteString]) ?? 0
            guard taken == 0 else { return false }
            try Self.insert(db, into: "feeds", removed.feedRow)
            for row in removed.articleRows { try Self.insert(db, into: "articles", row) }
            for row in removed.stateRows { try Self.insert(db, into: "article_states", row) }
            for row in removed.articleRows {
                guard let id = Int64.fromDatabaseValue(row["id"] ?? .null) else { continue }
                try SearchText.index(db, id: id, title: String.fromDatabaseValue(row["title"] ?? .null) ?? "",
                                     summary: String.fromDatabaseValue(row["summary"] ?? .null),
                                     contentHTML: String.fromDatabaseValue(row["contentHTML"] ?? .null),
                                     readerHTML: String.fromDatabaseValue(row["readerHTML"] ?? .null))
            }
            return true
        }
    }

    private static func values(_ row: Row) -> [String: DatabaseValue] {
        Dictionary(row.columnNames.map { ($0, row[$0] as DatabaseValue) }, uniquingKeysWith: { first, _ in first })
    }

    /// The table's own column names come from the row read from it; values are bound, never spliced.
    private static func insert(_ db: Database, into table: String, _ values: [String: DatabaseValue]) throws {
        let columns = values.keys.sorted()
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO \(table) (\(names)) VALUES (\(marks))",
                       arguments: StatementArguments(columns.map { values[$0] ?? .null }))
    }
}
