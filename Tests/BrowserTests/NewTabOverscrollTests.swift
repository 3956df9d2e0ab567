import Foundation
import XCTest
@testable import BrowserModel

final class NewTabOverscrollTests: XCTestCase {
    /// Two tabs, the last one loaded and current: the new-tab page waits past it.
    private func driverOnLoadedLastTab(width: Double = 390) -> PagerDriver {
        PagerDriver(AddressBarPager(tabs: makeTabs(2, current: 1, lastLoaded: true), containerWidth: width))
    }

    private func placeholderBar(_ driver: PagerDriver) -> PagerBar? {
        driver.layout.bars.first { $0.isNewTabPlaceholder }
    }

    private func placeholderPage(_ driver: PagerDriver) -> PagerPage? {
        driver.layout.pages.first { $0.isNewTabPlaceholder }
    }

    func testTheNewTabPageExistsOnlyPastALoadedLastTab() {
        let pager = AddressBarPager(tabs: makeTabs(2, current: 1, lastLoaded: false), containerWidth: 390)
        XCTAssertFalse(pager.layout(now: 0).bars.contains { $0.isNewTabPlaceholder })
        XCTAssertEqual(pager.pageCount, 2)
        pager.updateTab(id: pager.tabs.tabs[1].id, hasLoadedPage: true)
        let layout = pager.layout(now: 0)
        XCTAssertEqual(layout.bars.last?.isNewTabPlaceholder, true)
        XCTAssertEqual(layout.pages.last?.isNewTabPlaceholder, true)
        XCTAssertEqual(pager.pageCount, 3)
    }

    func testAtRestTheNewTabPageIsHiddenSmallAndNarrowWithItsPlus() {
        let driver = driverOnLoadedLastTab()
        let bar = placeholderBar(driver)
        let page = placeholderPage(driver)
        XCTAssertEqual(bar?.alpha, 0)
        XCTAssertEqual(bar?.width, driver.metrics.barWidth - 200)
        XCTAssertEqual(bar?.plusAlpha, 1)
        XCTAssertEqual(page?.alpha, 0)
        XCTAssertEqual(page?.scale, NewTabPage.hiddenPageScale)
    }

    func testTheBarFadesInAsMinOf1And1Point2TimesHowFarItIsPulled() {
        for width in [320.0, 390, 1280] {
            let driver = driverOnLoadedLastTab(width: width)
            let narrow = driver.metrics.barWidth - 200
            var previousPageAlpha = 0.0
            for pull in [0.2 * narrow, 0.5 * narrow, 0.8 * narrow, 0.9 * narrow, narrow] {
                driver.pager.dragBegan(now: driver.now)
                driver.now += 0.1
                driver.pager.dragChanged(translationX: -pull, now: driver.now)
                let pct = pull / narrow
                XCTAssertEqual(placeholderBar(driver)?.alpha ?? .nan, min(1, 1.2 * pct), accuracy: 1e-9, "\(width) at \(pct)")
                XCTAssertEqual(placeholderBar(driver)?.width ?? .nan, narrow, accuracy: 1e-9, "narrow until fully in")
                let pageAlpha = placeholderPage(driver)?.alpha ?? .nan
                XCTAssertGreaterThan(pageAlpha, previousPageAlpha, "the page shows more as it is pulled")
                XCTAssertLessThan(pageAlpha, 1, "but is only revealed on commit")
                previousPageAlpha = pageAlpha
                driver.pager.dragCancelled(now: driver.now)
                driver.settle()
            }
        }
    }

    func testPastTheStretchPointTheBarStretchesOutOfTheEdge() {
        let driver = driverOnLoadedLastTab()
        let m = driver.metrics
        let narrow = m.barWidth - 200
        driver.pager.dragBegan(now: driver.now)
        var rightEdges: [Double] = []
        for pull in [narrow + 10, narrow + 60, narrow + 150] {
            driver.pager.dragChanged(translationX: -pull, now: driver.now + 0.1)
            let bar = placeholderBar(driver)
            let overscroll = pull - narrow
            XCTAssertEqual(bar?.width ?? .nan, m.barWidth - 200 + overscroll, accuracy: 1e-9)
            XCTAssertEqual(bar?.alpha, 1)
            rightEdges.append((bar?.x ?? .nan) + (bar?.width ?? .nan))
        }
        XCTAssertEqual(Set(rightEdges.map { ($0 * 1e6).rounded() }).count, 1, "right edge pinned while it stretches")
        driver.pager.dragChanged(translationX: -m.barPageWidth, now: driver.now + 0.2)
        XCTAssertEqual(placeholderBar(driver)?.width, m.barWidth, "never wider than a normal bar")
    }

    func testReleasingOnTheNewTabPageCreatesExactlyOneTab() {
        let driver = driverOnLoadedLastTab()
        let page = driver.pageWidth
        let outcome = driver.drag(by: -0.6 * page, over: 0.3, hold: 0.2)
        guard case let .createdTab(tab) = outcome else {
            return XCTFail("expected a new tab, got \(outcome)")
        }
        XCTAssertEqual(driver.pager.tabs.count, 3)
        XCTAssertEqual(driver.pager.tabs.current.id, tab.id, "the new tab is current")
        XCTAssertEqual(driver.pager.tabs.tabs.last?.id, tab.id, "and last")
        XCTAssertEqual(driver.pager.dragEnded(now: driver.now + 0.01), .none, "a second release creates nothing")
        driver.settle()
        XCTAssertEqual(driver.pager.tabs.count, 3)
        XCTAssertEqual(driver.offset, 2 * page)
        let bar = driver.layout.bars.first { $0.tabID == tab.id }
        let newPage = driver.layout.pages.first { $0.tabID == tab.id }
        XCTAssertEqual(bar?.width, driver.metrics.barWidth)
        XCTAssertEqual(bar?.alpha, 1)
        XCTAssertEqual(bar?.plusAlpha, 0)
        XCTAssertEqual(newPage?.alpha, 1)
        XCTAssertEqual(newPage?.scale, 1)
        XCTAssertFalse(driver.layout.bars.contains { $0.isNewTabPlaceholder }, "a blank tab grows no new-tab page")

        // Pulling past the blank tab now only resists.
        XCTAssertEqual(driver.drag(by: -0.8 * page, over: 0.3, hold: 0.2), .none)
        driver.settle()
        XCTAssertEqual(driver.pager.tabs.count, 3)
    }

    func testReleasingShortSpringsBackAndCreatesNothing() {
        let driver = driverOnLoadedLastTab()
        let page = driver.pageWidth
        XCTAssertEqual(driver.drag(by: -0.35 * page, over: 0.3, hold: 0.2), .none)
        XCTAssertEqual(driver.pager.tabs.count, 2)
        driver.settle()
        XCTAssertEqual(driver.offset, page)
        XCTAssertEqual(placeholderBar(driver)?.alpha, 0, "faded back out")
        XCTAssertEqual(placeholderPage(driver)?.scale, NewTabPage.hiddenPageScale)
        XCTAssertEqual(driver.pager.tabs.count, 2)
    }

    func testAFlingFromTwoPagesBackStopsAtTheLastTab() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(2, current: 0, lastLoaded: true), containerWidth: 390))
        XCTAssertEqual(driver.drag(by: -1.9 * driver.pageWidth, over: 0.05), .selectedTab(index: 1))
        driver.settle()
        XCTAssertEqual(driver.pager.tabs.count, 2)
    }

    func testNewTabButtonRevealsOverThreeTenthsOfASecond() {
        let driver = driverOnLoadedLastTab()
        let start = driver.now
        let tab = driver.pager.revealNewTab(now: start)
        XCTAssertEqual(driver.pager.tabs.current.id, tab.id)
        let page = { (t: Double) in driver.pager.layout(now: t).pages.first { $0.tabID == tab.id } }
        let bar = { (t: Double) in driver.pager.layout(now: t).bars.first { $0.tabID == tab.id } }

        XCTAssertEqual(page(start)?.alpha, 0)
        XCTAssertEqual(page(start)?.scale, 0.8)
        XCTAssertEqual(bar(start)?.plusAlpha, 1)

        // Ease-in-out is symmetric: half the time is half the change.
        driver.advance(frames: 9)
        XCTAssertEqual(page(start + 0.15)?.alpha ?? .nan, 0.5, accuracy: 1e-6)
        XCTAssertEqual(page(start + 0.15)?.scale ?? .nan, 0.9, accuracy: 1e-6)
        XCTAssertEqual(bar(start + 0.15)?.plusAlpha ?? .nan, 0.5, accuracy: 1e-6)

        XCTAssertEqual(page(start + 0.3)?.alpha ?? .nan, 1, accuracy: 1e-9)
        XCTAssertEqual(page(start + 0.3)?.scale ?? .nan, 1, accuracy: 1e-9)
        XCTAssertEqual(bar(start + 0.3)?.plusAlpha ?? .nan, 0, accuracy: 1e-9)
        XCTAssertEqual(bar(start + 0.3)?.alpha ?? .nan, 1, accuracy: 1e-9)

        driver.settle()
        XCTAssertEqual(driver.offset, 2 * driver.pageWidth, "slid to the new tab")
        XCTAssertEqual(bar(driver.now)?.width, driver.metrics.barWidth)
    }

    func testNewTabButtonWorksWithoutALoadedLastTab() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(2, current: 0), containerWidth: 390))
        let tab = driver.pager.revealNewTab(now: driver.now)
        XCTAssertEqual(driver.pager.tabs.count, 3)
        XCTAssertEqual(driver.pager.tabs.currentIndex, 2)
        driver.settle()
        XCTAssertEqual(driver.layout.pages.first { $0.tabID == tab.id }?.alpha, 1)
        XCTAssertEqual(driver.offset, 2 * driver.pageWidth)
    }

    func testClosingTheOnlyTabRevealsAFreshOne() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(1, current: 0, lastLoaded: true), containerWidth: 390))
        let result = driver.pager.closeTab(id: driver.pager.tabs.current.id, now: driver.now)
        let fresh = result?.replacementTab
        XCTAssertNotNil(fresh)
        XCTAssertEqual(driver.pager.tabs.tabs.map(\.id), [fresh?.id])
        driver.settle()
        XCTAssertEqual(driver.layout.pages.first?.alpha, 1)
        XCTAssertEqual(driver.offset, 0)
    }
}
