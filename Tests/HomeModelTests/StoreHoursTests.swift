import Foundation
import HomeModel
import XCTest

final class StoreHoursTests: XCTestCase {
    private func zone(_ id: String) -> TimeZone {
        guard let zone = TimeZone(identifier: id) else { preconditionFailure(id) }
        return zone
    }

    /// An instant written as local time with its UTC offset: "2026-03-06T23:00:00-05:00".
    private func at(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { preconditionFailure(text) }
        return date
    }

    private func hours(_ days: [Weekday: [String]]) -> WeeklyHours {
        WeeklyHours(days.mapValues { $0.compactMap(OpeningInterval.init(text:)) })
    }

    private let newYork = "America/New_York"

    func testOpeningsParse() {
        XCTAssertEqual(OpeningInterval(text: "06:00-21:00"), OpeningInterval(start: 360, end: 1260))
        XCTAssertEqual(OpeningInterval(text: "00:00-24:00"), OpeningInterval(start: 0, end: 1440))
        XCTAssertEqual(OpeningInterval(text: "22:00-02:00")?.isOvernight, true)
        for bad in ["6:00-21:00", "06:00-25:00", "06:60-07:00", "07:00-07:00", "24:00-02:00", "06:00", "x"] {
            XCTAssertNil(OpeningInterval(text: bad), bad)
        }
        XCTAssertEqual(OpeningInterval(text: "22:00-02:00")?.label, "10 PM – 2 AM")
        XCTAssertEqual(OpeningInterval(text: "06:30-12:00")?.label, "6:30 AM – noon")
    }

    func testOpenNowClosesAndOpensLaterTodayTomorrowOrOnAWeekday() {
        // 2026-03-06 is a Friday.
        let clock = StoreClock(hours: hours([.monday: ["07:00-21:00"], .tuesday: ["07:00-21:00"], .wednesday: ["07:00-21:00"],
                                             .thursday: ["07:00-21:00"], .friday: ["07:00-21:00"]]), timeZone: zone(newYork))
        XCTAssertEqual(clock.label(at: at("2026-03-05T12:00:00-05:00")), "Open now, closes 9 PM")
        XCTAssertEqual(clock.label(at: at("2026-03-05T06:00:00-05:00")), "Opens 7 AM")
        XCTAssertEqual(clock.label(at: at("2026-03-05T21:00:00-05:00")), "Opens 7 AM tomorrow")
        XCTAssertEqual(clock.label(at: at("2026-03-06T22:00:00-05:00")), "Opens Monday 7 AM")
        XCTAssertEqual(clock.label(at: at("2026-03-05T20:59:59-05:00")), "Open now, closes 9 PM")
    }

    func testMidnightClosesAndHoursThatRunOnPastMidnightMerge() {
        let clock = StoreClock(hours: hours([.thursday: ["06:00-24:00"]]), timeZone: zone(newYork))
        XCTAssertEqual(clock.label(at: at("2026-03-05T23:59:00-05:00")), "Open now, closes midnight")
        XCTAssertFalse(clock.status(at: at("2026-03-06T00:00:00-05:00")).isOpen)
        let late = StoreClock(hours: hours([.thursday: ["06:00-24:00"], .friday: ["00:00-02:00", "06:00-12:00"]]), timeZone: zone(newYork))
        XCTAssertEqual(late.label(at: at("2026-03-05T23:00:00-05:00")), "Open now, closes 2 AM", "24:00 then 00:00 is one opening")
        XCTAssertEqual(late.label(at: at("2026-03-06T03:00:00-05:00")), "Opens 6 AM")
    }

    func testOvernightHoursCountOnTheNextDayUntilTheyEnd() {
        // Friday 2026-03-06, a late bar's hours.
        let clock = StoreClock(hours: hours([.friday: ["22:00-02:00"], .saturday: ["10:00-14:00"]]), timeZone: zone(newYork))
        XCTAssertEqual(clock.label(at: at("2026-03-06T21:00:00-05:00")), "Opens 10 PM")
        XCTAssertEqual(clock.label(at: at("2026-03-06T23:00:00-05:00")), "Open now, closes 2 AM")
        XCTAssertEqual(clock.label(at: at("2026-03-07T01:30:00-05:00")), "Open now, closes 2 AM", "Saturday 1:30 is Friday's night")
        XCTAssertEqual(clock.label(at: at("2026-03-07T02:00:00-05:00")), "Opens 10 AM")
        XCTAssertEqual(clock.label(at: at("2026-03-07T15:00:00-05:00")), "Opens Friday 10 PM")
    }

    func testSpringForwardClosesWhenTheClockJumpsPastTheClosingTime() {
        // New York, 2026-03-08 02:00 EST becomes 03:00 EDT: 02:30 never happens.
        let clock = StoreClock(hours: hours([.saturday: ["20:00-02:30"], .sunday: ["02:30-10:00"]]), timeZone: zone(newYork))
        let beforeJump = at("2026-03-08T01:59:00-05:00")
        XCTAssertEqual(clock.status(at: beforeJump), .open(closesAt: at("2026-03-08T10:00:00-04:00")),
                       "Saturday's night runs into Sunday's opening, which begins at the jump")
        let saturdayOnly = StoreClock(hours: hours([.saturday: ["20:00-02:30"]]), timeZone: zone(newYork))
        XCTAssertEqual(saturdayOnly.status(at: beforeJump), .open(closesAt: at("2026-03-08T03:00:00-04:00")))
        XCTAssertEqual(saturdayOnly.label(at: beforeJump), "Open now, closes 3 AM", "the time the clock will show")
        let sundayOnly = StoreClock(hours: hours([.sunday: ["02:30-10:00"]]), timeZone: zone(newYork))
        XCTAssertEqual(sundayOnly.label(at: at("2026-03-08T01:00:00-05:00")), "Opens 3 AM")
        // An ordinary opening on the short day lasts an hour less in real time.
        let day = StoreClock(hours: hours([.saturday: ["20:00-04:00"]]), timeZone: zone(newYork))
        guard case let .open(closes) = day.status(at: at("2026-03-07T20:00:00-05:00")) else { return XCTFail("open") }
        XCTAssertEqual(closes.timeIntervalSince(at("2026-03-07T20:00:00-05:00")), 7 * 3600)
    }

    func testFallBackClosesAtTheFirstShowingOfTheClosingTime() {
        // New York, 2026-11-01 02:00 EDT becomes 01:00 EST: 01:30 happens twice.
        let clock = StoreClock(hours: hours([.saturday: ["20:00-01:30"]]), timeZone: zone(newYork))
        XCTAssertEqual(clock.status(at: at("2026-11-01T01:15:00-04:00")), .open(closesAt: at("2026-11-01T01:30:00-04:00")))
        XCTAssertFalse(clock.status(at: at("2026-11-01T01:15:00-05:00")).isOpen, "the second 1:15 is after closing")
        let long = StoreClock(hours: hours([.saturday: ["20:00-04:00"]]), timeZone: zone(newYork))
        guard case let .open(closes) = long.status(at: at("2026-10-31T20:00:00-04:00")) else { return XCTFail("open") }
        XCTAssertEqual(closes.timeIntervalSince(at("2026-10-31T20:00:00-04:00")), 9 * 3600, "the long night has an extra hour")
    }

    func testEachStoreUsesItsOwnTimeZone() {
        let week = hours(Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, ["07:00-19:00"]) }))
        let instant = at("2026-06-15T16:00:00Z")  // 9 AM in Seattle, 1 AM next day in Tokyo, 9 AM in Phoenix
        XCTAssertEqual(StoreClock(hours: week, timeZone: zone("America/Los_Angeles")).label(at: instant), "Open now, closes 7 PM")
        XCTAssertEqual(StoreClock(hours: week, timeZone: zone("Asia/Tokyo")).label(at: instant), "Opens 7 AM")
        XCTAssertEqual(StoreClock(hours: week, timeZone: zone("America/Phoenix")).label(at: instant), "Open now, closes 7 PM")
        XCTAssertEqual(StoreClock(hours: week, timeZone: zone("Asia/Kolkata")).label(at: instant), "Opens 7 AM tomorrow")
        XCTAssertEqual(StoreClock(hours: week, timeZone: zone("Asia/Kolkata")).localTime(at: instant), "9:30 PM")
    }

    func testAlwaysOpenAndNeverOpen() {
        let always = hours(Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, ["00:00-24:00"]) }))
        XCTAssertEqual(StoreClock(hours: always, timeZone: zone(newYork)).label(at: at("2026-03-08T02:30:00-04:00")), "Open 24 hours")
        XCTAssertEqual(StoreClock(hours: WeeklyHours(), timeZone: zone(newYork)).label(at: Date()), "Closed this week")
        XCTAssertEqual(always.lines.first?.text, "Open 24 hours")
        XCTAssertEqual(WeeklyHours().lines.map(\.text), Array(repeating: "Closed", count: 7))
    }

    // MARK: Properties

    private static let zones = ["America/New_York", "America/Los_Angeles", "Europe/London", "Europe/Berlin",
                                "Australia/Sydney", "Pacific/Auckland", "America/Phoenix", "Asia/Kolkata",
                                "America/St_Johns", "Asia/Tokyo", "Pacific/Chatham"]

    private func randomHours(_ rng: inout SeededGenerator) -> WeeklyHours {
        var days: [Weekday: [OpeningInterval]] = [:]
        for day in Weekday.allCases {
            var intervals: [OpeningInterval] = []
            for _ in 0..<Int.random(in: 0...2, using: &rng) {
                let start = Int.random(in: 0..<96, using: &rng) * 15
                let length = Int.random(in: 1...80, using: &rng) * 15
                let end = start + length
                intervals.append(OpeningInterval(start: start, end: end > 1440 ? end - 1440 : end))
            }
            if Int.random(in: 0..<40, using: &rng) == 0 { intervals = [OpeningInterval(start: 0, end: 1440)] }
            days[day] = intervals
        }
        return WeeklyHours(days)
    }

    /// Random instants in 2026, a third of them within a day of a DST change of the zone.
    private func randomInstant(_ rng: inout SeededGenerator, zone: TimeZone) -> Date {
        let start = at("2026-01-01T00:00:00Z").timeIntervalSince1970
        var instant = Date(timeIntervalSince1970: start + Double.random(in: 0..<(365 * 86_400), using: &rng))
        if Int.random(in: 0..<3, using: &rng) == 0, let change = zone.nextDaylightSavingTimeTransition(after: instant) {
            instant = change.addingTimeInterval(Double(Int.random(in: -36...36, using: &rng)) * 900)
        }
        return instant
    }

    /// Until the status says it changes, it does not; at that instant, it does.
    func testPropertyTheStatusHoldsUntilItsChangeAndFlipsThere() {
        continueAfterFailure = false
        for seed in 1...400 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let zone = zone(Self.zones.randomElement(using: &rng) ?? newYork)
            let clock = StoreClock(hours: randomHours(&rng), timeZone: zone)
            let now = randomInstant(&rng, zone: zone)
            let status = clock.status(at: now)
            let label = clock.label(at: now)
            XCTAssertTrue(label.hasPrefix(status.isOpen ? "Open" : (status == .closedAllWeek ? "Closed" : "Opens ")), "seed \(seed): \(label)")
            guard let change = status.changesAt else { continue }
            XCTAssertGreaterThan(change, now)
            for _ in 0..<12 {
                let t = now.addingTimeInterval(Double.random(in: 0..<change.timeIntervalSince(now), using: &rng))
                XCTAssertEqual(clock.status(at: t).isOpen, status.isOpen, "seed \(seed) \(zone.identifier): \(now) → \(t) before \(change)")
                XCTAssertEqual(clock.status(at: t).changesAt, change, "seed \(seed): the same change is ahead")
            }
            XCTAssertEqual(clock.status(at: change.addingTimeInterval(-1)).isOpen, status.isOpen, "seed \(seed)")
            XCTAssertNotEqual(clock.status(at: change).isOpen, status.isOpen, "seed \(seed) \(zone.identifier): flips at \(change)")
        }
    }

    /// Away from DST changes, open means the store's wall clock is inside one of its openings.
    func testPropertyAwayFromDSTChangesOpenMeansTheWallClockIsInsideAnOpening() {
        continueAfterFailure = false
        for seed in 1...1_000 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            let zone = zone(Self.zones.randomElement(using: &rng) ?? newYork)
            let hours = randomHours(&rng)
            let now = randomInstant(&rng, zone: zone)
            let nearChange = [now.addingTimeInterval(-2 * 86_400)].compactMap { zone.nextDaylightSavingTimeTransition(after: $0) }
                .contains { abs($0.timeIntervalSince(now)) < 2 * 86_400 }
            if nearChange { continue }
            let wall = WallClock(timeZone: zone).local(now)
            let today = hours.intervals(on: WallClock.weekday(ofDay: wall.day))
            let yesterday = hours.intervals(on: WallClock.weekday(ofDay: wall.day - 1))
            let expected = today.contains { $0.start <= wall.minute && ($0.isOvernight || wall.minute < $0.end) }
                || yesterday.contains { $0.isOvernight && wall.minute < $0.end }
            XCTAssertEqual(StoreClock(hours: hours, timeZone: zone).status(at: now).isOpen, expected,
                           "seed \(seed) \(zone.identifier) day \(wall.day) minute \(wall.minute)")
        }
    }

    /// Steps of 1 h 45 min visit every quarter hour of the clock over a year, DST days included.
    func testWallClockInstantRoundTripsThroughAYear() {
        for id in ["America/New_York", "Australia/Sydney", "Asia/Kolkata"] {
            let clock = WallClock(timeZone: zone(id))
            var instant = at("2026-01-01T00:00:00Z")
            while instant < at("2027-01-01T00:00:00Z") {
                let local = clock.local(instant)
                let back = clock.instant(day: local.day, minute: local.minute)
                // Equal, or in a repeated hour the first showing, an hour earlier.
                XCTAssertTrue(back == instant || back == instant.addingTimeInterval(-3600), "\(id) \(instant) → \(back)")
                instant = instant.addingTimeInterval(6300)
            }
        }
    }

    // MARK: Search and file

    private func store(_ id: String, _ name: String, _ city: String, _ zoneID: String = "America/New_York") -> Store {
        Store(id: id, name: name, address: StoreAddress(street: "1 Main St", city: city, region: "", postalCode: "10001", country: "US"),
              timeZone: zone(zoneID), hours: WeeklyHours())
    }

    func testSearchMatchesEveryWordIgnoringCaseAndAccents() {
        let stores = [store("a", "Pike Place", "Seattle"), store("b", "Bahnhofstrasse", "Zürich", "Europe/Zurich"), store("c", "Union Square", "New York")]
        XCTAssertEqual(StoreSearch.filter(stores, query: "").map(\.id), ["a", "b", "c"])
        XCTAssertEqual(StoreSearch.filter(stores, query: "zurich").map(\.id), ["b"])
        XCTAssertEqual(StoreSearch.filter(stores, query: "SQUARE new").map(\.id), ["c"])
        XCTAssertEqual(StoreSearch.filter(stores, query: "square seattle").map(\.id), [])
        XCTAssertEqual(StoreSearch.filter(stores, query: "10001").count, 3)
        XCTAssertEqual(StoreSearch.filter(stores, query: "  pike,  ").map(\.id), ["a"])
        // Property: narrowing a query never adds stores.
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let query = String((0..<Int.random(in: 0...6, using: &rng)).map { _ in "aeiounrst üZ".randomElement(using: &rng) ?? "a" })
            let more = query + String("aeiourst".randomElement(using: &rng) ?? "a")
            XCTAssertTrue(Set(StoreSearch.filter(stores, query: more).map(\.id)).isSubset(of: Set(StoreSearch.filter(stores, query: query).map(\.id))))
        }
    }

    func testBadStoresAreLeftOutWithTheirLine() throws {
        let json = """
        {"version": 1, "stores": [
          {"id": "ok", "name": "OK", "timeZone": "Europe/London", "address": {"street": "1 A St", "city": "London", "country": "GB"}, "hours": {"monday": ["08:00-17:00"]}},
          {"id": "pst", "name": "Bad zone", "timeZone": "PST", "address": {"street": "1 A St", "city": "LA", "country": "US"}, "hours": {}},
          {"id": "bad-hours", "name": "Bad hours", "timeZone": "Europe/London", "address": {"street": "1 A St", "city": "London", "country": "GB"}, "hours": {"monday": ["8-17"]}},
          {"id": "odd-day", "name": "Odd day", "timeZone": "UTC", "address": {"street": "1 A St", "city": "X", "country": "GB"}, "hours": {"funday": []}}
        ]}
        """
        let result = StoreLoader.parse(Data(json.utf8), file: "stores.json")
        XCTAssertEqual(try XCTUnwrap(result.value).map(\.id), ["ok", "odd-day"])
        XCTAssertEqual(result.problems.map(\.line), [3, 4, 5])
        guard result.problems.count == 3 else { return }
        XCTAssertTrue(result.problems[0].message.contains("IANA"), result.problems[0].message)
        XCTAssertTrue(result.problems[1].message.contains("HH:MM-HH:MM"))
        XCTAssertEqual(result.problems[2].severity, .warning)
    }

    func testTheBundledStoresLoadInSeveralTimeZones() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/stores.json")
        let result = StoreLoader.load(url)
        XCTAssertEqual(result.problems, [])
        let stores = try XCTUnwrap(result.value)
        XCTAssertGreaterThanOrEqual(stores.count, 20)
        XCTAssertGreaterThanOrEqual(Set(stores.map(\.timeZone.identifier)).count, 6)
        XCTAssertTrue(stores.contains { store in Weekday.allCases.contains { store.hours.intervals(on: $0).contains(where: \.isOvernight) } })
    }
}
