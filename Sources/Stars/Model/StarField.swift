import Foundation
import Motion

/// Every decision of the star field: where it is, how it follows drags, wheels and flings, when it
/// snaps to a sign, how it jumps, and how far the current sign's lines are drawn. Time is injected
/// (`now`, seconds); the view feeds input and frame times in and draws what this says.
/// The numbers are in docs/stars.md.
public struct StarField: Sendable {
    public enum Timing {
        /// Lines draw in this long after a snap begins…
        public static let revealDelay = 0.25
        /// …over this long, and retract over the same time when a drag begins.
        public static let strokeDuration = 0.25
        /// A snap to the nearest sign (UIScrollView's animated scroll is about this long).
        public static let snapDuration = 0.3
        /// A jump from the menu or Home/End.
        public static let jumpDuration = 3.0
        /// Left/Right: one sign.
        public static let stepDuration = 1.0
        /// Momentum decays by this factor every millisecond (UIScrollView's normal rate).
        public static let decelerationRate = Paging.normalDecelerationRate
        /// Releases slower than this (pixels per second) do not coast.
        public static let momentumThreshold = 100.0
        /// Coasting ends below this speed (pixels per second).
        public static let restingSpeed = 15.0
        /// A wheel notch moves this fraction of the window width.
        public static let wheelNotch = 0.25
        /// A run of wheel notches or touchpad deltas closer than this is one gesture.
        public static let scrollIdle = 0.18
        /// A press becomes a drag once the pointer has moved this far sideways (GTK's drag threshold);
        /// less is a click, which leaves the lines alone.
        public static let dragThreshold = 8.0
    }

    public enum Motion: Sendable, Equatable {
        case idle
        /// The pointer is down but has not moved far enough to be a drag. `stopped`: the press
        /// stopped a coast or an animation (as a finger on a moving list does).
        case pressed(stopped: Bool)
        case dragging(start: Double)
        case scrolling(lastEvent: TimeInterval, discrete: Bool)
        case coasting(from: Double, velocity: Double, start: TimeInterval)
        case animating(Animation)
    }

    public struct Animation: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case snap, jump, step }
        public var kind: Kind
        public var from: Double
        public var to: Double
        public var start: TimeInterval
        public var duration: Double
        public var curve: TimingCurve
        func position(at now: TimeInterval) -> Double {
            let t = duration > 0 ? min(1, max(0, (now - start) / duration)) : 1
            return from + (to - from) * curve.value(at: t)
        }
        func isDone(at now: TimeInterval) -> Bool { now - start >= duration }
    }

    /// The current sign's line figure: which sign, and how it is changing.
    public enum Lines: Sendable, Equatable {
        case hidden
        case waiting(sign: Int, until: TimeInterval)
        case drawing(sign: Int, start: TimeInterval)
        case shown(sign: Int)
        case retracting(sign: Int, from: Double, start: TimeInterval)
    }

    public private(set) var geometry: FieldGeometry
    /// In sign units (see `SignSpace`); not wrapped, so animations never jump.
    public private(set) var position: Double
    public private(set) var motion: Motion = .idle
    public private(set) var lines: Lines
    public var animationsEnabled: Bool
    private var tracker = VelocityTracker()
    private var pressOrigin = 0.0
    private var lastNow: TimeInterval = 0

    /// Starts centred on sign `sign`, its lines drawn.
    public init(geometry: FieldGeometry, sign: Int = 0, animationsEnabled: Bool = true) {
        self.geometry = geometry
        self.position = Double(sign)
        self.animationsEnabled = animationsEnabled
        self.lines = .shown(sign: ((sign % 12) + 12) % 12)
    }

    // MARK: What the view reads

    /// Position brought into [0, 12).
    public var wrappedPosition: Double { SignSpace.wrap(position) }
    public var nearestSign: Int { SignSpace.nearestSign(position) }
    /// Whether a sign is centred (within half a pixel).
    public var isOnSign: Bool { abs(position - position.rounded()) * geometry.gap <= 0.5 }
    /// The ecliptic longitude the centre of the window shows: 30° per sign, continuous.
    public var degrees: Double { wrappedPosition * 30 }

    /// What assistive technology reads: the sign and its degrees, or the two signs the view is between.
    public var valueText: String {
        let sign = ZodiacSign.allCases[nearestSign]
        if isOnSign { return "\(sign.name), \(sign.degrees)°" }
        let lower = Int(wrappedPosition.rounded(.down)) % 12
        let a = ZodiacSign.allCases[lower], b = ZodiacSign.allCases[(lower + 1) % 12]
        return "Between \(a.name) and \(b.name), \(Int(degrees.rounded(.down)))°"
    }

    /// The sign whose lines are (being) drawn and how far, 0…1 of the figure's total length.
    public func lineStroke(at now: TimeInterval) -> (sign: Int, progress: Double)? {
        switch lines {
        case .hidden: return nil
        case let .waiting(sign, _): return (sign, 0)
        case let .drawing(sign, start):
            return (sign, TimingCurve.easeInOut.value(at: (now - start) / Timing.strokeDuration))
        case let .shown(sign): return (sign, 1)
        case let .retracting(sign, from, start):
            if now - start >= Timing.strokeDuration { return nil }
            return (sign, max(0, from * (1 - TimingCurve.easeInOut.value(at: (now - start) / Timing.strokeDuration))))
        }
    }

    /// Whether the view must keep asking for frames.
    public var needsFrames: Bool {
        switch motion {
        case .coasting, .animating, .scrolling: return true
        case .idle, .dragging, .pressed: break
        }
        switch lines {
        case .waiting, .drawing, .retracting: return true
        case .hidden, .shown: return false
        }
    }

    // MARK: Input

    /// Pointer (mouse, touch) pressed on the field: stops whatever was moving, where it is.
    public mutating func pointerPressed(now: TimeInterval) {
        let wasMoving: Bool
        switch motion {
        case .coasting, .animating, .scrolling: wasMoving = true
        default: wasMoving = false
        }
        settle(now: now)
        motion = .pressed(stopped: wasMoving)
        pressOrigin = 0
    }

    /// `translation`: pixels the pointer has moved right since the press. Past the drag threshold
    /// the press becomes a drag (the threshold itself is not applied, so nothing jumps).
    public mutating func pointerMoved(translation: Double, now: TimeInterval) {
        switch motion {
        case .pressed:
            guard abs(translation) >= Timing.dragThreshold else { return }
            pressOrigin = translation > 0 ? Timing.dragThreshold : -Timing.dragThreshold
            dragBegan(now: now)
            dragMoved(translation: translation - pressOrigin, now: now)
        case .dragging:
            dragMoved(translation: translation - pressOrigin, now: now)
        default: break
        }
    }

    public mutating func pointerReleased(translation: Double, now: TimeInterval) {
        switch motion {
        case let .pressed(stopped):
            motion = .idle
            // A click on a still field does nothing; one that stopped it lets it settle on a sign.
            if stopped { snapIfNeeded(now: now) }
        case .dragging:
            dragEnded(translation: translation - pressOrigin, now: now)
        default: break
        }
    }

    public mutating func resize(_ newGeometry: FieldGeometry) {
        geometry = newGeometry
        // Position is in sign units: whatever was centred stays centred.
    }

    /// A drag (mouse or touch) has begun: whatever was moving stops where it is, the lines retract.
    public mutating func dragBegan(now: TimeInterval) {
        settle(now: now)
        retractLines(now: now)
        motion = .dragging(start: position)
        tracker.reset()
        tracker.addSample(time: now, position: 0)
    }

    /// `translation`: pixels the pointer has moved right since the drag began.
    public mutating func dragMoved(translation: Double, now: TimeInterval) {
        guard case let .dragging(start) = motion else { return }
        position = start - geometry.units(translation)
        tracker.addSample(time: now, position: -translation)
        lastNow = now
    }

    public mutating func dragEnded(translation: Double, now: TimeInterval) {
        guard case .dragging = motion else { return }
        dragMoved(translation: translation, now: now)
        release(velocity: tracker.velocity, now: now)
    }

    /// A wheel notch or touchpad delta: `dx` in pixels (touchpad) or notches (wheel), positive moves
    /// towards the later signs. Vertical wheels are mapped to dx by the view.
    public mutating func scrolled(dx: Double, discrete: Bool, now: TimeInterval) {
        switch motion {
        case .scrolling: break
        case .dragging, .pressed: return
        default:
            settle(now: now)
            retractLines(now: now)
            tracker.reset()
        }
        let pixels = discrete ? dx * Timing.wheelNotch * geometry.width : dx
        position += geometry.units(pixels)
        let previous = tracker.samples.last?.position ?? 0
        tracker.addSample(time: now, position: previous + pixels)
        motion = .scrolling(lastEvent: now, discrete: discrete)
    }

    /// The touchpad lifted (GTK's scroll-end): coast with the fingers' velocity, or snap.
    public mutating func scrollEnded(now: TimeInterval) {
        guard case let .scrolling(_, discrete) = motion else { return }
        release(velocity: discrete ? 0 : tracker.velocity, now: now)
    }

    /// Left / Right: one sign further, from where a running move is heading.
    public mutating func step(_ direction: Int, now: TimeInterval) {
        let base: Double
        if case let .animating(a) = motion, a.kind != .snap { base = a.to } else { base = position.rounded() == position ? position : (direction > 0 ? position.rounded(.down) : position.rounded(.up)) }
        move(to: base + Double(direction.signum()), kind: .step, duration: Timing.stepDuration, now: now)
    }

    /// The menu, Home, End: to sign `index` the short way round, 3 s ease-out, then its lines.
    public mutating func jump(to index: Int, now: TimeInterval) {
        settle(now: now)
        move(to: SignSpace.nearestPosition(ofSign: index, near: position), kind: .jump, duration: Timing.jumpDuration, now: now)
    }

    /// Advances to `now` (the frame time). Returns whether more frames are needed.
    @discardableResult
    public mutating func tick(now: TimeInterval) -> Bool {
        lastNow = now
        switch motion {
        case .idle, .dragging, .pressed: break
        case let .scrolling(last, _):
            if now - last >= Timing.scrollIdle { scrollEnded(now: now) }
        case let .coasting(from, velocity, start):
            let elapsed = max(0, now - start)
            let decay = pow(Timing.decelerationRate, elapsed * 1000)
            let lnR = log(Timing.decelerationRate)
            position = from + velocity * (decay - 1) / (1000 * lnR)
            if abs(velocity * decay) * geometry.gap < Timing.restingSpeed {
                motion = .idle
                snapIfNeeded(now: now)
            }
        case let .animating(a):
            position = a.position(at: now)
            if a.isDone(at: now) {
                position = a.to
                motion = .idle
                normalise()
                if a.kind != .snap { revealLines(now: now, delay: 0) }
            }
        }
        switch lines {
        case let .waiting(sign, until) where now >= until:
            lines = .drawing(sign: sign, start: until)
            if now - until >= Timing.strokeDuration { lines = .shown(sign: sign) }
        case let .drawing(sign, start) where now - start >= Timing.strokeDuration:
            lines = .shown(sign: sign)
        case let .retracting(_, _, start) where now - start >= Timing.strokeDuration:
            lines = .hidden
        default: break
        }
        return needsFrames
    }

    // MARK: Rules

    /// The seed's rule: snap to the nearest sign if it is within half a window width.
    public static func snapTarget(position: Double, geometry: FieldGeometry) -> Double? {
        let target = position.rounded()
        return abs(position - target) * geometry.gap <= geometry.width / 2 ? target : nil
    }

    private mutating func release(velocity pixelsPerSecond: Double, now: TimeInterval) {
        if animationsEnabled && abs(pixelsPerSecond) > Timing.momentumThreshold {
            motion = .coasting(from: position, velocity: geometry.units(pixelsPerSecond), start: now)
        } else {
            motion = .idle
            snapIfNeeded(now: now)
        }
    }

    private mutating func snapIfNeeded(now: TimeInterval) {
        guard let target = Self.snapTarget(position: position, geometry: geometry) else { return }
        if position == target || !animationsEnabled {
            position = target
            normalise()
            motion = .idle
        } else {
            motion = .animating(Animation(kind: .snap, from: position, to: target, start: now,
                                          duration: Timing.snapDuration, curve: .easeInOut))
        }
        revealLines(now: now, delay: Timing.revealDelay)
    }

    private mutating func move(to target: Double, kind: Animation.Kind, duration: Double, now: TimeInterval) {
        retractLines(now: now)
        if !animationsEnabled || target == position {
            position = target
            normalise()
            motion = .idle
            revealLines(now: now, delay: 0)
            return
        }
        motion = .animating(Animation(kind: kind, from: position, to: target, start: now, duration: duration, curve: .easeOut))
    }

    private mutating func revealLines(now: TimeInterval, delay: Double) {
        let sign = nearestSign
        if !animationsEnabled { lines = .shown(sign: sign); return }
        lines = .waiting(sign: sign, until: now + delay)
        tick(now: now)
    }

    private mutating func retractLines(now: TimeInterval) {
        guard let (sign, progress) = lineStroke(at: now), progress > 0, animationsEnabled else {
            lines = .hidden
            return
        }
        lines = .retracting(sign: sign, from: progress, start: now)
    }

    /// Stops a coast or an animation where it is now.
    private mutating func settle(now: TimeInterval) {
        switch motion {
        case .coasting, .animating: tick(now: now); motion = .idle
        case .scrolling: motion = .idle
        case .idle, .dragging, .pressed: break
        }
    }

    /// Keeps the stored position small once the field rests on a sign (the picture is the same).
    private mutating func normalise() {
        position = SignSpace.wrap(position)
    }
}
