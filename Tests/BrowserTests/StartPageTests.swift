import XCTest
@testable import BrowserModel

final class StartPageTests: XCTestCase {
    typealias Item = Suggestions.HistoryItem
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    func testOneTileASiteMostFrecentFirstAtMostEight() {
        var history = (0..<12).map { i in
            Item(uri: "https://site\(i).example/", title: "Site \(i)", visitCount: i + 1, lastVisit: now.addingTimeInterval(-86_400))
        }
        history.append(Item(uri: "https://www.site11.example/other", title: "Another page", visitCount: 1, lastVisit: now.addingTimeInterval(-86_400 * 30)))
        let page = StartPage(history: history, closed: RecentlyClosed(), now: now)
        XCTAssertEqual(page.frequentlyVisited.count, StartPage.frequentLimit)
        XCTAssertEqual(page.frequentlyVisited.first?.title, "Site 11", "the most visited first")
        XCTAssertEqual(page.frequentlyVisited.filter { $0.host == "site11.example" }.count, 1, "one tile per site (www. folded)")
    }

    func testRecentlyClosedNewestFirstOnePerAddressBlankOnesForgotten() {
        var closed = RecentlyClosed()
        closed.closed(uri: "https://a.example/", title: "A")
        closed.closed(uri: "", title: "")
        closed.closed(uri: "about:blank", title: "")
        closed.closed(uri: "https://b.example/", title: "B")
        closed.closed(uri: "https://a.example/", title: "A again")
        XCTAssertEqual(closed.tabs.map(\.title), ["A again", "B"])
        for i in 0..<20 { closed.closed(uri: "https://n\(i).example/", title: "\(i)") }
        XCTAssertEqual(closed.tabs.count, StartPage.closedLimit)
        closed.reopened(uri: "https://n19.example/")
        XCTAssertEqual(closed.tabs.first?.title, "18")
        let page = StartPage(history: [], closed: closed, now: now)
        XCTAssertTrue(page.frequentlyVisited.isEmpty, "a private window has no history")
        XCTAssertEqual(page.recentlyClosed.count, StartPage.closedLimit - 1)
        XCTAssertFalse(StartPage(history: [], closed: RecentlyClosed(), now: now).isEmpty == false)
    }
}
