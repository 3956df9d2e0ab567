import Foundation

/// Turns pointer drags and touchpad scrolls into an edge-swipe pop (docs/home.md, "Edge swipe"):
/// which input starts one, how far the page has been pulled, and how fast it was going when let go.
/// The view feeds it raw input and passes its answers to `TabStacks`.
public struct EdgeSwipe: Sendable {
    /// A drag must start this close to the left edge.
    public static let edgeWidth = 24.0
    /// …and move this far right before it takes over (GTK's drag threshold).
    public static let startDistance = 8.0
    /// A finger resting longer than this before lifting is not a flick.
    public static let restTime: TimeInterval = 0.1

    public enum Source: Sendable { case drag, touchpad }

    public private(set) var source: Source?
    /// Whether the swipe has taken over (the pop is being scrubbed).
    public private(set) var isSwiping = false
    /// How far right the page has been pulled, pixels.
    public private(set) var translation = 0.0
    private var lastTime: TimeInterval = 0
    private var velocity = 0.0

    public init() {}

    /// A drag began at `x` (page coordinates). Only a drag from the edge can become a swipe, and only
    /// when there is a page to pop.
    public mutating func dragBegan(x: Double, canPop: Bool, now: TimeInterval) {
        self = EdgeSwipe()
        guard canPop, x <= Self.edgeWidth else { return }
        source = .drag
        lastTime = now
    }

    /// A touchpad scroll sequence began (fingers down).
    public mutating func touchpadBegan(canPop: Bool, now: TimeInterval) {
        self = EdgeSwipe()
        guard canPop else { return }
        source = .touchpad
        lastTime = now
    }

    /// The drag is `dx` px right of its start. Returns true when this update starts the swipe.
    public mutating func dragMoved(dx: Double, now: TimeInterval) -> Bool {
        guard source == .drag else { return false }
        return moved(to: dx, now: now)
    }

    /// A touchpad scroll step (`dx` < 0 is the fingers moving right). Returns whether the event is
    /// the swipe's (and so should not scroll anything else), and sets `startedNow` when it began here.
    public mutating func touchpadScrolled(dx: Double, dy: Double, now: TimeInterval) -> (consumed: Bool, startedNow: Bool) {
        guard source == .touchpad else { return (false, false) }
        if !isSwiping && abs(dy) >= abs(dx) {
            // Vertical first: this is a scroll, not a swipe.
            source = nil
            return (false, false)
        }
        let started = moved(to: translation - dx, now: now)
        return (isSwiping, started)
    }

    /// The finger or fingers lifted: the release velocity (px/s, rightwards positive), or nil when
    /// no swipe was under way.
    public mutating func ended(now: TimeInterval) -> Double? {
        defer { self = EdgeSwipe() }
        guard isSwiping else { return nil }
        return now - lastTime > Self.restTime ? 0 : velocity
    }

    private mutating func moved(to position: Double, now: TimeInterval) -> Bool {
        var started = false
        if !isSwiping {
            guard position > Self.startDistance else {
                translation = position
                return false
            }
            isSwiping = true
            started = true
        }
        if now > lastTime { velocity = (position - translation) / (now - lastTime) }
        translation = max(0, position)
        lastTime = now
        return started
    }
}
