import CGtk

/// Records what each frame of a widget's frame clock cost: the time from the frame's "update"
/// phase to the end of its paint (work done by this process), and the intervals between frames.
/// A frame nothing animates (a widget's queued redraw: no "update" phase, GDK emits only the phases
/// asked for) counts from its "layout" or "paint" phase, whichever comes first.
@MainActor
public final class FrameStats {
    public private(set) var workMilliseconds: [Double] = []
    /// From one frame's paint ending to the next one's: a frame's own work adds to it, so a 5 ms frame
    /// after a 0.3 ms one measures 21 ms here though both started on their tick.
    public private(set) var intervalMilliseconds: [Double] = []
    /// From one frame's start (its "update" phase) to the next one's: over a refresh interval and a
    /// half only when the clock skipped a tick, a frame dropped.
    public private(set) var startIntervalMilliseconds: [Double] = []
    /// Monotonic time (seconds) of the first frame painted after `attach`.
    public private(set) var firstPaint: Double?
    /// Called after each frame is painted, with the monotonic time in seconds.
    public var onPaint: ((Double) -> Void)?
    private var clock: Object?
    private var updateStart = 0
    private var lastPaint = 0
    private var lastUpdate = 0

    public init() {}

    /// Starts recording on `widget`'s frame clock. The widget must be realized (its window shown).
    @discardableResult
    public func attach(to widget: Widget) -> Bool {
        guard let raw = gtk_widget_get_frame_clock(widget.widget) else { return false }
        let clock = Object(retaining: UnsafeMutableRawPointer(raw))
        clock.on("update") { [weak self] in self?.started() }
        clock.on("layout") { [weak self] in self?.startedWithoutUpdate() }
        clock.on("paint") { [weak self] in self?.startedWithoutUpdate() }
        clock.on("after-paint") { [weak self] in self?.painted() }
        self.clock = clock
        return true
    }

    /// Asks the clock for frames continuously (as an animation would) until `detach`.
    public func requestContinuousFrames() {
        guard let clock, !continuous else { return }
        gdk_frame_clock_begin_updating(OpaquePointer(clock.raw))
        continuous = true
    }
    private var continuous = false

    public func reset() {
        workMilliseconds.removeAll()
        intervalMilliseconds.removeAll()
        startIntervalMilliseconds.removeAll()
        lastPaint = 0
        lastUpdate = 0
    }

    public func endContinuousFrames() {
        if let clock, continuous { gdk_frame_clock_end_updating(OpaquePointer(clock.raw)) }
        continuous = false
    }

    public func detach() {
        endContinuousFrames()
        clock = nil
    }

    private func started() {
        updateStart = g_get_monotonic_time()
        if lastUpdate > 0 { startIntervalMilliseconds.append(Double(updateStart - lastUpdate) / 1000) }
        lastUpdate = updateStart
    }

    private func startedWithoutUpdate() {
        if updateStart == 0 { started() }
    }

    private func painted() {
        let now = g_get_monotonic_time()
        if firstPaint == nil { firstPaint = Double(now) / 1_000_000 }
        if updateStart > 0 { workMilliseconds.append(Double(now - updateStart) / 1000) }
        if lastPaint > 0 { intervalMilliseconds.append(Double(now - lastPaint) / 1000) }
        lastPaint = now
        updateStart = 0
        onPaint?(Double(now) / 1_000_000)
    }

    /// Monotonic clock in seconds, the same one frame timestamps use.
    public static var monotonicNow: Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
