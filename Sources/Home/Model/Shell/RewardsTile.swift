import Foundation
import Motion

/// The rewards tile's detail (docs/home.md, "Rewards tile").
///
/// The chevron toggles the detail's height between 0 and the levels' own height (`openHeight`, which the
/// view measures; the original's fixed 270 px left ~130 px blank under five levels) over 0.75 s
/// ease-in-out. Opening,
/// the detail's content fades in over the last 0.25 s of the height's travel (from closed: after
/// 0.5 s, as in the original); closing hides the content at once while the height goes back.
/// A toggle mid-flight turns the height around from where it is.
public final class RewardsTile {
    /// The original's open height, used until the view has measured the levels.
    public static let defaultOpenHeight = 270.0
    public static let heightDuration: TimeInterval = 0.75
    public static let fadeDuration: TimeInterval = 0.25
    /// From closed, the content starts fading in this long after the toggle.
    public static let fadeDelay: TimeInterval = 0.5

    private let height = BinaryTransition(duration: RewardsTile.heightDuration, curve: .easeInOut)
    /// The content fade as a plain timed run: start time of the fade, or nil when not fading in.
    private var fadeStart: TimeInterval?

    /// The height of the open detail: the levels' natural height at the tile's width. A change while
    /// open or moving takes effect at once, scaled by how far open the detail is.
    public var openHeight = RewardsTile.defaultOpenHeight

    public init() {}

    /// Whether the detail is open or opening: what the chevron and accessibility report.
    public var isExpanded: Bool { height.target }
    public var isAnimating: Bool { height.isAnimating || fadeStart != nil }

    /// The detail's height now, pixels.
    public var detailHeight: Double { height.value * openHeight }
    /// The detail content's opacity now.
    public private(set) var contentOpacity = 0.0

    /// Opens when closed, closes when open. Returns whether frames are needed.
    @discardableResult
    public func toggle(now: TimeInterval, animated: Bool = true) -> Bool {
        setExpanded(!isExpanded, now: now, animated: animated)
    }

    @discardableResult
    public func setExpanded(_ open: Bool, now: TimeInterval, animated: Bool = true) -> Bool {
        guard open != isExpanded else { return isAnimating }
        height.set(open, now: now, animated: animated)
        if !animated {
            fadeStart = nil
            contentOpacity = open ? 1 : 0
            return false
        }
        if open {
            // The fade ends when the height arrives: from closed, 0.5 s after the toggle.
            fadeStart = now + max(0, height.remainingTime - Self.fadeDuration)
        } else {
            fadeStart = nil
            contentOpacity = 0
        }
        return true
    }

    /// Advances to `now`. Returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        let moving = height.tick(now: now)
        if let start = fadeStart {
            let t = (now - start) / Self.fadeDuration
            if t >= 1 - 1e-9 {
                contentOpacity = 1
                fadeStart = nil
            } else {
                contentOpacity = TimingCurve.easeInOut.value(at: max(0, t))
            }
        }
        return moving || fadeStart != nil
    }
}
