import FeedFormat
import Foundation
import GRDB

/// The tables (docs/feeds.md, "Storage"). Migrations only ever add: a database written by any
/// earlier version opens under this one (FeedStoreMigrationTests).
enum FeedStoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE feeds (
                    id INTEGER PRIMARY KEY,
                    url TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL DEFAULT '',
                    userTitle TEXT,
                    siteURL TEXT,
                    iconURL TEXT,
                    folder TEXT,
                    etag TEXT,
                    lastModified TEXT,
                    bodyHash TEXT,
                    lastFetch REAL,       -- seconds since 1970
                    nextFetch REAL,       -- NULL: due now
                    failureCount INTEGER NOT NULL DEFAULT 0,
                    lastError TEXT,
                    suggestedInterval REAL,
                    added REAL NOT NULL
                );
                CREATE TABLE articles (
                    id INTEGER PRIMARY KEY,
                    feedID INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                    identity TEXT NOT NULL,
                    title TEXT NOT NULL DEFAULT '',
                    summary TEXT,
                    contentHTML TEXT,
                    author TEXT,
                    published REAL,
                    link TEXT,
                    imageURL TEXT,
                    firstSeen REAL NOT NULL,
                    UNIQUE (feedID, identity)
                );
                CREATE INDEX articles_date ON articles(coalesce(published, firstSeen));
                -- Apart from articles: a pruned article that is posted again finds its state here.
                CREATE TABLE article_states (
                    feedID INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                    identity TEXT NOT NULL,
                    read INTEGER NOT NULL DEFAULT 0,
                    starred INTEGER NOT NULL DEFAULT 0,
                    changedAt REAL NOT NULL,
                    PRIMARY KEY (feedID, identity)
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2-search") { db in
            // Its own copy of the words (titles, and the text of summaries and content with the tags
            // taken out), kept by the store as it writes articles; a trigger drops an article's row
            // with it, so no deletion can leave words behind.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE articles_fts USING fts5(title, text, tokenize='unicode61 remove_diacritics 2', prefix='1 2');
                CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
                    DELETE FROM articles_fts WHERE rowid = old.id;
                END;
                """)
            let rows = try Row.fetchAll(db, sql: "SELECT id, title, summary, contentHTML FROM articles")
            for row in rows {
                try SearchText.index(db, id: row["id"], title: row["title"], summary: row["summary"], contentHTML: row["contentHTML"])
            }
        }
        migrator.registerMigration("v3-reader-view") { db in
            // Reader View (docs/feeds.md): chosen per feed, and the article a page gave kept with
            // the article, so a page is fetched once.
            try db.execute(sql: """
                ALTER TABLE feeds ADD COLUMN readerView INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE articles ADD COLUMN readerHTML TEXT;
                """)
        }
        migrator.registerMigration("v3-problems") { db in
            // The last parse's problems, one a line ("12\tmessage", the line number empty when unknown).
            try db.execute(sql: "ALTER TABLE feeds ADD COLUMN problems TEXT")
        }
        migrator.registerMigration("v3-page-pictures") { db in
            // The picture an article's page names (its og:image), looked up once when its card first
            // shows without a picture of its own: checked says when (NULL: never), the address may be
            // NULL (the page names none). A fetch of the feed updates the article's other columns only.
            try db.execute(sql: """
                ALTER TABLE articles ADD COLUMN pagePictureURL TEXT;
                ALTER TABLE articles ADD COLUMN pagePictureChecked REAL;
                """)
        }
        migrator.registerMigration("v4-media") { db in
            // A podcast's or a video feed's file (docs/feeds.md, "Cards and stories"): the card says
            // audio or video and how long, the story plays it. kind: 'audio' or 'video'; duration in
            // seconds, NULL when the feed does not say.
            try db.execute(sql: """
                ALTER TABLE articles ADD COLUMN mediaURL TEXT;
                ALTER TABLE articles ADD COLUMN mediaKind TEXT;
                ALTER TABLE articles ADD COLUMN mediaType TEXT;
                ALTER TABLE articles ADD COLUMN mediaDuration REAL;
                """)
        }
        return migrator
    }
}

/// A feed's parse problems as the `problems` column holds them: one a line, "line\tmessage".
enum StoredProblems {
    static func encode(_ problems: [FeedFormatProblem]) -> String? {
        guard !problems.isEmpty else { return nil }
        return problems.map { problem in
            let message = problem.message.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 }
            return (problem.line.map(String.init) ?? "") + "\t" + String(message)
        }.joined(separator: "\n")
    }

    static func decode(_ text: String?) -> [FeedFormatProblem] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n").map { line in
            guard let tab = line.firstIndex(of: "\t") else { return FeedFormatProblem(message: String(line)) }
            return FeedFormatProblem(line: Int(line[..<tab]), message: String(line[line.index(after: tab)...]))
        }
    }
}

/// What of an article the search reads, and the query typed text becomes.
enum SearchText {
    /// Characters of an article's text indexed (docs/feeds.md: 20,000); its title always is.
    static let maximumIndexedCharacters = 20_000

    /// `readerHTML`: the article Reader View took from its page, searched like the feed's own text.
    static func index(_ db: Database, id: Int64, title: String, summary: String?, contentHTML: String?, readerHTML: String? = nil) throws {
        try db.execute(sql: "DELETE FROM articles_fts WHERE rowid = ?", arguments: [id])
        var text = summary ?? ""
        if let contentHTML { text += "\n" + plain(contentHTML) }
        if let readerHTML, text.count < maximumIndexedCharacters { text += "\n" + plain(readerHTML) }
        try db.execute(sql: "INSERT INTO articles_fts (rowid, title, text) VALUES (?, ?, ?)",
                       arguments: [id, title, String(text.prefix(maximumIndexedCharacters))])
    }

    /// The words of some HTML: tags and comments out, the common entities decoded. For the index
    /// only, where a stray entity costs nothing (the cards' text comes decoded from the parser).
    static func plain(_ html: String) -> String {
        var out = ""
        out.reserveCapacity(min(html.utf8.count, maximumIndexedCharacters * 2))
        var inTag = false
        var count = 0
        for c in html {
            if inTag {
                if c == ">" { inTag = false; out.append(" "); count += 1 }
            } else if c == "<" {
                inTag = true
            } else {
                out.append(c)
                count += 1
            }
            if count >= maximumIndexedCharacters { break }
        }
        for (entity, character) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out
    }

    /// Every typed word a quoted prefix phrase, ANDed: typed text is only ever data inside quoted
    /// FTS strings (`*`, AND, NEAR, `:` are just characters). nil when nothing is searchable.
    static func query(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
