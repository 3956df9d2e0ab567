import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

/// A disk that fills up mid-session: the save fails, the user is told (the saver reports why),
/// the last good session stays in the database whole, and the retry saves everything once there
/// is room again. On a real tmpfs when root (as in CI); otherwise the process's file-size limit
/// (RLIMIT_FSIZE) makes the same writes fail.
final class FullDiskTests: XCTestCase {
    private var disk: SmallFilesystem!
    private var databaseURL: URL { disk.url.appendingPathComponent("browser.sqlite") }

    override func setUpWithError() throws { disk = try SmallFilesystem(size: 8 << 20) }
    override func tearDown() { disk?.remove() }

    private static func session(_ count: Int, stateSize: Int) -> StoredSession {
        let tabs = (0..<count).map {
            StoredTab(id: UUID(), uri: "https://tab\($0).example/", title: "Tab \($0)", sessionState: Data(repeating: UInt8($0), count: stateSize))
        }
        return StoredSession(tabs: tabs, currentTabID: tabs.last?.id)
    }

    func testAFailedSaveKeepsTheLastGoodSessionWholeAndTheRetrySavesEverything() throws {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        let good = Self.session(1, stateSize: 1_000)
        try store.saveSession(good)

        disk.fill()
        let bigger = Self.session(7, stateSize: 100_000)
        XCTAssertThrowsError(try store.saveSession(bigger)) { error in
            if disk.isRealFilesystem { XCTAssertEqual(SaveFailure.describe(error), "the disk is full") }
        }
        // A second connection, as the next launch would see it: the old session, all of it.
        XCTAssertEqual(try store.loadSession(), good)

        let saver = MainActor.assumeIsolated { () -> (SaverHarness, [String?]) in
            let harness = SaverHarness(store: store, tabs: 7, stateSize: 100_000)
            var reports: [String?] = []
            harness.saver.onFailureChange = { reports.append($0) }
            harness.change()
            harness.scheduler.advance(to: 1)
            XCTAssertNotNil(harness.saver.failure, "the failure is reported, not only logged")
            XCTAssertTrue(harness.saver.hasUnsavedChanges, "and the change is still waiting")
            harness.scheduler.advance(to: 1 + SessionSaver.retryDelay)
            XCTAssertNotNil(harness.saver.failure, "still full: still failing, still reported")
            return (harness, reports)
        }
        XCTAssertEqual(saver.1.count, 1, "one report while it keeps failing for the same reason")
        XCTAssertEqual(try store.loadSession(), good, "a failing retry never leaves part of a session")

        disk.free()
        MainActor.assumeIsolated {
            saver.0.scheduler.advance(to: 1 + 2 * SessionSaver.retryDelay + 0.01)
            XCTAssertNil(saver.0.saver.failure, "saving works again: the notice can go")
        }
        try store.close()
        let reopened = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        XCTAssertEqual(try reopened.loadSession()?.tabs.count, 7, "the retry saved every tab")
        try reopened.close()
    }
}
