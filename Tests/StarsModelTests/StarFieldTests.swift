import Motion
import StarsModel
import TestClock
import XCTest

/// The field's gestures, snaps, jumps and line timing, frame by frame on a fake 60 Hz clock.
final class StarFieldTests: XCTestCase {
    let geometry = FieldGeometry(width: 1280, height: 800)

    /// Drags by `pixels` (positive moves the sky right, towards the earlier signs) over `seconds`,
    /// then holds still for `hold` seconds before releasing, one event per frame.
    func drag(_ field: inout StarField, _ clock: inout FrameClock, by pixels: Double, over seconds: Double, hold: Double = 0.25) {
        field.dragBegan(now: clock.now)
        let frames = max(1, Int(seconds * 60))
        for i in 1...frames {
            clock.advance()
            field.dragMoved(translation: pixels * Double(i) / Double(frames), now: clock.now)
            field.tick(now: clock.now)
        }
        for _ in 0..<Int(hold * 60) { clock.advance(); field.tick(now: clock.now) }
        field.dragEnded(translation: pixels, now: clock.now)
    }

    func run(_ field: inout StarField, _ clock: inout FrameClock, seconds: Double, each: (StarField, Double, Double) -> Void = { _, _, _ in }) {
        let start = clock.now
        for _ in 0..<Int((seconds * 60).rounded()) {
            clock.advance()
            field.tick(now: clock.now)
            each(field, clock.now - start, clock.now)
        }
    }

    func testStartsOnPiscesWithItsLinesDrawn() {
        let field = StarField(geometry: geometry)
        XCTAssertEqual(field.position, 0)
        XCTAssertEqual(field.valueText, "Pisces, 0°")
        XCTAssertEqual(field.lineStroke(at: 0)?.sign, 0)
        XCTAssertEqual(field.lineStroke(at: 0)?.progress, 1)
        XCTAssertFalse(field.needsFrames)
    }

    func testLinesRetractTheMomentADragBegins() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.dragBegan(now: clock.now)
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1, "retracting starts from fully drawn")
        var last = 1.0
        run(&field, &clock, seconds: 0.3) { f, _, now in
            let p = f.lineStroke(at: now)?.progress ?? 0
            XCTAssertLessThanOrEqual(p, last, "the stroke only shrinks")
            last = p
        }
        XCTAssertNil(field.lineStroke(at: clock.now), "gone after 0.25 s")
    }

    func testAShortSlowDragSnapsBackAndDrawsTheLinesAQuarterSecondLater() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: -0.4 * 1280, over: 0.5)
        XCTAssertEqual(field.position, 0.04, accuracy: 1e-9, "0.4 w is 0.04 of a gap")
        guard case let .animating(a) = field.motion else { return XCTFail("a snap, not \(field.motion)") }
        XCTAssertEqual(a.kind, .snap)
        XCTAssertEqual(a.to, 0)
        var previous = field.position
        run(&field, &clock, seconds: 0.6) { f, t, now in
            XCTAssertLessThanOrEqual(f.position, previous + 1e-12, "moves back steadily")
            previous = f.position
            let progress = f.lineStroke(at: now)?.progress ?? 0
            if t < 0.25 - 1e-9 { XCTAssertEqual(progress, 0, "no lines before 0.25 s (t = \(t))") }
            if t >= 0.5 - 1e-9 { XCTAssertEqual(progress, 1, "fully drawn by 0.5 s (t = \(t))") }
            if t > 0.3 + 1e-9 { XCTAssertEqual(f.position, 0, "the snap takes 0.3 s") }
        }
        XCTAssertEqual(field.valueText, "Pisces, 0°")
        XCTAssertFalse(field.needsFrames)
    }

    func testLineStrokeGrowsOverAQuarterSecondFrameByFrame() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: 100, over: 0.2)
        var samples: [Double] = []
        run(&field, &clock, seconds: 0.6) { f, _, now in samples.append(f.lineStroke(at: now)?.progress ?? 0) }
        // Frames 15…30 after the release are the draw-in (0.25 s … 0.5 s).
        let drawing = Array(samples[14...30])
        XCTAssertEqual(drawing.first ?? -1, 0, accuracy: 0.02)
        XCTAssertEqual(drawing.last ?? -1, 1, accuracy: 1e-9)
        XCTAssertEqual(zip(drawing, drawing.dropFirst()).filter { $1 < $0 }.count, 0, "never shrinks")
        XCTAssertEqual(samples[22], 0.5, accuracy: 0.1, "about half way at 0.375 s")
    }

    func testADragPastHalfAWidthDoesNotSnapBetweenSigns() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: -0.6 * 1280, over: 0.6)
        run(&field, &clock, seconds: 1)
        XCTAssertEqual(field.position, 0.06, accuracy: 1e-9, "stays where it was let go")
        XCTAssertEqual(field.motion, .idle)
        XCTAssertNil(field.lineStroke(at: clock.now), "no lines between signs")
        XCTAssertEqual(field.valueText, "Between Pisces and Aries, 1°")
    }

    func testDraggingMostOfTheGapSnapsToTheNextSign() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        for _ in 0..<9 { drag(&field, &clock, by: -1280, over: 0.3) }
        drag(&field, &clock, by: -0.6 * 1280, over: 0.3)
        XCTAssertEqual(field.position, 0.96, accuracy: 1e-9)
        run(&field, &clock, seconds: 0.6)
        XCTAssertEqual(field.position, 1)
        XCTAssertEqual(field.valueText, "Aries, 30°")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.sign, 1)
    }

    func testAFlingCoastsDeceleratingThenSnapsIfItEndsNearASign() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        // 0.15 w in 0.1 s and released while moving: 1,920 px/s.
        drag(&field, &clock, by: -0.15 * 1280, over: 0.1, hold: 0)
        guard case let .coasting(_, velocity, _) = field.motion else { return XCTFail("coasting, not \(field.motion)") }
        XCTAssertEqual(velocity * geometry.gap, 1920, accuracy: 40)
        var speeds: [Double] = [], last = field.position
        run(&field, &clock, seconds: 4) { f, _, now in speeds.append(f.position - last); last = f.position }
        let coasting = speeds.prefix(while: { $0 > 0 })
        XCTAssertGreaterThan(coasting.count, 30)
        XCTAssertEqual(zip(coasting, coasting.dropFirst()).filter { $1 > $0 + 1e-12 }.count, 0, "only slows down")
        // 1,920 px/s decaying by 0.998 a millisecond coasts 1.92 / 0.002 ≈ 959 px, less the last 7.5 px
        // below the resting speed: it rests 0.9 w from Pisces, so nothing snaps.
        XCTAssertEqual(field.position * geometry.gap, 0.15 * 1280 + 951, accuracy: 15)
        XCTAssertEqual(field.motion, .idle)
    }

    func testAGentleFlingThatStopsNearTheSignSnapsToIt() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: 60, over: 0.1, hold: 0) // 600 px/s towards Aquarius
        XCTAssertNotEqual(field.motion, .idle)
        run(&field, &clock, seconds: 5)
        XCTAssertEqual(SignSpace.wrap(field.position), 0, "came back to Pisces")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1)
    }

    func testTheMenuJumpTakesThreeSecondsEasingOutThenDrawsTheLines() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.jump(to: 5, now: clock.now)
        var at: [Double: Double] = [:]
        run(&field, &clock, seconds: 3.6) { f, t, now in at[(t * 60).rounded() / 60] = f.position }
        XCTAssertGreaterThan(at[1.5] ?? 0, 2.5 * 1.2, "ease-out: well past half way at half time")
        XCTAssertLessThan(at[2.5] ?? 5, 5)
        XCTAssertEqual(at[3.0] ?? 0, 5, accuracy: 1e-9)
        XCTAssertEqual(field.valueText, "Leo, 150°")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.sign, 5)
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1)
    }

    func testJumpsTakeTheShortWayRound() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.jump(to: 11, now: clock.now)
        guard case let .animating(a) = field.motion else { return XCTFail() }
        XCTAssertEqual(a.to, -1, "Pisces → Aquarius is one sign back, not eleven forward")
        run(&field, &clock, seconds: 3.1)
        XCTAssertEqual(field.valueText, "Aquarius, 330°")
    }

    func testRightTwelveTimesComesBackToTheStart() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.step(1, now: clock.now)
        run(&field, &clock, seconds: 1.1)
        XCTAssertEqual(field.valueText, "Aries, 30°", "one step is one sign")
        for _ in 0..<11 {
            field.step(1, now: clock.now)
            run(&field, &clock, seconds: 0.1)
        }
        run(&field, &clock, seconds: 1.2)
        XCTAssertEqual(field.nearestSign, 0)
        XCTAssertTrue(field.isOnSign)
        XCTAssertEqual(field.valueText, "Pisces, 0°")
    }

    func testLeftFromBetweenSignsGoesToTheSignBehind() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: -3 * 1280, over: 0.5) // position 0.3
        field.step(-1, now: clock.now)
        run(&field, &clock, seconds: 1.1)
        XCTAssertEqual(field.valueText, "Pisces, 0°")
    }

    func testWithAnimationsOffEverythingIsInstant() {
        var clock = FrameClock(), field = StarField(geometry: geometry, animationsEnabled: false)
        drag(&field, &clock, by: -0.4 * 1280, over: 0.2, hold: 0)
        XCTAssertEqual(field.position, 0, "snapped at once, even released moving")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1, "lines at once")
        field.jump(to: 7, now: clock.now)
        XCTAssertEqual(field.valueText, "Libra, 210°")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1)
        XCTAssertFalse(field.needsFrames)
    }

    func testResizeKeepsTheSignCentred() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.jump(to: 3, now: clock.now)
        run(&field, &clock, seconds: 3.1)
        let narrow = FieldGeometry(width: 600, height: 800)
        field.resize(narrow)
        XCTAssertEqual(field.geometry.signCentreX(3, layer: .figureStars, at: field.position), 300)
        XCTAssertEqual(field.valueText, "Gemini, 90°")
    }

    func testWheelNotchesMoveAQuarterWidthAndSnapWhenTheyStop() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.scrolled(dx: 1, discrete: true, now: clock.now)
        XCTAssertEqual(field.position * geometry.gap, 320, accuracy: 1e-9)
        XCTAssertNil(field.lineStroke(at: clock.now + 0.3))
        run(&field, &clock, seconds: 0.1)
        field.scrolled(dx: 1, discrete: true, now: clock.now) // 0.5 w: still within reach
        run(&field, &clock, seconds: 1)
        XCTAssertEqual(field.position, 0)
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1)
    }

    func testTouchpadScrollCoastsAfterScrollEnd() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        for _ in 0..<10 { clock.advance(); field.scrolled(dx: 40, discrete: false, now: clock.now) } // 2,400 px/s
        field.scrollEnded(now: clock.now)
        guard case .coasting = field.motion else { return XCTFail("coasting, not \(field.motion)") }
        let released = field.position
        run(&field, &clock, seconds: 0.5)
        XCTAssertGreaterThan(field.position, released)
    }

    func testAClickLeavesTheLinesAloneAndMovesNothing() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.pointerPressed(now: clock.now)
        clock.advance()
        field.pointerMoved(translation: 5, now: clock.now) // under the 8 px threshold
        clock.advance()
        field.pointerReleased(translation: 5, now: clock.now)
        run(&field, &clock, seconds: 0.5)
        XCTAssertEqual(field.position, 0)
        XCTAssertEqual(field.lines, .shown(sign: 0), "a click does not retract the lines")
    }

    func testAPressBecomesADragPastEightPixelsWithoutAJump() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        field.pointerPressed(now: clock.now)
        clock.advance()
        field.pointerMoved(translation: -10, now: clock.now)
        XCTAssertEqual(field.position * geometry.gap, 2, accuracy: 1e-9, "10 px past the press is 2 px past the threshold")
        clock.advance()
        field.pointerMoved(translation: -110, now: clock.now)
        XCTAssertEqual(field.position * geometry.gap, 102, accuracy: 1e-9)
        run(&field, &clock, seconds: 0.3)
        XCTAssertNil(field.lineStroke(at: clock.now), "the lines retracted when the drag began")
    }

    func testAPressStopsACoastAndTheReleaseSettlesOnTheSign() {
        var clock = FrameClock(), field = StarField(geometry: geometry)
        drag(&field, &clock, by: -0.1 * 1280, over: 0.1, hold: 0)
        run(&field, &clock, seconds: 0.2)
        guard case .coasting = field.motion else { return XCTFail("coasting, not \(field.motion)") }
        field.pointerPressed(now: clock.now)
        let stoppedAt = field.position
        run(&field, &clock, seconds: 0.2)
        XCTAssertEqual(field.position, stoppedAt, "held still under the finger")
        field.pointerReleased(translation: 0, now: clock.now)
        run(&field, &clock, seconds: 0.6)
        XCTAssertEqual(field.position, 0, "within half a width: snapped back")
        XCTAssertEqual(field.lineStroke(at: clock.now)?.progress, 1)
    }
}

