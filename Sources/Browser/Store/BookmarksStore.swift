import BrowserModel
import Foundation
import GRDB

/// Where the bookmarks are kept. The start page's favourites are the bookmarks of the Favourites
/// folder in the same table, so `FavouritesStore` and this see one list (docs/bookmarks.md).
public protocol BookmarksStore: AnyObject, Sendable {
    /// The whole tree; a new database has only the Favourites folder.
    func loadBookmarks() throws -> Bookmarks
    /// Reads the tree, applies `change`, and writes it back if `change` returned true, all in one
    /// write transaction: an edit made from a stale copy (the start page's, the Bookmarks window's)
    /// can never undo another's. Returns the tree as saved.
    @discardableResult
    func updateBookmarks(_ change: (inout Bookmarks) -> Bool) throws -> Bookmarks
}

extension DiskBrowsingStore: BookmarksStore {
    static let bookmarksMigrationName = "bookmarks"

    /// The "bookmarks" migration: one row an item but the root, `position` its place in its folder,
    /// `uri` NULL for a folder. The favourites are copied into the Favourites folder (their ids
    /// kept, so a tile's id is its bookmark's); their own table is left as it was, no longer written,
    /// so a release from before bookmarks still opens the file with the favourites it had then.
    static func createBookmarks(_ db: Database, now: Date = Date()) throws {
        try db.execute(sql: """
            CREATE TABLE bookmarks (
                id TEXT PRIMARY KEY NOT NULL, -- UUID string
                parent TEXT NOT NULL, -- a folder's id; Bookmarks.rootID for the top
                position INTEGER NOT NULL,
                title TEXT NOT NULL,
                uri TEXT, -- NULL: a folder
                added REAL NOT NULL -- seconds since 1970
            );
            CREATE INDEX bookmarks_by_parent ON bookmarks(parent, position);
            CREATE INDEX bookmarks_by_uri ON bookmarks(uri);
            """)
        try db.execute(sql: "INSERT INTO bookmarks (id, parent, position, title, uri, added) VALUES (?, ?, 0, ?, NULL, 0)",
                       arguments: [Bookmarks.favouritesID.uuidString, Bookmarks.rootID.uuidString, Bookmarks.favouritesTitle])
        try db.execute(sql: """
            INSERT OR IGNORE INTO bookmarks (id, parent, position, title, uri, added)
            SELECT id, ?, position, title, uri, ? FROM favourites WHERE typeof(uri) = 'text' ORDER BY position LIMIT ?
            """, arguments: [Bookmarks.favouritesID.uuidString, now.timeIntervalSince1970, Favourites.limit * 2])
    }

    public func loadBookmarks() throws -> Bookmarks {
        try pool.read { try Self.readBookmarks($0) }
    }

    @discardableResult
    public func updateBookmarks(_ change: (inout Bookmarks) -> Bool) throws -> Bookmarks {
        try pool.write { db in
            var bookmarks = try Self.readBookmarks(db)
            guard change(&bookmarks) else { return bookmarks }
            try Self.writeBookmarks(bookmarks, db)
            return bookmarks
        }
    }

    /// At most a little over `Bookmarks.countLimit` rows, titles and addresses cut in SQL, so a
    /// table filled by hand cannot fill memory; `Bookmarks(stored:)` then keeps every other rule.
    static func readBookmarks(_ db: Database) throws -> Bookmarks {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, parent, substr(title, 1, ?) AS title, uri, added FROM bookmarks
            WHERE uri IS NULL OR length(uri) <= ? ORDER BY parent, position LIMIT ?
            """, arguments: [Bookmarks.titleLimit * 2, Bookmarks.uriLimit, Bookmarks.countLimit + 1000])
        var stored: [Bookmark] = []
        while let row = try rows.next() {
            // A row not written by Skiff (no UUID, not text) is skipped; the rest load.
            func text(_ column: String) -> String? { String.fromDatabaseValue(row[column] as DatabaseValue) }
            guard let id = text("id").flatMap(UUID.init(uuidString:)), let parent = text("parent").flatMap(UUID.init(uuidString:)),
                  let title = text("title") else { continue }
            let uriValue = row["uri"] as DatabaseValue
            let uri = uriValue.isNull ? nil : String.fromDatabaseValue(uriValue)
            if !uriValue.isNull && uri == nil { continue }
            let added = Double.fromDatabaseValue(row["added"] as DatabaseValue) ?? 0
            stored.append(Bookmark(id: id, parent: parent, title: title, uri: uri, added: Date(timeIntervalSince1970: added)))
        }
        return Bookmarks(stored: stored)
    }

    static func writeBookmarks(_ bookmarks: Bookmarks, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM bookmarks")
        let insert = try db.makeStatement(sql: "INSERT INTO bookmarks (id, parent, position, title, uri, added) VALUES (?, ?, ?, ?, ?, ?)")
        var folders = [Bookmarks.rootID]
        while let folder = folders.popLast() {
            for (position, item) in bookmarks.items(in: folder).enumerated() {
                try insert.execute(arguments: [item.id.uuidString, folder.uuidString, position, item.title, item.uri,
                                               item.added.timeIntervalSince1970])
                if item.isFolder { folders.append(item.id) }
            }
        }
    }
}

/// Bookmarks in memory only (a private window's, or when the database can't be opened), the
/// favourites being their Favourites folder here too.
public final class EphemeralBookmarksStore: BookmarksStore, FavouritesStore, @unchecked Sendable {
    // @unchecked: every access to `bookmarks` goes through `lock`.
    private let lock = NSLock()
    private var bookmarks = Bookmarks()

    public init() {}

    public func loadBookmarks() throws -> Bookmarks { lock.withLock { bookmarks } }

    @discardableResult
    public func updateBookmarks(_ change: (inout Bookmarks) -> Bool) throws -> Bookmarks {
        lock.withLock {
            var changed = bookmarks
            if change(&changed) { bookmarks = changed }
            return bookmarks
        }
    }

    public func loadFavourites() throws -> [Favourite] { lock.withLock { bookmarks.favourites } }
    public func saveFavourites(_ favourites: [Favourite]) throws { lock.withLock { bookmarks.replaceFavourites(favourites) } }
}
