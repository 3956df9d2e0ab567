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
    /// The "favourites" migration: one row a favourite, `position` its place on the start page.
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

    public func loadFavourites() throws -> [Favourite] {
        try pool.read { db in
            // Read at most a little over the limit: a file filled by hand cannot fill memory.
            try Row.fetchAll(db, sql: "SELECT id, uri, title FROM favourites ORDER BY position LIMIT ?",
                             arguments: [Favourites.limit * 2])
                .compactMap { row -> Favourite? in
                    // A row not written by Skiff (no UUID, not text) is skipped; the rest load.
                    func text(_ column: String) -> String? { String.fromDatabaseValue(row[column] as DatabaseValue) }
                    guard let idText = text("id"), let id = UUID(uuidString: idText),
                          let uri = text("uri"), let title = text("title") else { return nil }
                    return Favourite(id: id, uri: uri, title: String(title.prefix(Favourites.titleLimit * 2)))
                }
        }
    }

    public func saveFavourites(_ favourites: [Favourite]) throws {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM favourites")
            for (position, favourite) in favourites.enumerated() {
                try db.execute(sql: "INSERT INTO favourites (id, position, uri, title) VALUES (?, ?, ?, ?)",
                               arguments: [favourite.id.uuidString, position, favourite.uri, favourite.title])
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
