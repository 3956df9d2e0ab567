import BrowserModel
import Foundation
import TestClock
import XCTest

final class TabOverviewLayoutTests: XCTestCase {
    func testColumnsFollowTheWidth() {
        let wide = TabOverviewLayout(width: 1280, height: 800, count: 20, pageAspect: 0.6)
        XCTAssertEqual(wide.columns, 5)
        XCTAssertLessThanOrEqual(wide.tileWidth, TabOverviewLayout.maxTileWidth)
        let narrow = TabOverviewLayout(width: 600, height: 900, count: 20, pageAspect: 1.4)
        XCTAssertEqual(narrow.columns, 2)
        XCTAssertEqual(TabOverviewLayout(width: 300, height: 600, count: 3, pageAspect: 1).columns, 1, "never fewer than one column")
        XCTAssertEqual(TabOverviewLayout(width: 4000, height: 800, count: 3, pageAspect: 1).columns, TabOverviewLayout.maxColumns)
        // Tiles fit inside the margins and do not overlap.
        for layout in [wide, narrow] {
            let last = layout.tile(at: layout.columns - 1)
            XCTAssertGreaterThanOrEqual(layout.tile(at: 0).x, TabOverviewLayout.margin - 1)
            XCTAssertLessThanOrEqual(last.x + last.width, layout.width - TabOverviewLayout.margin + 1)
            XCTAssertGreaterThanOrEqual(layout.tile(at: layout.columns).y, layout.tile(at: 0).y + layout.tileHeight)
        }
    }

    func testThumbnailsTakeThePagesShapeWithinLimits() {
        let layout = TabOverviewLayout(width: 1280, height: 800, count: 1, pageAspect: 0.6)
        XCTAssertEqual(layout.thumbnailHeight, (layout.tileWidth * 0.6).rounded())
        let tall = TabOverviewLayout(width: 600, height: 900, count: 1, pageAspect: 5)
        XCTAssertEqual(tall.thumbnailHeight, (tall.tileWidth * TabOverviewLayout.aspectRange.upperBound).rounded())
    }

    func testHitTestingAndDropSlots() {
        let layout = TabOverviewLayout(width: 900, height: 640, count: 5, pageAspect: 0.7)
        for i in 0..<5 {
            let t = layout.tile(at: i)
            XCTAssertEqual(layout.index(atX: t.midX, y: t.midY), i)
            XCTAssertEqual(layout.slot(nearestX: t.midX + 10, y: t.midY - 10), i)
        }
        XCTAssertNil(layout.index(atX: 2, y: 2), "the margin is no tile")
    }

    func testArrowKeysMoveThroughTheGrid() {
        // 3 columns, 7 tabs: rows [0 1 2] [3 4 5] [6].
        let layout = TabOverviewLayout(width: 900, height: 640, count: 7, pageAspect: 0.7)
        XCTAssertEqual(layout.columns, 3)
        XCTAssertEqual(layout.moving(0, .left), 0)
        XCTAssertEqual(layout.moving(2, .right), 3, "right walks on into the next row")
        XCTAssertEqual(layout.moving(6, .right), 6)
        XCTAssertEqual(layout.moving(1, .down), 4)
        XCTAssertEqual(layout.moving(4, .down), 6, "down above a short last row lands on the last tab")
        XCTAssertEqual(layout.moving(6, .down), 6)
        XCTAssertEqual(layout.moving(4, .up), 1)
        XCTAssertEqual(layout.moving(1, .up), 1)
    }

    func testScrollingShowsTheSelectedTile() {
        let layout = TabOverviewLayout(width: 600, height: 500, count: 20, pageAspect: 1)
        XCTAssertGreaterThan(layout.maxScroll, 0)
        let offset = layout.scrollShowing(19, from: 0)
        let t = layout.tile(at: 19)
        XCTAssertLessThanOrEqual(t.y + t.height, offset + layout.viewportHeight)
        XCTAssertEqual(layout.scrollShowing(0, from: offset), 0)
        XCTAssertEqual(layout.scrollShowing(19, from: offset), offset, "a tile in view does not scroll")
    }
}

final class TabOverviewModelTests: XCTestCase {
    private func makeOpen(_ count: Int, current: Int = 0, width: Double = 900) -> (TabOverview, [UUID], FrameClock) {
        let overview = TabOverview()
        overview.resize(width: width, height: 640, pageAspect: 0.7)
        let ids = (0..<count).map { _ in UUID() }
        var clock = FrameClock()
        overview.open(ids: ids, current: current, now: clock.now)
        while overview.isAnimating { _ = overview.tick(now: clock.advance()) }
        return (overview, ids, clock)
    }

    func testOpeningAndClosingZoomOverTheirDurations() {
        let overview = TabOverview()
        overview.resize(width: 900, height: 640, pageAspect: 0.7)
        let ids = [UUID(), UUID()]
        var clock = FrameClock()
        overview.open(ids: ids, current: 1, now: clock.now)
        XCTAssertEqual(overview.phase, .opening)
        XCTAssertEqual(overview.progress(now: clock.now), 0)
        var frames = 0
        var last = 0.0
        while overview.phase == .opening {
            _ = overview.tick(now: clock.advance())
            let p = overview.progress(now: clock.now)
            XCTAssertGreaterThanOrEqual(p, last, "the zoom only grows")
            last = p
            frames += 1
        }
        XCTAssertEqual(Double(frames) / 60, TabOverview.openDuration, accuracy: 1.5 / 60)
        XCTAssertEqual(overview.progress(now: clock.now), 1)
        XCTAssertEqual(overview.selectedID, ids[1], "it opens on the current tab")

        XCTAssertEqual(overview.close(now: clock.now), [.choose(ids[1])])
        var effects: [TabOverview.Effect] = []
        frames = 0
        while overview.isOpen { effects += overview.tick(now: clock.advance()); frames += 1 }
        XCTAssertEqual(effects, [.closed])
        XCTAssertEqual(Double(frames) / 60, TabOverview.closeDuration, accuracy: 1.5 / 60)
    }

    func testWithAnimationsOffNothingMoves() {
        let overview = TabOverview()
        overview.animationsEnabled = false
        overview.resize(width: 900, height: 640, pageAspect: 0.7)
        let ids = [UUID()]
        overview.open(ids: ids, current: 0, now: 0)
        XCTAssertEqual(overview.phase, .open)
        XCTAssertEqual(overview.progress(now: 0), 1)
        XCTAssertEqual(overview.close(now: 0), [.choose(ids[0]), .closed], "closed in the same instant")
        XCTAssertFalse(overview.isOpen)
    }

    func testArrowsMoveTheSelection() {
        let (overview, ids, _) = makeOpen(7, current: 0)
        overview.move(.right)
        overview.move(.down)
        XCTAssertEqual(overview.selectedID, ids[4])
        XCTAssertEqual(overview.closeSelected(), [.close(ids[4])])
    }

    func testATapChoosesTheTab() {
        var (overview, ids, clock) = makeOpen(3)
        overview.pressBegan(on: 2, now: clock.now)
        overview.pressMoved(dx: 3, dy: 2, now: clock.advance())
        XCTAssertEqual(overview.pressGesture, .pending, "within the drag threshold a press is still a tap")
        XCTAssertEqual(overview.pressEnded(now: clock.advance()), [.choose(ids[2])])
        XCTAssertEqual(overview.phase, .closing)
    }

    /// A sideways swipe of `distance` px over `frames` frames, released; the effects until it settles.
    private func swipe(_ distance: Double, frames: Int, on overview: TabOverview, clock: inout FrameClock) -> [TabOverview.Effect] {
        overview.pressBegan(on: 0, now: clock.now)
        for f in 1...frames { overview.pressMoved(dx: distance * Double(f) / Double(frames), dy: 0, now: clock.advance()) }
        XCTAssertEqual(overview.pressGesture, .swipe)
        var effects = overview.pressEnded(now: clock.now)
        while overview.isAnimating { effects += overview.tick(now: clock.advance()) }
        return effects
    }

    func testASwipePastTheThresholdClosesTheTab() {
        var (overview, ids, clock) = makeOpen(3)
        let far = overview.layout.tileWidth * TabOverview.swipeCloseFraction + 4
        // Slow (30 frames) but far: closes.
        XCTAssertEqual(swipe(-far, frames: 30, on: overview, clock: &clock), [.close(ids[0])])
    }

    func testAShortSlowSwipeSpringsBack() {
        var (overview, ids, clock) = makeOpen(3)
        let near = overview.layout.tileWidth * TabOverview.swipeCloseFraction - 10
        overview.pressBegan(on: 0, now: clock.now)
        for f in 1...40 { overview.pressMoved(dx: near * Double(f) / 40, dy: 0, now: clock.advance()) }
        XCTAssertEqual(overview.pressEnded(now: clock.now), [])
        var effects: [TabOverview.Effect] = []
        var lastShown = near
        while overview.isAnimating {
            lastShown = overview.tileOffset(for: ids[0], now: clock.now).dx
            effects += overview.tick(now: clock.advance())
        }
        XCTAssertEqual(effects, [])
        XCTAssertLessThan(abs(lastShown), 5, "it glides back to its place, not elsewhere")
        XCTAssertEqual(overview.tileOffset(for: ids[0], now: clock.now).dx, 0, "back in its place")
        XCTAssertEqual(overview.tileOffset(for: ids[0], now: clock.now).alpha, 1)
    }

    func testAQuickFlickClosesEvenWhenShort() {
        var (overview, ids, clock) = makeOpen(3)
        // 50 px in 3 frames: 1000 px/s outwards.
        XCTAssertEqual(swipe(50, frames: 3, on: overview, clock: &clock), [.close(ids[0])])
    }

    func testASwipeFollowsThePointerThenResists() {
        var (overview, ids, clock) = makeOpen(2)
        let w = overview.layout.tileWidth
        overview.pressBegan(on: 0, now: clock.now)
        overview.pressMoved(dx: 20, dy: 0, now: clock.advance())
        XCTAssertEqual(overview.tileOffset(for: ids[0], now: clock.now).dx, 20, accuracy: 0.001)
        overview.pressMoved(dx: 3 * w, dy: 0, now: clock.advance())
        let shown = overview.tileOffset(for: ids[0], now: clock.now)
        XCTAssertGreaterThan(shown.dx, w)
        XCTAssertLessThan(shown.dx, 2 * w, "rubber band past a tile's width")
        XCTAssertLessThan(shown.alpha, 0.5, "fading as it goes")
    }

    func testALongPressOrAVerticalDragReorders() {
        var (overview, ids, clock) = makeOpen(3)
        let from = overview.layout.tile(at: 0), to = overview.layout.tile(at: 2)
        overview.pressBegan(on: 0, now: clock.now)
        for _ in 0..<30 { clock.advance() }   // held 0.5 s
        overview.pressMoved(dx: 12, dy: 0, now: clock.now)
        XCTAssertEqual(overview.pressGesture, .reorder, "held first, a sideways move carries the tile")
        overview.pressMoved(dx: to.midX - from.midX, dy: 0, now: clock.advance())
        XCTAssertEqual(overview.ids, [ids[1], ids[2], ids[0]], "the others make room while it moves")
        XCTAssertEqual(overview.tileOffset(for: ids[0], now: clock.now).dx, 0, accuracy: 0.001)
        XCTAssertEqual(overview.pressEnded(now: clock.advance()), [.move(ids[0], to: 2)])
        XCTAssertEqual(overview.phase, .open, "a drag does not choose")

        // Straight down, without holding: also a reorder (nothing else moves a tile vertically).
        let (o2, ids2, c2) = makeOpen(7)
        var clock2 = c2
        o2.pressBegan(on: 0, now: clock2.now)
        let below = o2.layout.tile(at: 3)
        o2.pressMoved(dx: 0, dy: below.midY - o2.layout.tile(at: 0).midY, now: clock2.advance())
        XCTAssertEqual(o2.pressGesture, .reorder)
        XCTAssertEqual(o2.pressEnded(now: clock2.advance()), [.move(ids2[0], to: 3)])
    }

    func testKeepsTheSelectionWhenTabsChange() {
        let (overview, ids, _) = makeOpen(4, current: 2)
        overview.sync(ids: [ids[0], ids[2], ids[3]], current: 0)
        XCTAssertEqual(overview.selectedID, ids[2])
        overview.sync(ids: [ids[0], ids[3]], current: 1)
        XCTAssertEqual(overview.selectedID, ids[3], "the selected tab gone, the current one is selected")
    }
}

final class TabOverviewResizeTests: XCTestCase {
    func testANarrowerWindowKeepsTheSelectedTileInView() {
        let overview = TabOverview()
        overview.animationsEnabled = false
        overview.resize(width: 1280, height: 800, pageAspect: 0.6)
        overview.open(ids: (0..<20).map { _ in UUID() }, current: 19, now: 0)
        overview.resize(width: 600, height: 900, pageAspect: 1.3)
        let t = overview.layout.tile(at: 19)
        XCTAssertGreaterThanOrEqual(t.y, overview.scroll)
        XCTAssertLessThanOrEqual(t.y + t.height, overview.scroll + overview.layout.viewportHeight)
    }
}

final class TabOverviewGlideTests: XCTestCase {
    func testTilesGlideToTheirNewSlotsWhenATabCloses() {
        let overview = TabOverview()
        overview.resize(width: 900, height: 640, pageAspect: 0.7)
        let ids = (0..<3).map { _ in UUID() }
        var clock = FrameClock()
        overview.open(ids: ids, current: 0, now: clock.now)
        while overview.isAnimating { _ = overview.tick(now: clock.advance()) }
        let was = overview.layout.tile(at: 1), slot = overview.layout.tile(at: 0)
        overview.sync(ids: [ids[1], ids[2]], current: 0, now: clock.now)
        XCTAssertEqual(overview.tileOffset(for: ids[1], now: clock.now).dx, was.x - slot.x, accuracy: 0.001, "starts where it was shown")
        XCTAssertTrue(overview.isAnimating)
        var frames = 0
        var last = overview.tileOffset(for: ids[1], now: clock.now).dx
        while overview.isAnimating {
            _ = overview.tick(now: clock.advance())
            let dx = overview.tileOffset(for: ids[1], now: clock.now).dx
            XCTAssertLessThanOrEqual(dx, last + 0.001, "it only moves towards its slot")
            last = dx
            frames += 1
        }
        XCTAssertEqual(Double(frames) / 60, TabOverview.glideDuration, accuracy: 1.5 / 60)
        XCTAssertEqual(overview.tileOffset(for: ids[1], now: clock.now).dx, 0)
    }

    func testWithAnimationsOffTilesJump() {
        let overview = TabOverview()
        overview.animationsEnabled = false
        overview.resize(width: 900, height: 640, pageAspect: 0.7)
        let ids = (0..<3).map { _ in UUID() }
        overview.open(ids: ids, current: 0, now: 0)
        overview.sync(ids: [ids[1], ids[2]], current: 0, now: 0)
        XCTAssertEqual(overview.tileOffset(for: ids[1], now: 0).dx, 0)
        XCTAssertFalse(overview.isAnimating)
    }
}
