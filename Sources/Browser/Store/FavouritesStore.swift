import BrowserModel
import Foundation
import GRDB

/// Where the favourites are kept. Apart from `BrowsingDataStore` so stores that keep no favourites
/// (test doubles) need not pretend to.
public protocol FavouritesStore: AnyObject, Sendable {
    /// The favourites in their order; empty when none were ever saved.
    func loadFavourites() throws -> [Favourite]
    /// Replaces the saved favourites with `favourites`, all or nothing.
    func saveFavourites(_ favourites: [Favourite]) throws
}

extension DiskBrowsingStore: FavouritesStore {
    /// The "favourites" migration: one row a favourite, `position` its place on the start page. Since
    /// the "bookmarks" migration the favourites live in the bookmarks table and this one is not written.
    static func createFavourites(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE favourites (
                id TEXT PRIMARY KEY NOT NULL, -- UUID string
                position INTEGER NOT NULL,
                uri TEXT NOT NULL,
                title TEXT NOT NULL
            );
            """)
    }

    /// The bookmarks of the Favourites folder, in their order (its subfolders are not tiles).
    public func loadFavourites() throws -> [Favourite] {
        try pool.read { db in
            // Read at most a little over the limit: a file filled by hand cannot fill memory.
            try Row.fetchAll(db, sql: """
                SELECT id, uri, title FROM bookmarks WHERE parent = ? AND uri IS NOT NULL ORDER BY position LIMIT ?
                """, arguments: [Bookmarks.favouritesID.uuidString, Favourites.limit * 2])
                .compactMap { row -> Favourite? in
                    // A row not written by Skiff (no UUID, not text) is skipped; the rest load.
                    func text(_ column: String) -> String? { String.fromDatabaseValue(row[column] as DatabaseValue) }
                    guard let idText = text("id"), let id = UUID(uuidString: idText),
                          let uri = text("uri"), let title = text("title") else { return nil }
                    return Favourite(id: id, uri: uri, title: String(title.prefix(Favourites.titleLimit * 2)))
                }
        }
    }

    /// The Favourites folder's bookmarks become `favourites`, in that order, before its subfolders.
    /// A favourite whose bookmark the Bookmarks window moved elsewhere meanwhile comes back here:
    /// the start page's list is what the user last saw there.
    public func saveFavourites(_ favourites: [Favourite]) throws {
        try pool.write { db in
            let folder = Bookmarks.favouritesID.uuidString
            try db.execute(sql: "DELETE FROM bookmarks WHERE parent = ? AND uri IS NOT NULL", arguments: [folder])
            try db.execute(sql: "UPDATE bookmarks SET position = position + ? WHERE parent = ?",
                           arguments: [favourites.count, folder])
            let now = Date().timeIntervalSince1970
            for (position, favourite) in favourites.enumerated() {
                // The date a bookmark was added survives being saved again as a favourite.
                let added = try Double.fetchOne(db, sql: "SELECT added FROM bookmarks WHERE id = ?",
                                                arguments: [favourite.id.uuidString]) ?? now
                try db.execute(sql: """
                    INSERT OR REPLACE INTO bookmarks (id, parent, position, title, uri, added) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [favourite.id.uuidString, folder, position, favourite.title, favourite.uri, added])
            }
        }
    }
}

/// Favourites in memory only: a private window's, or when the database can't be opened.
public final class EphemeralFavouritesStore: FavouritesStore, @unchecked Sendable {
    // @unchecked: every access to `favourites` goes through `lock`.
    private let lock = NSLock()
    private var favourites: [Favourite] = []

    public init() {}

    public func loadFavourites() throws -> [Favourite] { lock.withLock { favourites } }
    public func saveFavourites(_ favourites: [Favourite]) throws { lock.withLock { self.favourites = favourites } }
}
