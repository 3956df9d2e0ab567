import FeedFormat
import Foundation
import XCTest

/// The fixtures' feed address, and a fixed "now" (2026-11-25 12:00 UTC) so future dates are stable.
let feedURL = URL(string: "https://example.org/blog/feed.xml")!
let fixtureNow = Date(timeIntervalSince1970: 1_795_608_000)

/// Parses `text` as a feed served from `feedURL`, failing the test when it yields none.
func parsedFeed(_ text: String, charset: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> ParsedFeed {
    try parsedFeed(Data(text.utf8), charset: charset, file: file, line: line)
}

func parsedFeed(_ data: Data, charset: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> ParsedFeed {
    switch FeedParser.parse(data: data, url: feedURL, httpCharset: charset, now: fixtureNow) {
    case let .success(feed): return feed
    case let .failure(error):
        XCTFail("no feed: \(error)", file: file, line: line)
        throw error
    }
}

func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month, day)
    (components.hour, components.minute, components.second) = (hour, minute, second)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(from: components)!
}
