import Foundation
import HomeModel
import TestClock
import XCTest

final class HistoryGroupingTests: XCTestCase {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe",
                        "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Sao_Paulo", "Asia/Kathmandu", "America/St_Johns"]

    /// Property: for any dates and any zone, every row lands in exactly one group, that group is
    /// the month Foundation's calendar gives for the row in that zone, groups are strictly newest
    /// first and rows within them never go back in time.
    func testAnyDatesInAnyZoneGroupIntoTheirRealMonth() throws {
        var rng = SplitMix(seed: 42)
        for round in 0..<200 {
            let zone = try XCTUnwrap(TimeZone(identifier: Self.zones[round % Self.zones.count]))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let count = Int(rng.next() % 120)
            // Dates from 1995 to 2035, clustered near month boundaries half the time.
            let rows = (0..<count).map { i -> HistoryTransaction in
                var t = 800_000_000 + Double(rng.next() % 1_260_000_000)
                if rng.next() % 2 == 0 {
                    let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: t))
                    let start = calendar.date(from: c)!.timeIntervalSince1970
                    t = start + Double(Int(rng.next() % 14_400)) - 7_200
                }
                return HistoryTransaction(id: "\(i)", type: "earned", amount: 1, processedAt: Date(timeIntervalSince1970: t))
            }
            let months = HistoryGrouping.group(rows, timeZone: zone)
            XCTAssertEqual(months.flatMap(\.transactions).map(\.id).sorted(), rows.map(\.id).sorted(), "every row exactly once")
            let keys = months.map { $0.year * 12 + $0.month }
            XCTAssertEqual(keys, keys.sorted(by: >), "months newest first")
            XCTAssertEqual(Set(keys).count, keys.count, "one group per month")
            for month in months {
                XCTAssertFalse(month.transactions.isEmpty)
                for (a, b) in zip(month.transactions, month.transactions.dropFirst()) {
                    XCTAssertGreaterThanOrEqual(a.processedAt, b.processedAt)
                }
                for t in month.transactions {
                    let c = calendar.dateComponents([.year, .month, .day], from: t.processedAt)
                    XCTAssertEqual([c.year, c.month], [month.year, month.month], "\(t.processedAt) in \(zone.identifier)")
                    let day = HistoryText.rowDate(t, timeZone: zone)
                    XCTAssertTrue(day.hasSuffix(" \(c.day!)"), "\(day) vs \(c.day!)")
                }
            }
        }
    }

    func testTheSameInstantFallsInDifferentMonthsInDifferentZones() {
        // 2026-07-31 23:30 in New York is already August 1 in Berlin.
        let t = HistoryTransaction(id: "1", type: "earned", amount: 5, processedAt: ISODate.parse("2026-07-31T23:30:00-04:00")!)
        XCTAssertEqual(HistoryGrouping.group([t], timeZone: TimeZone(identifier: "America/New_York")!).map(\.month), [7])
        XCTAssertEqual(HistoryGrouping.group([t], timeZone: TimeZone(identifier: "Europe/Berlin")!).map(\.month), [8])
    }

    func testTitlesAndTexts() {
        let zone = TimeZone(identifier: "UTC")!
        let now = ISODate.parse("2026-11-23T09:00:00Z")!
        XCTAssertEqual(HistoryText.monthTitle(HistoryMonth(year: 2026, month: 7, transactions: []), now: now, timeZone: zone), "July")
        XCTAssertEqual(HistoryText.monthTitle(HistoryMonth(year: 2025, month: 12, transactions: []), now: now, timeZone: zone), "December 2025")
        XCTAssertEqual(HistoryText.rowTitle(HistoryTransaction(id: "1", type: "earned", amount: 1, processedAt: now)), "1 Star earned")
        XCTAssertEqual(HistoryText.rowTitle(HistoryTransaction(id: "1", type: "bonus", amount: 1500, processedAt: now)), "1,500 Stars bonus")
        let ago = { (s: Double) in HistoryText.updated(now.addingTimeInterval(-s), now: now, timeZone: zone) }
        XCTAssertEqual(ago(5), "updated just now")
        XCTAssertEqual(ago(-30), "updated just now")
        XCTAssertEqual(ago(60), "updated 1 minute ago")
        XCTAssertEqual(ago(3 * 3600 - 1), "updated 2 hours ago")
        XCTAssertEqual(ago(24 * 3600), "updated yesterday")
        XCTAssertEqual(ago(5 * 86400), "updated Nov 18")
        XCTAssertEqual(ago(400 * 86400), "updated Oct 19, 2025")
    }

    func testLayoutPutsHeadingsBeforeTheirRowsAt80Pixels() {
        let t = HistoryTransaction(id: "x", type: "earned", amount: 1, processedAt: Date())
        let layout = HistoryListLayout(months: [HistoryMonth(year: 2026, month: 11, transactions: [t, t]),
                                                HistoryMonth(year: 2026, month: 10, transactions: [t])])
        XCTAssertEqual(layout.lineCount, 5)
        XCTAssertEqual(layout.contentHeight, 400)
        XCTAssertEqual((0..<5).map { layout.line(at: $0) },
                       [.heading(month: 0), .row(month: 0, index: 0), .row(month: 0, index: 1), .heading(month: 1), .row(month: 1, index: 0)])
        for i in 0..<5 { XCTAssertEqual(layout.line(at: i).flatMap(layout.index(of:)), i) }
        XCTAssertEqual(layout.lines(from: 100, height: 100), 1..<3)
        XCTAssertEqual(layout.lines(from: 0, height: 10_000), 0..<5)
        XCTAssertNil(layout.line(at: 5))
    }

    func testCacheFilesFollowXDGAndDifferPerServer() {
        XCTAssertEqual(HistoryCache.directory(environment: ["XDG_CACHE_HOME": "/c"], home: "/h").path, "/c/skiff/home")
        XCTAssertEqual(HistoryCache.directory(environment: ["XDG_CACHE_HOME": "rel"], home: "/h").path, "/h/.cache/skiff/home")
        XCTAssertNotEqual(HistoryCache.fileName(for: "http://a/history"), HistoryCache.fileName(for: "http://b/history"))
        XCTAssertEqual(HistoryCache.fileName(for: "http://a/history"), HistoryCache.fileName(for: "http://a/history"))
    }
}
