import BrowserModel
import Foundation
import GRDB

/// The full-text index over history (docs/browsing-data.md): what `searchHistory` asks, and the
/// "history-fts" migration that builds it in place over an existing database.
///
/// Two FTS5 tables, both kept in step with `history` by triggers, so no code path can forget them:
/// - `history_fts` (title, uri), tokenizer `unicode61 remove_diacritics 2`: every typed word is a
///   word prefix, case and accents folded. External content: the text lives once, in `history`.
/// - `history_cjk` (title), tokenizer `trigram`, only for titles in scripts written without spaces
///   (Chinese, Japanese, Korean, Thai), where any three characters in a row must match. Only those
///   rows, so the index stays small for everyone else.
enum HistoryIndex {
    static let migrationName = "history-fts"

    static func registerMigration(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration(migrationName) { db in
            // `history` is rebuilt with an INTEGER PRIMARY KEY: the index refers to rows by rowid, and
            // SQLite may renumber the implicit rowids of a table without one (VACUUM). Same columns,
            // same rows; `typedCount` is new.
            try db.execute(sql: """
                CREATE TABLE history_new (
                    id INTEGER PRIMARY KEY,
                    uri TEXT NOT NULL UNIQUE,
                    title TEXT NOT NULL DEFAULT '',
                    visitCount INTEGER NOT NULL DEFAULT 0,
                    lastVisit REAL NOT NULL, -- seconds since 1970
                    typedCount INTEGER NOT NULL DEFAULT 0, -- of visitCount, typed or chosen in the address bar
                    frecency REAL NOT NULL DEFAULT 0 -- Suggestions.frecency as of meta.frecencyDate (or the last visit)
                );
                INSERT INTO history_new (uri, title, visitCount, lastVisit)
                    SELECT uri, title, visitCount, lastVisit FROM history ORDER BY lastVisit;
                DROP TABLE history;
                ALTER TABLE history_new RENAME TO history;
                CREATE INDEX history_lastVisit ON history(lastVisit);
                CREATE INDEX history_frecency ON history(frecency);

                CREATE VIRTUAL TABLE history_fts USING fts5(
                    title, uri, content='history', content_rowid='id',
                    tokenize='unicode61 remove_diacritics 2', prefix='1 2');
                CREATE VIRTUAL TABLE history_cjk USING fts5(title, tokenize='trigram');

                CREATE TRIGGER history_fts_insert AFTER INSERT ON history BEGIN
                    INSERT INTO history_fts (rowid, title, uri) VALUES (new.id, new.title, new.uri);
                    INSERT INTO history_cjk (rowid, title) SELECT new.id, new.title WHERE \(unspaced("new.title"));
                END;
                CREATE TRIGGER history_fts_delete AFTER DELETE ON history BEGIN
                    INSERT INTO history_fts (history_fts, rowid, title, uri) VALUES ('delete', old.id, old.title, old.uri);
                    DELETE FROM history_cjk WHERE rowid = old.id;
                END;
                CREATE TRIGGER history_fts_update AFTER UPDATE OF title, uri ON history
                WHEN old.title IS NOT new.title OR old.uri IS NOT new.uri BEGIN
                    INSERT INTO history_fts (history_fts, rowid, title, uri) VALUES ('delete', old.id, old.title, old.uri);
                    INSERT INTO history_fts (rowid, title, uri) VALUES (new.id, new.title, new.uri);
                    DELETE FROM history_cjk WHERE rowid = old.id;
                    INSERT INTO history_cjk (rowid, title) SELECT new.id, new.title WHERE \(unspaced("new.title"));
                END;

                INSERT INTO history_fts (history_fts) VALUES ('rebuild');
                INSERT INTO history_cjk (rowid, title) SELECT id, title FROM history WHERE \(unspaced("title"));
                """)
            try refreshFrecency(db, now: Date(), everything: true)
        }
    }

    static let frecencyDateKey = "frecencyDate"

    /// Brings the stored `frecency` up to `now`. A score changes only when its last visit crosses a
    /// recency bucket's edge, and nothing changes past the last edge (90 days), so only rows visited
    /// within 90 days of the previous refresh are looked at, and only changed ones written.
    static func refreshFrecency(_ db: Database, now: Date, everything: Bool = false) throws {
        let previous = try Double.fetchOne(db, sql: "SELECT CAST(value AS REAL) FROM meta WHERE key = ?", arguments: [frecencyDateKey])
        let lastEdge = (Suggestions.recencyBuckets.map(\.maxAgeDays).max() ?? 0) + 1
        let since = everything ? -Double.infinity : min(previous ?? -Double.infinity, now.timeIntervalSince1970) - lastEdge * 86_400
        try db.execute(sql: """
            UPDATE history SET frecency = \(frecencySQL(now: "?1"))
            WHERE lastVisit >= ?2 AND frecency IS NOT \(frecencySQL(now: "?1"))
            """, arguments: [now.timeIntervalSince1970, since.isFinite ? since : -1e300])
        try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                       arguments: [frecencyDateKey, String(now.timeIntervalSince1970)])
    }

    /// The row's own score after a visit at `date`.
    static func updateFrecency(_ db: Database, uri: String, now: Date) throws {
        try db.execute(sql: "UPDATE history SET frecency = \(frecencySQL(now: "?1")) WHERE uri = ?2",
                       arguments: [now.timeIntervalSince1970, uri])
    }

    /// SQL that is true when `column` holds a character of `Suggestions.unspacedScriptRanges`
    /// (GLOB compares code points in a class), written out so the triggers need no Swift function.
    static func unspaced(_ column: String) -> String {
        let ranges = Suggestions.unspacedScriptRanges.map { range -> String in
            guard let low = Unicode.Scalar(range.lowerBound), let high = Unicode.Scalar(range.upperBound) else { return "" }
            return "\(Character(low))-\(Character(high))"
        }.joined()
        return "\(column) GLOB '*[\(ranges)]*'"
    }

    /// `Suggestions.frecency` in SQL, from the same figures: `?now` is seconds since 1970.
    static func frecencySQL(now: String) -> String {
        let age = "(max(0, \(now) - lastVisit) / 86400.0)"
        let buckets = Suggestions.recencyBuckets.map { "WHEN \(age) <= \(sqlNumber($0.maxAgeDays)) THEN \(sqlNumber($0.weight))" }
        let weight = "(CASE \(buckets.joined(separator: " ")) ELSE \(sqlNumber(Suggestions.oldVisitWeight)) END)"
        let visits = "max(visitCount, 0)"
        let typed = "min(max(typedCount, 0), \(visits))"
        return "(\(weight) * ((\(visits) - \(typed)) * \(sqlNumber(Suggestions.linkVisitPoints)) + \(typed) * \(sqlNumber(Suggestions.typedVisitPoints))))"
    }

    private static func sqlNumber(_ value: Double) -> String { String(format: "%.17g", value) }

    /// What the typed text asks of the index; typed text is only ever data inside quoted FTS strings.
    struct Query: Equatable {
        /// An FTS5 expression for `history_fts`: every word a quoted prefix phrase, ANDed. Nil when
        /// the text has no letters or digits outside unspaced scripts.
        var words: String?
        /// Terms matched anywhere in titles through `history_cjk`.
        var unspaced: [String]
        /// Punctuation-only terms (`"`, `%`, `*`): looked for literally, among recent pages only.
        var literal: [String]

        init(_ text: String) {
            var words: [String] = []
            var unspaced: [String] = []
            var literal: [String] = []
            for term in text.split(whereSeparator: \.isWhitespace).map(String.init) {
                if Suggestions.containsUnspacedScript(term) {
                    unspaced.append(term)
                } else if term.contains(where: { $0.isLetter || $0.isNumber }) {
                    // A quoted string is tokenized like the indexed text, so "news.y" becomes the
                    // phrase `news y*`; `*`, AND, NEAR, `:` inside quotes are just characters.
                    words.append("\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\"*")
                } else {
                    literal.append(term)
                }
            }
            self.words = words.isEmpty ? nil : words.joined(separator: " ")
            self.unspaced = unspaced
            self.literal = literal
        }

        var isEmpty: Bool { words == nil && unspaced.isEmpty && literal.isEmpty }
    }

    /// Pages with only punctuation typed are looked for among this many most recent ones: a LIKE
    /// over all of history would read every row.
    static let literalSearchWindow = 5_000
    /// Unspaced terms shorter than a trigram are looked for by scanning `history_cjk` (those titles only).
    static let trigramLength = 3

    /// Word queries matching more pages than this are answered by walking pages in stored-frecency
    /// order and asking the index about each, instead of sorting every match.
    static let broadQueryThreshold = 2_000
    /// Broad matches are sorted (when few of the most frecent pages match) only up to this many.
    static let sortableMatches = 50_000

    /// - Parameter frecent: the most frecent pages, if up to date (`FrecentPages`): for words that
    ///   match a large part of history, looked through before the index.
    static func search(_ db: Database, text: String, limit: Int, now: Date, frecent: [FrecentPages.Page]? = nil) throws -> [HistoryVisit] {
        let limit = max(0, limit)
        guard limit > 0 else { return [] }
        let query = Query(text)
        // The stored frecency picks the candidates (an index walk, whatever the size of history); the
        // caller ranks them again with the exact score at `now` (`Suggestions.rank`), as this does.
        let candidates = max(limit, min(limit * 4, 256))
        var found: [HistoryVisit] = []
        var broadMatcher: Suggestions.Matcher?
        var conditions: [String] = []
        var arguments: [any DatabaseValueConvertible] = []
        var source = "history"
        if let words = query.words {
            if let frecent, let matcher = Suggestions.Matcher(text: text) {
                // The most frecent pages first, in the same order, by the model's own rules: a text
                // in many pages ("kernel", "r") is answered here, whatever the size of history.
                // `limit` of them, not the wider pool the index is asked for: they are read in the
                // order of a score refreshed within the hour, which the exact one rarely reorders.
                if scanFrecent(frecent, matcher, limit: limit, into: &found) {
                    return ranked(found, limit: limit, now: now)
                }
                // Too few of the most frecent pages match: the index names every match, asked once
                // (its answer is most of the cost: "coffee" merges the lists of every word it
                // begins), and they are sorted; both together. Unless it names far more than that
                // ("h" is in every "https"): then the most frecent pages' matches are the answer.
                let matches = try Int64.fetchAll(db, sql: """
                    SELECT rowid FROM history_fts WHERE history_fts MATCH ? LIMIT \(sortableMatches)
                    """, arguments: [words])
                guard matches.count < sortableMatches else { return ranked(found, limit: limit, now: now) }
                broadMatcher = matcher
                conditions.append("id IN (SELECT value FROM json_each(?))")
                arguments.append(jsonArray(matches))
            } else {
                // Until the most frecent pages are read (after each change of history).
                let matches = try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM (SELECT rowid FROM history_fts WHERE history_fts MATCH ? LIMIT \(broadQueryThreshold))
                    """, arguments: [words]) ?? 0
                if matches >= broadQueryThreshold {
                    // Common words ("r", "news"): the matches are gathered once, then pages are walked in
                    // frecency order until the limit is filled, instead of sorting every match. (Asking
                    // the index about each page in turn re-runs the query per page: 40 times slower.)
                    source = "history INDEXED BY history_frecency"
                }
                conditions.append("id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH ?)")
                arguments.append(words)
            }
        }
        for term in query.unspaced {
            if term.count >= trigramLength {
                conditions.append("id IN (SELECT rowid FROM history_cjk WHERE history_cjk MATCH ?)")
                arguments.append("\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\"")
            } else {
                conditions.append("id IN (SELECT rowid FROM history_cjk WHERE instr(title, ?) > 0)")
                arguments.append(term)
            }
        }
        if query.words == nil && query.unspaced.isEmpty && !query.literal.isEmpty {
            source = "(SELECT * FROM history ORDER BY lastVisit DESC LIMIT \(literalSearchWindow))"
        }
        for term in query.literal {
            conditions.append("(instr(uri, ?) > 0 OR instr(title, ?) > 0)")
            arguments.append(term)
            arguments.append(term)
        }
        arguments.append(candidates)
        let whereClause = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT uri, title, visitCount, lastVisit, typedCount FROM \(source) \(whereClause)
            ORDER BY frecency DESC LIMIT ?
            """, arguments: StatementArguments(arguments)).map(visit)
        guard let broadMatcher else { return ranked(rows, limit: limit, now: now) }
        // The index also matches words of the address the model leaves out ("https", "www"),
        // which would otherwise fill a broad walk.
        let seen = Set(found.map(\.uri))
        let more = rows.filter { !seen.contains($0.uri) && broadMatcher.tier(of: Suggestions.PreparedPage(uri: $0.uri, title: $0.title)) != nil }
        return ranked(found + more, limit: limit, now: now)
    }

    /// Pages looked through before deciding whether the rest of the most frecent pages are worth it.
    static let frecentSample = 4_096

    /// Adds the most frecent pages that match to `found`, up to `limit`; true when that many were
    /// found or every page has been looked at. Stops after `frecentSample` pages when the matches so
    /// far say the whole list would not hold `limit` (a rare word: the index is quicker).
    private static func scanFrecent(_ frecent: [FrecentPages.Page], _ matcher: Suggestions.Matcher, limit: Int,
                                    into found: inout [HistoryVisit]) -> Bool {
        for (index, page) in frecent.enumerated() {
            if index == frecentSample, found.count * frecent.count < limit * frecentSample { return false }
            guard matcher.tier(of: page.prepared) != nil else { continue }
            found.append(page.visit)
            if found.count == limit { return true }
        }
        return frecent.count < FrecentPages.capacity
    }

    private static func jsonArray(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    private static func ranked(_ visits: [HistoryVisit], limit: Int, now: Date) -> [HistoryVisit] {
        Array(visits.sorted { Suggestions.isRankedBefore($0, $1, now: now) }.prefix(limit))
    }

    static func visit(_ row: Row) -> HistoryVisit {
        HistoryVisit(uri: row["uri"], title: row["title"], visitCount: row["visitCount"],
                     lastVisit: Date(timeIntervalSince1970: row["lastVisit"]), typedCount: row["typedCount"] ?? 0)
    }
}
