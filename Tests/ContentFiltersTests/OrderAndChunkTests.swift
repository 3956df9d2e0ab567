import ContentFilters
import Foundation
import XCTest

/// The order WebKit needs (an exception lifts only the rules before it in its own compiled
/// filter) and the split into chunks of at most `rulesPerChunk`.
final class OrderAndChunkTests: XCTestCase {
    func testExceptionsComeAfterBlocksPageExceptionsLast() {
        let conversion = Conversion([
            "@@||example.com^$document",
            "##.ad",
            "@@||ads.example/ok.js",
            "||ads.example^",
        ])
        XCTAssertEqual(conversion.rules, [
            blockRule(#""url-filter":"\#(anchor)ads\\.example[/:]""#),
            exceptionRule(#""url-filter":"\#(anchor)ads\\.example/ok\\.js""#),
            exceptionRule(#""url-filter":".*","if-domain":["*example.com"]"#),
        ])
    }

    func testEveryChunkRepeatsTheExceptions() throws {
        var lines = (0..<10).map { "||block\($0).example^" }
        lines += (0..<5).map { "##.hide\($0)" }
        lines += ["@@||block3.example/ok", "@@||site.example^$document"]
        let limits = FilterLimits(rulesPerChunk: 6, maximumExceptions: 3)
        let conversion = Conversion(lines, limits: limits)
        let chunks = conversion.chunks
        // 10 blocks, 4 a chunk beside the 2 exceptions; the hiding rules are not WebKit's.
        XCTAssertEqual(chunks.count, 3)
        XCTAssertEqual(conversion.output.chunks.map(\.ruleCount), chunks.map(\.count))
        for chunk in chunks {
            XCTAssertLessThanOrEqual(chunk.count, 6)
            XCTAssertEqual(chunk.last, exceptionRule(#""url-filter":".*","if-domain":["*site.example"]"#))
        }
        let addressException = exceptionRule(#""url-filter":"\#(anchor)block3\\.example/ok""#)
        // Every chunk has the address exception right after its blocks.
        XCTAssertEqual(chunks[0].filter { $0 == addressException }.count, 1)
        XCTAssertEqual(chunks[0][4], addressException)
        XCTAssertEqual(chunks[1][4], addressException)
        XCTAssertEqual(chunks[2][2], addressException)
        let body = chunks.flatMap { $0 }.filter { !$0.contains("ignore-previous-rules") }
        XCTAssertEqual(body.count, 10)
        XCTAssertEqual(conversion.output.hiding.ruleCount, 5)
        XCTAssertEqual(conversion.output.report.rulesWritten, 17)
        XCTAssertEqual(conversion.report.rulesWritten, 17)
        for chunk in conversion.output.chunks {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: chunk.json))
        }
    }

    func testExceptionsAloneMakeNoChunk() {
        let conversion = Conversion(["@@||a.example^", "@@||b.example^$document"])
        XCTAssertEqual(conversion.output.chunks, [])
        XCTAssertEqual(conversion.output.report.rulesWritten, 0)
    }

    func testRulesPastTheLimitAreCounted() {
        let lines = (0..<10).map { "||block\($0).example^" } + ["@@||a.example^", "@@||b.example^"]
        let conversion = Conversion(lines, limits: FilterLimits(maximumRules: 6, maximumExceptions: 1))
        XCTAssertEqual(conversion.report.filtersConverted, 6)
        XCTAssertEqual(conversion.report.pastRuleLimit, 6)
        XCTAssertEqual(conversion.rules.count, 6)
    }

    func testSeveralListsReportApart() {
        var converter = FilterConverter()
        converter.addList(named: "One", text: "||a.example^\n||b.example^\n##.x")
        converter.addList(named: "Two", text: "||a.example^\n||c.example^$csp=x")
        converter.addList(named: "Missing", path: "/nonexistent/list.txt")
        let output = converter.finish()
        XCTAssertEqual(output.report.lists.map(\.name), ["One", "Two", "Missing"])
        XCTAssertEqual(output.report.lists.map(\.rulesWritten), [3, 0, 0])
        XCTAssertEqual(output.report.lists[1].skipped[.duplicate]?.count, 1)
        XCTAssertEqual(output.report.lists[2].failure, "the file does not exist")
        XCTAssertEqual(output.report.skipped[.option("csp")]?.count, 1)
        XCTAssertEqual(output.report.rulesWritten, 3)
    }
}
