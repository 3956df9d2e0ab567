import BrowserModel
import XCTest

final class ScriptDialogRunTests: XCTestCase {
    func testTheFourthInARowOffersTheChoiceAndTakingItCancelsTheRestUntilNavigation() {
        var run = ScriptDialogRun()
        var now = 100.0
        for _ in 1...ScriptDialogRun.offerAfter {
            XCTAssertEqual(run.arrived(now: now), .show(offersBlocking: false))
            now += 1
            run.answered(now: now, blockingMore: false)
        }
        XCTAssertEqual(run.arrived(now: now + 1), .show(offersBlocking: true))
        run.answered(now: now + 2, blockingMore: true)
        XCTAssertEqual(run.arrived(now: now + 3), .answerCancel)
        XCTAssertEqual(run.arrived(now: now + 100), .answerCancel, "blocked however long after")
        run.navigated()
        XCTAssertEqual(run.arrived(now: now + 101), .show(offersBlocking: false), "a new page starts over")
    }

    func testAPauseStartsTheRowOver() {
        var run = ScriptDialogRun()
        var now = 0.0
        for _ in 1...ScriptDialogRun.offerAfter {
            _ = run.arrived(now: now)
            run.answered(now: now, blockingMore: false)
            now += 1
        }
        XCTAssertEqual(run.arrived(now: now + ScriptDialogRun.rowGap + 1), .show(offersBlocking: false))
    }

    func testALongMessageIsCut() {
        let long = String(repeating: "a", count: ScriptDialogRun.maximumMessageLength + 50)
        XCTAssertEqual(ScriptDialogRun.shown(long).count, ScriptDialogRun.maximumMessageLength + 1)
        XCTAssertEqual(ScriptDialogRun.shown("short"), "short")
    }
}
