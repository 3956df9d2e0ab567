import XCTest
@testable import BrowserModel

final class FavouritesTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func three() -> Favourites {
        var list = Favourites()
        for name in ["A", "B", "C"] { list.add(uri: "https://\(name.lowercased()).example/", title: name) }
        return list
    }

    func testAddingKeepsOrderRefusesRepeatsBlanksAndPastTheLimit() {
        var list = three()
        XCTAssertEqual(list.items.map(\.title), ["A", "B", "C"], "new favourites go last")
        guard case .alreadyThere(let existing) = list.add(uri: "https://b.example/", title: "B again") else {
            return XCTFail("the same page twice")
        }
        XCTAssertEqual(existing.title, "B")
        XCTAssertEqual(list.add(uri: "about:blank", title: "Blank"), .notAPage)
        XCTAssertEqual(list.add(uri: "javascript:alert(1)", title: "JS"), .notAPage)
        XCTAssertEqual(list.add(uri: "https://long.example/" + String(repeating: "a", count: Favourites.uriLimit), title: "Long"), .notAPage)
        for i in list.count..<Favourites.limit {
            guard case .added = list.add(uri: "https://n\(i).example/", title: "\(i)") else { return XCTFail("room for \(i)") }
        }
        XCTAssertEqual(list.add(uri: "https://one-more.example/", title: "More"), .full)
        XCTAssertEqual(list.count, Favourites.limit)
    }

    func testTitlesAreFoldedCutAndNeverBlank() {
        var list = Favourites()
        list.add(uri: "https://www.debian.org/", title: "  Debian \n  News  ")
        XCTAssertEqual(list.items[0].title, "Debian News")
        list.add(uri: "https://untitled.example/page", title: "")
        XCTAssertEqual(list.items[1].title, "untitled.example", "no title: the host")
        list.add(uri: "https://long.example/", title: String(repeating: "x", count: 500))
        XCTAssertEqual(list.items[2].title.count, Favourites.titleLimit)
        XCTAssertTrue(list.rename(id: list.items[0].id, to: "  "), "renaming to nothing gives the host back")
        XCTAssertEqual(list.items[0].title, "debian.org")
        XCTAssertFalse(list.rename(id: list.items[0].id, to: "debian.org"), "the same name changes nothing")
        XCTAssertTrue(list.rename(id: list.items[1].id, to: "Mine"))
        XCTAssertEqual(list.items[1].title, "Mine")
    }

    func testAFavouriteAddedBeforeItsTitleTakesItButAChosenNameStays() {
        var list = Favourites()
        list.add(uri: "https://early.example/", title: "")
        list.add(uri: "https://named.example/", title: "Mine")
        XCTAssertTrue(list.titleArrived("Early Page", for: "https://early.example/"))
        XCTAssertFalse(list.titleArrived("Named Page", for: "https://named.example/"))
        XCTAssertFalse(list.titleArrived("Other", for: "https://unknown.example/"))
        XCTAssertEqual(list.items.map(\.title), ["Early Page", "Mine"])
        XCTAssertFalse(list.titleArrived("Later", for: "https://early.example/"), "once named, it keeps the name")
    }

    func testMovingByKeyAndByDropClampsAtTheEnds() {
        var list = three()
        let a = list.items[0].id, c = list.items[2].id
        XCTAssertFalse(list.move(id: a, by: -1), "the first cannot go further left")
        XCTAssertTrue(list.move(id: a, by: 1))
        XCTAssertEqual(list.items.map(\.title), ["B", "A", "C"])
        XCTAssertTrue(list.move(id: c, to: 0))
        XCTAssertEqual(list.items.map(\.title), ["C", "B", "A"])
        XCTAssertTrue(list.move(id: c, to: 99), "past the end: last")
        XCTAssertEqual(list.items.map(\.title), ["B", "A", "C"])
        XCTAssertTrue(list.remove(id: a))
        XCTAssertFalse(list.remove(id: a))
        XCTAssertEqual(list.items.map(\.title), ["B", "C"])
    }

    func testAStoredListOverTheLimitsIsCutAndRepeatsDropped() {
        var stored = (0..<(Favourites.limit + 10)).map { Favourite(uri: "https://s\($0).example/", title: "S\($0)") }
        stored.insert(Favourite(uri: "https://s0.example/", title: "Repeat"), at: 1)
        stored.insert(Favourite(uri: "about:config", title: "Not a page"), at: 2)
        let list = Favourites(stored)
        XCTAssertEqual(list.count, Favourites.limit)
        XCTAssertEqual(list.items.prefix(2).map(\.title), ["S0", "S1"])
    }

    func testTheStartPageShowsFavouritesFirstAndNotAgainAsFrequent() {
        var list = Favourites()
        list.add(uri: "https://fav.example/", title: "Fav")
        let history = [
            Suggestions.HistoryItem(uri: "https://fav.example/other", title: "Fav other", visitCount: 9, lastVisit: now),
            Suggestions.HistoryItem(uri: "https://often.example/", title: "Often", visitCount: 5, lastVisit: now),
        ]
        let page = StartPage(favourites: list, history: history, closed: ClosedTabs(), now: now)
        XCTAssertEqual(page.favourites.map(\.title), ["Fav"])
        XCTAssertEqual(page.favourites.first?.favouriteID, list.items[0].id)
        XCTAssertEqual(page.frequentlyVisited.map(\.title), ["Often"], "the favourite's site is not repeated")
        XCTAssertFalse(StartPage(favourites: list, history: [], closed: ClosedTabs(), now: now).isEmpty)
    }

    func testTheIconBudgetDropsTheLeastRecentlyUsedAndRefusesHugeIcons() {
        var budget = IconCacheBudget<String>(byteLimit: 100)
        XCTAssertEqual(budget.insert("a", byteCount: 40), [])
        XCTAssertEqual(budget.insert("b", byteCount: 40), [])
        budget.touch("a")
        XCTAssertEqual(budget.insert("c", byteCount: 40), ["b"], "b was used least recently")
        XCTAssertEqual(budget.bytes, 80)
        XCTAssertTrue(budget.contains("a"))
        XCTAssertEqual(budget.insert("d", byteCount: 90), ["a", "c"])
        XCTAssertEqual(budget.count, 1)
        XCTAssertTrue(IconCacheBudget<String>.accepts(width: 32, height: 32))
        XCTAssertFalse(IconCacheBudget<String>.accepts(width: 512, height: 512))
        XCTAssertFalse(IconCacheBudget<String>.accepts(width: 0, height: 16))
    }
}
