import Foundation
import Gtk
import Motion
import TestSupport
import XCTest

final class MainLoopTests: XCTestCase {
    private final class Held {}

    func testMainActorTasksAndAsyncCodeRunInsideTheGLibLoop() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            var steps: [String] = []
            Task { @MainActor in
                steps.append("task")
                try? await Task.sleep(nanoseconds: 30_000_000)
                steps.append("after sleep")
            }
            DispatchQueue.main.async { steps.append("dispatch") }
            let done = MainLoop.run(until: { steps.count == 3 }, timeout: 5)
            XCTAssertTrue(done, "main-actor work stalled inside the GLib loop: \(steps)")
            XCTAssertEqual(Set(steps), ["task", "after sleep", "dispatch"])
            XCTAssertEqual(steps.last, "after sleep")
        }
    }

    func testTimeoutsAndIdleCallbacksRunOnceAndAreReleased() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            // Watched through weak references: a global closure count would also see other tests'
            // objects finalizing in the same loop.
            var fired: [String] = []
            var timeoutHeld: Held? = Held(), idleHeld: Held? = Held()
            weak let watchedTimeout = timeoutHeld, watchedIdle = idleHeld
            MainLoop.after(milliseconds: 10) { [timeoutHeld] in _ = timeoutHeld; fired.append("timeout") }
            MainLoop.idle { [idleHeld] in _ = idleHeld; fired.append("idle") }
            timeoutHeld = nil
            idleHeld = nil
            XCTAssertNotNil(watchedTimeout)
            XCTAssertNotNil(watchedIdle)
            MainLoop.run(for: 0.1)
            XCTAssertEqual(fired.sorted(), ["idle", "timeout"])
            XCTAssertNil(watchedTimeout, "a fired timeout lets go of its closure")
            XCTAssertNil(watchedIdle, "a run idle callback lets go of its closure")
        }
    }
}

final class FrameClockTests: XCTestCase {
    func testFrameTickerDrivesAMotionAnimatorToCompletion() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let window = Window()
            let canvas = Canvas(role: .img, label: "test canvas", draw: { _, _, _ in })
            canvas.setSizeRequest(width: 100, height: 100)
            window.setChild(canvas)
            window.present()
            defer { window.destroy() }
            var values: [Double] = []
            var completions: [AnimatingPosition] = []
            // Long enough that a loaded machine (a full CI run) still draws a frame inside it: the
            // test is about the ticker driving the animator, not about the frame rate.
            let animator = PropertyAnimator(duration: 1, curve: .linear) { values.append($0) }
            animator.addCompletion { completions.append($0) }
            let ticker = FrameTicker(widget: canvas)
            MainLoop.run(until: { canvas.isMapped }, timeout: 5)
            animator.startAnimation(now: FrameTicker.now(for: canvas))
            ticker.run(animator)
            MainLoop.run(until: { !completions.isEmpty }, timeout: 5)
            XCTAssertEqual(completions, [.end])
            XCTAssertGreaterThanOrEqual(values.count, 2, "the animation went by frames, not in one jump to its end")
            XCTAssertEqual(values.last ?? 0, 1, accuracy: 1e-9)
            XCTAssertEqual(values, values.sorted(), "frame times only move forward")
            XCTAssertFalse(ticker.isRunning, "the tick callback removes itself when the animation ends")
        }
    }

    func testSwiftWidgetMeasuresAndDrawsThroughItsClosures() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let window = Window()
            var drawnSize: (Double, Double)?
            let canvas = Canvas(role: .progressBar, label: "Loading",
                                measure: { o, _ in o == .horizontal ? (120, 160) : (7, 7) },
                                draw: { snapshot, w, h in
                                    drawnSize = (w, h)
                                    snapshot.fillRounded(Rect(x: 0, y: 0, width: w, height: h), radius: 3, color: Color(red: 1, green: 0, blue: 0))
                                })
            canvas.halign = .start
            canvas.valign = .start
            window.setChild(canvas)
            window.present()
            defer { window.destroy() }
            MainLoop.run(until: { drawnSize != nil }, timeout: 5)
            XCTAssertEqual(drawnSize?.0, 160, "natural width from the Swift measure")
            XCTAssertEqual(drawnSize?.1, 7)
            XCTAssertEqual(canvas.accessibleRole, .progressBar)
            XCTAssertEqual(canvas.typeName, "SkiffCanvas")
        }
    }

    func testAnimationsSettingIsReadFromGtk() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            GtkRuntime.setAnimationsEnabled(false)
            XCTAssertFalse(Widget.animationsEnabled)
            GtkRuntime.setAnimationsEnabled(true)
            XCTAssertTrue(Widget.animationsEnabled)
        }
    }

    func testTheAppStyleSheetParsesCleanly() throws {
        try requireDisplay()
        let css = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/style.css").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: css))
        let problems = MainActor.assumeIsolated { GtkRuntime.loadCSS(path: css) }
        XCTAssertEqual(problems, [])
    }
}
