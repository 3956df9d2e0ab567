import Foundation
import XCTest
import TodayModel

/// A section's default title says how long ago its day was, never "Today" for an earlier day.
final class RelativeTitleTests: XCTestCase {
    private let english = Locale(identifier: "en_GB")

    func testTodayYesterdayWeekdayThenDate() throws {
        let today = try XCTUnwrap(CalendarDate(year: 2026, month: 11, day: 23)) // a Monday
        func title(_ daysAgo: Int) throws -> String {
            try XCTUnwrap(today.adding(days: -daysAgo)).relativeTitle(today: today, locale: english)
        }
        XCTAssertEqual(try title(0), "Today")
        XCTAssertEqual(try title(1), "Yesterday")
        XCTAssertEqual(try title(2), "Saturday")
        XCTAssertEqual(try title(6), "Tuesday")
        XCTAssertEqual(try title(7), "16 November")
        XCTAssertEqual(try title(-1), "24 November", "a future day is named by its date")
    }

    func testTheLocalDayDependsOnTheTimeZone() throws {
        // 2026-11-23 02:30 UTC is still the 22nd in New York.
        let instant = try XCTUnwrap(ISO8601DateFormatter().date(from: "2026-11-23T02:30:00Z"))
        let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        XCTAssertEqual(CalendarDate(containing: instant, timeZone: newYork), CalendarDate(year: 2026, month: 11, day: 22))
        XCTAssertEqual(CalendarDate(containing: instant, timeZone: try XCTUnwrap(TimeZone(identifier: "UTC"))),
                       CalendarDate(year: 2026, month: 11, day: 23))
    }
}
