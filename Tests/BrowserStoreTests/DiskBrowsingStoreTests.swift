import Foundation
import TestSupport
import XCTest
@testable import BrowserStore

final class DiskBrowsingStoreTests: StoreDirectoryTestCase {
    private func sampleSession() -> StoredSession {
        var bigState = Data(count: 300_000)
        for i in bigState.indices { bigState[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
        let tabs = [
            StoredTab(id: UUID(), uri: "https://Example.com/A?q=1", title: "Example — A", sessionState: Data([0, 1, 2, 0, 255])),
            StoredTab(id: UUID(), uri: "about:blank", title: "", sessionState: nil),
            StoredTab(id: UUID(), uri: "file:///tmp/My%20Page.html", title: "My Page", sessionState: bigState),
        ]
        return StoredSession(tabs: tabs, currentTabID: tabs[1].id)
    }

    // MARK: Session

    func testTabsWithTheirBackForwardStateAndCurrentTabSurviveReopening() throws {
        let saved = sampleSession()
        let store = try openStore()
        try store.saveSession(saved)
        try store.close()

        let restored = try openStore().loadSession()
        XCTAssertEqual(restored, saved, "every tab, in order, with its session state bytes and the current tab")
        XCTAssertEqual(restored?.tabs.map(\.uri), saved.tabs.map(\.uri))
        XCTAssertEqual(restored?.currentTabID, saved.tabs[1].id)
    }

    func testSavingReplacesTheWholeSession() throws {
        let store = try openStore()
        let first = sampleSession()
        try store.saveSession(first)
        // Close the first tab, move the last to the front, open a new one.
        let newTab = StoredTab(id: UUID(), uri: "https://new.example", title: "New", sessionState: nil)
        let second = StoredSession(tabs: [first.tabs[2], first.tabs[1], newTab], currentTabID: newTab.id)
        try store.saveSession(second)

        XCTAssertEqual(try store.loadSession(), second, "no closed tab comes back, and the new order holds")
    }

    func testFirstStartHasNoSessionButClosingEveryTabIsRemembered() throws {
        let store = try openStore()
        XCTAssertNil(try store.loadSession())
        try store.saveSession(StoredSession(tabs: [], currentTabID: nil))
        XCTAssertEqual(try store.loadSession(), StoredSession(tabs: [], currentTabID: nil))
    }

    func testACurrentTabThatIsNotOpenIsDropped() throws {
        let store = try openStore()
        let tab = StoredTab(id: UUID(), uri: "https://a.example", title: "A", sessionState: nil)
        try store.saveSession(StoredSession(tabs: [tab], currentTabID: UUID()))
        XCTAssertEqual(try store.loadSession()?.currentTabID, nil)
        XCTAssertEqual(try store.loadSession()?.tabs, [tab])
    }

    // MARK: History

    func testHistoryContract() throws {
        try BrowsingDataStoreContract.exerciseHistory(try openStore())
    }

    func testHistorySurvivesReopening() throws {
        let store = try openStore()
        try store.recordVisit(uri: "https://swift.org", title: "Swift", at: Date(timeIntervalSince1970: 1_000))
        try store.recordVisit(uri: "https://swift.org", title: nil, at: Date(timeIntervalSince1970: 2_000))
        try store.close()
        XCTAssertEqual(try openStore().allHistory(),
                       [HistoryVisit(uri: "https://swift.org", title: "Swift", visitCount: 2, lastVisit: Date(timeIntervalSince1970: 2_000))])
    }

    // MARK: File

    func testDatabaseIsInWALMode() throws {
        let store = try openStore()
        XCTAssertEqual(try store.journalMode().lowercased(), "wal")
        try store.recordVisit(uri: "https://a.example", title: "A", at: Date())
        XCTAssertTrue(FileManager.default.fileExists(atPath: databaseURL.path + "-wal"), "writes go to the write-ahead log")
    }

    func testTwoProcessesOnTheSameDatabaseBothOpenIt() throws {
        // A second Skiff (or a crashed one's leftovers) must never make us move a good database aside.
        let first = try openStore()
        try first.recordVisit(uri: "https://kept.example", title: "Kept", at: Date())
        let second = try openStore()
        XCTAssertEqual(try second.allHistory().map(\.uri), ["https://kept.example"])
        XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [])
    }
}
