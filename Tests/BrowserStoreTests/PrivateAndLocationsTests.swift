import Foundation
import XCTest
@testable import BrowserStore

final class PrivateAndLocationsTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    private var environment: [String: String] {
        ["HOME": directory.url.appendingPathComponent("home").path,
         "XDG_DATA_HOME": directory.url.appendingPathComponent("data").path,
         "XDG_STATE_HOME": directory.url.appendingPathComponent("state").path]
    }

    func testPrivateWindowWritesNothingToDisk() throws {
        let opened = BrowsingData.open(privateMode: true, locations: DataLocations(environment: environment))
        XCTAssertNil(opened.message)
        XCTAssertFalse(opened.store.isPersistent)
        try opened.store.recordVisit(uri: "https://secret.example", title: "Secret", at: Date())
        let tab = StoredTab(id: UUID(), uri: "https://secret.example", title: "Secret", sessionState: Data([1, 2, 3]))
        try opened.store.saveSession(StoredSession(tabs: [tab], currentTabID: tab.id))

        XCTAssertEqual(directory.contents(), [], "no database, no folder, nothing under any XDG directory")
        XCTAssertEqual(try opened.store.allHistory().map(\.uri), ["https://secret.example"], "still works while the window lives")
    }

    func testNormalWindowKeepsItsDatabaseInAPrivateDataFolder() throws {
        let locations = DataLocations(environment: environment)
        let opened = BrowsingData.open(privateMode: false, locations: locations)
        XCTAssertNil(opened.message)
        XCTAssertTrue(opened.store.isPersistent)
        try opened.store.recordVisit(uri: "https://kept.example", title: "Kept", at: Date())

        XCTAssertTrue(directory.contents().contains("data/skiff/browser.sqlite"), "\(directory.contents())")
        let mode = try FileManager.default.attributesOfItem(atPath: locations.dataDirectory.path)[.posixPermissions] as? NSNumber
        XCTAssertEqual(mode?.intValue, 0o700, "only the user may read their history")
    }

    func testEphemeralStoreKeepsTheSameContractAsTheDatabase() throws {
        try BrowsingDataStoreContract.exerciseHistory(EphemeralBrowsingStore())
        try BrowsingDataStoreContract.exerciseSession(EphemeralBrowsingStore())
    }

    func testDiskStoreSessionContract() throws {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: directory.url.appendingPathComponent("c.sqlite")).store)
        try BrowsingDataStoreContract.exerciseSession(store)
    }

    // MARK: XDG

    func testXDGVariablesChooseTheFolders() {
        let locations = DataLocations(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data/ann", "XDG_STATE_HOME": "/state/ann"])
        XCTAssertEqual(locations.browserDatabase.path, "/data/ann/skiff/browser.sqlite")
        XCTAssertEqual(locations.stateDirectory.path, "/state/ann/skiff")
    }

    func testUnsetEmptyOrRelativeXDGVariablesFallBackToTheSpecDefaults() {
        for value in [nil, "", "relative/data"] {
            var environment = ["HOME": "/home/ann"]
            environment["XDG_DATA_HOME"] = value
            environment["XDG_STATE_HOME"] = value
            let locations = DataLocations(environment: environment)
            XCTAssertEqual(locations.browserDatabase.path, "/home/ann/.local/share/skiff/browser.sqlite", "\(String(describing: value))")
            XCTAssertEqual(locations.stateDirectory.path, "/home/ann/.local/state/skiff", "\(String(describing: value))")
        }
    }
}
