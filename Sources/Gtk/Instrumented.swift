/// The one interface through which a program that measures Skiff (skiff-bench, Sources/SkiffBench)
/// drives a section's view and sees its own drawing work (HACKING.md, "The observation interface").
/// What frames cost comes from `FrameStats` on the window's frame clock; a view adds here only what
/// the clock cannot see. Nothing in it runs unless a measuring program asks.
@MainActor
public protocol Instrumented: AnyObject {
    /// Feeds `gesture` through the same model calls the view's own gesture handlers make, so that a
    /// measurement holds the view's work and not an X server's input queue. A view ignores the
    /// gestures it has no use for.
    func perform(_ gesture: ScriptedGesture)
    /// While set, the view's own drawing (the snapshot it builds in a frame) is timed into it.
    var drawTimer: DrawTimer? { get set }
}

extension Instrumented {
    /// Most views build nothing costly enough to time apart from the frame.
    public var drawTimer: DrawTimer? {
        get { nil }
        set {}
    }
}

/// A gesture as a view's controllers report it.
public enum ScriptedGesture: Equatable, Sendable {
    /// A touchpad pan over the content (a scroll controller's begin, deltas in px, end).
    case panBegan, panned(dy: Double), panEnded
    /// A horizontal drag (a drag gesture's begin, its translation from the start in px, its release).
    case dragBegan, dragged(translation: Double), dragEnded(translation: Double)
    /// The content scrolled to `offset` px from its top, as a scrollbar moves it.
    case scrolled(to: Double)
}

/// How long each of a view's drawings took, in milliseconds (`Instrumented.drawTimer`).
@MainActor
public final class DrawTimer {
    public private(set) var milliseconds: [Double] = []

    public init() {}

    public func reset() { milliseconds.removeAll() }

    /// Runs `body`, one drawing, and records how long it took.
    public func time<T>(_ body: () -> T) -> T {
        let started = FrameStats.monotonicNow
        defer { milliseconds.append((FrameStats.monotonicNow - started) * 1000) }
        return body()
    }
}
