import XCTest
import HomeModel
import TestClock

/// Navigation stacks per tab and the slide between pages (docs/home.md, "Navigation").
final class TabStacksTests: XCTestCase {
    private func makeStacks() -> TabStacks<String> {
        TabStacks(roots: Dictionary(uniqueKeysWithValues: HomeTab.allCases.map { ($0, "\($0.rawValue)-root") }))
    }

    func testPushSlidesInFromTheRightInPointThreeSeconds() {
        var clock = FrameClock()
        let stacks = makeStacks()
        stacks.push("history", now: clock.now)
        XCTAssertEqual(stacks.stack(.home), ["home-root", "history"], "on the stack at once")
        XCTAssertEqual(stacks.placements.map(\.page), ["home-root", "history"])
        XCTAssertEqual(stacks.placements.last?.offset, 1, "starts off to the right")
        var offsets: [Double] = []
        var frames = 0
        while stacks.isAnimating {
            stacks.tick(now: clock.advance())
            frames += 1
            offsets.append(stacks.placements.last?.offset ?? -1)
        }
        XCTAssertEqual(frames, 18)
        XCTAssertEqual(offsets, offsets.sorted(by: >), "moves only leftwards")
        XCTAssertEqual(stacks.placements, [.init(page: "history", offset: 0)])
    }

    func testPopSlidesOutAndRemovesThePageWhenItCompletes() {
        var clock = FrameClock()
        let stacks = makeStacks()
        stacks.push("a", now: clock.now, animated: false)
        XCTAssertEqual(stacks.pop(now: clock.now), [])
        XCTAssertEqual(stacks.depth(.home), 2, "still there while it slides out")
        for _ in 0..<9 { XCTAssertEqual(stacks.tick(now: clock.advance()), []) }
        let under = stacks.placements[0].offset
        XCTAssertLessThan(under, 0, "the page underneath comes in from the left")
        XCTAssertGreaterThan(under, -0.3)
        var removed: [String] = []
        while stacks.isAnimating { removed += stacks.tick(now: clock.advance()) }
        XCTAssertEqual(removed, ["a"])
        XCTAssertEqual(stacks.stack(.home), ["home-root"])
        XCTAssertFalse(stacks.canPop)
        XCTAssertEqual(stacks.pop(now: clock.now), [], "nothing to pop under a root")
    }

    func testSwitchingTabsKeepsEveryStack() {
        var clock = FrameClock()
        let stacks = makeStacks()
        stacks.push("category", on: .order, now: clock.now)
        stacks.push("item", on: .order, now: clock.now)
        XCTAssertEqual(stacks.selected, .home)
        XCTAssertFalse(stacks.isAnimating, "pushes on a tab that is not shown do not slide")
        stacks.push("history", now: clock.now)
        stacks.select(.order)
        XCTAssertFalse(stacks.isAnimating, "switching finishes the slide")
        XCTAssertEqual(stacks.placements, [.init(page: "item", offset: 0)])
        stacks.pop(now: clock.now)
        while stacks.isAnimating { stacks.tick(now: clock.advance()) }
        stacks.select(.home)
        XCTAssertEqual(stacks.stack(.home), ["home-root", "history"])
        XCTAssertEqual(stacks.stack(.order), ["order-root", "category"])
    }

    func testAnEdgeSwipeScrubsThePopAndCompletesPastHalfway() {
        var clock = FrameClock()
        let stacks = makeStacks()
        stacks.push("a", now: clock.now, animated: false)
        XCTAssertTrue(stacks.beginInteractivePop())
        stacks.updateInteractivePop(translation: 200, width: 800)
        XCTAssertEqual(stacks.placements.last?.offset, 0.25)
        XCTAssertEqual(stacks.placements.first?.offset ?? 0, -0.225, accuracy: 1e-9)
        stacks.updateInteractivePop(translation: 500, width: 800)
        XCTAssertTrue(stacks.endInteractivePop(velocity: 0, now: clock.now))
        var removed: [String] = []
        var frames = 0
        while stacks.isAnimating { removed += stacks.tick(now: clock.advance()); frames += 1 }
        XCTAssertEqual(removed, ["a"])
        XCTAssertLessThanOrEqual(frames, 7, "only the rest of the way: 0.375 of 0.3 s")
    }

    func testAnAbandonedEdgeSwipeSlidesBackAndKeepsThePage() {
        var clock = FrameClock()
        let stacks = makeStacks()
        stacks.push("a", now: clock.now, animated: false)
        XCTAssertTrue(stacks.beginInteractivePop())
        stacks.updateInteractivePop(translation: 300, width: 800)
        XCTAssertFalse(stacks.endInteractivePop(velocity: 100, now: clock.now))
        var removed: [String] = []
        while stacks.isAnimating { removed += stacks.tick(now: clock.advance()) }
        XCTAssertEqual(removed, [])
        XCTAssertEqual(stacks.placements, [.init(page: "a", offset: 0)])
        XCTAssertEqual(stacks.depth(.home), 2)
    }

    func testAFlickCompletesEvenFromNearTheEdge() {
        let stacks = makeStacks()
        stacks.push("a", now: 0, animated: false)
        XCTAssertTrue(stacks.beginInteractivePop())
        stacks.updateInteractivePop(translation: 60, width: 800)
        XCTAssertTrue(stacks.endInteractivePop(velocity: 900, now: 0))
    }

    func testNoSwipeOnARoot() {
        let stacks = makeStacks()
        XCTAssertFalse(stacks.beginInteractivePop())
    }

    /// Property: any sequence of pushes, pops, swipes and tab switches keeps every root at the
    /// bottom of its stack, and once settled the shown page is the selected stack's top.
    func testRandomSequencesKeepRootsAndShowTheTop() {
        var rng = SplitMix(seed: 88)
        for _ in 0..<200 {
            var clock = FrameClock()
            let stacks = makeStacks()
            var counter = 0
            for _ in 0..<40 {
                switch rng.next() % 6 {
                case 0, 1: counter += 1; stacks.push("p\(counter)", now: clock.now)
                case 2: stacks.pop(now: clock.now)
                case 3: stacks.select(HomeTab.allCases[Int(rng.next() % 5)])
                case 4:
                    if stacks.beginInteractivePop() {
                        stacks.updateInteractivePop(translation: Double(rng.next() % 800), width: 800)
                        stacks.endInteractivePop(velocity: Double(rng.next() % 1000) - 500, now: clock.now)
                    }
                default: break
                }
                for _ in 0..<(rng.next() % 12) { stacks.tick(now: clock.advance()) }
            }
            for _ in 0..<30 { stacks.tick(now: clock.advance()) }
            XCTAssertFalse(stacks.isAnimating)
            for tab in HomeTab.allCases { XCTAssertEqual(stacks.stack(tab).first, "\(tab.rawValue)-root") }
            XCTAssertEqual(stacks.placements, [.init(page: stacks.top(stacks.selected) ?? "", offset: 0)])
        }
    }
}
