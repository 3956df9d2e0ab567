import FeedFormat
import XCTest

final class ParsedFeedTests: XCTestCase {
    func testAProblemNamesItsLine() {
        XCTAssertEqual(FeedFormatProblem(line: 12, message: "unclosed <item>").description, "line 12: unclosed <item>")
    }
}
