import ContentFilters
import Foundation
import XCTest

/// The real EasyList and EasyPrivacy from Debian's `webext-ublock-origin-chromium` (tools/setup.sh
/// --test installs it). Missing lists fail the test: skipping would hide that the app would block
/// nothing on this machine.
final class InstalledListsTests: XCTestCase {
    private static let converted: (lists: [FilterListFile], output: FilterOutput) = {
        let lists = FilterLists.installed()
        return (lists, FilterConverter.convert(lists))
    }()

    func testBothListsAreInstalled() {
        let lists = Self.converted.lists
        XCTAssertEqual(lists.map(\.name), ["EasyList", "EasyPrivacy"],
                       "install webext-ublock-origin-chromium (tools/setup.sh --test)")
        for list in lists {
            XCTAssertGreaterThan(list.size, 500_000, list.path)
            XCTAssertEqual(list.fingerprint.count, 16)
        }
    }

    func testASaneNumberOfRules() {
        let report = Self.converted.output.report
        XCTAssertEqual(report.lists.count, 2)
        for list in report.lists {
            XCTAssertNil(list.failure, list.name)
            XCTAssertEqual(list.bytesNotRead, 0, list.name)
            XCTAssertEqual(list.pastRuleLimit, 0, list.name)
            // Most of a list converts; what is counted is a small share of it.
            XCTAssertGreaterThan(list.rulesWritten, 20_000, list.name)
            XCTAssertLessThan(list.unsupportedFilters + list.unreadableLines, list.filtersConverted / 5, list.name)
        }
        XCTAssertGreaterThan(report.rulesWritten, 60_000)
        XCTAssertLessThan(report.rulesWritten, FilterLimits.standard.maximumRules)
        XCTAssertEqual(report.chunkCount, Self.converted.output.chunks.count)
        for list in report.lists { FilterBoundsTests.assertEveryLineAccountedFor(list) }
    }

    /// EasyList's hiding rules for every site are nearly all looked up by a class or an id: a page
    /// without ads gets a few hundred selectors at its start, not 13,700.
    func testAPageWithoutAdsGetsFewHidingRules() {
        let hiding = Self.converted.output.hiding
        XCTAssertGreaterThan(hiding.ruleCount, 20_000)
        let atStart = hiding.siteSelectors(forHost: "www.debian.org")
        XCTAssertGreaterThan(atStart.count, 100)
        XCTAssertLessThan(atStart.count, 1_000)
        var applied = Set<Int>()
        XCTAssertEqual(hiding.selectors(forTokens: [".section", ".toc", "#content", ".titlepage"], host: "www.debian.org", applied: &applied), [])
        XCTAssertFalse(hiding.selectors(forTokens: [".adsbygoogle"], host: "news.example", applied: &applied).isEmpty)
    }

    func testEveryChunkIsJSONWithinWebKitsLimitAndEveryURLFilterCompiles() throws {
        let chunks = Self.converted.output.chunks
        XCTAssertFalse(chunks.isEmpty)
        var filters = Set<String>()
        for chunk in chunks {
            let rules = try XCTUnwrap(try JSONSerialization.jsonObject(with: chunk.json) as? [[String: Any]])
            XCTAssertEqual(rules.count, chunk.ruleCount)
            XCTAssertLessThanOrEqual(rules.count, FilterLimits.standard.rulesPerChunk)
            for rule in rules {
                let trigger = try XCTUnwrap(rule["trigger"] as? [String: Any])
                let action = try XCTUnwrap(rule["action"] as? [String: Any])
                let filter = try XCTUnwrap(trigger["url-filter"] as? String)
                XCTAssertFalse(filter.isEmpty)
                XCTAssertTrue(filter.unicodeScalars.allSatisfy(\.isASCII), filter)
                filters.insert(filter)
                XCTAssertFalse(trigger["if-domain"] != nil && trigger["unless-domain"] != nil, "\(trigger)")
                for key in ["if-domain", "unless-domain"] {
                    for domain in trigger[key] as? [String] ?? [] {
                        XCTAssertEqual(domain, domain.lowercased())
                        XCTAssertTrue(domain.hasPrefix("*") && domain.unicodeScalars.allSatisfy(\.isASCII), domain)
                    }
                }
                let type = try XCTUnwrap(action["type"] as? String)
                XCTAssertTrue(["block", "ignore-previous-rules"].contains(type), type)
            }
        }
        for filter in filters {
            XCTAssertNoThrow(try NSRegularExpression(pattern: filter), filter)
        }
    }
}
