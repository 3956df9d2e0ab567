import Foundation
import XCTest
@testable import BrowserModel

final class TabSuspensionTests: XCTestCase {
    /// `count` tabs opened one after another, a second apart, each selected as it opens (as
    /// Ctrl+T does); the last is current.
    private func open(_ count: Int, policy: TabSuspension.Policy = .init(liveTabs: 4, idleSeconds: 600)) -> (TabSuspension, [UUID]) {
        var s = TabSuspension(policy: policy)
        var ids: [UUID] = []
        for i in 0..<count {
            let id = UUID()
            ids.append(id)
            s.opened(id, now: Double(i))
            _ = s.selected(id, now: Double(i))
        }
        return (s, ids)
    }

    /// Answers every check as the view would for pages with nothing to lose.
    private func settle(_ s: inout TabSuspension, _ effects: [TabSuspension.Effect], now: TimeInterval) -> [UUID] {
        var suspended: [UUID] = []
        for case .check(let id) in effects {
            for case .suspend(let gone) in s.checked(id, verdict: .canSuspend, now: now) { suspended.append(gone) }
        }
        return suspended
    }

    func testOnlyTheFourMostRecentlyUsedTabsKeepTheirWebViews() {
        var (s, ids) = open(20)
        let suspended = settle(&s, s.review(now: 20), now: 20)
        XCTAssertEqual(Set(suspended), Set(ids[0..<16]), "the 16 oldest go")
        XCTAssertEqual(s.liveCount, 4)
        XCTAssertEqual(s.suspendedCount, 16)
        for id in ids[16...] { XCTAssertEqual(s.phase(of: id), .live) }
    }

    func testFewTabsUsedRecentlyAreLeftAlone() {
        var (s, _) = open(4)
        XCTAssertEqual(s.review(now: 10), [])
    }

    func testTheCurrentTabIsNeverSuspendedEvenWhenIdle() {
        var (s, ids) = open(2)
        let effects = s.review(now: 10_000)
        XCTAssertEqual(effects, [.check(ids[0])], "the background tab idled out; the current one stays")
        _ = s.selected(ids[0], now: 10_001)
        XCTAssertEqual(s.checked(ids[0], verdict: .canSuspend, now: 10_001), [], "it became current while being asked")
        XCTAssertEqual(s.phase(of: ids[0]), .live)
    }

    func testABackgroundTabIdleLongerThanTheLimitIsSuspendedEvenAmongTheRecent() {
        var (s, ids) = open(3)
        XCTAssertEqual(s.review(now: 100), [])
        XCTAssertEqual(s.nextDeadline(now: 100), 601, "tab 0 was left at t=1 when tab 1 was selected")
        let suspended = settle(&s, s.review(now: 601), now: 601)
        XCTAssertEqual(suspended, [ids[0]])
    }

    func testSelectingASuspendedTabResumesItAndItCountsAsRecentAgain() {
        var (s, ids) = open(6)
        _ = settle(&s, s.review(now: 6), now: 6)
        XCTAssertEqual(s.phase(of: ids[0]), .suspended)
        XCTAssertEqual(s.selected(ids[0], now: 7), [.resume(ids[0])])
        XCTAssertEqual(s.phase(of: ids[0]), .live)
        // Now tab 2 is the oldest live one and makes room.
        let suspended = settle(&s, s.review(now: 8), now: 8)
        XCTAssertEqual(suspended, [ids[2]])
        XCTAssertEqual(s.selected(ids[5], now: 9), [], "a live tab needs nothing")
    }

    func testABusyTabStaysAndIsAskedAgainLater() {
        var (s, ids) = open(5)
        XCTAssertEqual(s.review(now: 5), [.check(ids[0])])
        XCTAssertEqual(s.checked(ids[0], verdict: .busy, now: 5), [])
        XCTAssertEqual(s.phase(of: ids[0]), .live)
        XCTAssertEqual(s.review(now: 10), [], "not asked again at once")
        XCTAssertEqual(s.nextDeadline(now: 10), 35)
        XCTAssertEqual(s.review(now: 35), [.check(ids[0])])
        XCTAssertEqual(s.checked(ids[0], verdict: .canSuspend, now: 35), [.suspend(ids[0])])
    }

    func testATabBeingCheckedIsNotAskedTwiceAndAClosedOneIsForgotten() {
        var (s, ids) = open(5)
        XCTAssertEqual(s.review(now: 5), [.check(ids[0])])
        XCTAssertEqual(s.review(now: 6), [])
        s.closed(ids[0])
        XCTAssertEqual(s.checked(ids[0], verdict: .canSuspend, now: 7), [])
        XCTAssertNil(s.phase(of: ids[0]))
        XCTAssertEqual(s.liveCount, 4)
    }

    func testThePolicyNeverSuspendsNothing() {
        var (s, _) = open(20, policy: .never)
        XCTAssertEqual(s.review(now: 1e9), [])
        XCTAssertNil(s.nextDeadline(now: 0))
    }

    func testGoingBackAndForthBetweenTwoOldTabsKeepsBoth() {
        var (s, ids) = open(8)
        _ = settle(&s, s.review(now: 8), now: 8)
        for (t, id) in [(9.0, ids[0]), (10, ids[1]), (11, ids[0]), (12, ids[1])] {
            _ = s.selected(id, now: t)
            _ = settle(&s, s.review(now: t), now: t)
        }
        XCTAssertEqual(s.phase(of: ids[0]), .live)
        XCTAssertEqual(s.phase(of: ids[1]), .live)
        XCTAssertEqual(s.liveCount, 4)
    }
}
