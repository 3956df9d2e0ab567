/// A press on the address bars, from press to release, as an explicit state (docs/mechanics.md,
/// "Address-bar pager"): it becomes a click on a bar, a sideways swipe of the tabs, or nothing.
///
/// Like libadwaita's swipe tracker: a press is *pending* until it has travelled `threshold` px; then it
/// is a swipe if it went more sideways than up or down, and *rejected* otherwise — a press that starts
/// vertical never becomes a swipe later, and its release is not a click. A touchpad's two-finger scroll
/// is a swipe from its first event and ends when the fingers lift.
public struct BarPress: Sendable, Equatable {
    /// Travel (px) before a press is decided: `SwipeTunables.pressThreshold`.
    public static let threshold = SwipeTunables.pressThreshold

    public enum Phase: Sendable, Equatable {
        /// No press on the bars.
        case idle
        /// Pressed at `startX` (the bars' coordinates), not yet moved `threshold` px.
        case pending(startX: Double)
        /// A swipe of the tabs: every move goes to the pager.
        case swiping
        /// Moved up or down first (or pressed while the address is being edited): ignored until released.
        case rejected
    }

    /// What a move means for the pager.
    public enum Move: Sendable, Equatable {
        case none
        /// The press has just become a swipe, at this sideways translation: claim the event, begin the drag.
        case began(translation: Double)
        /// The swipe goes on to this translation.
        case moved(translation: Double)
    }

    /// What a release means.
    public enum Release: Sendable, Equatable {
        case none
        /// A press that never moved far: a click at `x` in the bars.
        case click(x: Double)
        /// The end of a swipe: the pager settles.
        case swipeEnded
    }

    public private(set) var phase: Phase = .idle
    /// A touchpad swipe's translation so far (its events carry deltas).
    private var scrolled = 0.0

    public init() {}

    /// Whether a press or a swipe is under way (the view keeps drawing frames meanwhile).
    public var isActive: Bool { phase != .idle }
    public var isSwiping: Bool { phase == .swiping }

    /// A button or finger went down at `x`. While the address is edited the entry takes its clicks.
    public mutating func pressed(at x: Double, editing: Bool) {
        phase = editing ? .rejected : .pending(startX: x)
    }

    /// The press has moved by (dx, dy) from where it began.
    public mutating func moved(dx: Double, dy: Double) -> Move {
        switch phase {
        case .idle, .rejected:
            return .none
        case .swiping:
            return .moved(translation: dx)
        case .pending:
            guard max(abs(dx), abs(dy)) > Self.threshold else { return .none }
            if abs(dx) > abs(dy) {
                phase = .swiping
                return .began(translation: dx)
            }
            phase = .rejected
            return .none
        }
    }

    /// A control inside the bar (the security indicator) took the press: it is neither a click on
    /// the bar nor the start of a swipe.
    public mutating func takenByControl() {
        if case .pending = phase { phase = .rejected }
    }

    /// The button or finger came up.
    public mutating func released() -> Release {
        defer { phase = .idle }
        switch phase {
        case .idle, .rejected: return .none
        case let .pending(startX): return .click(x: startX)
        case .swiping: return .swipeEnded
        }
    }

    /// Two fingers began to scroll sideways on a touchpad: a swipe at once, unless the address is edited.
    /// Returns whether the pager's drag begins.
    public mutating func touchpadBegan(editing: Bool) -> Bool {
        guard !editing else { return false }
        phase = .swiping
        scrolled = 0
        return true
    }

    /// A touchpad scroll of `dx` (fingers moving left move the content left, towards later tabs):
    /// the swipe's translation, or nil when no touchpad swipe is under way.
    public mutating func touchpadScrolled(dx: Double) -> Double? {
        guard phase == .swiping else { return nil }
        scrolled -= dx
        return scrolled
    }

    /// The fingers lifted: whether a swipe ended.
    public mutating func touchpadEnded() -> Bool {
        guard phase == .swiping else { return false }
        phase = .idle
        return true
    }
}
