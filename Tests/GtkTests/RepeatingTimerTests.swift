import Foundation
import Gtk
import TestSupport
import XCTest

final class RepeatingTimerTests: XCTestCase {
    /// Stands for whatever a timer's closure holds on to (a page, a view). Watched through a weak
    /// reference, so other tests' objects finalizing in the same loop cannot disturb the count.
    private final class Held {}

    func testARepeatingTimerTicksUntilItsOwnerLetsGoAndThenReleasesItsClosure() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            var ticks = 0
            var held: Held? = Held()
            weak let watched = held
            var timer: RepeatingTimer? = RepeatingTimer(milliseconds: 10) { [held] in
                _ = held
                ticks += 1
            }
            held = nil
            XCTAssertNotNil(timer)
            XCTAssertTrue(MainLoop.run(until: { ticks >= 3 }, timeout: 5), "it ticks again and again")
            XCTAssertNotNil(watched, "the running timer keeps what its closure holds")
            timer = nil
            XCTAssertNil(watched, "released with its owner, not one tick later")
            let stopped = ticks
            MainLoop.run(for: 0.1)
            XCTAssertEqual(ticks, stopped, "no tick after it is gone")
        }
    }
}
