import BrowserModel
import XCTest

/// Find in page's count and position (docs/find-and-zoom.md).
final class FindInPageTests: XCTestCase {
    func testTypingSearchesAndTheFirstAnswerCountsAndSelectsTheFirst() {
        var find = FindInPage()
        find.open()
        XCTAssertEqual(find.setQuery("apple"), [.search("apple")])
        XCTAssertEqual(find.countText, "", "nothing said before the page answered")
        find.found(12)
        XCTAssertEqual(find.countText, "1 of 12")
        find.found(1)
        XCTAssertEqual(find.countText, "1 of 12", "a later answer (after next) does not recount")
    }

    func testNextAndPreviousWrapBothWays() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("a")
        find.found(3)
        XCTAssertEqual(find.step(forward: false), [.previous])
        XCTAssertEqual(find.countText, "3 of 3", "back from the first wraps to the last")
        XCTAssertEqual(find.step(forward: true), [.next])
        XCTAssertEqual(find.countText, "1 of 3", "on from the last wraps to the first")
        _ = find.step(forward: true)
        XCTAssertEqual(find.countText, "2 of 3")
    }

    func testNoMatchesAndAnEmptyQuery() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("zzz")
        find.notFound()
        XCTAssertEqual(find.countText, "No matches")
        XCTAssertEqual(find.step(forward: true), [], "nothing to step to")
        XCTAssertEqual(find.setQuery(""), [.finish], "an emptied field clears the highlights")
        XCTAssertEqual(find.countText, "")
    }

    func testMoreThanTheMaximumIsSaidSo() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("e")
        find.found(UInt32.max)
        XCTAssertEqual(find.countText, "1 of more than 1000")
    }

    func testClosingEndsTheSearchButKeepsTheQueryAndALongQueryIsCut() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("apple")
        find.found(2)
        XCTAssertEqual(find.close(), [.finish])
        XCTAssertFalse(find.isOpen)
        XCTAssertEqual(find.query, "apple")
        XCTAssertEqual(find.close(), [], "closing twice does nothing")
        find.open()
        XCTAssertEqual(find.step(forward: true), [.search("apple")], "F3 after reopening searches again")
        _ = find.setQuery(String(repeating: "x", count: 2000))
        XCTAssertEqual(find.query.count, FindInPage.maximumQueryLength)
    }
}
