import Foundation

/// A CSS-style cubic Bézier timing function through (0,0) and (1,1).
///
/// The curve is parametric in `t`, but callers hand us elapsed time on the
/// x axis, so each evaluation first inverts x(t) and then reads y(t).
public struct UnitBezier: Sendable, Hashable {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    // Polynomial coefficients of x(t) = ((ax·t + bx)·t + cx)·t, likewise y.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double

    /// x control values are clamped to [0, 1], as CSS requires, because that
    /// is what keeps x(t) monotonic and therefore invertible. y is free, so
    /// overshooting curves (y outside [0, 1]) are allowed.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let cx1 = min(max(x1, 0), 1)
        let cx2 = min(max(x2, 0), 1)
        self.x1 = cx1
        self.y1 = y1
        self.x2 = cx2
        self.y2 = y2
        cx = 3 * cx1
        bx = 3 * (cx2 - cx1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The eased output for an input progress, which is clamped to [0, 1].
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return sampleY(solveT(forX: progress))
    }

    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Newton converges in a handful of steps on ordinary curves, but stalls
    /// where dx/dt vanishes (e.g. x1 = 0 near t = 0), so bisection, which
    /// always converges because x(t) is monotonic, backs it up.
    ///
    /// Convergence is judged on t, not on x: where the curve is flat in x and
    /// steep in y, a tiny x error would still be a visible y error.
    func solveT(forX x: Double) -> Double {
        let tolerance = 1e-12
        var t = x
        for _ in 0..<8 {
            let slope = sampleDerivativeX(t)
            if abs(slope) < 1e-6 { break }
            let step = (sampleX(t) - x) / slope
            t -= step
            if t < 0 || t > 1 { break }
            if abs(step) < tolerance { return t }
        }

        var lower = 0.0
        var upper = 1.0
        while upper - lower > tolerance {
            let middle = (lower + upper) / 2
            if sampleX(middle) < x { lower = middle } else { upper = middle }
        }
        return (lower + upper) / 2
    }
}
