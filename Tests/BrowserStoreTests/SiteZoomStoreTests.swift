import BrowserModel
import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

final class SiteZoomStoreTests: StoreDirectoryTestCase {
    func testLevelsSurviveReopeningAndARemovedOneStaysGone() throws {
        let store = try openStore()
        XCTAssertTrue(try store.loadSiteZoom().isEmpty, "a new database has none")
        var zoom = SiteZoom()
        try store.saveSiteZoom(zoom.set(1.5, for: "example.org"))
        try store.saveSiteZoom(zoom.set(0.8, for: "127.0.0.1:8080"))
        try store.close()
        let reopened = try openStore()
        var loaded = SiteZoom(stored: try reopened.loadSiteZoom())
        XCTAssertEqual(loaded.level(for: "example.org"), 1.5)
        XCTAssertEqual(loaded.level(for: "127.0.0.1:8080"), 0.8)
        try reopened.saveSiteZoom(loaded.set(1.0, for: "example.org"))
        XCTAssertEqual(try reopened.loadSiteZoom().map(\.site), ["127.0.0.1:8080"], "back at 100 %: forgotten")
        try reopened.close()
    }

    func testTheSiteZoomMigrationRunsOnADatabaseMadeBeforeIt() throws {
        // A database as the previous release left it: every migration before this one.
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: databaseURL.path)
        try DiskBrowsingStore.migrator.migrate(old, upTo: "closed-tabs")
        XCTAssertFalse(try old.read { try $0.tableExists("siteZoom") })
        try old.write { try $0.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit) VALUES ('https://kept.example/', 'Kept', 3, 0)") }
        try old.close()

        let store = try openStore()
        XCTAssertEqual(try store.allHistory().map(\.uri), ["https://kept.example/"], "history kept")
        var zoom = SiteZoom()
        try store.saveSiteZoom(zoom.set(1.2, for: "kept.example"))
        XCTAssertEqual(try store.loadSiteZoom().map(\.level), [1.2])
        try store.close()
    }

    func testRowsNotWrittenBySkiffAreSkipped() throws {
        let store = try openStore()
        try store.pool.write { db in
            try db.execute(sql: "INSERT INTO siteZoom (site, level, changedAt) VALUES ('bad.example', 'not a number', 0)")
            try db.execute(sql: "INSERT INTO siteZoom (site, level, changedAt) VALUES ('good.example', 1.5, 1)")
        }
        XCTAssertEqual(SiteZoom(stored: try store.loadSiteZoom()).level(for: "good.example"), 1.5)
        XCTAssertEqual(SiteZoom(stored: try store.loadSiteZoom()).count, 1)
        try store.close()
    }
}
