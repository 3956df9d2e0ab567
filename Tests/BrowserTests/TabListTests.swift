import Foundation
import XCTest
@testable import BrowserModel

final class TabListTests: XCTestCase {
    func testStartsWithOneBlankTab() {
        let list = TabList()
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list.current.uri, "")
        XCTAssertFalse(list.lastTabHasLoaded)
    }

    func testNewTabsGoAtTheEndAndBecomeCurrent() {
        var list = makeTabs(3, current: 0)
        let added = list.appendTab()
        XCTAssertEqual(list.tabs.last?.id, added.id)
        XCTAssertEqual(list.currentIndex, 3)
        XCTAssertEqual(list.current.id, added.id)
    }

    func testALinkOpensItsTabRightAfterTheCurrentOne() {
        var list = makeTabs(3, current: 1)
        let before = list.tabs.map(\.id)
        let background = list.insertAfterCurrent(selecting: false)
        XCTAssertEqual(list.tabs.map(\.id), [before[0], before[1], background.id, before[2]])
        XCTAssertEqual(list.currentIndex, 1, "a background tab leaves the current one current")
        let foreground = list.insertAfterCurrent(selecting: true)
        XCTAssertEqual(list.tabs.map(\.id), [before[0], before[1], foreground.id, background.id, before[2]])
        XCTAssertEqual(list.current.id, foreground.id)
        var last = makeTabs(2, current: 1)
        let atEnd = last.insertAfterCurrent(selecting: true)
        XCTAssertEqual(last.tabs.last?.id, atEnd.id)
    }

    func testClosingTheCurrentTabSelectsItsRightNeighbour() {
        var list = makeTabs(4, current: 1)
        let right = list.tabs[2].id
        let result = list.close(list.tabs[1].id)
        XCTAssertEqual(list.current.id, right)
        XCTAssertEqual(result?.wasCurrent, true)
        XCTAssertEqual(result?.newCurrentIndex, 1)
        XCTAssertEqual(list.count, 3)
    }

    func testClosingTheCurrentLastTabSelectsItsLeftNeighbour() {
        var list = makeTabs(3, current: 2)
        let left = list.tabs[1].id
        list.close(list.tabs[2].id)
        XCTAssertEqual(list.current.id, left)
    }

    func testClosingAnotherTabKeepsTheCurrentOne() {
        var list = makeTabs(4, current: 2)
        let current = list.current.id
        list.close(list.tabs[0].id)
        XCTAssertEqual(list.current.id, current)
        list.close(list.tabs[2].id)
        XCTAssertEqual(list.current.id, current)
    }

    func testClosingTheOnlyTabLeavesAFreshBlankTab() {
        var list = makeTabs(1, current: 0, lastLoaded: true)
        let old = list.current.id
        let result = list.close(old)
        XCTAssertEqual(list.count, 1)
        XCTAssertNotEqual(list.current.id, old)
        XCTAssertEqual(list.current.uri, "")
        XCTAssertFalse(list.current.hasLoadedPage)
        XCTAssertEqual(result?.replacementTab?.id, list.current.id)
    }

    func testClosingAnUnknownTabChangesNothing() {
        var list = makeTabs(2, current: 1)
        let before = list
        XCTAssertNil(list.close(UUID()))
        XCTAssertEqual(list, before)
    }

    func testSelectClamps() {
        var list = makeTabs(3, current: 0)
        list.select(7)
        XCTAssertEqual(list.currentIndex, 2)
        list.select(-1)
        XCTAssertEqual(list.currentIndex, 0)
    }

    func testSnapshotSurvivesJSONAndRestoresLoadedState() throws {
        var list = makeTabs(3, current: 1)
        list.appendTab(selecting: false)
        let data = try JSONEncoder().encode(list.snapshot)
        let restored = TabList(snapshot: try JSONDecoder().decode(TabList.Snapshot.self, from: data))
        XCTAssertEqual(restored.tabs.map(\.id), list.tabs.map(\.id))
        XCTAssertEqual(restored.tabs.map(\.uri), list.tabs.map(\.uri))
        XCTAssertEqual(restored.tabs.map(\.title), list.tabs.map(\.title))
        XCTAssertEqual(restored.currentIndex, 1)
        // A tab with an address reloads it; a blank one stays blank.
        XCTAssertEqual(restored.tabs.map(\.hasLoadedPage), [true, true, true, false])
    }

    func testABrokenSnapshotStillGivesAUsableList() {
        let id = UUID()
        let entry = TabList.Snapshot.Entry(id: id, uri: "https://a.example", title: "A")
        let duplicated = TabList(snapshot: .init(tabs: [entry, entry], current: 9))
        XCTAssertEqual(duplicated.count, 1, "one web view per id")
        XCTAssertEqual(duplicated.currentIndex, 0)
        XCTAssertEqual(TabList(snapshot: .init(tabs: [], current: 0)).count, 1, "never an empty window")
    }

    func testUpdateChangesOnlyWhatIsGiven() {
        var list = makeTabs(2, current: 0)
        let id = list.tabs[1].id
        XCTAssertFalse(list.lastTabHasLoaded)
        list.update(id, hasLoadedPage: true)
        XCTAssertTrue(list.lastTabHasLoaded)
        list.update(id, title: "New")
        XCTAssertEqual(list[id]?.title, "New")
        XCTAssertEqual(list[id]?.uri, "https://example.com/1")
    }
}
