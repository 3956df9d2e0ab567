import XCTest
import Motion
@testable import BrowserModel

final class ToolbarCollapseTests: XCTestCase {
    private let frame = 1.0 / 60
    private let travel = ToolbarCollapse.travelForFullPhase
    private let expanded = ToolbarGeometry.expanded
    private let collapsed = ToolbarGeometry.collapsed

    /// Steps a fake 60-Hz clock until nothing animates; returns the time it stopped.
    @discardableResult
    private func run(_ toolbar: ToolbarCollapse, from start: Double, limit: Double = 2,
                     sample: ((Double, ToolbarPose) -> Void)? = nil) -> Double {
        var t = start
        while toolbar.isAnimating && t - start < limit {
            t += frame
            let pose = toolbar.pose(now: t)
            sample?(t, pose)
        }
        return t
    }

    private func assertPose(_ pose: ToolbarPose, equals geometry: ToolbarGeometry,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(pose.barsOffsetY, geometry.barsOffsetY, accuracy: 1e-9, "bars", file: file, line: line)
        XCTAssertEqual(pose.toolbarOffsetY, geometry.toolbarOffsetY, accuracy: 1e-9, "toolbar", file: file, line: line)
        XCTAssertEqual(pose.barChromeAlpha, geometry.barChromeAlpha, accuracy: 1e-9, "alpha", file: file, line: line)
        XCTAssertEqual(pose.currentBarScale.x, geometry.currentBarScale.x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.currentBarScale.y, geometry.currentBarScale.y, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.domainScale, geometry.domainScale, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(pose.sideBarScale.y, geometry.sideBarScale.y, accuracy: 1e-9, file: file, line: line)
    }

    /// A toolbar collapsed by a completed pan.
    private func collapsedToolbar() -> (ToolbarCollapse, Double) {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: travel, now: 0)
        toolbar.panEnded(now: 0)
        return (toolbar, run(toolbar, from: 0))
    }

    // MARK: Thresholds

    func testSeventeenPixelsScrubsWithoutCommitting() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 17, now: 0.1)
        let fraction = 17 / travel
        XCTAssertLessThan(fraction, ToolbarCollapse.commitFraction)
        let pose = toolbar.pose
        XCTAssertEqual(pose.barsOffsetY, lerp(-38, -8, fraction), accuracy: 1e-9)
        XCTAssertEqual(pose.toolbarOffsetY, lerp(0, 30, fraction), accuracy: 1e-9)
        XCTAssertEqual(pose.barChromeAlpha, 1 - fraction, accuracy: 1e-9)
        XCTAssertEqual(pose.domainAlpha, 1, "the compact domain never fades")
        XCTAssertFalse(toolbar.isCollapsed)
        XCTAssertEqual(pose.state, .collapsing)
        XCTAssertFalse(pose.isAnimating, "a scrub moves only with the pan, it needs no frames")
        // Time passing does not move a scrub.
        XCTAssertEqual(toolbar.pose(now: 1).barsOffsetY, pose.barsOffsetY)
    }

    func testEighteenPixelsCommitsAndFinishesOnItsOwn() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 17, now: 0)
        toolbar.panChanged(translation: 18, now: 0)
        XCTAssertTrue(toolbar.isCollapsed, "the state flips at 0.6")
        XCTAssertTrue(toolbar.isAnimating)
        XCTAssertEqual(toolbar.pose.barsOffsetY, lerp(-38, -8, 17 / travel), accuracy: 1e-9,
                       "the commit carries on from what is on screen")

        var minDomainAlpha = 1.0
        var phase2Start: Double?
        let end = run(toolbar, from: 0) { t, pose in
            minDomainAlpha = min(minDomainAlpha, pose.domainAlpha)
            if phase2Start == nil, pose.currentBarScale.x > 1 { phase2Start = t }
        }
        // The rest of phase 1 at its own pace (0.1 s for all of it), then 0.2 s of phase 2.
        let rest = (1 - 17 / travel) * 0.1
        XCTAssertEqual(phase2Start ?? -1, rest, accuracy: 2 * frame)
        XCTAssertEqual(end, rest + 0.2, accuracy: 2 * frame)
        let pose = toolbar.pose
        assertPose(pose, equals: collapsed)
        XCTAssertEqual(pose.barsOffsetY, 20)
        XCTAssertEqual(pose.toolbarOffsetY, 80)
        XCTAssertEqual(pose.currentBarScale, BarScale(x: 1.2, y: 0.8))
        XCTAssertEqual(pose.domainScale, 0.7)
        XCTAssertEqual(pose.sideBarScale, BarScale(x: 1, y: 0.8))
        XCTAssertEqual(pose.barChromeAlpha, 0)
        XCTAssertEqual(minDomainAlpha, 1, "the domain stays readable through the whole collapse")
        XCTAssertEqual(pose.state, .collapsed)
        XCTAssertFalse(pose.isAnimating)
    }

    func testReleaseAtHalfRunsBackToExactlyTheStartWithoutChangingState() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 0.5 * travel, now: 0)
        toolbar.panEnded(now: 1)
        XCTAssertEqual(toolbar.pose.state, .reverting)
        XCTAssertFalse(toolbar.isCollapsed)
        var lastAlpha = toolbar.pose.barChromeAlpha
        var alphaOnlyRises = true
        let end = run(toolbar, from: 1) { _, pose in
            if pose.barChromeAlpha < lastAlpha - 1e-12 { alphaOnlyRises = false }
            lastAlpha = pose.barChromeAlpha
        }
        XCTAssertTrue(alphaOnlyRises)
        XCTAssertEqual(end - 1, 0.1, accuracy: frame + 1e-9, "the reversal takes 0.1 s")
        XCTAssertEqual(toolbar.pose.state, .expanded)
        XCTAssertFalse(toolbar.isCollapsed)
        assertPose(toolbar.pose, equals: expanded)
    }

    // MARK: Direction

    func testUpwardPanWhileExpandedDoesNothing() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: -3 * travel, now: 0.1)
        XCTAssertEqual(toolbar.pose.state, .expanded)
        XCTAssertFalse(toolbar.isAnimating)
        assertPose(toolbar.pose, equals: expanded)
        toolbar.panEnded(now: 0.2)
        XCTAssertEqual(toolbar.pose.state, .expanded)
    }

    func testDownwardPanWhileCollapsedDoesNothing() {
        let (toolbar, t) = collapsedToolbar()
        toolbar.panBegan(now: t)
        toolbar.panChanged(translation: 3 * travel, now: t + 0.1)
        toolbar.panEnded(now: t + 0.2)
        XCTAssertEqual(toolbar.pose.state, .collapsed)
        XCTAssertTrue(toolbar.isCollapsed)
        assertPose(toolbar.pose, equals: collapsed)
    }

    func testExpandMirrorsCollapseAndEndsWhereTheToolbarStarted() {
        let (toolbar, t) = collapsedToolbar()
        toolbar.panBegan(now: t)
        toolbar.panChanged(translation: -0.3 * travel, now: t)
        let pose = toolbar.pose
        XCTAssertEqual(pose.state, .expanding)
        XCTAssertEqual(pose.barsOffsetY, lerp(20, -22, 0.3), accuracy: 1e-9)
        XCTAssertEqual(pose.toolbarOffsetY, lerp(80, 40, 0.3), accuracy: 1e-9)
        XCTAssertEqual(pose.barChromeAlpha, 0, "phase 1 of the expansion only moves")
        XCTAssertEqual(pose.currentBarScale, BarScale(x: 1.2, y: 0.8))

        toolbar.panChanged(translation: -0.6 * travel, now: t)
        XCTAssertFalse(toolbar.isCollapsed)
        var phase2Start: Double?
        let end = run(toolbar, from: t) { time, pose in
            if phase2Start == nil, pose.barChromeAlpha > 0 { phase2Start = time }
        }
        let rest = (1 - 0.3) * 0.1
        XCTAssertEqual((phase2Start ?? -1) - t, rest, accuracy: 2 * frame)
        XCTAssertEqual(end - t, rest + 0.2, accuracy: 2 * frame)
        assertPose(toolbar.pose, equals: expanded)
        XCTAssertEqual(toolbar.pose.state, .expanded)
    }

    func testTravelBackPastTheOriginScrubsToExactlyTheStart() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 15, now: 0)
        toolbar.panChanged(translation: 6, now: 0.05)
        XCTAssertEqual(toolbar.pose.barChromeAlpha, 1 - 6 / travel, accuracy: 1e-9, "scrubs back with the pan")
        toolbar.panChanged(translation: -5, now: 0.1)
        assertPose(toolbar.pose, equals: expanded)
        toolbar.panChanged(translation: 9, now: 0.15)
        XCTAssertEqual(toolbar.pose.barChromeAlpha, 1 - 9 / travel, accuracy: 1e-9, "and forward again")
        toolbar.panChanged(translation: 0, now: 0.2)
        toolbar.panEnded(now: 0.2)
        XCTAssertFalse(toolbar.isAnimating, "nothing to run back")
        XCTAssertEqual(toolbar.pose.state, .expanded)
        assertPose(toolbar.pose, equals: expanded)
    }

    func testAReleasedScrubRunsBackFromTheCurrentPoint() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 15, now: 0)
        let before = toolbar.pose.barsOffsetY
        toolbar.panEnded(now: 0)
        let first = toolbar.pose(now: frame).barsOffsetY
        XCTAssertLessThan(first, before, "heads back toward −38")
        XCTAssertEqual(first, before, accuracy: abs(-8 - -38) * frame / 0.1 + 1e-9, "from the current point")
    }

    // MARK: Other triggers

    func testClickOnTheCompactBarExpands() {
        let (toolbar, t) = collapsedToolbar()
        toolbar.expand(now: t)
        XCTAssertFalse(toolbar.isCollapsed)
        XCTAssertEqual(toolbar.pose.state, .expanding)
        var alphaDuringPhase1 = 0.0
        var previousBars = toolbar.pose.barsOffsetY
        var barsOnlyRise = true
        let end = run(toolbar, from: t) { time, pose in
            if time - t < 0.1 - 1e-9 { alphaDuringPhase1 = max(alphaDuringPhase1, pose.barChromeAlpha) }
            if pose.barsOffsetY > previousBars + 1e-12 { barsOnlyRise = false }
            previousBars = pose.barsOffsetY
        }
        XCTAssertEqual(alphaDuringPhase1, 0, "chrome comes back only in phase 2")
        XCTAssertTrue(barsOnlyRise, "the bars travel straight up from +20 to −38")
        XCTAssertEqual(end - t, 0.1 + 0.2, accuracy: 2 * frame)
        assertPose(toolbar.pose, equals: expanded)
    }

    func testReachingTheTopOfThePageExpands() {
        let (toolbar, t) = collapsedToolbar()
        toolbar.pageScrolledToTop(now: t)
        run(toolbar, from: t)
        XCTAssertEqual(toolbar.pose.state, .expanded)
        assertPose(toolbar.pose, equals: expanded)
    }

    func testExpandWhileExpandedIsANoOp() {
        let toolbar = ToolbarCollapse()
        toolbar.expand(now: 0)
        XCTAssertFalse(toolbar.isAnimating)
        XCTAssertEqual(toolbar.pose.state, .expanded)
    }

    func testExpandDuringAFinishingCollapseTurnsBackWithoutAJump() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: travel, now: 0)
        var t = 0.0
        for _ in 0..<6 { t += frame; toolbar.tick(now: t) }
        XCTAssertEqual(toolbar.pose.state, .collapsing)
        let before = toolbar.pose
        toolbar.expand(now: t)
        XCTAssertFalse(toolbar.isCollapsed)
        let after = toolbar.pose(now: t + frame)
        XCTAssertEqual(after.barsOffsetY, before.barsOffsetY, accuracy: 3, "continues from where it was")
        run(toolbar, from: t + frame)
        assertPose(toolbar.pose, equals: expanded)
        XCTAssertEqual(toolbar.pose.state, .expanded)
    }

    func testExpandDuringACollapseScrubRevertsIt() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 10, now: 0)
        toolbar.pageScrolledToTop(now: 0.05)
        XCTAssertEqual(toolbar.pose.state, .reverting)
        toolbar.panChanged(translation: 16, now: 0.06)
        XCTAssertEqual(toolbar.pose.state, .reverting, "the pan does not fight the reversal")
        run(toolbar, from: 0.06)
        XCTAssertEqual(toolbar.pose.state, .expanded)
        assertPose(toolbar.pose, equals: expanded)
    }

    // MARK: A pan during a commit

    func testPanInputDuringACommitIsIgnoredThenCountsFromWhereItWas() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 40, now: 0)
        XCTAssertTrue(toolbar.isCollapsed)
        // The finger comes back up while the collapse is still finishing: ignored.
        toolbar.panChanged(translation: 5, now: 0.05)
        XCTAssertTrue(toolbar.isCollapsed)
        XCTAssertEqual(toolbar.pose.state, .collapsing)
        let settled = run(toolbar, from: 0.05)
        XCTAssertEqual(toolbar.pose.state, .collapsed)
        // The same pan goes on; its travel counts from 5, where it was when the collapse settled.
        toolbar.panChanged(translation: 5 - 15, now: settled)
        XCTAssertEqual(toolbar.pose.state, .expanding)
        XCTAssertTrue(toolbar.isCollapsed, "half way is still a scrub")
        XCTAssertEqual(toolbar.pose.barsOffsetY, lerp(20, -22, 0.5), accuracy: 1e-9)
        toolbar.panChanged(translation: 5 - 18, now: settled)
        XCTAssertFalse(toolbar.isCollapsed)
    }

    // MARK: Input from the wheel

    func testOneWheelNotchCollapsesAndTheRestOfTheRunDoesNothingMore() {
        var pan = ScrollPan()
        let toolbar = ToolbarCollapse()
        for event in pan.scrolled(dy: 1, now: 0, isDiscreteWheel: true) { toolbar.handle(event, now: 0) }
        XCTAssertTrue(toolbar.isCollapsed, "40 px of page travel is past the 18-px commit point")
        for event in pan.scrolled(dy: 1, now: 0.05, isDiscreteWheel: true) { toolbar.handle(event, now: 0.05) }
        let settled = run(toolbar, from: 0.05)
        for event in pan.tick(now: settled) { toolbar.handle(event, now: settled) }
        XCTAssertEqual(toolbar.pose.state, .collapsed)
        XCTAssertFalse(toolbar.isAnimating)
        // A notch up, after the run ended, brings it back.
        let later = settled + 1
        for event in pan.scrolled(dy: -1, now: later, isDiscreteWheel: true) { toolbar.handle(event, now: later) }
        XCTAssertFalse(toolbar.isCollapsed)
    }

    // MARK: Animations off

    func testWithAnimationsOffTheStateFlipsWithNoMotion() {
        let toolbar = ToolbarCollapse()
        toolbar.animationsEnabled = false
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 17, now: 0)
        assertPose(toolbar.pose, equals: expanded)
        XCTAssertEqual(toolbar.pose.state, .expanded)
        toolbar.panChanged(translation: 18, now: 0)
        XCTAssertTrue(toolbar.isCollapsed)
        XCTAssertFalse(toolbar.isAnimating)
        XCTAssertEqual(toolbar.pose.state, .collapsed)
        assertPose(toolbar.pose, equals: collapsed)
        toolbar.panEnded(now: 0.1)
        toolbar.expand(now: 0.2)
        XCTAssertFalse(toolbar.isAnimating)
        assertPose(toolbar.pose, equals: expanded)
        XCTAssertEqual(toolbar.pose.state, .expanded)
    }

    func testTurningAnimationsOffMidCollapseSnapsToCollapsed() {
        let toolbar = ToolbarCollapse()
        toolbar.panBegan(now: 0)
        toolbar.panChanged(translation: 20, now: 0)
        toolbar.tick(now: frame)
        toolbar.animationsEnabled = false
        XCTAssertFalse(toolbar.isAnimating)
        assertPose(toolbar.pose, equals: collapsed)
    }
}
