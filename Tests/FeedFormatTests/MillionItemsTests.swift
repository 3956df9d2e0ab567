@testable import FeedFormat
import Foundation
import XCTest

/// The bad-input list's "a feed of 1,000,000 items (the newest N kept)". A document of a million
/// dated items is far over the 10 MB the reader takes (`FeedFormatLimits.documentBytes`: about 70 bytes
/// an item at the least), so the million go straight to what every format's reader hands its items to,
/// generated here one by one (nothing committed): the newest 500 are kept, in document order, and the
/// process's memory stays bounded while they stream by (docs/feeds.md, "Limits").
final class MillionItemsTests: XCTestCase {
    func testAMillionItemsKeepTheNewest500WithMemoryBounded() throws {
        let count = 1_000_000
        let kept = FeedFormatLimits.articlesPerFeed
        // Dates are a permutation of minutes (7919 is prime to a million): the newest are scattered
        // through the document, not at its start or end.
        func minute(_ n: Int) -> Int { (n * 7_919) % count }
        let base = fixtureNow.addingTimeInterval(-Double(count) * 60)
        let before = try residentMegabytes()
        var peak = before
        var collector = ArticleCollector(now: fixtureNow)
        for n in 0..<count {
            var draft = ArticleDraft()
            draft.guid = "urn:item:\(n)"
            draft.titleSource = "Item \(n)"
            draft.published = base.addingTimeInterval(Double(minute(n)) * 60)
            collector.add(draft)
            if n % 100_000 == 0 { peak = max(peak, try residentMegabytes()) }
        }
        var problems = ProblemList()
        let articles = collector.finish(problems: &problems)
        peak = max(peak, try residentMegabytes())

        XCTAssertEqual(articles.count, kept)
        let newest = Set((0..<count).filter { minute($0) >= count - kept }.map { "urn:item:\($0)" })
        XCTAssertEqual(Set(articles.compactMap(\.guid)), newest, "the newest by date")
        let order = articles.compactMap { $0.guid.flatMap { Int($0.dropFirst("urn:item:".count)) } }
        XCTAssertEqual(order, order.sorted(), "in document order")
        XCTAssertTrue(problems.all.contains { $0.message == "The feed has 1000000 articles; the newest 500 are kept" }, "\(problems.all)")
        // What stays is the window of kept drafts (1,000 at most) and the ids seen, to drop repeats
        // (a million short strings: about 30 MB). A million drafts held would be over 200 MB.
        XCTAssertLessThan(peak - before, 120, "resident memory grew by \(peak - before) MB while a million items streamed")
    }

    /// VmRSS of this process, in MB.
    private func residentMegabytes() throws -> Double {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return (Double(line.split(separator: " ")[1]) ?? 0) / 1024
    }
}
