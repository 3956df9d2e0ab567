import XCTest
import HomeModel

final class EdgeSwipeTests: XCTestCase {
    func testOnlyADragFromTheEdgeWithSomethingToPopStartsASwipe() {
        var swipe = EdgeSwipe()
        swipe.dragBegan(x: 30, canPop: true, now: 0)
        XCTAssertFalse(swipe.dragMoved(dx: 200, now: 0.1), "too far from the edge")
        swipe.dragBegan(x: 10, canPop: false, now: 0)
        XCTAssertFalse(swipe.dragMoved(dx: 200, now: 0.1), "nothing to pop")
        swipe.dragBegan(x: 10, canPop: true, now: 0)
        XCTAssertFalse(swipe.dragMoved(dx: 8, now: 0.05), "not past the threshold")
        XCTAssertTrue(swipe.dragMoved(dx: 9, now: 0.06))
        XCTAssertTrue(swipe.isSwiping)
        XCTAssertFalse(swipe.dragMoved(dx: 50, now: 0.07), "starts once")
        XCTAssertEqual(swipe.translation, 50)
    }

    func testReleaseVelocityAndARestingFingerIsNotAFlick() {
        var swipe = EdgeSwipe()
        swipe.dragBegan(x: 0, canPop: true, now: 0)
        _ = swipe.dragMoved(dx: 20, now: 0.1)
        _ = swipe.dragMoved(dx: 120, now: 0.2)
        XCTAssertEqual(swipe.ended(now: 0.21) ?? -1, 1000, accuracy: 1e-6)
        swipe.dragBegan(x: 0, canPop: true, now: 0)
        _ = swipe.dragMoved(dx: 20, now: 0.1)
        _ = swipe.dragMoved(dx: 120, now: 0.2)
        XCTAssertEqual(swipe.ended(now: 0.5), 0, "rested 0.3 s")
        XCTAssertNil(swipe.ended(now: 1), "no swipe under way")
    }

    func testATouchpadSwipeRightTakesOverButAVerticalScrollDoesNot() {
        var swipe = EdgeSwipe()
        swipe.touchpadBegan(canPop: true, now: 0)
        XCTAssertEqual(swipe.touchpadScrolled(dx: 0, dy: 5, now: 0.01).consumed, false)
        XCTAssertEqual(swipe.touchpadScrolled(dx: -30, dy: 0, now: 0.02).consumed, false, "a vertical start stays a scroll")
        swipe.touchpadBegan(canPop: true, now: 0)
        XCTAssertEqual(swipe.touchpadScrolled(dx: -5, dy: 0, now: 0.01).consumed, false)
        let step = swipe.touchpadScrolled(dx: -5, dy: 1, now: 0.02)
        XCTAssertTrue(step.consumed && step.startedNow, "10 px right: the swipe")
        XCTAssertEqual(swipe.translation, 10)
        _ = swipe.touchpadScrolled(dx: 3, dy: 0, now: 0.03)
        XCTAssertEqual(swipe.translation, 7, "fingers back left pull the page back")
        XCTAssertNotNil(swipe.ended(now: 0.04))
    }
}
