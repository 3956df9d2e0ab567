import TestSupport
import XCTest
@testable import TodayModel

final class FeedGeneratorTests: XCTestCase {
    func testOneHundredThousandCardsAreCheapAndWellFormed() throws {
        let images = (0..<5).map { URL(fileURLWithPath: "/tmp/image-\($0).jpg") }
        // Processor time, not wall-clock time: a loaded machine must not fail it.
        let start = threadCPUSeconds()
        let feed = FeedGenerator.generate(cardCount: 100_000, sectionsOf: 4...10, imagePool: images)
        let cost = threadCPUSeconds() - start
        XCTAssertLessThan(cost, 1.0, "the scale benchmark must not wait on its data")

        XCTAssertEqual(feed.cardCount, 100_000)
        let counts = feed.sectionCardCounts
        XCTAssertTrue(counts.dropLast().allSatisfy { (4...10).contains($0) })
        XCTAssertTrue((1...10).contains(counts.last ?? 0))
        XCTAssertGreaterThan(Set(counts.dropLast()).count, 3, "section sizes vary")

        let dates = feed.sections.map(\.date.daysSinceEpoch)
        XCTAssertEqual(feed.sections.first?.date, FeedGenerator.defaultStartDate)
        XCTAssertTrue(zip(dates, dates.dropFirst()).allSatisfy { $0 - $1 == 1 }, "one day older per section")

        let cards = feed.sections.flatMap(\.cards)
        XCTAssertEqual(Set(cards.map(\.id)).count, cards.count, "ids are unique")
        XCTAssertEqual(Set(cards.compactMap(\.imageURL)), Set(images))
        XCTAssertEqual(Set(cards.map(\.kind)), Set(CardKind.allCases))
    }

    func testSameArgumentsGiveTheSameFeedAndSeedsDiffer() {
        let a = FeedGenerator.generate(cardCount: 500)
        let b = FeedGenerator.generate(cardCount: 500)
        let c = FeedGenerator.generate(cardCount: 500, seed: 7)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a.sectionCardCounts, c.sectionCardCounts)
    }

    func testEdgeCounts() {
        XCTAssertEqual(FeedGenerator.generate(cardCount: 0).sections.count, 0)
        XCTAssertEqual(FeedGenerator.generate(cardCount: -3).sections.count, 0)
        XCTAssertEqual(FeedGenerator.generate(cardCount: 3, sectionsOf: 4...10).sectionCardCounts, [3])
        XCTAssertEqual(FeedGenerator.generate(cardCount: 6, sectionsOf: 2...2).sectionCardCounts, [2, 2, 2])
        XCTAssertTrue(FeedGenerator.generate(cardCount: 10).sections.allSatisfy { $0.cards.allSatisfy { $0.imageURL == nil } })
    }
}

final class CalendarDateTests: XCTestCase {
    func testParsesOnlyRealISOCalendarDates() {
        XCTAssertEqual(CalendarDate(iso8601: "2026-11-21"), CalendarDate(year: 2026, month: 11, day: 21))
        XCTAssertNotNil(CalendarDate(iso8601: "2000-02-29"))
        for bad in ["2026-11-31", "1900-02-29", "2026-00-10", "2026-11-00", "0000-01-01", "2026-11-2", "2026/11/21",
                    "２０２６-11-21", "2026-11-21 ", "+026-11-21"] {
            XCTAssertNil(CalendarDate(iso8601: bad), bad)
        }
    }

    func testDayArithmeticRoundTripsAndAgreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
        for days in stride(from: -719_162, through: 2_932_896, by: 997) {
            let date = try XCTUnwrap(CalendarDate(daysSinceEpoch: days), "\(days)")
            XCTAssertEqual(date.daysSinceEpoch, days)
            let foundation = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            if date.year > 1600 {  // Foundation switches to Julian before 1582.
                XCTAssertEqual([date.year, date.month, date.day], [foundation.year, foundation.month, foundation.day])
            }
        }
        XCTAssertEqual(CalendarDate(year: 2024, month: 3, day: 1)?.adding(days: -1), CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(CalendarDate(year: 1, month: 1, day: 1)?.adding(days: -1))
    }

    func testHeaderTextIsTheWeekdayAndDateInCapitals() {
        let date = CalendarDate(year: 2026, month: 11, day: 21)
        XCTAssertEqual(date?.headerText(locale: Locale(identifier: "en_US")), "SATURDAY, NOVEMBER 21")
    }
}
