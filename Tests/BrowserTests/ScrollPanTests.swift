import XCTest
@testable import BrowserModel

final class ScrollPanTests: XCTestCase {
    private let step = ScrollPan.wheelStepPixels
    private let gap = ScrollPan.wheelRunGap

    func testTouchpadBracketIsOnePanWithAccumulatedTravel() {
        var pan = ScrollPan()
        XCTAssertEqual(pan.scrollBegan(now: 0), [.began])
        XCTAssertEqual(pan.scrolled(dy: 5, now: 0.01, isDiscreteWheel: false), [.changed(translation: 5)])
        XCTAssertEqual(pan.scrolled(dy: 7.5, now: 0.02, isDiscreteWheel: false), [.changed(translation: 12.5)])
        XCTAssertEqual(pan.scrolled(dy: -2.5, now: 0.03, isDiscreteWheel: false), [.changed(translation: 10)])
        // A touchpad pan is not ended by a pause, only by scroll-end.
        XCTAssertEqual(pan.tick(now: 5), [])
        XCTAssertTrue(pan.isPanning)
        XCTAssertEqual(pan.scrollEnded(now: 5), [.ended])
        XCTAssertFalse(pan.isPanning)
        XCTAssertEqual(pan.scrollEnded(now: 5), [], "a second end is not another pan")
    }

    func testWheelNotchesCloserThanTheGapAreOnePan() {
        var pan = ScrollPan()
        XCTAssertEqual(pan.scrolled(dy: 1, now: 0, isDiscreteWheel: true), [.began, .changed(translation: step)])
        let second = gap * 0.8
        XCTAssertEqual(pan.scrolled(dy: 1, now: second, isDiscreteWheel: true), [.changed(translation: 2 * step)])
        let third = second + gap * 0.8
        XCTAssertEqual(pan.scrolled(dy: 1, now: third, isDiscreteWheel: true), [.changed(translation: 3 * step)])
        XCTAssertEqual(pan.endDeadline ?? -1, third + gap, accuracy: 1e-12)
        XCTAssertEqual(pan.tick(now: third + gap * 0.95), [], "still within the gap")
        XCTAssertEqual(pan.tick(now: third + gap), [.ended])
        XCTAssertNil(pan.endDeadline)
        XCTAssertEqual(pan.tick(now: third + 2 * gap), [])
    }

    func testANotchAfterTheGapStartsANewPanEvenWithoutATick() {
        var pan = ScrollPan()
        _ = pan.scrolled(dy: 1, now: 0, isDiscreteWheel: true)
        _ = pan.scrolled(dy: 1, now: 0.05, isDiscreteWheel: true)
        let later = 0.05 + gap + 0.01
        XCTAssertEqual(pan.scrolled(dy: -1, now: later, isDiscreteWheel: true),
                       [.ended, .began, .changed(translation: -step)],
                       "the new run measures from zero, so its own direction counts")
    }

    func testZeroDeltaNeitherStartsNorExtendsAPan() {
        var pan = ScrollPan()
        XCTAssertEqual(pan.scrolled(dy: 0, now: 0, isDiscreteWheel: false), [])
        XCTAssertFalse(pan.isPanning)
        _ = pan.scrolled(dy: 1, now: 1, isDiscreteWheel: true)
        XCTAssertEqual(pan.scrolled(dy: 0, now: 1 + gap * 0.9, isDiscreteWheel: true), [])
        XCTAssertEqual(pan.tick(now: 1 + gap), [.ended], "a zero event does not keep a wheel run alive")
    }

    func testUnbracketedSmoothDeltasEndByTheGap() {
        var pan = ScrollPan()
        XCTAssertEqual(pan.scrolled(dy: 3, now: 0, isDiscreteWheel: false), [.began, .changed(translation: 3)])
        XCTAssertEqual(pan.tick(now: gap), [.ended])
    }

    func testScrollBeginDuringAWheelRunEndsTheRunFirst() {
        var pan = ScrollPan()
        _ = pan.scrolled(dy: 1, now: 0, isDiscreteWheel: true)
        XCTAssertEqual(pan.scrollBegan(now: 0.05), [.ended, .began])
        XCTAssertEqual(pan.scrolled(dy: 4, now: 0.06, isDiscreteWheel: false), [.changed(translation: 4)])
        XCTAssertNil(pan.endDeadline, "a bracketed pan waits for scroll-end")
    }
}
