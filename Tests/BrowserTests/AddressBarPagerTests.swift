import Foundation
import Motion
import XCTest
@testable import BrowserModel

final class AddressBarPagerTests: XCTestCase {
    private let widths = [320.0, 390, 800, 1280, 2560]

    // MARK: Geometry and paging

    func testCurrentBarIsCentredWithNeighboursOneBarPageAwayAtEveryWidth() {
        for width in widths {
            let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 1), containerWidth: width))
            let m = driver.metrics
            let bars = driver.layout.bars
            XCTAssertLessThanOrEqual(m.barWidth, PagerMetrics.maximumBarWidth, "\(width): bars stay bar-sized")
            XCTAssertEqual(m.barWidth, min(width - 48, PagerMetrics.maximumBarWidth), "\(width)")
            XCTAssertEqual(bars[1].x + bars[1].width / 2, width / 2, accuracy: 1e-9, "\(width): current bar centred")
            XCTAssertEqual(bars[2].x - (bars[1].x + bars[1].width), 4, accuracy: 1e-9, "\(width): 4 px between bars")
            XCTAssertEqual(bars[0].x + bars[0].width + 4, bars[1].x, accuracy: 1e-9)
            if width - 48 <= PagerMetrics.maximumBarWidth {
                XCTAssertEqual(bars[1].x, 24, accuracy: 1e-9, "\(width): 24 px side padding")
            }
            XCTAssertEqual(driver.layout.pages[1].x, 0, accuracy: 1e-9, "\(width): current page fills the window")
            XCTAssertEqual(driver.layout.pages[2].x, width + 24, accuracy: 1e-9, "\(width): 24 px between pages")
        }
    }

    func testAReleasePastHalfAPageTurnsOnePageAndLandsExactlyAtEveryWidth() {
        for width in widths {
            let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 1), containerWidth: width))
            let page = driver.pageWidth
            let outcome = driver.drag(by: -0.6 * page, over: 0.3, hold: 0.2)
            XCTAssertEqual(outcome, .selectedTab(index: 2), "\(width)")
            driver.settle()
            XCTAssertEqual(driver.offset, 2 * page, "\(width): lands exactly on the page")
            XCTAssertEqual(driver.layout.bars[2].x + driver.metrics.barWidth / 2, width / 2, accuracy: 1e-9)
            XCTAssertEqual(driver.layout.pages[2].x, 0, accuracy: 1e-9, "\(width): its tab page lines up")

            let back = driver.drag(by: 0.4 * page, over: 0.3, hold: 0.2)
            XCTAssertEqual(back, .none, "\(width): under half a page stays")
            driver.settle()
            XCTAssertEqual(driver.offset, 2 * page, "\(width)")
        }
    }

    func testBarsFollowThePointerOneToOne() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 1), containerWidth: 390))
        let before = driver.layout.bars[1].x
        driver.drag(by: -57, over: 0.1, release: false)
        XCTAssertEqual(driver.layout.bars[1].x, before - 57, accuracy: 1e-9)
    }

    func testTabPagesMoveFasterThanTheBarsByThePageRatio() {
        for width in widths {
            let m = PagerMetrics(containerWidth: width)
            for pages in [3, 7] {
                // The original's formula, from the stack views' content widths.
                let barsContent = 2 * m.sidePadding + Double(pages) * m.barWidth + Double(pages - 1) * 4
                let tabsContent = Double(pages) * width + Double(pages - 1) * 24
                for offset in [0, 37.5, m.barPageWidth, 2.4 * m.barPageWidth] {
                    let pct = offset / (barsContent - 2 * (m.sidePadding - 4 / 2))
                    XCTAssertEqual(m.tabsOffset(forBarsOffset: offset), pct * (tabsContent + 24), accuracy: 1e-6)
                }
            }
            XCTAssertGreaterThan(m.tabPageWidth / m.barPageWidth, 1, "\(width): tab pages move faster")
        }
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        let start = driver.layout
        driver.drag(by: -100, over: 0.2, release: false)
        let moved = driver.layout
        let barTravel = start.bars[0].x - moved.bars[0].x
        let pageTravel = start.pages[0].x - moved.pages[0].x
        XCTAssertEqual(pageTravel / barTravel, (390.0 + 24) / (342 + 4), accuracy: 1e-9)
    }

    func testAHugeFlingTurnsOnlyOnePage() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(6, current: 2), containerWidth: 390))
        let page = driver.pageWidth
        var outcome = driver.drag(by: -2.5 * page, over: 0.05)
        XCTAssertEqual(outcome, .selectedTab(index: 3))
        driver.settle()
        XCTAssertEqual(driver.offset, 3 * page)

        outcome = driver.drag(by: 2.5 * page, over: 0.05)
        XCTAssertEqual(outcome, .selectedTab(index: 2))
        driver.settle()
        XCTAssertEqual(driver.offset, 2 * page)
    }

    func testAHardShortFlingLandsWithoutSailingPastThePage() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(6, current: 2), containerWidth: 390))
        let page = driver.pageWidth
        // 80 % of a page in three frames: over 5000 px/s, released a fifth of a page from the next page.
        XCTAssertEqual(driver.drag(by: -0.8 * page, over: 3.0 / 60), .selectedTab(index: 3))
        var furthest = -Double.infinity
        driver.settle { furthest = max(furthest, $0.barsOffset) }
        XCTAssertEqual(driver.offset, 3 * page)
        XCTAssertLessThanOrEqual(furthest, 3 * page + 0.5)
    }

    func testTheReleaseVelocityDirectionPicksTheNextPageThatWay() {
        let page = PagerMetrics(containerWidth: 390).barPageWidth
        // Moving forwards at 20 % of a page: the next page, though the nearest is the start.
        var driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        XCTAssertEqual(driver.drag(by: -0.2 * page, over: 0.2), .selectedTab(index: 1))
        driver.settle()
        XCTAssertEqual(driver.offset, page)

        // At 75 % but moving back at release: back to the start, though the nearest is the next page.
        driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        XCTAssertEqual(driver.drag([(-0.85 * page, 0.4), (0.1 * page, 0.2)]), .none)
        driver.settle()
        XCTAssertEqual(driver.offset, 0)
    }

    func testAStillReleasePicksTheNearestPage() {
        let page = PagerMetrics(containerWidth: 390).barPageWidth
        var driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        // The same 20 % drag as above, held still before release: stays.
        XCTAssertEqual(driver.drag(by: -0.2 * page, over: 0.2, hold: 0.3), .none)
        driver.settle()
        XCTAssertEqual(driver.offset, 0)

        driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        XCTAssertEqual(driver.drag(by: -0.55 * page, over: 0.3, hold: 0.3), .selectedTab(index: 1))
        driver.settle()
        XCTAssertEqual(driver.offset, page)
    }

    func testRubberBandsBeforeTheFirstAndAfterTheLastTab() {
        let width = 390.0
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(2, current: 0), containerWidth: width))
        driver.drag(by: 120, over: 0.3, release: false)
        let resisted = RubberBand.distance(overscroll: 120, dimension: width)
        XCTAssertEqual(driver.offset, -resisted, accuracy: 1e-9)
        XCTAssertLessThan(resisted, 120, "the bars lag the pointer past the first tab")
        XCTAssertEqual(driver.pager.dragEnded(now: driver.now + 0.3), .none)
        driver.settle()
        XCTAssertEqual(driver.offset, 0)

        // The last tab has not loaded a page: no new-tab page, so the far end resists too.
        let page = driver.pageWidth
        driver.drag(by: -page, over: 0.3, hold: 0.2)
        driver.settle()
        driver.drag(by: -120, over: 0.3, release: false)
        XCTAssertEqual(driver.offset, page + resisted, accuracy: 1e-9)
        XCTAssertEqual(driver.pager.dragEnded(now: driver.now + 0.3), .none)
        driver.settle()
        XCTAssertEqual(driver.offset, page)
        XCTAssertEqual(driver.pager.tabs.count, 2)
    }

    func testGrabbingTheBarsMidSettleContinuesFromWhereTheyAre() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 0), containerWidth: 390))
        driver.drag(by: -0.7 * driver.pageWidth, over: 0.1)
        driver.advance(frames: 4)
        XCTAssertTrue(driver.pager.isAnimating)
        let flying = driver.offset
        driver.now += PagerDriver.frame / 2
        let atGrab = driver.offset
        XCTAssertNotEqual(atGrab, flying, "still moving when grabbed")
        driver.pager.dragBegan(now: driver.now)
        XCTAssertEqual(driver.offset, atGrab, accuracy: 1e-9, "no jump on grab")
        driver.now += 0.2
        XCTAssertEqual(driver.offset, atGrab, accuracy: 1e-9, "held still while held")
        driver.pager.dragChanged(translationX: -10, now: driver.now)
        XCTAssertEqual(driver.offset, atGrab + 10, accuracy: 1e-9)
    }

    func testGrabbingMidBounceDoesNotJump() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(2, current: 0), containerWidth: 390))
        driver.drag(by: 150, over: 0.2)
        driver.advance(frames: 2)
        let atGrab = driver.offset
        XCTAssertLessThan(atGrab, 0, "still bouncing")
        driver.pager.dragBegan(now: driver.now)
        driver.pager.dragChanged(translationX: 0, now: driver.now + 0.01)
        XCTAssertEqual(driver.offset, atGrab, accuracy: 1e-6)
    }

    // MARK: Keyboard and programmatic

    func testKeyboardSelectSlidesThereAndLandsExactly() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(6, current: 0), containerWidth: 800))
        driver.pager.select(4, now: driver.now)
        XCTAssertEqual(driver.pager.currentIndex, 4, "current at once, for focus and title")
        XCTAssertEqual(driver.offset, 0, "starts where it was")
        var previous = 0.0
        var frames = 0
        driver.settle { layout in
            XCTAssertGreaterThanOrEqual(layout.barsOffset, previous - 1e-9, "moves one way, no wobble")
            previous = layout.barsOffset
            frames += 1
        }
        XCTAssertGreaterThan(frames, 5, "animated, not a jump")
        XCTAssertEqual(driver.offset, 4 * driver.pageWidth)
        XCTAssertEqual(driver.layout.pages[4].x, 0)
    }

    func testSelectingAgainMidSlideRetargetsWithoutAJump() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(6, current: 0), containerWidth: 390))
        driver.pager.select(3, now: driver.now)
        driver.advance(frames: 5)
        let before = driver.offset
        driver.pager.select(1, now: driver.now)
        XCTAssertEqual(driver.offset, before, accuracy: 1e-9)
        driver.settle()
        XCTAssertEqual(driver.offset, driver.pageWidth)
    }

    func testUnanimatedSelectJumps() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 0), containerWidth: 390))
        driver.pager.select(2, now: driver.now, animated: false)
        XCTAssertEqual(driver.offset, 2 * driver.pageWidth)
        XCTAssertFalse(driver.pager.isAnimating)
    }

    func testResizingKeepsTheCurrentPage() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 2), containerWidth: 390))
        driver.pager.setContainerWidth(1280, now: driver.now)
        XCTAssertEqual(driver.layout.bars[2].x + driver.metrics.barWidth / 2, 640, accuracy: 1e-9)
        XCTAssertEqual(driver.layout.pages[2].x, 0, accuracy: 1e-9)
    }

    // MARK: Closing

    func testClosingTheCurrentTabSlidesItsRightNeighbourIn() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 1), containerWidth: 390))
        let right = driver.pager.tabs.tabs[2].id
        let rightBefore = driver.layout.bars[2].x
        let closing = driver.pager.tabs.tabs[1].id
        let result = driver.pager.closeTab(id: closing, now: driver.now)
        XCTAssertEqual(result?.newCurrentIndex, 1)
        XCTAssertEqual(driver.pager.tabs.current.id, right)
        let bar = { driver.layout.bars.first { $0.tabID == right } }
        XCTAssertEqual(bar()?.x ?? .nan, rightBefore, accuracy: 1e-9, "the neighbour starts where it was")
        driver.settle()
        XCTAssertEqual(bar()?.x ?? .nan, 24, accuracy: 1e-9, "and ends centred")
        XCTAssertEqual(driver.offset, driver.pageWidth)
    }

    func testClosingTheCurrentLastTabSettlesOnItsLeftNeighbour() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(3, current: 2), containerWidth: 390))
        let left = driver.pager.tabs.tabs[1].id
        driver.pager.closeTab(id: driver.pager.tabs.current.id, now: driver.now)
        XCTAssertEqual(driver.pager.tabs.current.id, left)
        XCTAssertTrue(driver.pager.isAnimating)
        driver.settle()
        XCTAssertEqual(driver.offset, driver.pageWidth)
        XCTAssertEqual(driver.layout.bars[1].x, 24, accuracy: 1e-9)
    }

    func testClosingATabBeforeTheCurrentOneLeavesTheCurrentBarInPlace() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 2), containerWidth: 390))
        let current = driver.pager.tabs.current.id
        let first = driver.pager.tabs.tabs[0].id
        let firstBefore = driver.layout.bars[0].x
        driver.pager.closeTab(id: driver.pager.tabs.tabs[1].id, now: driver.now)
        XCTAssertEqual(driver.pager.tabs.current.id, current)
        let x = { (id: UUID) in driver.layout.bars.first { $0.tabID == id }?.x ?? .nan }
        XCTAssertEqual(x(current), 24, accuracy: 1e-9)
        XCTAssertEqual(x(first), firstBefore, accuracy: 1e-9, "no jump on the left either")
        driver.advance(frames: 3)
        XCTAssertEqual(x(current), 24, accuracy: 1e-9)
        driver.settle()
        XCTAssertEqual(x(current), 24, accuracy: 1e-9)
        XCTAssertEqual(x(first), 24 - driver.pageWidth, accuracy: 1e-9, "the left tab closed the gap")
    }

    // MARK: Animations off

    func testWithAnimationsOffEverySettleJumps() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 0, lastLoaded: true), containerWidth: 390))
        driver.pager.animationsEnabled = false
        XCTAssertEqual(driver.drag(by: -0.6 * driver.pageWidth, over: 0.3), .selectedTab(index: 1))
        XCTAssertEqual(driver.offset, driver.pageWidth)
        XCTAssertFalse(driver.pager.isAnimating)

        driver.pager.select(3, now: driver.now)
        XCTAssertEqual(driver.offset, 3 * driver.pageWidth)
        XCTAssertFalse(driver.pager.isAnimating)

        driver.pager.closeTab(id: driver.pager.tabs.tabs[0].id, now: driver.now)
        XCTAssertEqual(driver.offset, 2 * driver.pageWidth)
        XCTAssertEqual(driver.layout.bars[2].x, 24, accuracy: 1e-9)
        XCTAssertFalse(driver.pager.isAnimating)

        let tab = driver.pager.revealNewTab(now: driver.now)
        let page = driver.layout.pages.first { $0.tabID == tab.id }
        XCTAssertEqual(page?.alpha, 1)
        XCTAssertEqual(page?.scale, 1)
        XCTAssertEqual(driver.layout.bars.first { $0.tabID == tab.id }?.plusAlpha, 0)
        XCTAssertEqual(driver.offset, 3 * driver.pageWidth)
        XCTAssertFalse(driver.pager.isAnimating)
    }

    func testTurningAnimationsOffMidSettleLands() {
        let driver = PagerDriver(AddressBarPager(tabs: makeTabs(4, current: 0), containerWidth: 390))
        driver.pager.select(3, now: driver.now)
        driver.advance(frames: 2)
        driver.pager.animationsEnabled = false
        XCTAssertEqual(driver.offset, 3 * driver.pageWidth)
        XCTAssertFalse(driver.pager.isAnimating)
    }
}
