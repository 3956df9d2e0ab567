import Foundation
import XCTest
@testable import BrowserStore

/// The History view's reads and removals, for the SQLite store (checked in the file itself) and
/// the in-memory store alike.
final class HistoryBrowsingTests: XCTestCase {
    private var directory: TemporaryDirectory!
    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    private func fill(_ store: any BrowsingDataStore) throws {
        // Two pages at the same moment: the address breaks the tie, in both stores.
        try store.recordVisit(uri: "https://b.example/", title: "B", at: t0)
        try store.recordVisit(uri: "https://a.example/", title: "A", at: t0)
        try store.recordVisit(uri: "https://old.example/", title: "Old", at: t0.addingTimeInterval(-7200))
        try store.recordVisit(uri: "https://new.example/", title: "New", at: t0.addingTimeInterval(60))
        try store.recordVisit(uri: "https://new.example/", title: "New", at: t0.addingTimeInterval(30))
    }

    private func exercise(_ store: any BrowsingDataStore) throws {
        try fill(store)
        XCTAssertEqual(try store.historyTimes(), [t0.addingTimeInterval(60), t0, t0, t0.addingTimeInterval(-7200)])
        XCTAssertEqual(try store.historyPage(offset: 0, limit: 10).map(\.uri),
                       ["https://new.example/", "https://a.example/", "https://b.example/", "https://old.example/"])
        XCTAssertEqual(try store.historyPage(offset: 1, limit: 2).map(\.title), ["A", "B"], "a page of the same order")
        XCTAssertEqual(try store.historyPage(offset: 9, limit: 2), [])
        XCTAssertEqual(try store.historyPage(offset: 0, limit: 1).first?.visitCount, 2)

        try store.deleteHistory(uri: "https://a.example/")
        try store.deleteHistory(uri: "https://never.example/")
        XCTAssertEqual(try store.allHistory().map(\.uri), ["https://new.example/", "https://b.example/", "https://old.example/"])

        try store.deleteHistory(since: t0)
        XCTAssertEqual(try store.allHistory().map(\.uri), ["https://old.example/"], "pages last visited at or after the moment go")
    }

    func testDiskStoreListsPagesInOrderAndRemovesThemFromTheFile() throws {
        let url = directory.url.appendingPathComponent("h.sqlite")
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: url).store)
        try exercise(store)
        try store.close()
        // What is left is what the file holds, opened again.
        let reopened = try XCTUnwrap(DiskBrowsingStore.open(at: url).store)
        XCTAssertEqual(try reopened.allHistory().map(\.uri), ["https://old.example/"])
        try reopened.close()
    }

    func testEphemeralStoreKeepsTheSameOrder() throws {
        try exercise(EphemeralBrowsingStore())
    }

    func testImportAddsManyPagesInOneGo() throws {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: directory.url.appendingPathComponent("i.sqlite")).store)
        let visits = (0..<5_000).map { HistoryVisit(uri: "https://p\($0).example/", title: "P\($0)", visitCount: 1, lastVisit: t0.addingTimeInterval(Double(-$0))) }
        try store.importHistory(visits)
        XCTAssertEqual(try store.historyTimes().count, 5_000)
        XCTAssertEqual(try store.historyPage(offset: 4_999, limit: 5).map(\.uri), ["https://p4999.example/"])
    }
}
