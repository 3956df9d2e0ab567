import Foundation
import Gtk
import Synchronization
import TestSupport
import XCTest

final class Tally: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

final class OwnershipTests: XCTestCase {
    func testTenThousandWidgetsWithClosuresReleaseEverything() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            // This test's own boxes and wrappers, watched one by one: the global counts move when
            // another test's objects finalize while the loop runs below.
            let watch = LiveCounts.Watch.start()
            defer { watch.stop() }
            let finalized = Tally()
            var clicks = 0
            let count = 10_000
            do {
                let window = Window()
                let column = Box(.vertical)
                window.setChild(column)
                var buttons: [Button] = []
                buttons.reserveCapacity(count)
                for i in 0..<count {
                    let button = Button(label: "Button \(i)")
                    button.onClicked { clicks += 1 }
                    button.onNotify("label") { clicks += 1000 }
                    button.onFinalize { finalized.add() }
                    column.append(button)
                    buttons.append(button)
                }
                XCTAssertEqual(watch.liveClosureBoxes, 2 * count, "two boxes per widget while alive")
                buttons[0].emit("clicked")
                buttons[count - 1].emit("clicked")
                buttons[42].label = "renamed"
                XCTAssertEqual(clicks, 1002, "the connected closures really run")
                window.destroy()
            }
            watch.stop()
            MainLoop.run(until: { finalized.count == count && watch.liveClosureBoxes == 0 && watch.liveWrappers == 0 }, timeout: 30)
            XCTAssertEqual(finalized.count, count, "every widget was finalized")
            XCTAssertEqual(watch.liveClosureBoxes, 0, "every closure box was released by its destroy notify")
            XCTAssertEqual(watch.liveWrappers, 0, "every Swift wrapper released its reference")
        }
    }

    func testDisconnectReleasesTheClosureAndStopsCalls() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let before = LiveCounts.closureBoxes.current
            let button = Button(label: "x")
            var calls = 0
            let id = button.onClicked { calls += 1 }
            button.emit("clicked")
            XCTAssertEqual(calls, 1)
            XCTAssertEqual(LiveCounts.closureBoxes.current, before + 1)
            button.disconnect(id)
            XCTAssertEqual(LiveCounts.closureBoxes.current, before, "disconnect releases the box at once")
            button.emit("clicked")
            XCTAssertEqual(calls, 1, "a disconnected closure is never called")
        }
    }

    func testAFloatingWidgetIsOwnedByItsWrapperAlone() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let finalized = Tally()
            do {
                let label = Label("floating")
                label.onFinalize { finalized.add() }
                XCTAssertEqual(label.text, "floating")
            }
            XCTAssertEqual(finalized.count, 1, "dropping the only wrapper frees a never-parented widget")
        }
    }

    func testCheckedCasts() throws {
        try requireDisplay()
        MainActor.assumeIsolated {
            let button = Button(label: "b")
            let asWidget: Widget? = button.cast(to: Widget.self)
            XCTAssertNotNil(asWidget)
            XCTAssertNil(button.cast(to: Entry.self), "a button is not an entry")
            XCTAssertNil(Object.wrap(button.raw, as: Window.self))
            XCTAssertEqual(button.typeName, "GtkButton")
            XCTAssertTrue(button.isA(Widget.self))
            XCTAssertFalse(button.isA(Label.self))
            button.halign = .center
            XCTAssertEqual(button.halign, .center, "properties read back what GTK holds")
            let shortcuts = ShortcutController()
            shortcuts.phase = .capture
            XCTAssertEqual(shortcuts.phase, .capture)
        }
    }
}
