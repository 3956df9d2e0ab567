import FeedFormat
import Foundation
import GRDB

/// How long what is read is kept (docs/feeds.md, "Storage").
public enum FeedRetention {
    /// A read article (not starred) goes this long after it was both first seen and read: 90 days.
    public static let readArticles: TimeInterval = 90 * 24 * 60 * 60
    /// A state (read, starred) outlives its article this long after its last change, so an article
    /// posted again is not new again: 180 days. Starred ones, and their articles, are kept for ever.
    public static let states: TimeInterval = 180 * 24 * 60 * 60
    /// The newest articles kept per feed, starred ones besides: 2,000.
    public static let articlesPerFeed = 2_000
}

/// What `prune` removed.
public struct PruneSummary: Sendable, Equatable {
    public var articles: Int
    public var states: Int
}

extension FeedStore {
    static let articleColumns = """
        a.id, a.feedID, a.identity, a.title, a.summary, a.author, a.published, a.link, a.imageURL, a.firstSeen,
        a.pagePictureURL, a.pagePictureChecked, a.mediaURL, a.mediaKind, a.mediaType, a.mediaDuration,
        coalesce(s.read, 0) AS read, coalesce(s.starred, 0) AS starred
        """
    static let withStates = "articles a LEFT JOIN article_states s ON s.feedID = a.feedID AND s.identity = a.identity"

    /// Articles for cards, newest first (by publication date, else when first seen). Lists leave
    /// `contentHTML` out (a story reads it with `article(_:)`): 10,000 cards never hold 10,000 pages.
    public func articles(feed: FeedID? = nil, unreadOnly: Bool = false, starredOnly: Bool = false,
                         limit: Int = 500, offset: Int = 0) throws -> [StoredArticle] {
        try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.articleColumns) FROM \(Self.withStates)
                WHERE (?1 IS NULL OR a.feedID = ?1) AND (?2 = 0 OR coalesce(s.read, 0) = 0) AND (?5 = 0 OR coalesce(s.starred, 0) = 1)
                ORDER BY coalesce(a.published, a.firstSeen) DESC, a.id DESC LIMIT ?3 OFFSET ?4
                """, arguments: [feed?.rawValue, unreadOnly, max(0, limit), max(0, offset), starredOnly]).map { Self.article($0) }
        }
    }

    /// The articles `selection` shows, newest first: a smart view's, one feed's, or a folder's.
    public func articles(in selection: ArticleSelection, limit: Int = 500) throws -> [StoredArticle] {
        switch selection {
        case .view(let view): return try articles(unreadOnly: view == .unread, starredOnly: view == .starred, limit: limit)
        case .feed(let id): return try articles(feed: id, limit: limit)
        case .folder(let name):
            return try pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT \(Self.articleColumns) FROM \(Self.withStates)
                    WHERE a.feedID IN (SELECT id FROM feeds WHERE folder = ?)
                    ORDER BY coalesce(a.published, a.firstSeen) DESC, a.id DESC LIMIT ?
                    """, arguments: [name, max(0, limit)]).map { Self.article($0) }
            }
        }
    }

    /// How many articles of each feed are unread (feeds with none are left out): the sidebar's counts.
    public func unreadCounts() throws -> [FeedID: Int] {
        try pool.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT a.feedID AS feed, count(*) AS n FROM \(Self.withStates) WHERE coalesce(s.read, 0) = 0 GROUP BY a.feedID
                """)
            return Dictionary(rows.map { (FeedID($0["feed"]), $0["n"] as Int) }, uniquingKeysWith: +)
        }
    }

    /// How many articles are starred.
    public func starredCount() throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(Self.withStates) WHERE coalesce(s.starred, 0) = 1") ?? 0
        }
    }

    /// Remembers what the page at `link` names as its picture (`og:image`; nil: none), for every article
    /// linking to it, so the page is not fetched again (docs/feeds.md, "Pictures from the network").
    public func setPagePicture(_ picture: URL?, forPage link: URL, now: Date) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE articles SET pagePictureURL = ?, pagePictureChecked = ? WHERE link = ?",
                           arguments: [picture?.absoluteString, now.timeIntervalSince1970, link.absoluteString])
        }
    }

    /// Which feeds' articles show each of `addresses` as their card's picture (their own, or their
    /// page's `og:image`): the Subscriptions view names a picture that failed under its feed.
    public func feeds(showingPictures addresses: [String]) throws -> [String: Set<FeedID>] {
        guard !addresses.isEmpty else { return [:] }
        let wanted = Array(Set(addresses).prefix(400)) // SQLite takes 999 arguments; twice 400 fit
        let marks = Array(repeating: "?", count: wanted.count).joined(separator: ",")
        return try pool.read { db in
            var found: [String: Set<FeedID>] = [:]
            let rows = try Row.fetchAll(db, sql: """
                SELECT DISTINCT feedID, imageURL, pagePictureURL FROM articles
                WHERE imageURL IN (\(marks)) OR pagePictureURL IN (\(marks))
                """, arguments: StatementArguments(wanted + wanted))
            let set = Set(wanted)
            for row in rows {
                let feed = FeedID(row["feedID"])
                for column in ["imageURL", "pagePictureURL"] {
                    if let address: String = row[column], set.contains(address) { found[address, default: []].insert(feed) }
                }
            }
            return found
        }
    }

    /// One article with its content, for its story.
    public func article(_ id: Int64) throws -> StoredArticle? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.articleColumns), a.contentHTML, a.readerHTML FROM \(Self.withStates) WHERE a.id = ?",
                             arguments: [id]).map { Self.article($0, content: true) }
        }
    }

    /// Keeps the article Reader View extracted from the article's page (sanitised HTML), so its
    /// page is fetched once.
    public func setReaderHTML(_ html: String?, article id: Int64) throws {
        try pool.write { db in
            try db.execute(sql: "UPDATE articles SET readerHTML = ? WHERE id = ?", arguments: [html, id])
            // Searched as the article's text from now on (docs/feeds.md, "Search").
            guard let row = try Row.fetchOne(db, sql: "SELECT title, summary, contentHTML FROM articles WHERE id = ?", arguments: [id]) else { return }
            try SearchText.index(db, id: id, title: row["title"], summary: row["summary"], contentHTML: row["contentHTML"], readerHTML: html)
        }
    }

    public func unreadCount(feed: FeedID? = nil) throws -> Int {
        try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(Self.withStates) WHERE (?1 IS NULL OR a.feedID = ?1) AND coalesce(s.read, 0) = 0",
                             arguments: [feed?.rawValue]) ?? 0
        }
    }

    /// Whether the article is unread (no state, or not read).
    public func isUnread(_ key: ArticleKey) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT coalesce(read, 0) = 0 FROM article_states WHERE feedID = ? AND identity = ?",
                              arguments: [key.feedID.rawValue, key.identity]) ?? true
        }
    }

    public func setRead(_ read: Bool, _ key: ArticleKey, now: Date) throws {
        try setRead(read, keys: [key], now: now)
    }

    public func setStarred(_ starred: Bool, _ key: ArticleKey, now: Date) throws {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO article_states (feedID, identity, read, starred, changedAt) VALUES (?, ?, 0, ?, ?)
                ON CONFLICT (feedID, identity) DO UPDATE SET starred = excluded.starred, changedAt = excluded.changedAt
                """, arguments: [key.feedID.rawValue, key.identity, starred, now.timeIntervalSince1970])
        }
    }

    /// The unread articles' keys (what "Mark All as Read" is about to change, for its Undo).
    public func unreadKeys(feed: FeedID? = nil) throws -> [ArticleKey] {
        try pool.read { db in
            try Row.fetchAll(db, sql: "SELECT a.feedID, a.identity FROM \(Self.withStates) WHERE (?1 IS NULL OR a.feedID = ?1) AND coalesce(s.read, 0) = 0",
                             arguments: [feed?.rawValue]).map { ArticleKey(feedID: FeedID($0["feedID"]), identity: $0["identity"]) }
        }
    }

    /// `keys` read or unread at once (the Undo of "Mark All as Read").
    public func setRead(_ read: Bool, keys: [ArticleKey], now: Date) throws {
        try pool.write { db in
            for key in keys {
                try db.execute(sql: """
                    INSERT INTO article_states (feedID, identity, read, starred, changedAt) VALUES (?, ?, ?, 0, ?)
                    ON CONFLICT (feedID, identity) DO UPDATE SET read = excluded.read, changedAt = excluded.changedAt
                    """, arguments: [key.feedID.rawValue, key.identity, read, now.timeIntervalSince1970])
            }
        }
    }

    /// "Mark All as Read", for one feed or all. Returns how many articles were unread.
    @discardableResult
    public func markAllRead(feed: FeedID? = nil, now: Date) throws -> Int {
        try pool.write { db in
            try db.execute(sql: """
                INSERT INTO article_states (feedID, identity, read, starred, changedAt)
                SELECT a.feedID, a.identity, 1, 0, ?1 FROM \(Self.withStates)
                WHERE (?2 IS NULL OR a.feedID = ?2) AND coalesce(s.read, 0) = 0
                ON CONFLICT (feedID, identity) DO UPDATE SET read = 1, changedAt = excluded.changedAt
                """, arguments: [now.timeIntervalSince1970, feed?.rawValue])
            return db.changesCount
        }
    }

    /// Articles whose title or text has every typed word (as a word's beginning), best match
    /// first. Typed text is data, never FTS syntax.
    public func search(_ text: String, limit: Int = 100) throws -> [StoredArticle] {
        guard let query = SearchText.query(text) else { return [] }
        return try pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT \(Self.articleColumns) FROM articles_fts f JOIN articles a ON a.id = f.rowid
                LEFT JOIN article_states s ON s.feedID = a.feedID AND s.identity = a.identity
                WHERE articles_fts MATCH ? ORDER BY bm25(articles_fts, 4.0, 1.0), coalesce(a.published, a.firstSeen) DESC LIMIT ?
                """, arguments: [query, max(0, limit)]).map { Self.article($0) }
        }
    }

    /// Applies `FeedRetention`: read articles after 90 days, all but the newest 2,000 of a feed,
    /// states after 180 days once their article is gone; nothing starred.
    @discardableResult
    public func prune(now: Date) throws -> PruneSummary {
        try pool.write { db in
            let readCutoff = now.timeIntervalSince1970 - FeedRetention.readArticles
            try db.execute(sql: """
                DELETE FROM articles WHERE firstSeen < ?1 AND EXISTS (
                    SELECT 1 FROM article_states s WHERE s.feedID = articles.feedID AND s.identity = articles.identity
                    AND s.read = 1 AND s.starred = 0 AND s.changedAt < ?1)
                """, arguments: [readCutoff])
            var articles = db.changesCount
            try db.execute(sql: """
                DELETE FROM articles WHERE id IN (
                    SELECT id FROM (
                        SELECT a.id AS id, coalesce(s.starred, 0) AS starred, row_number() OVER (
                            PARTITION BY a.feedID ORDER BY coalesce(a.published, a.firstSeen) DESC, a.id DESC) AS rank
                        FROM \(Self.withStates))
                    WHERE rank > ? AND starred = 0)
                """, arguments: [FeedRetention.articlesPerFeed])
            articles += db.changesCount
            try db.execute(sql: """
                DELETE FROM article_states WHERE starred = 0 AND changedAt < ? AND NOT EXISTS (
                    SELECT 1 FROM articles a WHERE a.feedID = article_states.feedID AND a.identity = article_states.identity)
                """, arguments: [now.timeIntervalSince1970 - FeedRetention.states])
            return PruneSummary(articles: articles, states: db.changesCount)
        }
    }

    /// Inserts new articles and refreshes known ones (a publisher's correction), keyed by identity.
    static func upsert(_ db: Database, articles: [ParsedArticle], feed: FeedID, seenAt: Date) throws -> Int {
        var added = 0
        for article in articles {
            let identity = ArticleIdentity.of(article)
            let values: [DatabaseValueConvertible?] = [
                article.title, article.summary, article.contentHTML, article.author,
                (article.published ?? article.updated)?.timeIntervalSince1970, article.link?.absoluteString, article.imageURL?.absoluteString,
                article.media?.url.absoluteString, article.media?.kind.rawValue, article.media?.mimeType, article.media?.duration,
            ]
            let id: Int64
            // An article posted again keeps what Reader View took from its page in the index.
            var reader: String?
            if let known = try Row.fetchOne(db, sql: "SELECT id, readerHTML FROM articles WHERE feedID = ? AND identity = ?",
                                            arguments: [feed.rawValue, identity]) {
                id = known["id"]
                reader = known["readerHTML"]
                try db.execute(sql: """
                    UPDATE articles SET title = ?, summary = ?, contentHTML = ?, author = ?, published = ?, link = ?, imageURL = ?,
                        mediaURL = ?, mediaKind = ?, mediaType = ?, mediaDuration = ?
                    WHERE id = ?
                    """, arguments: StatementArguments(values + [id]))
            } else {
                try db.execute(sql: """
                    INSERT INTO articles (title, summary, contentHTML, author, published, link, imageURL,
                        mediaURL, mediaKind, mediaType, mediaDuration, feedID, identity, firstSeen)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(values + [feed.rawValue, identity, seenAt.timeIntervalSince1970]))
                id = db.lastInsertedRowID
                added += 1
            }
            try SearchText.index(db, id: id, title: article.title, summary: article.summary, contentHTML: article.contentHTML, readerHTML: reader)
        }
        return added
    }

    static func article(_ row: Row, content: Bool = false) -> StoredArticle {
        func url(_ column: String) -> URL? { (row[column] as String?).flatMap(URL.init(string:)) }
        return StoredArticle(
            id: row["id"], feedID: FeedID(row["feedID"]), identity: row["identity"], title: row["title"],
            summary: row["summary"], contentHTML: content ? row["contentHTML"] : nil, author: row["author"],
            published: (row["published"] as Double?).map(Date.init(timeIntervalSince1970:)), link: url("link"),
            imageURL: url("imageURL"), firstSeen: Date(timeIntervalSince1970: row["firstSeen"]),
            isRead: row["read"], isStarred: row["starred"], readerHTML: content ? row["readerHTML"] : nil,
            pagePictureURL: url("pagePictureURL"),
            pagePictureChecked: (row["pagePictureChecked"] as Double?).map(Date.init(timeIntervalSince1970:)),
            media: media(row))
    }

    /// The article's file as stored; a row whose address or kind does not read back has none.
    private static func media(_ row: Row) -> ParsedMedia? {
        guard let address: String = row["mediaURL"], let url = URL(string: address),
              let kind = (row["mediaKind"] as String?).flatMap(ParsedMedia.Kind.init(rawValue:)) else { return nil }
        return ParsedMedia(url: url, kind: kind, mimeType: row["mediaType"], duration: row["mediaDuration"])
    }
}
