import BrowserModel
import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

final class SitePermissionsStoreTests: StoreDirectoryTestCase {
    func testAnswersSurviveReopeningAndARemovedOneStaysGone() throws {
        let store = try openStore()
        XCTAssertEqual(try store.loadSitePermissions(), [], "a new database has none")
        var permissions = SitePermissions()
        try store.saveSitePermissions(permissions.decide(.deny, for: .location, on: "example.org"))
        try store.saveSitePermissions(permissions.decide(.allow, for: .camera, on: "127.0.0.1:8080"))
        try store.close()
        let reopened = try openStore()
        var loaded = SitePermissions(stored: try reopened.loadSitePermissions())
        XCTAssertEqual(loaded.decision(for: .location, on: "example.org"), .deny)
        XCTAssertEqual(loaded.decision(for: .camera, on: "127.0.0.1:8080"), .allow)
        try reopened.saveSitePermissions(loaded.forget(.location, on: "example.org"))
        XCTAssertEqual(try reopened.loadSitePermissions().map(\.site), ["127.0.0.1:8080"], "removed: asked again")
        try reopened.close()
    }

    func testTheSitePermissionsMigrationRunsOnADatabaseMadeBeforeIt() throws {
        // A database as the previous release left it: every migration before this one.
        try FileManager.default.createDirectory(at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = try DatabaseQueue(path: databaseURL.path)
        try DiskBrowsingStore.migrator.migrate(old, upTo: "site-zoom")
        XCTAssertFalse(try old.read { try $0.tableExists("sitePermissions") })
        try old.write { try $0.execute(sql: "INSERT INTO siteZoom (site, level, changedAt) VALUES ('kept.example', 1.5, 0)") }
        try old.close()

        let store = try openStore()
        XCTAssertEqual(try store.loadSiteZoom().map(\.site), ["kept.example"], "zoom levels kept")
        var permissions = SitePermissions()
        try store.saveSitePermissions(permissions.decide(.deny, for: .notifications, on: "kept.example"))
        XCTAssertEqual(try store.loadSitePermissions(), [.init(site: "kept.example", kind: .notifications, decision: .deny)])
        try store.close()
    }

    func testRowsNotWrittenBySkiffAreSkipped() throws {
        let store = try openStore()
        try store.pool.write { db in
            try db.execute(sql: "INSERT INTO sitePermissions VALUES ('a.example', 'teleport', 'allow', 0)")
            try db.execute(sql: "INSERT INTO sitePermissions VALUES ('b.example', 'camera', 'maybe', 0)")
            try db.execute(sql: "INSERT INTO sitePermissions VALUES ('c.example', 'camera', 'allow', 1)")
        }
        XCTAssertEqual(try store.loadSitePermissions().map(\.site), ["c.example"])
        try store.close()
    }
}
