import Foundation
import Motion

/// The Home tab's greeting header (docs/home.md, "Greeting header").
///
/// On every scroll the greeting fades: fully shown at an offset of 0 or less, hidden past it
/// (0.3 s). Past 30 px of offset the whole header slides up by the greeting's height + 16 px, and
/// it slides back once the offset is 30 px or less (0.3 s). Both are binary snaps, not scrubbed by
/// the scroll: the offset only picks the target, and a change of target mid-flight turns the
/// motion around from where it is.
public final class HeaderSnap {
    public static let snapThreshold = 30.0
    public static let spacing = 16.0
    public static let duration: TimeInterval = 0.3

    private let fade = BinaryTransition(duration: HeaderSnap.duration, curve: .easeInOut, at: true)
    private let slide = BinaryTransition(duration: HeaderSnap.duration, curve: .easeInOut, at: false)
    /// The greeting label's height; the header moves by this + 16.
    public var greetingHeight: Double

    public init(greetingHeight: Double = 0) {
        self.greetingHeight = greetingHeight
    }

    /// Whether the header is (heading to be) slid up.
    public var isSnappedUp: Bool { slide.target }
    /// Whether the greeting is (heading to be) visible.
    public var isGreetingShown: Bool { fade.target }
    public var isAnimating: Bool { fade.isAnimating || slide.isAnimating }

    /// The greeting's opacity now.
    public var greetingOpacity: Double { fade.value }
    /// How far the header is moved up now (0 … greetingHeight + 16), in pixels.
    public var slideDistance: Double { slide.value * (greetingHeight + Self.spacing) }
    /// 0 = down, 1 = fully up.
    public var slideProgress: Double { slide.value }

    /// The content was scrolled to `offset` (pixels from the top). Returns whether frames are needed.
    @discardableResult
    public func scrolled(to offset: Double, now: TimeInterval, animated: Bool = true) -> Bool {
        let a = fade.set(offset <= 0, now: now, animated: animated)
        let b = slide.set(offset > Self.snapThreshold, now: now, animated: animated)
        return a || b || isAnimating
    }

    /// Advances both motions to `now`. Returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        let a = fade.tick(now: now)
        let b = slide.tick(now: now)
        return a || b
    }
}
