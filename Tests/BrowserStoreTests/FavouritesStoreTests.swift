import BrowserModel
import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

final class FavouritesStoreTests: StoreDirectoryTestCase {
    func testFavouritesInTheirOrderSurviveReopeningAndASaveReplacesThemAll() throws {
        let store = try openStore()
        XCTAssertEqual(try store.loadFavourites(), [], "a new database has none")
        let saved = [Favourite(uri: "https://b.example/", title: "B — “quoted”"), Favourite(uri: "file:///tmp/a.html", title: "A")]
        try store.saveFavourites(saved)
        try store.close()
        let reopened = try openStore()
        XCTAssertEqual(try reopened.loadFavourites(), saved)
        try reopened.saveFavourites([saved[1]])
        XCTAssertEqual(try reopened.loadFavourites(), [saved[1]], "a removed favourite does not come back")
        try reopened.close()
    }

    func testTheFavouritesMigrationRunsOnADatabaseMadeBeforeIt() throws {
        // A database as the previous release left it: the earlier migrations only.
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: databaseURL.path)
        var migrator = DiskBrowsingStore.migrator
        try migrator.migrate(old, upTo: "v2-identity")
        XCTAssertFalse(try old.read { try $0.tableExists("favourites") })
        try old.write { try $0.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit) VALUES ('https://kept.example/', 'Kept', 3, 0)") }
        try old.close()
        migrator = DiskBrowsingStore.migrator

        let store = try openStore()
        XCTAssertEqual(try store.allHistory().map(\.uri), ["https://kept.example/"], "history kept")
        try store.saveFavourites([Favourite(uri: "https://kept.example/", title: "Kept")])
        XCTAssertEqual(try store.loadFavourites().map(\.title), ["Kept"])
        try store.close()
    }

    func testRowsNotWrittenBySkiffAreSkippedAndAHugeTableIsNotReadWhole() throws {
        let store = try openStore()
        try store.pool.write { db in
            let folder = Bookmarks.favouritesID.uuidString
            try db.execute(sql: "INSERT INTO bookmarks (id, parent, position, uri, title, added) VALUES ('not-a-uuid', ?, 0, 'https://x.example/', 'X', 0)",
                           arguments: [folder])
            for i in 1...500 {
                try db.execute(sql: "INSERT INTO bookmarks (id, parent, position, uri, title, added) VALUES (?, ?, ?, ?, ?, 0)",
                               arguments: [UUID().uuidString, folder, i, "https://n\(i).example/", "N\(i)"])
            }
        }
        let loaded = try store.loadFavourites()
        XCTAssertFalse(loaded.contains { $0.title == "X" })
        XCTAssertLessThanOrEqual(loaded.count, Favourites.limit * 2)
        XCTAssertEqual(Favourites(loaded).count, Favourites.limit)
        try store.close()
    }

    func testPrivateFavouritesStayInMemory() throws {
        let store = EphemeralFavouritesStore()
        try store.saveFavourites([Favourite(uri: "https://p.example/", title: "P")])
        XCTAssertEqual(try store.loadFavourites().map(\.title), ["P"])
        XCTAssertEqual(directory.contents(), [], "nothing written")
    }
}
