import CGtk
import Foundation

/// The GLib main loop, and the bridge that lets Swift concurrency run inside it.
@MainActor
public enum MainLoop {
    private static var dispatchSourceID: UInt32 = 0

    /// Makes the GLib main loop drain the main dispatch queue, so `Task { @MainActor in … }`,
    /// `DispatchQueue.main.async` and `await` on the main actor make progress while GTK runs.
    /// Without this, main-actor async code silently never runs inside `g_application_run`.
    public static func installDispatchBridge() {
        guard dispatchSourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        dispatchSourceID = g_unix_fd_add(fd, G_IO_IN, dispatchTrampoline, nil)
    }

    /// Runs one iteration of the default context. `blocking` waits for an event.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, blocking ? 1 : 0) != 0
    }

    /// Spins the main loop until `condition` holds or `timeout` passes; returns whether it held.
    /// For tests and the benchmark, which need real events (page loads, frames) to happen.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        // A periodic wake-up so the deadline is honoured even when nothing else happens.
        let wake = g_timeout_add(20, { _ in 1 }, nil)
        defer { g_source_remove(wake) }
        while !condition() {
            if Date() >= deadline { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Everything the X server has sent so far handled: a round trip to the server (so input another
    /// client made before this call, a test's xdotool, is in GDK's queue), then the loop turned
    /// until nothing is pending. A wait on a condition — the input arrived — not on a time.
    public static func handlePendingInput() {
        if let display = gdk_display_get_default() { gdk_display_sync(display) }
        var turns = 0
        while g_main_context_pending(nil) != 0, turns < 1_000 {
            g_main_context_iteration(nil, 0)
            turns += 1
        }
    }

    /// Waits until `widget` has been painted `frames` more times (its frame clock's counter), so
    /// what a screenshot reads is on screen: a redraw is asked for first, so a still window paints too.
    @discardableResult
    public static func runUntilPainted(_ widget: Widget, frames: Int = 2, timeout: TimeInterval = 3) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return false }
        let start = gdk_frame_clock_get_frame_counter(clock)
        widget.queueDraw()
        return run(until: {
            if gdk_frame_clock_get_frame_counter(clock) < start + frames { widget.queueDraw(); return false }
            return true
        }, timeout: timeout)
    }

    /// Spins the loop for a fixed time (frames keep being drawn meanwhile).
    public static func run(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        run(until: { Date() >= deadline }, timeout: seconds + 1)
    }

    /// Calls `body` after `milliseconds`, once.
    public static func after(milliseconds: UInt32, _ body: @escaping VoidHandler) {
        let box = ClosureBox<VoidHandler>(body)
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, onceTrampoline, box.retainedPointer(), destroyNotify(for: VoidHandler.self))
    }

    /// Calls `body` on the loop each time the process receives `signal` (SIGTERM, SIGINT, SIGHUP):
    /// GLib turns the signal into an ordinary event, so `body` may save and quit as the menu does.
    public static func onUnixSignal(_ signal: Int32, _ body: @escaping VoidHandler) {
        let box = ClosureBox<VoidHandler>(body)
        g_unix_signal_add_full(G_PRIORITY_HIGH, signal, repeatingTrampoline, box.retainedPointer(), destroyNotify(for: VoidHandler.self))
    }

    /// Calls `body` once, before the loop dispatches any further input or drawing (a high-priority
    /// idle): for a change that must not be made from inside the GTK call that reported it, yet
    /// must be made before the next key is handled.
    public static func first(_ body: @escaping VoidHandler) {
        let box = ClosureBox<VoidHandler>(body)
        g_idle_add_full(G_PRIORITY_HIGH, onceTrampoline, box.retainedPointer(), destroyNotify(for: VoidHandler.self))
    }

    /// Calls `body` when the loop is idle, once.
    public static func idle(_ body: @escaping VoidHandler) {
        let box = ClosureBox<VoidHandler>(body)
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, onceTrampoline, box.retainedPointer(), destroyNotify(for: VoidHandler.self))
    }
}

private let dispatchTrampoline: GUnixFDSourceFunc = { fd, _, _ in
    // The eventfd is non-blocking; consume the wake-up before draining so we don't spin.
    var counter: UInt64 = 0
    _ = read(fd, &counter, MemoryLayout<UInt64>.size)
    _dispatch_main_queue_callback_4CF(nil)
    return 1
}

private let repeatingTrampoline: GSourceFunc = { data in
    guard let body = ClosureBox<VoidHandler>.from(data) else { return 0 }
    MainActor.assumeIsolated { body() }
    return 1
}

private let onceTrampoline: GSourceFunc = { data in
    guard let body = ClosureBox<VoidHandler>.from(data) else { return 0 }
    MainActor.assumeIsolated { body() }
    return 0
}
