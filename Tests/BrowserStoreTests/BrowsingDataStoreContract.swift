import Foundation
import XCTest
@testable import BrowserStore

/// What every store promises about history, run against the SQLite and the in-memory store alike.
enum BrowsingDataStoreContract {
    static func exerciseHistory(_ store: any BrowsingDataStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        try store.recordVisit(uri: "https://swift.org/documentation/", title: nil, at: t0)
        try store.updateTitle("Swift Documentation", forURI: "https://swift.org/documentation/")
        try store.recordVisit(uri: "https://swift.org/documentation/", title: "", at: t0.addingTimeInterval(60))
        try store.recordVisit(uri: "https://swift.org/documentation/", title: nil, at: t0.addingTimeInterval(30))
        try store.recordVisit(uri: "https://www.gtk.org/docs/", title: "GTK Docs", at: t0.addingTimeInterval(10))
        try store.recordVisit(uri: "https://example.com/100%_real", title: "Percent", at: t0.addingTimeInterval(20))
        try store.updateTitle("Ignored", forURI: "https://never.visited/")

        let all = try store.allHistory()
        XCTAssertEqual(all.map(\.uri), ["https://swift.org/documentation/", "https://example.com/100%_real", "https://www.gtk.org/docs/"],
                       "most recent first", file: file, line: line)
        XCTAssertEqual(all.first, HistoryVisit(uri: "https://swift.org/documentation/", title: "Swift Documentation",
                                               visitCount: 3, lastVisit: t0.addingTimeInterval(60)),
                       "three visits, the latest time, and a later visit without a title keeps the known one", file: file, line: line)

        XCTAssertEqual(try store.history(matching: "DOCS", limit: 10).map(\.uri), ["https://www.gtk.org/docs/"],
                       "case-insensitive", file: file, line: line)
        XCTAssertEqual(try store.history(matching: "documentation", limit: 10).map(\.title), ["Swift Documentation"], file: file, line: line)
        XCTAssertEqual(try store.history(matching: "gtk docs", limit: 10).count, 1, "titles match too", file: file, line: line)
        XCTAssertEqual(try store.history(matching: "0%_", limit: 10).map(\.uri), ["https://example.com/100%_real"],
                       "% and _ are literal", file: file, line: line)
        XCTAssertEqual(try store.history(matching: "%", limit: 10).count, 1, file: file, line: line)
        XCTAssertEqual(try store.history(matching: "https", limit: 2).map(\.uri),
                       ["https://swift.org/documentation/", "https://example.com/100%_real"],
                       "most visited first, then most recent, up to the limit", file: file, line: line)
        XCTAssertEqual(try store.history(matching: "", limit: 10).count, 3, file: file, line: line)
        XCTAssertEqual(try store.history(matching: "never", limit: 10), [], file: file, line: line)

        // A page replacing itself: the visit moves, the row it leaves with no visits goes.
        try store.replaceVisit(old: "https://www.gtk.org/docs/", new: "https://www.gtk.org/docs/?v=2", title: "GTK 2", at: t0.addingTimeInterval(90))
        XCTAssertEqual(try store.history(matching: "gtk.org", limit: 10).map(\.uri), ["https://www.gtk.org/docs/?v=2"], file: file, line: line)
        try store.replaceVisit(old: "https://swift.org/documentation/", new: "https://swift.org/x", title: nil, at: t0.addingTimeInterval(91))
        XCTAssertEqual(try store.history(matching: "swift.org/doc", limit: 10).first?.visitCount, 2,
                       "a page visited before keeps its other visits", file: file, line: line)

        try store.clearHistory()
        XCTAssertEqual(try store.allHistory(), [], file: file, line: line)
    }

    static func exerciseSession(_ store: any BrowsingDataStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(try store.loadSession(), file: file, line: line)
        let tabs = (0..<4).map { StoredTab(id: UUID(), uri: "https://t\($0).example", title: "T\($0)", sessionState: Data([UInt8($0)])) }
        let session = StoredSession(tabs: tabs, currentTabID: tabs[3].id)
        try store.saveSession(session)
        XCTAssertEqual(try store.loadSession(), session, file: file, line: line)
    }
}
