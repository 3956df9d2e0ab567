import XCTest
import BrowserModel

/// A press on the address bars: click, swipe or rejected (docs/mechanics.md, "Address-bar pager").
final class BarPressTests: XCTestCase {
    private let t = BarPress.threshold

    func testAPressThatHardlyMovesIsAClickWhereItBegan() {
        var press = BarPress()
        press.pressed(at: 120, editing: false)
        XCTAssertEqual(press.phase, .pending(startX: 120))
        XCTAssertEqual(press.moved(dx: t - 1, dy: -(t - 1)), .none, "within the threshold nothing is decided")
        XCTAssertEqual(press.phase, .pending(startX: 120))
        XCTAssertEqual(press.released(), .click(x: 120))
        XCTAssertEqual(press.phase, .idle)
    }

    func testSidewaysPastTheThresholdIsASwipeFromThere() {
        var press = BarPress()
        press.pressed(at: 50, editing: false)
        XCTAssertEqual(press.moved(dx: -(t + 1), dy: 3), .began(translation: -(t + 1)))
        XCTAssertTrue(press.isSwiping)
        // Once a swipe, any direction goes on being one.
        XCTAssertEqual(press.moved(dx: -40, dy: 60), .moved(translation: -40))
        XCTAssertEqual(press.released(), .swipeEnded)
        XCTAssertFalse(press.isActive)
    }

    func testAVerticalStartIsRejectedAndNeverBecomesASwipeOrAClick() {
        var press = BarPress()
        press.pressed(at: 50, editing: false)
        XCTAssertEqual(press.moved(dx: 2, dy: t + 1), .none)
        XCTAssertEqual(press.phase, .rejected)
        XCTAssertEqual(press.moved(dx: 200, dy: t + 1), .none, "going sideways later does not make it a swipe")
        XCTAssertTrue(press.isActive, "still held")
        XCTAssertEqual(press.released(), .none, "nor is its release a click")
        XCTAssertEqual(press.phase, .idle)
    }

    func testADiagonalIsDecidedByTheLargerTravel() {
        var sideways = BarPress(), upwards = BarPress()
        sideways.pressed(at: 0, editing: false)
        upwards.pressed(at: 0, editing: false)
        XCTAssertEqual(sideways.moved(dx: 10, dy: -9), .began(translation: 10))
        XCTAssertEqual(upwards.moved(dx: 9, dy: -10), .none)
        XCTAssertEqual(upwards.phase, .rejected)
        var even = BarPress()
        even.pressed(at: 0, editing: false)
        XCTAssertEqual(even.moved(dx: 10, dy: 10), .none, "a tie is not sideways")
        XCTAssertEqual(even.phase, .rejected)
    }

    func testWhileEditingThePressBelongsToTheEntry() {
        var press = BarPress()
        press.pressed(at: 80, editing: true)
        XCTAssertEqual(press.moved(dx: 100, dy: 0), .none)
        XCTAssertEqual(press.released(), .none)
        XCTAssertFalse(press.touchpadBegan(editing: true))
        XCTAssertNil(press.touchpadScrolled(dx: 5))
        XCTAssertFalse(press.touchpadEnded())
    }

    func testATouchpadSwipeAccumulatesUntilTheFingersLift() {
        var press = BarPress()
        XCTAssertTrue(press.touchpadBegan(editing: false))
        XCTAssertTrue(press.isSwiping)
        // Fingers moving left (dx > 0 in GTK's scroll) move the content left, towards later tabs.
        XCTAssertEqual(press.touchpadScrolled(dx: 4), -4)
        XCTAssertEqual(press.touchpadScrolled(dx: 6.5), -10.5)
        XCTAssertEqual(press.touchpadScrolled(dx: -0.5), -10)
        XCTAssertTrue(press.touchpadEnded())
        XCTAssertFalse(press.touchpadEnded(), "a second lift ends nothing")
        XCTAssertNil(press.touchpadScrolled(dx: 1))
        XCTAssertTrue(press.touchpadBegan(editing: false))
        XCTAssertEqual(press.touchpadScrolled(dx: 1), -1, "a new swipe starts from 0")
    }
}
