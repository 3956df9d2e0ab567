import Foundation
import Gtk
import TestSupport
import XCTest

final class RepeatingTimerTests: XCTestCase {
    func testARepeatingTimerTicksUntilItsOwnerLetsGoAndThenReleasesItsClosure() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let before = LiveCounts.closureBoxes.current
            var ticks = 0
            var timer: RepeatingTimer? = RepeatingTimer(milliseconds: 10) { ticks += 1 }
            XCTAssertNotNil(timer)
            XCTAssertTrue(MainLoop.run(until: { ticks >= 3 }, timeout: 5), "it ticks again and again")
            XCTAssertEqual(LiveCounts.closureBoxes.current, before + 1)
            timer = nil
            XCTAssertEqual(LiveCounts.closureBoxes.current, before, "released with its owner, not one tick later")
            let stopped = ticks
            MainLoop.run(for: 0.1)
            XCTAssertEqual(ticks, stopped, "no tick after it is gone")
        }
    }
}
