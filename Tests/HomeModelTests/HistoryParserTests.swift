import Foundation
import HomeModel
import JSONReader
import XCTest

final class HistoryParserTests: XCTestCase {
    func testTheSeedsResponseReads() throws {
        let json = #"{ "transactions": [ { "id": 699519475, "type": "redeemed", "amount": "150", "processed_at": "2020-07-17T12:56:27-04:00" } ] }"#
        let document = try HistoryParser.parse(Data(json.utf8), source: "history").get()
        XCTAssertEqual(document.transactions.count, 1)
        let t = try XCTUnwrap(document.transactions.first)
        XCTAssertEqual(t.id, "699519475")
        XCTAssertEqual(t.amount, 150)
        XCTAssertEqual(t.processedAt, Date(timeIntervalSince1970: 1_595_004_987))
        XCTAssertEqual(HistoryText.rowTitle(t), "150 Stars redeemed")
        XCTAssertEqual(HistoryText.rowDate(t, timeZone: TimeZone(identifier: "America/New_York")!), "Jul 17")
        XCTAssertTrue(document.skipped.isEmpty)
    }

    func testABadAmountOrDateSkipsOnlyThatRowAndSaysWhere() throws {
        let json = """
        {"transactions": [
          {"id": 1, "type": "earned", "amount": "12", "processed_at": "2026-03-02T10:00:00Z"},
          {"id": 2, "type": "earned", "amount": "twelve", "processed_at": "2026-03-02T10:00:00Z"},
          {"id": 3, "type": "earned", "amount": "5", "processed_at": "yesterday"},
          {"id": 4, "type": "earned", "amount": "5", "processed_at": "2026-02-30T10:00:00Z"},
          {"id": 5, "type": "earned", "amount": "5", "processed_at": "2026-03-02T10:00:00"},
          {"id": 6, "type": "redeemed", "amount": 50, "processed_at": "2026-03-01T09:00:00.250+01:00"}
        ]}
        """
        let document = try HistoryParser.parse(Data(json.utf8), source: "srv").get()
        XCTAssertEqual(document.transactions.map(\.id), ["1", "6"])
        XCTAssertEqual(document.skipped.map(\.line), [3, 4, 5, 6])
        XCTAssertTrue(document.skipped[0].message.contains("\"twelve\" is not a whole number"), document.skipped[0].message)
        XCTAssertTrue(document.skipped[1].message.contains("\"yesterday\" is not an ISO 8601"), document.skipped[1].message)
        XCTAssertTrue(document.skipped.allSatisfy { $0.message.hasSuffix("row skipped") && $0.severity == .skipped })
    }

    func testSyntaxErrorsAreFatalWithLineAndColumn() {
        let json = "{\n  \"transactions\": [\n    {\"id\": 1,, \"type\": \"earned\"}\n  ]\n}"
        guard case let .failure(problem) = HistoryParser.parse(Data(json.utf8), source: "http://x/history") else {
            return XCTFail("a syntax error must fail")
        }
        XCTAssertEqual(problem.line, 3)
        XCTAssertEqual(problem.column, 14)
        XCTAssertEqual(problem.severity, .fatal)
    }

    func testWrongShapesAreFatal() {
        for (json, expected) in [("[]", "expected an object"), ("{}", "\"transactions\" is missing"),
                                 (#"{"transactions": {}}"#, "must be an array"), ("", "empty")] {
            guard case let .failure(problem) = HistoryParser.parse(Data(json.utf8), source: "s") else {
                XCTFail("\(json) must fail"); continue
            }
            XCTAssertTrue(problem.message.contains(expected), "\(json): \(problem.message)")
        }
    }

    func testLimits() throws {
        let tooBig = Data(repeating: 0x20, count: HistoryParser.maximumResponseBytes + 1)
        guard case let .failure(problem) = HistoryParser.parse(tooBig, source: "s") else { return XCTFail() }
        XCTAssertTrue(problem.message.contains("too large"), problem.message)

        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        guard case .failure = HistoryParser.parse(Data(#"{"transactions": \#(deep)}"#.utf8), source: "s") else { return XCTFail("nesting is limited") }

        let longType = String(repeating: "x", count: HistoryParser.maximumTypeLength + 1)
        let rows = #"{"transactions": [{"id": "a", "type": "\#(longType)", "amount": "1", "processed_at": "2026-01-01T00:00:00Z"},"#
            + #"{"id": "\#(String(repeating: "9", count: 65))", "type": "earned", "amount": "1", "processed_at": "2026-01-01T00:00:00Z"},"#
            + #"{"id": "b", "type": "earned", "amount": "99999999", "processed_at": "2026-01-01T00:00:00Z"}]}"#
        let document = try HistoryParser.parse(Data(rows.utf8), source: "s").get()
        XCTAssertEqual(document.transactions.count, 0)
        XCTAssertEqual(document.skipped.count, 3)
    }

    func testRowsPastTheCountLimitAreLeftOutAndNamed() throws {
        let data = HistoryGenerator.json(count: HistoryParser.maximumTransactions + 3, end: Date(timeIntervalSince1970: 1_790_000_000))
        let document = try HistoryParser.parse(data, source: "s").get()
        XCTAssertEqual(document.transactions.count, HistoryParser.maximumTransactions)
        XCTAssertEqual(document.skipped.count, 0, "no row was bad")
        XCTAssertEqual(document.overflow, 3)
    }

    func testISODates() {
        XCTAssertEqual(ISODate.parse("1970-01-01T00:00:00Z"), Date(timeIntervalSince1970: 0))
        XCTAssertEqual(ISODate.parse("2024-02-29T23:59:59+0000"), Date(timeIntervalSince1970: 1_709_251_199))
        XCTAssertEqual(ISODate.parse("2020-07-17 12:56:27-04:00"), Date(timeIntervalSince1970: 1_595_004_987))
        for bad in ["2023-02-29T00:00:00Z", "2020-07-17T12:56:27", "2020-7-17T12:56:27Z", "2020-07-17T24:00:00Z",
                    "2020-07-17T12:56:27+25:00", "2020-07-17T12:56:27Zjunk", "", "2020-07-17"] {
            XCTAssertNil(ISODate.parse(bad), bad)
        }
    }

    func testCivilDateRoundTrips() {
        for days in stride(from: -30_000, through: 60_000, by: 7) {
            let d = CivilDate.date(fromDaysSinceEpoch: days)
            XCTAssertEqual(CivilDate.daysSinceEpoch(year: d.year, month: d.month, day: d.day), days)
        }
    }
}
