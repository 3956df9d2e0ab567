import XCTest
@testable import BrowserModel

final class SuggestionsTests: XCTestCase {
    typealias Item = Suggestions.HistoryItem
    typealias Tab = Suggestions.OpenTabItem

    private let now = Date(timeIntervalSince1970: 1_700_000_000)
    private func daysAgo(_ days: Double) -> Date { now.addingTimeInterval(-days * 86_400) }

    private func rank(_ text: String, _ history: [Item], tabs: [Tab] = [], limit: Int = 8) -> [String] {
        Suggestions.rank(text: text, history: history, openTabs: tabs, now: now, limit: limit).map(\.uri)
    }

    func testMatchingOpenTabsComeFirstAsSwitchToTab() {
        let history = [Item(uri: "https://github.com/", title: "GitHub", visitCount: 90, lastVisit: daysAgo(0))]
        let tabs = [
            Tab(id: "t1", uri: "https://example.com/", title: "Example"),
            Tab(id: "t2", uri: "https://gitlab.com/", title: "GitLab"),
        ]
        let results = Suggestions.rank(text: "git", history: history, openTabs: tabs, now: now)
        XCTAssertEqual(results.map(\.uri), ["https://gitlab.com/", "https://github.com/"])
        XCTAssertEqual(results.first?.kind, .switchToTab(id: "t2"))
        XCTAssertEqual(results.last?.kind, .history)
    }

    func testHostPrefixBeatsAWordMatchWithMoreVisits() {
        let history = [
            Item(uri: "https://blog.example.org/swift", title: "Notes on Swift", visitCount: 500, lastVisit: daysAgo(0)),
            Item(uri: "https://swift.org/", title: "Swift.org", visitCount: 3, lastVisit: daysAgo(0)),
        ]
        XCTAssertEqual(rank("swi", history), ["https://swift.org/", "https://blog.example.org/swift"])
    }

    func testWithinAGroupVisitsCountAndRecentOnesCountMore() {
        let history = [
            Item(uri: "https://aa.example/", title: "", visitCount: 10, lastVisit: daysAgo(200)),
            Item(uri: "https://ab.example/", title: "", visitCount: 4, lastVisit: daysAgo(1)),
            Item(uri: "https://ac.example/", title: "", visitCount: 2, lastVisit: daysAgo(1)),
        ]
        // 10 old visits weigh less than 4 this week; 4 beat 2 of the same age.
        XCTAssertEqual(rank("a", history), ["https://ab.example/", "https://ac.example/", "https://aa.example/"])
    }

    func testMatchingIgnoresCaseDiacriticsSchemeAndWww() {
        let history = [
            Item(uri: "https://www.GitHub.com/apple", title: "Apple", visitCount: 1, lastVisit: daysAgo(1)),
            Item(uri: "https://cafe.example/", title: "Café Crème", visitCount: 1, lastVisit: daysAgo(1)),
        ]
        XCTAssertEqual(rank("GITHUB", history), ["https://www.GitHub.com/apple"])
        XCTAssertEqual(rank("https://www.github.com/app", history), ["https://www.GitHub.com/apple"])
        XCTAssertEqual(rank("creme", history), ["https://cafe.example/"])
    }

    func testEveryTypedWordMustStartAWordOfTheTitleOrAddress() {
        let history = [
            Item(uri: "https://forums.swift.org/", title: "Swift Forums", visitCount: 5, lastVisit: daysAgo(1)),
            Item(uri: "https://swift.org/blog", title: "Swift Blog", visitCount: 50, lastVisit: daysAgo(1)),
        ]
        XCTAssertEqual(rank("swift forum", history), ["https://forums.swift.org/"])
        XCTAssertEqual(rank("orums", history), [], "the middle of a word is not a match")
        XCTAssertEqual(rank("swift.org/bl", history), ["https://swift.org/blog"])
    }

    func testOneRowPerAddress() {
        let history = [
            Item(uri: "https://example.com/", title: "Example", visitCount: 3, lastVisit: daysAgo(1)),
            Item(uri: "https://example.com", title: "Example", visitCount: 1, lastVisit: daysAgo(2)),
        ]
        let tabs = [Tab(id: "7", uri: "https://example.com/", title: "Example")]
        let results = Suggestions.rank(text: "exa", history: history, openTabs: tabs, now: now)
        XCTAssertEqual(results.count, 1)
        XCTAssertEqual(results.first?.kind, .switchToTab(id: "7"), "an open page is offered as its tab")
    }

    func testEmptyTextOffersAFewFavouritesAndNoTabs() {
        let history = (0..<12).map { i in
            Item(uri: "https://site\(i).example/", title: "Site \(i)", visitCount: i + 1, lastVisit: daysAgo(1))
        }
        let tabs = [Tab(id: "1", uri: "https://tab.example/", title: "Tab")]
        let results = rank("  ", history, tabs: tabs)
        XCTAssertEqual(results.count, Suggestions.emptyTextLimit)
        XCTAssertEqual(results.first, "https://site11.example/", "the most visited first")
        XCTAssertFalse(results.contains("https://tab.example/"))
    }

    func testTheLimitIsRespectedAndTiesComeOutInOneOrder() {
        let history = (0..<20).map { i in
            Item(uri: "https://m\(19 - i).example/", title: "", visitCount: 1, lastVisit: daysAgo(1))
        }
        let results = rank("m", history)
        XCTAssertEqual(results.count, Suggestions.defaultLimit)
        XCTAssertEqual(results, rank("m", history.reversed()), "input order does not matter")
        XCTAssertEqual(rank("m", history, limit: 3).count, 3)
    }

    func testNoMatchGivesNothing() {
        let history = [Item(uri: "https://example.com/", title: "Example", visitCount: 1, lastVisit: daysAgo(1))]
        XCTAssertEqual(rank("zebra", history), [])
    }

    func testThePageBeingEditedIsNeverSuggestedToItself() {
        let history = [
            Item(uri: "https://example.com/", title: "Example", visitCount: 50, lastVisit: daysAgo(0)),
            Item(uri: "https://example.org/", title: "Example Org", visitCount: 1, lastVisit: daysAgo(3)),
        ]
        let results = Suggestions.rank(text: "exa", history: history, openTabs: [], now: now, currentURI: "https://example.com")
        XCTAssertEqual(results.map(\.uri), ["https://example.org/"], "the same address, however written, is left out")
        let empty = Suggestions.rank(text: "", history: history, openTabs: [], now: now, currentURI: "https://example.com/")
        XCTAssertFalse(empty.map(\.uri).contains("https://example.com/"))
    }

    /// The quick path for ASCII and punctuation folds exactly as Foundation does.
    func testFoldingTitlesWithPunctuationAgreesWithFoundation() {
        for text in ["Debian Reference – Chapter 1", "“Quoted” ‘title’ • bullets … and — dashes", "ALL CAPS\u{2009}thin space",
                     "https://www.Example.org/Path?q=1", "Café Crème", "Ünïcödé – Straße", "日本語のページ"] {
            XCTAssertEqual(Suggestions.fold(text), text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), text)
        }
    }
}
