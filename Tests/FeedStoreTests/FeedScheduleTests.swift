@testable import FeedStore
import Foundation
import XCTest

final class FeedScheduleTests: XCTestCase {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    typealias Hints = FeedSchedule.Hints

    func testWithNothingSaidTheNextFetchIsAnHourLater() {
        XCTAssertEqual(FeedSchedule.nextFetch(now: now, failures: 0, Hints()), now.addingTimeInterval(3600))
    }

    func testMaxAgeAndTheFeedsSuggestionAreHonouredWithinFifteenMinutesToADay() {
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(maxAge: 7200)), 7200)
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(maxAge: 60)), 15 * 60, "never sooner than 15 min")
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(maxAge: 0)), 3600, "max-age=0 says nothing about when to come back")
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(suggestedInterval: 6 * 3600)), 6 * 3600)
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(suggestedInterval: 7 * 86400)), 86400, "never later than 24 h")
        XCTAssertEqual(FeedSchedule.interval(failures: 0, Hints(maxAge: 1800, suggestedInterval: 7200)), 7200, "the longer one wins")
    }

    func testFailuresBackOffExponentiallyUpToADay() {
        let intervals = (1...8).map { FeedSchedule.interval(failures: $0, Hints()) / 3600 }
        XCTAssertEqual(intervals, [1, 2, 4, 8, 16, 24, 24, 24])
        XCTAssertEqual(FeedSchedule.interval(failures: 1_000_000, Hints()), 86400)
    }

    func testRetryAfterIsNeverEarlierThanAsked() {
        XCTAssertEqual(FeedSchedule.interval(failures: 1, Hints(retryAfter: 5 * 3600)), 5 * 3600)
        XCTAssertEqual(FeedSchedule.interval(failures: 3, Hints(retryAfter: 60)), 4 * 3600, "the backoff, when longer, stands")
        XCTAssertEqual(FeedSchedule.interval(failures: 1, Hints(retryAfter: 30 * 86400)), 86400, "a day at most")
    }

    func testCacheControlIsRead() {
        XCTAssertEqual(FeedSchedule.maxAge(cacheControl: "public, max-age=600"), 600)
        XCTAssertEqual(FeedSchedule.maxAge(cacheControl: "max-age=\"900\", must-revalidate"), 900)
        XCTAssertNil(FeedSchedule.maxAge(cacheControl: "no-cache, max-age=600"))
        XCTAssertNil(FeedSchedule.maxAge(cacheControl: "max-age=soon"))
        XCTAssertNil(FeedSchedule.maxAge(cacheControl: nil))
    }

    func testRetryAfterInSecondsOrAsAnHTTPDate() {
        XCTAssertEqual(FeedSchedule.retryAfter("120", now: now), 120)
        XCTAssertEqual(FeedSchedule.retryAfter("Tue, 14 Nov 2023 23:13:20 GMT", now: now), 1_700_003_600 - 1_700_000_000)
        XCTAssertEqual(FeedSchedule.retryAfter("Tuesday, 14-Nov-23 23:13:20 GMT", now: now), 3600)
        XCTAssertEqual(FeedSchedule.retryAfter("Tue Nov 14 23:13:20 2023", now: now), 3600)
        XCTAssertEqual(FeedSchedule.retryAfter("Mon, 13 Nov 2023 22:13:20 GMT", now: now), 0, "a date past is now")
        XCTAssertNil(FeedSchedule.retryAfter("later", now: now))
        XCTAssertNil(FeedSchedule.retryAfter(nil, now: now))
    }
}
