import CGtk
import Foundation
import Gtk
import TestSupport
import XCTest

/// Signals are connected through trampolines written for one C signature each; these tests hold
/// every signal Skiff connects to what GLib says it sends, and show a wrong one is caught.
final class SignalSignatureTests: XCTestCase {
    func testAMismatchIsNamed() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let click = gtk_gesture_click_get_type()
            // The old bug: "cancel" through a no-argument trampoline.
            let wrong = SignalSignature().mismatch(on: click, signal: "cancel")
            XCTAssertEqual(wrong, "GtkGestureClick.cancel is (pointer) -> none, but its handler was written for () -> none")
            XCTAssertNil(SignalSignature([.pointer]).mismatch(on: click, signal: "cancel"))
            XCTAssertNil(SignalSignature().mismatch(on: click, signal: "stopped"))
            XCTAssertNil(SignalSignature([.int, .double, .double]).mismatch(on: click, signal: "pressed"))
            XCTAssertNotNil(SignalSignature([.double, .double]).mismatch(on: click, signal: "pressed"))
            XCTAssertEqual(SignalSignature().mismatch(on: click, signal: "no-such-signal"), "GtkGestureClick has no signal \"no-such-signal\"")
            XCTAssertNil(SignalSignature([.pointer]).mismatch(on: gtk_button_get_type(), signal: "notify::label"))
        }
    }

    func testAControllerNeverAddedIsFreedWithItsWrapper() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let finalized = Tally()
            do {
                let click = GestureClick()
                click.onFinalize { finalized.add() }
                click.onPressed { _, _, _ in }
            }
            XCTAssertEqual(finalized.count, 1, "one owner: the wrapper")

            let widgetGone = Tally()
            let controllerGone = Tally()
            do {
                let label = Label("owner")
                label.onFinalize { widgetGone.add() }
                do {
                    let keys = EventControllerKey()
                    keys.onFinalize { controllerGone.add() }
                    label.addController(keys)
                }
                XCTAssertEqual(controllerGone.count, 0, "once added, the widget keeps it")
            }
            XCTAssertEqual(widgetGone.count, 1)
            XCTAssertEqual(controllerGone.count, 1, "and it goes with the widget")
        }
    }
}
