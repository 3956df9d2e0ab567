import BrowserModel
import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

final class BookmarksStoreTests: StoreDirectoryTestCase {
    func testTheTreeSurvivesReopeningInItsOrder() throws {
        let store = try openStore()
        XCTAssertEqual(try store.loadBookmarks(), Bookmarks(), "a new database has the Favourites folder only")
        let saved = try store.updateBookmarks { bookmarks in
            guard case .added(let folder) = bookmarks.addFolder(title: "Reading — “quoted”") else { return false }
            bookmarks.addBookmark(uri: "https://lwn.net/", title: "LWN", in: folder.id)
            bookmarks.addBookmark(uri: "https://first.example/", title: "First", in: folder.id, at: 0)
            bookmarks.addBookmark(uri: "file:///tmp/a.html", title: "A")
            return true
        }
        try store.close()
        let reopened = try openStore()
        let loaded = try reopened.loadBookmarks()
        // Dates go through seconds since 1970 as a Double: equal to the microsecond, not to the bit.
        func shape(_ tree: Bookmarks) -> [String] { tree.walk().map { "\($0.id) \($0.parent.map(\.uuidString) ?? "") \($0.title) \($0.uri ?? "")" } }
        XCTAssertEqual(shape(loaded), shape(saved))
        for item in saved.walk() {
            XCTAssertEqual(loaded[item.id]?.added.timeIntervalSince1970 ?? 0, item.added.timeIntervalSince1970, accuracy: 0.000_01)
        }
        XCTAssertEqual(loaded.walk().map(\.title), ["Favourites", "Reading — “quoted”", "First", "LWN", "A"])
        try reopened.close()
    }

    func testTheFavouritesFolderKeepsItsPlaceAmongTheTopItems() throws {
        let store = try openStore()
        try store.updateBookmarks { tree in
            guard case .added(let first) = tree.addFolder(title: "First") else { return false }
            return tree.move(id: first.id, to: Bookmarks.rootID, at: 0)
        }
        try store.close()
        let reopened = try openStore()
        XCTAssertEqual(try reopened.loadBookmarks().items(in: Bookmarks.rootID).map(\.title), ["First", "Favourites"])
        try reopened.close()
    }

    func testAnUpdateThatChangesNothingWritesNothingAndOneThatChangesWorksOnTheLatestTree() throws {
        let store = try openStore()
        try store.updateBookmarks { $0.addBookmark(uri: "https://a.example/", title: "A") != .notAPage }
        // A second copy, as another window would hold it: its change lands on top of the first.
        try store.updateBookmarks { $0.addBookmark(uri: "https://b.example/", title: "B") != .notAPage }
        XCTAssertEqual(try store.loadBookmarks().walk().map(\.title), ["Favourites", "A", "B"])
        let before = try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }
        try store.updateBookmarks { _ in false }
        XCTAssertEqual(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }, before)
        try store.close()
    }

    func testTheFavouritesAreTheFavouritesFolderOfTheBookmarks() throws {
        let store = try openStore()
        let tile = Favourite(uri: "https://tile.example/", title: "Tile")
        try store.saveFavourites([tile])
        var bookmarks = try store.loadBookmarks()
        XCTAssertEqual(bookmarks.items(in: Bookmarks.favouritesID).map(\.id), [tile.id], "a tile's id is its bookmark's")

        try store.updateBookmarks { bookmarks in
            bookmarks.addFolder(title: "Inside Favourites", in: Bookmarks.favouritesID)
            guard case .added(let page) = bookmarks.addBookmark(uri: "https://moved.example/", title: "Moved") else { return false }
            return bookmarks.move(id: page.id, to: Bookmarks.favouritesID, at: 0)
        }
        XCTAssertEqual(try store.loadFavourites().map(\.title), ["Moved", "Tile"], "a bookmark dropped into Favourites is a tile")
        try store.saveFavourites([tile])
        bookmarks = try store.loadBookmarks()
        XCTAssertEqual(bookmarks.items(in: Bookmarks.favouritesID).map(\.title), ["Tile", "Inside Favourites"],
                       "the start page's save keeps the folder's subfolders, after its tiles")
        try store.close()
    }

    func testTheBookmarksMigrationCopiesTheFavouritesOfADatabaseMadeBeforeIt() throws {
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: databaseURL.path)
        try DiskBrowsingStore.migrator.migrate(old, upTo: "site-permissions")
        let favourites = [Favourite(uri: "https://b.example/", title: "B"), Favourite(uri: "https://a.example/", title: "A")]
        try old.write { db in
            for (position, favourite) in favourites.enumerated() {
                try db.execute(sql: "INSERT INTO favourites (id, position, uri, title) VALUES (?, ?, ?, ?)",
                               arguments: [favourite.id.uuidString, position, favourite.uri, favourite.title])
            }
        }
        try old.close()

        let store = try openStore()
        XCTAssertEqual(try store.loadFavourites(), favourites, "the start page shows what it showed")
        XCTAssertEqual(try store.loadBookmarks().items(in: Bookmarks.favouritesID).map(\.title), ["B", "A"])
        try store.saveFavourites([favourites[1]])
        let oldTable = try store.pool.read { try String.fetchAll($0, sql: "SELECT title FROM favourites ORDER BY position") }
        XCTAssertEqual(oldTable, ["B", "A"], "the old table is left as the previous release would read it")
        try store.close()
    }

    func testRowsNotWrittenBySkiffAreSkippedAndAHugeTableIsNotReadWhole() throws {
        let store = try openStore()
        let root = Bookmarks.rootID.uuidString
        try store.pool.write { db in
            let insert = try db.makeStatement(sql: "INSERT INTO bookmarks (id, parent, position, title, uri, added) VALUES (?, ?, ?, ?, ?, ?)")
            try insert.execute(arguments: ["not-a-uuid", root, 0, "Bad id", "https://x.example/", 0])
            try insert.execute(arguments: [UUID().uuidString, root, 1, "Script", "javascript:alert(1)", 0])
            try insert.execute(arguments: [UUID().uuidString, root, 2, "Long", "https://l.example/" + String(repeating: "a", count: 10_000), 0])
            try insert.execute(arguments: [UUID().uuidString, root, 3, String(repeating: "t", count: 100_000), "https://t.example/", 0])
            try insert.execute(arguments: [UUID().uuidString, root, 4, Data([1, 2, 3]), "https://blob.example/", "yesterday"])
            for i in 0..<(Bookmarks.countLimit + 2000) {
                try insert.execute(arguments: [UUID().uuidString, root, 10 + i, "N\(i)", "https://n\(i).example/", 0])
            }
        }
        let start = Date()
        let loaded = try store.loadBookmarks()
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(loaded.count, Bookmarks.countLimit)
        let titles = Set(loaded.walk().map(\.title))
        XCTAssertFalse(titles.contains("Bad id") || titles.contains("Script") || titles.contains("Long"))
        XCTAssertTrue(titles.contains(String(repeating: "t", count: Bookmarks.titleLimit)), "a long title is cut, not dropped")
        try store.close()
    }

    func testBookmarksInMemoryWriteNothing() throws {
        let store = EphemeralBookmarksStore()
        try store.updateBookmarks { $0.addBookmark(uri: "https://p.example/", title: "P") != .notAPage }
        XCTAssertEqual(try store.loadBookmarks().walk().map(\.title), ["Favourites", "P"])
        XCTAssertEqual(directory.contents(), [], "nothing written")
    }
}
