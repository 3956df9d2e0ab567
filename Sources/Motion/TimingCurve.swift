/// How an animation's linear time fraction maps onto its visual progress.
public enum TimingCurve: Sendable, Hashable {
    case linear
    /// CSS / UIKit `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// CSS / UIKit `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    /// CSS / UIKit `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    case easeInOut
    /// An arbitrary CSS `cubic-bezier(x1, y1, x2, y2)`; x values are clamped to [0, 1].
    case cubicBezier(Double, Double, Double, Double)

    /// The Bézier form of the curve, or nil for `.linear`, which needs no solving.
    public var bezier: UnitBezier? {
        switch self {
        case .linear:
            return nil
        case .easeIn:
            return UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut:
            return UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut:
            return UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case let .cubicBezier(x1, y1, x2, y2):
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2)
        }
    }

    /// The eased value for `progress`, which is clamped to [0, 1]; endpoints map exactly to 0 and 1.
    public func value(at progress: Double) -> Double {
        guard let bezier else { return min(max(progress, 0), 1) }
        return bezier.value(at: progress)
    }
}
