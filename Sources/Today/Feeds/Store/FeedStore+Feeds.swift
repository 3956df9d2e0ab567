import FeedFormat
import Foundation
import GRDB

/// What one fetch of a feed came to, to be written in one transaction.
public struct FetchRecord: Sendable {
    public enum Outcome: Sendable {
        /// 304: nothing read, nothing parsed.
        case notModified
        /// A body whose SHA-256 equals the last one parsed: nothing parsed.
        case unchanged
        case parsed(ParsedFeed)
        /// In words for the Subscriptions view.
        case failed(String)
    }

    public var outcome: Outcome
    public var fetchedAt: Date
    public var nextFetch: Date
    /// The response's validators (ETag, Last-Modified). A 304 that sends none keeps the stored ones.
    public var etag: String?
    public var lastModified: String?
    public var bodyHash: String?
    /// The address a permanent redirect (301/308) gave; the stored one is replaced by it.
    public var movedTo: URL?

    public init(_ outcome: Outcome, fetchedAt: Date, nextFetch: Date, etag: String? = nil, lastModified: String? = nil,
                bodyHash: String? = nil, movedTo: URL? = nil) {
        self.outcome = outcome
        self.fetchedAt = fetchedAt
        self.nextFetch = nextFetch
        self.etag = etag
        self.lastModified = lastModified
        self.bodyHash = bodyHash
        self.movedTo = movedTo
    }
}

extension FeedStore {
    /// Subscribes to `url`; an address already subscribed to gives back that subscription unchanged.
    @discardableResult
    public func addFeed(url: URL, title: String = "", folder: String? = nil, now: Date) throws -> StoredFeed {
        try pool.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO feeds (url, title, folder, added) VALUES (?, ?, ?, ?)",
                           arguments: [url.absoluteString, title, folder, now.timeIntervalSince1970])
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM feeds WHERE url = ?", arguments: [url.absoluteString]) else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "the feed just added is not there")
            }
            return Self.feed(row)
        }
    }

    /// Every subscription, by folder then name.
    public func feeds() throws -> [StoredFeed] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM feeds ORDER BY coalesce(folder, '') COLLATE NOCASE,
                    coalesce(nullif(userTitle, ''), nullif(title, ''), url) COLLATE NOCASE, id
                """).map(Self.feed)
        }
    }

    public func feed(_ id: FeedID) throws -> StoredFeed? {
        try pool.read { try Row.fetchOne($0, sql: "SELECT * FROM feeds WHERE id = ?", arguments: [id.rawValue]).map(Self.feed) }
    }

    /// Those whose next fetch has come (or that were never fetched), the longest-waiting first.
    public func dueFeeds(now: Date) throws -> [StoredFeed] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM feeds WHERE nextFetch IS NULL OR nextFetch <= ? ORDER BY coalesce(nextFetch, 0), id
                """, arguments: [now.timeIntervalSince1970]).map(Self.feed)
        }
    }

    /// When the next feed falls due (for the refresh timer); nil with no subscriptions. A date in
    /// the past means some are due now.
    public func nextFetchDate() throws -> Date? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT min(coalesce(nextFetch, 0)) AS next, count(*) AS n FROM feeds"),
                  (row["n"] as Int) > 0 else { return nil }
            return Date(timeIntervalSince1970: row["next"])
        }
    }

    /// The last time a feed was fetched without failing (for "Offline · updated 2 hours ago"); nil
    /// when none ever was.
    public func lastSuccessfulFetch() throws -> Date? {
        try pool.read { db in
            try Double.fetchOne(db, sql: "SELECT max(lastFetch) FROM feeds WHERE lastError IS NULL").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// The user's own name for the feed; nil or "" goes back to the feed's title.
    public func rename(_ id: FeedID, to userTitle: String?) throws {
        let name = userTitle?.trimmingCharacters(in: .whitespacesAndNewlines)
        try pool.write { try $0.execute(sql: "UPDATE feeds SET userTitle = ? WHERE id = ?",
                                        arguments: [name?.isEmpty == false ? name : nil, id.rawValue]) }
    }

    public func setFolder(_ id: FeedID, to folder: String?) throws {
        try pool.write { try $0.execute(sql: "UPDATE feeds SET folder = ? WHERE id = ?", arguments: [folder, id.rawValue]) }
    }

    /// Whether the feed's stories show the article from its page (Reader View).
    public func setReaderView(_ id: FeedID, _ on: Bool) throws {
        try pool.write { try $0.execute(sql: "UPDATE feeds SET readerView = ? WHERE id = ?", arguments: [on, id.rawValue]) }
    }

    /// Remembers the icon found for a feed that names none of its own (its site's, docs/feeds.md "Pictures
    /// from the network"); a feed that names one later replaces it at its next fetch.
    public func setIconIfNone(_ icon: URL, for id: FeedID) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE feeds SET iconURL = ? WHERE id = ? AND iconURL IS NULL", arguments: [icon.absoluteString, id.rawValue])
        }
    }

    /// Unsubscribes: the feed, its articles and their states go.
    public func remove(_ id: FeedID) throws {
        try pool.write { try $0.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id.rawValue]) }
    }

    /// Writes what a fetch came to, articles included, in one transaction. Returns how many
    /// articles this store had not seen before.
    @discardableResult
    public func recordFetch(_ id: FeedID, _ record: FetchRecord) throws -> Int {
        try pool.write { db in
            let times: [DatabaseValueConvertible?] = [record.fetchedAt.timeIntervalSince1970, record.nextFetch.timeIntervalSince1970]
            switch record.outcome {
            case .failed(let message):
                try db.execute(sql: """
                    UPDATE feeds SET lastFetch = ?, nextFetch = ?, failureCount = failureCount + 1, lastError = ? WHERE id = ?
                    """, arguments: StatementArguments(times + [message, id.rawValue]))
                return 0
            case .notModified:
                try db.execute(sql: """
                    UPDATE feeds SET lastFetch = ?, nextFetch = ?, failureCount = 0, lastError = NULL,
                        etag = coalesce(?, etag), lastModified = coalesce(?, lastModified) WHERE id = ?
                    """, arguments: StatementArguments(times + [record.etag, record.lastModified, id.rawValue]))
            case .unchanged, .parsed:
                try db.execute(sql: """
                    UPDATE feeds SET lastFetch = ?, nextFetch = ?, failureCount = 0, lastError = NULL,
                        etag = ?, lastModified = ?, bodyHash = ? WHERE id = ?
                    """, arguments: StatementArguments(times + [record.etag, record.lastModified, record.bodyHash, id.rawValue]))
            }
            if let movedTo = record.movedTo {
                // Another subscription may already have the new address: then this one keeps its own.
                try db.execute(sql: "UPDATE OR IGNORE feeds SET url = ? WHERE id = ?", arguments: [movedTo.absoluteString, id.rawValue])
            }
            guard case .parsed(let parsed) = record.outcome else { return 0 }
            try db.execute(sql: """
                UPDATE feeds SET title = CASE WHEN ?1 <> '' THEN ?1 ELSE title END, siteURL = coalesce(?2, siteURL),
                    iconURL = coalesce(?3, iconURL), suggestedInterval = ?4, problems = ?6 WHERE id = ?5
                """, arguments: [parsed.title, parsed.siteURL?.absoluteString, parsed.iconURL?.absoluteString,
                                 parsed.suggestedInterval, id.rawValue, StoredProblems.encode(parsed.problems)])
            return try Self.upsert(db, articles: parsed.articles, feed: id, seenAt: record.fetchedAt)
        }
    }

    static func feed(_ row: Row) -> StoredFeed {
        func date(_ column: String) -> Date? { (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        func url(_ column: String) -> URL? { (row[column] as String?).flatMap(URL.init(string:)) }
        let address: String = row["url"]
        return StoredFeed(
            id: FeedID(row["id"]), url: URL(string: address) ?? URL(fileURLWithPath: "/"), title: row["title"],
            userTitle: row["userTitle"], siteURL: url("siteURL"), iconURL: url("iconURL"), folder: row["folder"],
            etag: row["etag"], lastModified: row["lastModified"], bodyHash: row["bodyHash"],
            lastFetch: date("lastFetch"), nextFetch: date("nextFetch"), failureCount: row["failureCount"],
            lastError: row["lastError"], problems: StoredProblems.decode(row["problems"]), suggestedInterval: row["suggestedInterval"],
            added: date("added") ?? Date(timeIntervalSince1970: 0), readerView: row["readerView"] ?? false)
    }
}
