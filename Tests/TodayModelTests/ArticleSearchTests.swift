import TodayModel
import XCTest

final class ArticleSearchTests: XCTestCase {
    func testOnlyTheLatestKeysAnswerShows() {
        var search = ArticleSearch()
        search.open()
        guard case .run("ha", let first) = search.setQuery("ha") else { return XCTFail("a query runs") }
        guard case .run("harbour", let second) = search.setQuery("harbour") else { return XCTFail("a query runs") }
        XCTAssertNil(search.answered(generation: first, count: 30), "the answer to an older key is dropped")
        XCTAssertEqual(search.shown, .feed)
        XCTAssertEqual(search.answered(generation: second, count: 2), .results(count: 2))
    }

    func testNoMatchAndNothingSearchable() {
        var search = ArticleSearch()
        search.open()
        guard case .run(_, let generation) = search.setQuery("zeppelin") else { return XCTFail("a query runs") }
        XCTAssertEqual(search.answered(generation: generation, count: 0), .noMatch)
        XCTAssertEqual(search.setQuery("  * "), .showFeed, "no word typed: the feed, not an empty page")
        XCTAssertEqual(search.shown, .feed)
        XCTAssertNil(search.answered(generation: generation, count: 0))
    }

    func testClosingDropsLateAnswersAndRestoresTheFeed() {
        var search = ArticleSearch()
        XCTAssertNil(search.close(), "closed already")
        XCTAssertEqual(search.setQuery("tide"), .showFeed, "typing with the bar closed asks nothing")
        search.open()
        guard case .run(_, let generation) = search.setQuery("tide") else { return XCTFail("a query runs") }
        XCTAssertEqual(search.close(), .close)
        XCTAssertFalse(search.isOpen)
        XCTAssertEqual(search.query, "")
        XCTAssertNil(search.answered(generation: generation, count: 3), "an answer after Escape shows nothing")
        XCTAssertEqual(search.shown, .feed)
    }
}
