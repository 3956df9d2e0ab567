import Foundation
import TodayModel
import XCTest

final class SubscriptionStatusTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    func testWhenItWasReadInWords() {
        func text(_ secondsAgo: TimeInterval) -> String {
            SubscriptionStatus.text(lastFetch: now.addingTimeInterval(-secondsAgo), lastError: nil, now: now)
        }
        XCTAssertEqual(text(20), "Updated just now")
        XCTAssertEqual(text(-600), "Updated just now", "a clock ahead is not the future")
        XCTAssertEqual(text(60), "Updated 1 minute ago")
        XCTAssertEqual(text(59 * 60), "Updated 59 minutes ago")
        XCTAssertEqual(text(2 * 3600 + 5), "Updated 2 hours ago")
        XCTAssertEqual(text(86_400), "Updated 1 day ago")
        XCTAssertEqual(text(10 * 86_400), "Updated 10 days ago")
        XCTAssertEqual(SubscriptionStatus.text(lastFetch: nil, lastError: nil, now: now), "Not updated yet")
    }

    func testTheLastErrorFollows() {
        XCTAssertEqual(SubscriptionStatus.text(lastFetch: now.addingTimeInterval(-7200), lastError: "The server answered 410 Gone", now: now),
                       "Updated 2 hours ago · The server answered 410 Gone")
        XCTAssertEqual(SubscriptionStatus.text(lastFetch: nil, lastError: "TLS: certificate not trusted", now: now),
                       "Not updated yet · TLS: certificate not trusted")
    }
}

final class SubscriptionProblemsTextTests: XCTestCase {
    func testTheFirstProblemsAreListedAndTheRestCounted() {
        XCTAssertNil(SubscriptionStatus.problemsText([]))
        XCTAssertEqual(SubscriptionStatus.problemsText(["line 3: Premature end of data"]),
                       "Problems in the feed:\n• line 3: Premature end of data")
        XCTAssertEqual(SubscriptionStatus.problemsText(["a", "b", "c", "d", "e"]),
                       "Problems in the feed:\n• a\n• b\n• c\nand 2 more")
    }

    func testPicturesNotShownAreNamedByTheirFileNewestFirstAndTheRestCounted() {
        XCTAssertNil(SubscriptionStatus.picturesText([]))
        let problems = (1...5).map { (address: "https://cdn.example/p/\($0).png", reason: "reason \($0)") }
        XCTAssertEqual(SubscriptionStatus.picturesText(problems),
                       "Pictures not shown:\n• 5.png: reason 5\n• 4.png: reason 4\n• 3.png: reason 3\nand 2 more")
        XCTAssertEqual(SubscriptionStatus.picturesText([(address: "https://cdn.example/", reason: "the server answered 500")]),
                       "Pictures not shown:\n• https://cdn.example/: the server answered 500", "no file name: the whole address")
    }
}
