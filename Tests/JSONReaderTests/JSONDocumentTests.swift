import Foundation
import XCTest
@testable import JSONReader

/// Deferred arrays (`JSONParser.parseDocument(_:deferring:)`): every byte checked at once, the chosen
/// arrays' elements read back alone, the same values at the same lines as a whole parse gives.
final class JSONDocumentTests: XCTestCase {
    static let text = """
        {"version": 1, "sections": [
          {"date": "2026-11-21", "cards": [
            {"id": "a", "title": "First", "body": ["one", "two"]},
            {"id": "b", "nested": [[1, 2], {"cards": [3]}]}
          ]},
          {"cards": [], "date": "2026-11-20"},
          {"date": "2026-11-19", "cards": ["plain", 4, null]}
        ], "cards": [5]}
        """

    private func document(_ text: String) throws -> JSONDocument {
        try JSONParser.parseDocument(Data(text.utf8), deferring: ["sections", "cards"])
    }

    func testDeferredElementsReadBackAsAWholeParseGivesThemAtTheirLines() throws {
        let whole = try JSONParser.parse(Self.text)
        let document = try document(Self.text)
        let wholeSections = try XCTUnwrap(whole["sections"]?.arrayValue)
        let sections = try XCTUnwrap(document.root["sections"]?.arrayValue)
        XCTAssertEqual(sections.count, 3)
        for (section, wholeSection) in zip(sections, wholeSections) {
            let cards = try XCTUnwrap(section["cards"])
            XCTAssertEqual(cards.arrayValue, [], "the tree holds the deferred array empty")
            let elements = try XCTUnwrap(document.elements(of: cards))
            XCTAssertEqual(Array(elements), try XCTUnwrap(wholeSection["cards"]?.arrayValue), "values and positions as a whole parse")
        }
        XCTAssertEqual(document.elements(of: try XCTUnwrap(document.root["cards"])).map(Array.init), [JSONValue(.number(5), at: .init(line: 8, column: 14))],
                       "an array under another path is kept in the tree")
        XCTAssertNil(document.elements(of: try XCTUnwrap(document.root["version"])), "not an array")
    }

    func testMistakesInsideADeferredArrayAreFoundWhenTheDocumentIsParsed() {
        let cases: [(String, SourcePosition, String)] = [
            (#"{"sections": [{"cards": [{"id": "a",}]}]}"#, .init(line: 1, column: 37), "trailing comma"),
            (#"{"sections": [{"cards": [{"id": "a"},]}]}"#, .init(line: 1, column: 38), "trailing comma"),
            ("{\"sections\": [{\"cards\": [\n{\"id\": tru}]}]}", .init(line: 2, column: 8), "true"),
            (#"{"sections": [{"cards": [{"id": "a\q"}]}]}"#, .init(line: 1, column: 35), "invalid escape"),
            (#"{"sections": [{"cards": [{"n": 01}]}]}"#, .init(line: 1, column: 32), "leading zeros"),
        ]
        for (text, position, word) in cases {
            do {
                _ = try document(text)
                XCTFail("accepted: \(text)")
            } catch let error as JSONError {
                XCTAssertEqual(error.position, position, text)
                XCTAssertTrue(error.message.contains(word), error.message)
            } catch {
                XCTFail("\(error)")
            }
        }
    }

    func testTheDepthLimitCountsFromTheTopInsideADeferredArray() {
        let deep = #"{"sections": [{"cards": ["# + String(repeating: "[", count: 10) + String(repeating: "]", count: 10) + "]}]}"
        XCTAssertThrowsError(try JSONParser.parseDocument(Data(deep.utf8), deferring: ["sections", "cards"], maximumDepth: 12))
        XCTAssertNoThrow(try JSONParser.parseDocument(Data(deep.utf8), deferring: ["sections", "cards"], maximumDepth: 14))
    }
}
