import XCTest
@testable import BrowserModel

final class HistorySearchModelTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    // MARK: Typed visits in frecency

    func testATypedVisitCountsTwentyLinkVisits() {
        let typed = Suggestions.HistoryItem(uri: "https://a.example/", title: "A", visitCount: 1, lastVisit: now, typedCount: 1)
        let linked = Suggestions.HistoryItem(uri: "https://b.example/", title: "B", visitCount: 19, lastVisit: now)
        XCTAssertEqual(Suggestions.frecency(typed, now: now), 20)
        XCTAssertEqual(Suggestions.frecency(linked, now: now), 19)
        XCTAssertEqual(Suggestions.rank(text: "example", history: [linked, typed], openTabs: [], now: now).map(\.uri),
                       ["https://a.example/", "https://b.example/"])
        let old = Suggestions.HistoryItem(uri: "https://c.example/", title: "C", visitCount: 3, lastVisit: now.addingTimeInterval(-100 * 86_400), typedCount: 9)
        XCTAssertEqual(Suggestions.frecency(old, now: now), 0.1 * 60, accuracy: 1e-12, "typed visits never exceed the visits")
    }

    func testTextWithoutSpacesMatchesAnywhereInIt() {
        let page = Suggestions.HistoryItem(uri: "https://tokyo.example/", title: "東京都庁の案内", visitCount: 1, lastVisit: now)
        XCTAssertEqual(Suggestions.rank(text: "都庁", history: [page], openTabs: [], now: now).count, 1)
        XCTAssertEqual(Suggestions.rank(text: "大阪", history: [page], openTabs: [], now: now).count, 0)
        XCTAssertTrue(Suggestions.containsUnspacedScript("한국어"))
        XCTAssertFalse(Suggestions.containsUnspacedScript("Café crème"))
    }

    // MARK: Latest-only searching

    func testOnlyTheNewestTextsResultsAreShownAndPassedPrefixesAreNeverSearched() {
        var search = LatestOnlySearch<String>()
        let d = search.request("d")
        XCTAssertEqual(d?.query, "d", "idle: starts at once")
        XCTAssertNil(search.request("de"), "busy: waits")
        XCTAssertNil(search.request("deb"), "replaces the waiting one")
        guard let d else { return XCTFail() }
        let afterD = search.finished(d)
        XCTAssertFalse(afterD.deliver, "d's results are stale: deb is newer")
        XCTAssertEqual(afterD.next?.query, "deb", "de was passed and is never searched")
        guard let deb = afterD.next else { return XCTFail() }
        let afterDeb = search.finished(deb)
        XCTAssertTrue(afterDeb.deliver)
        XCTAssertNil(afterDeb.next)
        XCTAssertFalse(search.isBusy)
    }

    func testCancelledSearchesDeliverNothing() {
        var search = LatestOnlySearch<String>()
        guard let a = search.request("a") else { return XCTFail() }
        XCTAssertNil(search.request("ab"))
        search.cancel()
        let done = search.finished(a)
        XCTAssertFalse(done.deliver)
        XCTAssertNil(done.next, "the waiting one never starts")
        XCTAssertEqual(search.request("x")?.query, "x", "idle again")
    }

    func testAFinishedTicketThatIsNotRunningChangesNothing() {
        var search = LatestOnlySearch<String>()
        guard let a = search.request("a") else { return XCTFail() }
        _ = search.finished(a)
        guard let b = search.request("b") else { return XCTFail() }
        XCTAssertEqual(search.finished(a).deliver, false, "a second report of an old ticket")
        XCTAssertTrue(search.finished(b).deliver)
    }

    // MARK: Inline completion

    func testTypingTheStartOfTheTopAddressCompletesTheHost() {
        XCTAssertEqual(InlineCompletion.complete(typed: "deb", previous: "de", top: "https://www.debian.org/doc/manuals/"),
                       .init(text: "debian.org", selectionStart: 3))
        XCTAssertEqual(InlineCompletion.complete(typed: "DEB", previous: "", top: "https://debian.org/"),
                       .init(text: "DEBian.org", selectionStart: 3), "what was typed is kept as typed")
        XCTAssertEqual(InlineCompletion.complete(typed: "debian.org/d", previous: "debian.org/", top: "https://debian.org/doc/manuals/"),
                       .init(text: "debian.org/doc", selectionStart: 12), "then one path segment at a time")
        XCTAssertEqual(InlineCompletion.complete(typed: "www.deb", previous: "www.de", top: "https://www.debian.org/"),
                       .init(text: "www.debian.org", selectionStart: 7))
    }

    func testATypedAddressTheServerRefusedIsNotKeptAsTyped() {
        XCTAssertEqual(VisitTransition.recorded(.typed, status: 404), .link, "a mistyped address does not rise to be completed again")
        XCTAssertEqual(VisitTransition.recorded(.typed, status: 500), .link)
        XCTAssertEqual(VisitTransition.recorded(.typed, status: 200), .typed)
        XCTAssertEqual(VisitTransition.recorded(.typed, status: 304), .typed)
        XCTAssertEqual(VisitTransition.recorded(.typed, status: nil), .typed, "a file or about: page")
        XCTAssertEqual(VisitTransition.recorded(.link, status: 200), .link)
    }

    func testNoCompletionMidWordOnDeletionOrWithSpaces() {
        XCTAssertNil(InlineCompletion.complete(typed: "ebian", previous: "ebia", top: "https://debian.org/"), "mid-word")
        XCTAssertNil(InlineCompletion.complete(typed: "org", previous: "or", top: "https://debian.org/"), "inside the address")
        XCTAssertNil(InlineCompletion.complete(typed: "deb", previous: "deb", top: "https://debian.org/"), "Backspace removed it")
        XCTAssertNil(InlineCompletion.complete(typed: "de", previous: "deb", top: "https://debian.org/"), "a deletion")
        XCTAssertNil(InlineCompletion.complete(typed: "ref deb", previous: "ref de", top: "https://debian.org/"))
        XCTAssertNil(InlineCompletion.complete(typed: "debian.org", previous: "debian.or", top: "https://debian.org/"), "nothing left to add")
        XCTAssertNil(InlineCompletion.complete(typed: "deb", previous: "de", top: nil))
        // Never into a query or a fragment, never after a finished segment (issue 33).
        XCTAssertNil(InlineCompletion.complete(typed: "127.0.0.1:8000/index.html", previous: "127.0.0.1:8000/index.htm",
                                               top: "http://127.0.0.1:8000/index.html?q=long"), "a query is never added")
        XCTAssertNil(InlineCompletion.complete(typed: "h/doc.html", previous: "h/doc.htm", top: "http://h/doc.html#part2"), "nor a fragment")
        XCTAssertEqual(InlineCompletion.complete(typed: "h/ind", previous: "h/in", top: "http://h/index.html?q=long")?.text, "h/index.html",
                       "the segment completed, its query left out")
        XCTAssertNil(InlineCompletion.complete(typed: "h/a?q=x", previous: "h/a?q=", top: "http://h/a?q=xyz"), "typed into a query")
        XCTAssertNil(InlineCompletion.complete(typed: "h/debref", previous: "h/debre", top: "http://h/debref/ch02.en.html"),
                     "the segment is finished: nothing after it")
    }
}
