import BrowserModel
import XCTest

/// Find in page's requests, count and position (docs/find-and-zoom.md).
final class FindInPageTests: XCTestCase {
    /// A search for `query` answered by the engine: the first match (more than one), then the count.
    private func counted(_ query: String, _ count: UInt32) -> FindInPage {
        var find = FindInPage()
        find.open()
        _ = find.setQuery(query)
        _ = find.found(UInt32.max)
        _ = find.countDue()
        _ = find.found(count)
        return find
    }

    func testAKeyAsksForTheFirstMatchOnlyAndThePauseCountsThem() {
        var find = FindInPage()
        find.open()
        XCTAssertEqual(find.setQuery("apple"), [.search("apple")])
        XCTAssertEqual(find.countText, "", "nothing said before the page answered")
        XCTAssertEqual(find.found(UInt32.max), [.scheduleCount(FindInPage.countDelay)], "more than one match: counted when the typing pauses")
        XCTAssertEqual(find.countText, "1 of …")
        XCTAssertEqual(find.countDue(), [.countAll("apple")])
        XCTAssertEqual(find.countDue(), [], "counted once")
        XCTAssertEqual(find.found(12), [])
        XCTAssertEqual(find.countText, "1 of 12")
        XCTAssertEqual(find.found(1), [], "an answer nobody asked for changes nothing")
        XCTAssertEqual(find.countText, "1 of 12")
    }

    func testOneMatchIsCountedByTheFirstAnswer() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("pear")
        XCTAssertEqual(find.found(1), [], "no count needed")
        XCTAssertEqual(find.countText, "1 of 1")
        XCTAssertEqual(find.countDue(), [])
    }

    func testKeysTypedWhileThePageSearchesReplaceEachOther() {
        var find = FindInPage()
        find.open()
        XCTAssertEqual(find.setQuery("a"), [.search("a")])
        XCTAssertEqual(find.setQuery("ap"), [], "waits for the answer to \"a\"")
        XCTAssertEqual(find.setQuery("app"), [])
        XCTAssertEqual(find.found(UInt32.max), [.search("app")], "the answer to \"a\" is ignored; \"ap\" is never asked")
        XCTAssertEqual(find.countText, "")
        XCTAssertEqual(find.countDue(), [], "a timer of an older key counts nothing")
        XCTAssertEqual(find.found(UInt32.max), [.scheduleCount(FindInPage.countDelay)])
        XCTAssertEqual(find.countText, "1 of …")
        XCTAssertEqual(find.countDue(), [.countAll("app")])
        XCTAssertEqual(find.setQuery("appl"), [], "the count is being made: the key waits for it")
        XCTAssertEqual(find.found(40), [.search("appl")], "the old count is not shown")
        XCTAssertEqual(find.countText, "")
    }

    func testNextAndPreviousWrapBothWays() {
        var find = counted("a", 3)
        XCTAssertEqual(find.step(forward: false), [.previous])
        XCTAssertEqual(find.countText, "3 of 3", "back from the first wraps to the last")
        XCTAssertEqual(find.found(1), [])
        XCTAssertEqual(find.step(forward: true), [.next])
        XCTAssertEqual(find.countText, "1 of 3", "on from the last wraps to the first")
        _ = find.found(1)
        _ = find.step(forward: true)
        XCTAssertEqual(find.countText, "2 of 3")
    }

    func testSteppingBeforeTheCountIsPlacedWhenItArrives() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("a")
        XCTAssertEqual(find.step(forward: true), [], "Enter while the page searches waits for its answer")
        XCTAssertEqual(find.found(UInt32.max), [.scheduleCount(FindInPage.countDelay), .next])
        XCTAssertEqual(find.countText, "2 of …")
        XCTAssertEqual(find.found(1), [])
        _ = find.step(forward: false)
        _ = find.found(1)
        _ = find.step(forward: false)
        XCTAssertEqual(find.countText, "…", "back past the first: the last, whose number is not known yet")
        _ = find.found(1)
        _ = find.countDue()
        _ = find.found(5)
        XCTAssertEqual(find.countText, "5 of 5")
    }

    func testNoMatchesAndAnEmptyQuery() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("zzz")
        XCTAssertEqual(find.step(forward: true), [])
        XCTAssertEqual(find.notFound(), [], "the step waiting is dropped")
        XCTAssertEqual(find.countText, "No matches")
        XCTAssertEqual(find.step(forward: true), [], "nothing to step to")
        XCTAssertEqual(find.countDue(), [])
        XCTAssertEqual(find.setQuery(""), [.finish], "an emptied field clears the highlights")
        XCTAssertEqual(find.countText, "")
    }

    func testMoreThanTheMaximumIsSaidSo() {
        let find = counted("e", UInt32.max)
        XCTAssertEqual(find.countText, "1 of more than 1000")
    }

    func testClosingEndsTheSearchButKeepsTheQueryAndALongQueryIsCut() {
        var find = counted("apple", 2)
        XCTAssertEqual(find.close(), [.finish])
        XCTAssertFalse(find.isOpen)
        XCTAssertEqual(find.query, "apple")
        XCTAssertEqual(find.close(), [], "closing twice does nothing")
        find.open()
        XCTAssertEqual(find.countText, "", "opening again shows the last query, not searched yet")
        XCTAssertEqual(find.step(forward: true), [.search("apple")], "Enter or F3 searches it")
        _ = find.found(UInt32.max)
        XCTAssertEqual(find.countText, "1 of …")
        _ = find.close()
        find = FindInPage()
        find.open()
        _ = find.setQuery("apple")
        _ = find.notFound()
        _ = find.close()
        find.open()
        XCTAssertEqual(find.step(forward: true), [.search("apple")])
        _ = find.notFound()
        XCTAssertEqual(find.step(forward: true), [], "no matches")
        _ = find.setQuery(String(repeating: "x", count: 2000))
        XCTAssertEqual(find.query.count, FindInPage.maximumQueryLength)
    }

    func testANewPageIsSearchedAgainAndWhatTheOldOneOwedIsForgotten() {
        var find = FindInPage()
        find.open()
        _ = find.setQuery("apple")
        XCTAssertEqual(find.pageLoaded(), [.search("apple")], "not waiting for an answer the old page will not give")
        XCTAssertEqual(find.found(1), [])
        XCTAssertEqual(find.countText, "1 of 1")
        _ = find.close()
        XCTAssertEqual(find.pageLoaded(), [], "closed: nothing")
    }
}
