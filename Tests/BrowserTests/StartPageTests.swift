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
        let page = StartPage(history: history, closed: ClosedTabs(), now: now)
        XCTAssertEqual(page.frequentlyVisited.count, StartPage.frequentLimit)
        XCTAssertEqual(page.frequentlyVisited.first?.title, "Site 11", "the most visited first")
        XCTAssertEqual(page.frequentlyVisited.filter { $0.host == "site11.example" }.count, 1, "one tile per site (www. folded)")
    }

    private func tab(_ uri: String, _ title: String, at seconds: Double = 0) -> ClosedTab {
        ClosedTab(uri: uri, title: title, sessionState: nil, position: 0, closedAt: now.addingTimeInterval(seconds))
    }

    func testRecentlyClosedNewestFirstOnePerAddressBlankOnesForgotten() {
        var closed = ClosedTabs()
        closed.closed(tab("https://a.example/", "A"))
        closed.closed(tab("", ""))
        closed.closed(tab("about:blank", ""))
        closed.closed(tab("https://b.example/", "B"))
        closed.closed(tab("https://a.example/", "A again"))
        XCTAssertEqual(closed.recent.map(\.title), ["A again", "B"], "one per address on the start page")
        XCTAssertEqual(closed.tabs.map(\.title), ["A again", "B", "A"], "every close for Ctrl+Shift+T")
        for i in 0..<20 { closed.closed(tab("https://n\(i).example/", "\(i)")) }
        let page = StartPage(history: [], closed: closed, now: now)
        XCTAssertTrue(page.frequentlyVisited.isEmpty, "a private window has no history")
        XCTAssertEqual(page.recentlyClosed.count, StartPage.closedLimit)
        XCTAssertEqual(closed.reopen(uri: "https://n19.example/")?.tab.title, "19")
        XCTAssertEqual(closed.recent.first?.title, "18")
        XCTAssertTrue(StartPage(history: [], closed: ClosedTabs(), now: now).isEmpty)
    }

    func testCtrlShiftTGoesBackThroughTheLast25ClosesNewestFirst() {
        var closed = ClosedTabs()
        var dropped: [UUID] = []
        let first = tab("https://0.example/", "0")
        closed.closed(first)
        for i in 1..<30 { dropped += closed.closed(tab("https://\(i).example/", "\(i)", at: Double(i))) }
        XCTAssertEqual(closed.tabs.count, ClosedTabs.limit)
        XCTAssertTrue(dropped.contains(first.id), "the oldest fall off, to be forgotten on disk too")
        XCTAssertEqual(closed.reopenNewest()?.title, "29")
        XCTAssertEqual(closed.reopenNewest()?.title, "28")
        XCTAssertEqual(ClosedTabs(closed.tabs.shuffled()).tabs.map(\.title), closed.tabs.map(\.title), "read back in any order, newest first")
    }

    func testAnOversizedBackForwardListIsNotKept() {
        var closed = ClosedTabs()
        closed.closed(ClosedTab(uri: "https://big.example/", title: "Big", sessionState: Data(count: ClosedTabs.sessionStateLimit + 1),
                                position: 0, closedAt: now))
        XCTAssertNil(closed.tabs.first?.sessionState)
        XCTAssertEqual(closed.tabs.first?.uri, "https://big.example/", "it comes back with its address")
    }
}
