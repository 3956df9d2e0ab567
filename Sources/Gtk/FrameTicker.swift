import CGtk
import Foundation
import Motion

public typealias TickHandler = @MainActor (TimeInterval) -> Bool

/// The one adapter between Motion and GTK's frame clock: calls `step` once per frame with the
/// frame time in seconds (monotonic, the clock's own, so every widget animating in a frame sees
/// the same time). `step` returns false when its animation is done; the callback is then removed.
@MainActor
public final class FrameTicker {
    private weak var widget: Widget?
    private var callbackID: UInt32 = 0
    public private(set) var isRunning = false

    public init(widget: Widget) { self.widget = widget }

    /// Starts ticking (restarting if already running). The first step comes on the next frame.
    public func start(_ step: @escaping TickHandler) {
        stop()
        guard let widget else { return }
        isRunning = true
        let box = ClosureBox<TickHandler> { [weak self] time in
            let goOn = step(time)
            if !goOn { self?.finished() }
            return goOn
        }
        callbackID = gtk_widget_add_tick_callback(widget.widget, tickTrampoline, box.retainedPointer(), destroyNotify(for: TickHandler.self))
    }

    public func stop() {
        if callbackID != 0, let widget { gtk_widget_remove_tick_callback(widget.widget, callbackID) }
        callbackID = 0
        isRunning = false
    }

    private func finished() {
        callbackID = 0
        isRunning = false
    }

    /// Runs `body` once `widget`'s next frame has been painted — a window's first, when it is about to
    /// be shown: for work the first frame does not need (docs/performance.md "Start-up"). The tick
    /// comes before that frame's paint; the idle it schedules runs after it.
    public static func afterNextFrame(of widget: Widget, _ body: @escaping VoidHandler) {
        let ticker = FrameTicker(widget: widget)
        // The ticker is kept by its own step until that frame.
        var keep: FrameTicker? = ticker
        ticker.start { _ in
            keep = nil
            MainLoop.idle(body)
            return false
        }
        _ = keep
    }

    /// Drives a Motion property animator until it completes. Time is the frame clock's.
    public func run(_ animator: PropertyAnimator) {
        start { now in
            animator.tick(now: now)
            return animator.isRunning
        }
    }

    /// How long before the current frame the previous one began (seconds), or nil if `widget` has
    /// no clock or the clock no longer remembers it. Tells a frame that follows another at the
    /// display's rate (an animation, the cursor blinking) from the first after a pause.
    public static func sincePreviousFrame(for widget: Widget) -> TimeInterval? {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return nil }
        let counter = gdk_frame_clock_get_frame_counter(clock)
        guard counter > 0, let previous = gdk_frame_clock_get_timings(clock, counter - 1) else { return nil }
        return TimeInterval(gdk_frame_clock_get_frame_time(clock) - gdk_frame_timings_get_frame_time(previous)) / 1_000_000
    }

    /// The current frame time of `widget`'s clock, or monotonic time if it is not realized yet.
    public static func now(for widget: Widget) -> TimeInterval {
        if let clock = gtk_widget_get_frame_clock(widget.widget) {
            return TimeInterval(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
        }
        return TimeInterval(g_get_monotonic_time()) / 1_000_000
    }
}

private let tickTrampoline: GtkTickCallback = { _, clock, data in
    guard let body = ClosureBox<TickHandler>.from(data), let clock else { return 0 }
    let seconds = TimeInterval(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    return MainActor.assumeIsolated { body(seconds) ? 1 : 0 }
}
