import BrowserModel
import Foundation
import XCTest

/// The History view's days: the user's calendar in their zone, across midnight and DST changes.
final class HistoryDaysTests: XCTestCase {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
    let utc = TimeZone(identifier: "UTC")!

    func local(_ zone: TimeZone, _ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int, _ s: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    }

    func titles(_ times: [Date], now: Date, zone: TimeZone) -> [String] {
        HistoryDays.group(times, timeZone: zone).map { "\(HistoryDays.title($0, now: now, timeZone: zone)) ×\($0.count)" }
    }

    func testMidnightSplitsDaysInTheUsersZoneNotInUTC() {
        let times = [local(berlin, 2026, 11, 23, 0, 0, 0), local(berlin, 2026, 11, 22, 23, 59, 59), local(berlin, 2026, 11, 22, 0, 0, 0)]
        let now = local(berlin, 2026, 11, 23, 12, 0)
        XCTAssertEqual(titles(times, now: now, zone: berlin), ["Today ×1", "Yesterday ×2"])
        // The same instants in UTC: 23:00 and 22:59:59 on the 22nd, and 23:00 on the 21st.
        XCTAssertEqual(titles(times, now: now, zone: utc), ["Yesterday ×2", "Saturday 21 November ×1"])
    }

    func testDatesBeforeYesterdayNameTheWeekdayAndAnEarlierYear() {
        let now = local(berlin, 2026, 11, 23, 9, 0)
        let times = [local(berlin, 2026, 11, 21, 10, 0), local(berlin, 2026, 3, 28, 10, 0), local(berlin, 2025, 12, 31, 23, 30)]
        XCTAssertEqual(titles(times, now: now, zone: berlin),
                       ["Saturday 21 November ×1", "Saturday 28 March ×1", "Wednesday 31 December 2025 ×1"])
    }

    func testASpringForwardDayIsOneDayAndTheDayBeforeIsNotYesterday() {
        // 29 March 2026: Berlin's clocks go from 02:00 to 03:00, a 23-hour day.
        let now = local(berlin, 2026, 3, 30, 0, 30)
        let times = [local(berlin, 2026, 3, 30, 0, 10), local(berlin, 2026, 3, 29, 3, 30), local(berlin, 2026, 3, 29, 1, 30),
                     local(berlin, 2026, 3, 28, 23, 30)]
        XCTAssertEqual(titles(times, now: now, zone: berlin), ["Today ×1", "Yesterday ×2", "Saturday 28 March ×1"])
        // 24 hours before "now" is still Sunday 00:30 wall time + 1 h: counting in 24-hour steps would
        // call Saturday 23:30 "Yesterday"; the calendar does not.
        XCTAssertEqual(now.timeIntervalSince(times[3]), 24 * 3600)
    }

    func testAFallBackDaysRepeatedHourStaysInOneDay() {
        // 25 October 2026: 03:00 becomes 02:00 again; 02:30 happens twice.
        let second = local(berlin, 2026, 10, 25, 1, 30).addingTimeInterval(2 * 3600)  // 02:30 after the change
        let first = local(berlin, 2026, 10, 25, 1, 30).addingTimeInterval(3600)
        let now = local(berlin, 2026, 10, 25, 20, 0)
        XCTAssertEqual(titles([second, first, local(berlin, 2026, 10, 24, 23, 0)], now: now, zone: berlin), ["Today ×2", "Yesterday ×1"])
        XCTAssertEqual(HistoryDays.time(first, timeZone: berlin), "02:30")
        XCTAssertEqual(HistoryDays.time(second, timeZone: berlin), "02:30")
    }

    func testAZoneWhoseMidnightIsSkippedStartsTheDayAtOneOClock() {
        // 4 November 2018: São Paulo went from 00:00 straight to 01:00.
        let now = local(saoPaulo, 2018, 11, 4, 12, 0)
        let startOfDay = local(saoPaulo, 2018, 11, 4, 1, 0)
        let times = [startOfDay.addingTimeInterval(60), startOfDay, startOfDay.addingTimeInterval(-1)]
        XCTAssertEqual(titles(times, now: now, zone: saoPaulo), ["Today ×2", "Yesterday ×1"])
        XCTAssertEqual(HistoryClearRange.today.since(now: now, timeZone: saoPaulo), startOfDay)
        XCTAssertEqual(HistoryClearRange.todayAndYesterday.since(now: now, timeZone: saoPaulo), local(saoPaulo, 2018, 11, 3, 0, 0))
        XCTAssertEqual(HistoryClearRange.todayAndYesterday.since(now: local(saoPaulo, 2018, 11, 5, 8, 0), timeZone: saoPaulo), startOfDay,
                       "yesterday began at 01:00 too")
    }

    func testClearRanges() {
        let now = local(berlin, 2026, 3, 30, 10, 0)
        XCTAssertEqual(HistoryClearRange.lastHour.since(now: now, timeZone: berlin), now.addingTimeInterval(-3600))
        XCTAssertEqual(HistoryClearRange.today.since(now: now, timeZone: berlin), local(berlin, 2026, 3, 30, 0, 0))
        XCTAssertEqual(HistoryClearRange.todayAndYesterday.since(now: now, timeZone: berlin), local(berlin, 2026, 3, 29, 0, 0),
                       "yesterday was 23 hours long: 34 hours back, not 48")
        XCTAssertNil(HistoryClearRange.everything.since(now: now, timeZone: berlin))
        XCTAssertEqual(HistoryClearRange.allCases.map(\.title), ["the last hour", "today", "today and yesterday", "all history"])
    }

    func testLayoutHeadsEachDayAndKeyboardStepsSkipHeadings() {
        let now = local(utc, 2026, 11, 23, 12, 0)
        let times = [local(utc, 2026, 11, 23, 11, 0), local(utc, 2026, 11, 23, 10, 0), local(utc, 2026, 11, 20, 10, 0)]
        let layout = HistoryLayout(days: HistoryDays.group(times, timeZone: utc))
        XCTAssertEqual(layout.lineCount, 5)
        XCTAssertEqual((0..<5).compactMap { layout.line(at: $0) },
                       [.heading(day: 0), .page(day: 0, page: 0), .page(day: 0, page: 1), .heading(day: 1), .page(day: 1, page: 2)])
        XCTAssertNil(layout.line(at: 5))
        XCTAssertEqual(layout.pageLine(from: 0, step: 1), 1, "the first heading is skipped")
        XCTAssertEqual(layout.pageLine(from: 3, step: 1), 4)
        XCTAssertEqual(layout.pageLine(from: 3, step: -1), 2)
        XCTAssertEqual(layout.pageLine(from: 0, step: -1), 1, "nothing above: the nearest below")
        XCTAssertEqual(layout.lineOfPage(2), 4)
        XCTAssertEqual(layout.lines(from: HistoryLayout.lineHeight * 1.5, height: HistoryLayout.lineHeight), 1..<3)
        XCTAssertEqual(HistoryDays.title(layout.days[1], now: now, timeZone: utc), "Friday 20 November")
        XCTAssertNil(HistoryLayout(days: []).pageLine(from: 0, step: 1))
    }

    func testAHundredThousandPagesGroupIntoTheirDays() {
        // One page every 90 s for ~104 days: each day holds 960 pages (UTC has no DST).
        let end = local(utc, 2026, 11, 23, 23, 58, 30)
        let times = (0..<100_000).map { end.addingTimeInterval(Double(-90 * $0)) }
        let days = HistoryDays.group(times, timeZone: utc)
        XCTAssertEqual(days.count, 105)
        XCTAssertEqual(days.dropLast().map(\.count), Array(repeating: 960, count: 104))
        XCTAssertEqual(days.reduce(0) { $0 + $1.count }, 100_000)
        XCTAssertEqual(days.map(\.start), days.indices.map { $0 * 960 })
        let layout = HistoryLayout(days: days)
        XCTAssertEqual(layout.lineCount, 100_105)
        XCTAssertEqual(layout.line(at: 100_104), .page(day: 104, page: 99_999))
    }

    func testRowTextHostAndTime() {
        XCTAssertEqual(HistoryDays.host(of: "https://www.debian.org/doc/"), "www.debian.org")
        XCTAssertEqual(HistoryDays.host(of: "file:///home/me/notes.html"), "Local file")
        XCTAssertEqual(HistoryDays.time(local(berlin, 2026, 1, 5, 7, 4), timeZone: berlin), "07:04")
        XCTAssertEqual(HistoryDays.time(local(berlin, 2026, 1, 5, 7, 4), timeZone: utc), "06:04")
    }
}
