@testable import FeedFormat
import Foundation
import XCTest

/// One case per variant found in real feeds (docs/feeds.md, "Dates").
final class FeedDatesTests: XCTestCase {
    private let reference = utc(1994, 11, 6, 8, 49, 37)

    private func assertDate(_ text: String, _ expected: Date?, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(FeedDates.parse(text), expected, text, file: file, line: line)
    }

    func testRFC822AsWritten() {
        assertDate("Sun, 06 Nov 1994 08:49:37 GMT", reference)
        assertDate("  Sun, 06 Nov 1994 08:49:37 GMT\n", reference)
    }

    func testRFC822NumericOffsets() {
        assertDate("Sun, 06 Nov 1994 03:49:37 -0500", reference)
        assertDate("Sun, 06 Nov 1994 09:49:37 +01:00", reference)
        assertDate("Sun, 06 Nov 1994 14:19:37 +0530", reference)
    }

    func testRFC822WithoutSecondsOrWithOneDigitDayAndHour() {
        assertDate("Sun, 6 Nov 1994 08:49 GMT", utc(1994, 11, 6, 8, 49))
        assertDate("Sun, 6 Nov 1994 8:49:37 GMT", reference)
    }

    func testRFC822TwoDigitYears() {
        assertDate("06 Nov 94 08:49:37 GMT", reference)
        assertDate("Sun, 06 Nov 05 08:49:37 GMT", utc(2005, 11, 6, 8, 49, 37))
    }

    func testRFC822NamedZones() {
        assertDate("Sun, 06 Nov 1994 03:49:37 EST", reference)
        assertDate("Sun, 06 Nov 1994 04:49:37 EDT", reference)
        assertDate("Sun, 06 Nov 1994 01:49:37 PDT", reference)
        assertDate("Sun, 06 Nov 1994 00:49:37 PST", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 UT", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 Z", reference)
        assertDate("Sun, 06 Nov 1994 09:49:37 CET", reference)
        assertDate("Sun, 06 Nov 1994 09:49:37 GMT+0100", reference)
    }

    func testRFC822MilitaryZonesAsRFC822WroteThem() {
        assertDate("Sun, 06 Nov 1994 07:49:37 A", reference)
        assertDate("Sun, 06 Nov 1994 09:49:37 N", reference)
        assertDate("Sun, 06 Nov 1994 20:49:37 Y", reference)
        assertDate("Sat, 05 Nov 1994 20:49:37 M", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 Z", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 J", nil)
    }

    func testUSZonesWithoutStandardOrDaylightAndEtcGMT() {
        assertDate("Sun, 06 Nov 1994 03:49:37 ET", reference)
        assertDate("Sun, 06 Nov 1994 02:49:37 CT", reference)
        assertDate("Sun, 06 Nov 1994 01:49:37 MT", reference)
        assertDate("Sun, 06 Nov 1994 00:49:37 PT", reference)
        assertDate("Sun, 06 Nov 1994 04:49:37 AT", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 Etc/GMT", reference)
        assertDate("Sun, 06 Nov 1994 08:49:37 UT", reference)
    }

    func testW3CYearAndYearMonthOrdinalBasicAndTwoDigitYears() {
        assertDate("2003", utc(2003, 1, 1, 0, 0, 0))
        assertDate("2003-12", utc(2003, 12, 1, 0, 0, 0))
        assertDate("2003-335", utc(2003, 12, 1, 0, 0, 0))
        assertDate("2004-336T10:14:55Z", utc(2004, 12, 1, 10, 14, 55))
        assertDate("20031201", utc(2003, 12, 1, 0, 0, 0))
        assertDate("20031201T101455Z", utc(2003, 12, 1, 10, 14, 55))
        assertDate("20031201T1014-0100", utc(2003, 12, 1, 11, 14, 0))
        assertDate("03-12-01T10:14:55Z", utc(2003, 12, 1, 10, 14, 55))
        assertDate("2003-366", nil)
        assertDate("2003-13", nil)
    }

    func testSlashedDatesWithANamedZone() {
        assertDate("2006/09/15 08:19:53 EDT", utc(2006, 9, 15, 12, 19, 53))
        assertDate("1994/11/06 08:49:37", reference)
    }

    func testRFC822WrongOrMissingWeekday() {
        assertDate("Fri, 06 Nov 1994 08:49:37 GMT", reference)
        assertDate("06 Nov 1994 08:49:37 GMT", reference)
        assertDate("Sunday, 06 Nov 1994 08:49:37 GMT", reference)
    }

    func testRFC822NoZoneIsUTC() {
        assertDate("Sun, 06 Nov 1994 08:49:37", reference)
    }

    func testRFC850AsctimeAndFullMonthNames() {
        assertDate("Sunday, 06-Nov-94 08:49:37 GMT", reference)
        assertDate("Sun Nov  6 08:49:37 1994", reference)
        assertDate("Sun, 06 November 1994 08:49:37 GMT", reference)
        assertDate("Sun, 06 Sept 1994 08:49:37 GMT", utc(1994, 9, 6, 8, 49, 37))
        assertDate("Sun, 06 Nov 1994 08:49:37 GMT (Greenwich)", reference)
    }

    func testRFC3339() {
        assertDate("1994-11-06T08:49:37Z", reference)
        assertDate("1994-11-06T09:49:37+01:00", reference)
        assertDate("1994-11-06t09:49:37+0100", reference)
        assertDate("1994-11-06 08:49:37Z", reference)
        assertDate("1994-11-06T08:49:37.5Z", reference.addingTimeInterval(0.5))
        assertDate("1994-11-06T08:49:37.123456-00:00", reference.addingTimeInterval(0.123456))
    }

    func testISO8601WithoutZoneOrSecondsOrTime() {
        assertDate("1994-11-06T08:49:37", reference)
        assertDate("1994-11-06T08:49Z", utc(1994, 11, 6, 8, 49))
        assertDate("1994-11-06", utc(1994, 11, 6))
    }

    func testLeapDayAndCivilArithmetic() {
        assertDate("2024-02-29T00:00:00Z", utc(2024, 2, 29))
        assertDate("Thu, 01 Mar 2100 00:00:00 GMT", utc(2100, 3, 1))
        XCTAssertEqual(FeedDates.daysFromCivil(year: 1970, month: 1, day: 1), 0)
    }

    func testNonsenseIsNil() {
        assertDate("", nil)
        assertDate("yesterday", nil)
        assertDate("Sun, 31 Feb 1994 08:49:37 GMT", nil)
        assertDate("1994-13-06T08:49:37Z", nil)
        assertDate("1994-11-06T25:49:37Z", nil)
        assertDate("Sun, 06 Nov 1994 08:49:37 +9999", nil)
    }
}
