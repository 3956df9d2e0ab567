import Foundation

/// Turns the page's scroll input into pans: began, changed (travel since it began), ended.
///
/// The toolbar collapse is driven by "how far the page moved during one gesture" (docs/mechanics.md). On iOS that
/// is a pan; on the desktop the page scrolls by three kinds of input, and the view only *observes* them (the
/// web view still scrolls):
/// - touchpad and touch: smooth deltas bracketed by scroll-begin / scroll-end — one bracket is one pan;
/// - a discrete mouse wheel: notches with no begin or end — a run of notches closer together than
///   `wheelRunGap` is one pan, ended by `tick(now:)` once the gap has passed with no notch;
/// - smooth deltas that arrive without a begin (X11 high-resolution wheels): treated like a wheel run.
///
/// Sign convention: `dy > 0` scrolls the content down, so the page moves up (GTK's scroll `dy`; for touch
/// the view passes the finger's movement negated). Every call returns the pan events it caused, in order.
public struct ScrollPan: Sendable {
    public enum Event: Equatable, Sendable {
        case began
        /// Vertical travel in pixels since the pan began, positive when the content scrolled down.
        case changed(translation: Double)
        case ended
    }

    /// Pixels one wheel notch scrolls. WebKitGTK turns a wheel tick into
    /// `Scrollbar::pixelsPerLineStep()` = 40 px (WebEventFactory), so the toolbar measures the same travel
    /// the page actually makes. One notch (40 px) is past the 18-px commit point: a notch collapses at once,
    /// which is what the page's own 40-px jump deserves.
    public static let wheelStepPixels = 40.0
    /// A wheel run ends after this long without a notch. A steady spin delivers notches 10–100 ms apart and
    /// even a slow deliberate one stays under ~150 ms; a longer pause means the user stopped, and the next
    /// notch should be measured from zero again (so a change of direction is judged on its own travel).
    public static let wheelRunGap: TimeInterval = 0.18

    private enum Source: Sendable {
        /// Bracketed by scrollBegan / scrollEnded.
        case bracketed
        /// Wheel notches or unbracketed smooth deltas, ended by the gap.
        case gapEnded
    }

    private var source: Source?
    private var translation = 0.0
    private var lastEventTime: TimeInterval = 0

    public init() {}

    public var isPanning: Bool { source != nil }

    /// When the view should call `tick(now:)` to end the current wheel run, or nil if nothing is pending.
    public var endDeadline: TimeInterval? {
        source == .gapEnded ? lastEventTime + Self.wheelRunGap : nil
    }

    /// A touchpad or touch gesture began (GtkEventControllerScroll::scroll-begin, or a touch down).
    public mutating func scrollBegan(now: TimeInterval) -> [Event] {
        var events = finish()
        start(.bracketed, now: now)
        events.append(.began)
        return events
    }

    /// One scroll event. `dy` is in notches when `isDiscreteWheel` (GDK_SCROLL_UNIT_WHEEL), else in pixels.
    public mutating func scrolled(dy: Double, now: TimeInterval, isDiscreteWheel: Bool) -> [Event] {
        // GTK ends some smooth sequences with a zero delta; it carries no travel and must not start a pan.
        guard dy != 0, dy.isFinite else { return [] }
        var events: [Event] = []
        if source == .gapEnded, now >= lastEventTime + Self.wheelRunGap {
            // The view did not tick in time; the old run is over all the same.
            events += finish()
        }
        if source == nil {
            start(.gapEnded, now: now)
            events.append(.began)
        }
        translation += isDiscreteWheel ? dy * Self.wheelStepPixels : dy
        lastEventTime = now
        events.append(.changed(translation: translation))
        return events
    }

    /// The touchpad or touch gesture ended (scroll-end, or the finger lifted).
    public mutating func scrollEnded(now: TimeInterval) -> [Event] {
        finish()
    }

    /// Ends a wheel run whose gap has passed. Call it at `endDeadline` (a timer) or on every frame.
    public mutating func tick(now: TimeInterval) -> [Event] {
        guard source == .gapEnded, now >= lastEventTime + Self.wheelRunGap else { return [] }
        return finish()
    }

    private mutating func start(_ newSource: Source, now: TimeInterval) {
        source = newSource
        translation = 0
        lastEventTime = now
    }

    private mutating func finish() -> [Event] {
        guard source != nil else { return [] }
        source = nil
        translation = 0
        return [.ended]
    }
}
