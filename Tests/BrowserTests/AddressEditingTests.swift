import XCTest
import Motion
@testable import BrowserModel

final class AddressEditingTests: XCTestCase {
    private let frame = 1.0 / 60

    @discardableResult
    private func run(_ editing: AddressEditing, from start: Double, limit: Double = 2,
                     sample: ((Double, EditingPose) -> Void)? = nil) -> Double {
        var t = start
        while editing.isAnimating && t - start < limit {
            t += frame
            let pose = editing.pose(now: t)
            sample?(t, pose)
        }
        return t
    }

    private func assertAtRest(_ pose: EditingPose, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(pose.isEditing, file: file, line: line)
        XCTAssertEqual(pose.barLiftY, 0, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.sideBarsOffsetX, 0, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.sideBarsAlpha, 1, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.cancelAlpha, 0, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.suggestionsAlpha, 0, accuracy: 1e-9, file: file, line: line)
    }

    func testFocusLiftsTheBarSlidesTheSidesOffAndShowsCancelAndSuggestions() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        XCTAssertTrue(editing.pose.isEditing)
        var cancelDoneAt: Double?
        let end = run(editing, from: 0) { t, pose in
            if cancelDoneAt == nil, pose.cancelAlpha >= 1 { cancelDoneAt = t }
        }
        XCTAssertEqual(cancelDoneAt ?? -1, 0.1, accuracy: frame + 1e-9, "Cancel fades in over 0.1 s")
        XCTAssertEqual(end, 0.25, accuracy: frame + 1e-9)
        let pose = editing.pose
        XCTAssertEqual(pose.barLiftY, AddressEditing.liftDistance)
        XCTAssertLessThan(pose.barLiftY, 0, "lifts up")
        XCTAssertEqual(pose.sideBarsOffsetX, 30)
        XCTAssertEqual(pose.sideBarsAlpha, 0)
        XCTAssertEqual(pose.cancelAlpha, 1)
        XCTAssertEqual(pose.suggestionsAlpha, 1)
        XCTAssertEqual(pose.suggestionsOffsetY, 0)
    }

    func testTheLiftEasesOut() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        // Ease-out: more than half the way in the first half of the time.
        let halfway = editing.pose(now: 0.125)
        XCTAssertGreaterThan(halfway.progress, 0.5)
        XCTAssertLessThan(halfway.progress, 1)
    }

    func testEscapeMidAnimationReversesFromTheCurrentPoint() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        var t = 0.0
        for _ in 0..<6 { t += frame; editing.tick(now: t) }
        let before = editing.pose
        XCTAssertGreaterThan(before.progress, 0)
        XCTAssertLessThan(before.progress, 1)

        editing.cancel(now: t)
        XCTAssertFalse(editing.pose.isEditing)
        var previous = before.progress
        var firstStep: Double?
        var onlyShrinks = true
        let end = run(editing, from: t) { _, pose in
            if firstStep == nil { firstStep = previous - pose.progress }
            if pose.progress > previous + 1e-12 { onlyShrinks = false }
            previous = pose.progress
        }
        XCTAssertTrue(onlyShrinks, "no bounce back up")
        XCTAssertLessThan(firstStep ?? 1, 0.2, "the first frame after Escape is next to where it was")
        XCTAssertGreaterThan(firstStep ?? 0, 0)
        // Reversing keeps the pace: it takes as long to come back as it took to get there.
        XCTAssertEqual(end - t, t, accuracy: 2 * frame)
        assertAtRest(editing.pose)
    }

    func testFocusAgainWhileLeavingTurnsBackAgain() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        run(editing, from: 0)
        editing.cancel(now: 1)
        editing.tick(now: 1 + 3 * frame)
        let mid = editing.pose.progress
        XCTAssertLessThan(mid, 1)
        editing.begin(now: 1 + 3 * frame)
        let next = editing.pose(now: 1 + 4 * frame).progress
        XCTAssertGreaterThan(next, mid, "heads back toward editing")
        run(editing, from: 1 + 4 * frame)
        XCTAssertEqual(editing.pose.progress, 1)
        XCTAssertEqual(editing.pose.cancelAlpha, 1)
    }

    func testEnterEndsEditingLikeCancel() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        run(editing, from: 0)
        editing.commit(now: 1)
        XCTAssertFalse(editing.isEditing)
        run(editing, from: 1)
        assertAtRest(editing.pose)
    }

    func testFocusTwiceDoesNotRestart() {
        let editing = AddressEditing()
        editing.begin(now: 0)
        editing.tick(now: 0.1)
        let progress = editing.pose.progress
        editing.begin(now: 0.1)
        XCTAssertEqual(editing.pose(now: 0.1).progress, progress)
    }

    func testWithAnimationsOffEverythingJumps() {
        let editing = AddressEditing()
        editing.animationsEnabled = false
        editing.begin(now: 0)
        XCTAssertFalse(editing.isAnimating)
        XCTAssertEqual(editing.pose.progress, 1)
        XCTAssertEqual(editing.pose.cancelAlpha, 1)
        XCTAssertEqual(editing.pose.barLiftY, AddressEditing.liftDistance)
        editing.cancel(now: 0.01)
        XCTAssertFalse(editing.isAnimating)
        assertAtRest(editing.pose)
    }

    func testReenablingAnimationsAfterAJumpAnimatesTheWayBack() {
        let editing = AddressEditing()
        editing.animationsEnabled = false
        editing.begin(now: 0)
        editing.animationsEnabled = true
        editing.cancel(now: 1)
        XCTAssertTrue(editing.isAnimating)
        XCTAssertEqual(editing.pose.progress, 1, accuracy: 1e-9, "starts from the editing layout")
        run(editing, from: 1)
        assertAtRest(editing.pose)
    }
}
