import Foundation

/// A constellation laid flat: points in figure units (the figure's larger extent is 1, centred on 0,
/// x to the right, y down; east is left as on a sky chart seen from below).
public struct FigurePoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var magnitude: Double
}

public struct ProjectedFigure: Sendable, Hashable {
    public var stars: [FigurePoint]
    public var lines: [[Int]]
    public var field: [FigurePoint]
    /// The sum of the lines' lengths in figure units: the stroke animation draws this fraction by fraction.
    public var totalLength: Double

    /// The segments drawn when `progress` (0…1) of the figure's total length is stroked, in order:
    /// each as (from, to) in figure units, the last one possibly cut short.
    public func strokedSegments(progress: Double) -> [(FigurePoint, FigurePoint)] {
        var remaining = min(1, max(0, progress)) * totalLength
        var result: [(FigurePoint, FigurePoint)] = []
        for line in lines where remaining > 0 {
            let a = stars[line[0]], b = stars[line[1]]
            let length = hypot(b.x - a.x, b.y - a.y)
            if length <= remaining {
                result.append((a, b))
            } else {
                let t = remaining / length
                result.append((a, FigurePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, magnitude: b.magnitude)))
            }
            remaining -= length
        }
        return result
    }
}

/// The gnomonic (tangent-plane) projection around each constellation's centre (docs/stars.md).
public enum SkyProjection {
    /// Standard coordinates (ξ, η) of (ra, dec) on the plane touching the sphere at (ra0, dec0), or
    /// nil for points 90° or more away (they have no image).
    public static func gnomonic(ra: Double, dec: Double, ra0: Double, dec0: Double) -> (xi: Double, eta: Double)? {
        let a = ra * .pi / 180, d = dec * .pi / 180, a0 = ra0 * .pi / 180, d0 = dec0 * .pi / 180
        let cosC = sin(d0) * sin(d) + cos(d0) * cos(d) * cos(a - a0)
        guard cosC > 1e-6 else { return nil }
        let xi = cos(d) * sin(a - a0) / cosC
        let eta = (cos(d0) * sin(d) - sin(d0) * cos(d) * cos(a - a0)) / cosC
        return (xi, eta)
    }

    /// The mean direction of the stars (unit vectors averaged, so Pisces across 0 h is no problem).
    public static func centre(of stars: [SkyStar]) -> (ra: Double, dec: Double) {
        var x = 0.0, y = 0.0, z = 0.0
        for s in stars {
            let a = s.ra * .pi / 180, d = s.dec * .pi / 180
            x += cos(d) * cos(a); y += cos(d) * sin(a); z += sin(d)
        }
        var ra = atan2(y, x) * 180 / .pi
        if ra < 0 { ra += 360 }
        return (ra, atan2(z, hypot(x, y)) * 180 / .pi)
    }

    public static func project(_ constellation: Constellation) -> ProjectedFigure {
        let c = centre(of: constellation.stars)
        func flat(_ s: SkyStar) -> (Double, Double, Double)? {
            gnomonic(ra: s.ra, dec: s.dec, ra0: c.ra, dec0: c.dec).map { (-$0.xi, -$0.eta, s.magnitude) }
        }
        let stars = constellation.stars.map { flat($0) ?? (0, 0, $0.magnitude) }
        let xs = stars.map(\.0), ys = stars.map(\.1)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        let extent = max(maxX - minX, maxY - minY, 1e-9)
        let midX = (minX + maxX) / 2, midY = (minY + maxY) / 2
        func point(_ p: (Double, Double, Double)) -> FigurePoint {
            FigurePoint(x: (p.0 - midX) / extent, y: (p.1 - midY) / extent, magnitude: p.2)
        }
        let figure = stars.map(point)
        // Field stars outside the figure's box by more than half its size are left out.
        let field = constellation.field.compactMap(flat).map(point).filter { abs($0.x) <= 1 && abs($0.y) <= 1 }
        let lines = constellation.lines.filter { $0.count == 2 && $0.allSatisfy { figure.indices.contains($0) } }
        let total = lines.reduce(0) { $0 + hypot(figure[$1[1]].x - figure[$1[0]].x, figure[$1[1]].y - figure[$1[0]].y) }
        return ProjectedFigure(stars: figure, lines: lines, field: field, totalLength: total)
    }

    /// The figure's larger extent on screen: this fraction of the window height.
    public static let figureHeightFraction = 0.6
    /// Where the figure's centre sits, as a fraction of the window height from the top.
    public static let figureCentreY = 0.45

    /// Radius in pixels of a figure star of magnitude `m` (brighter is bigger).
    public static func radius(magnitude m: Double) -> Double { min(5, max(1, 4.2 - 0.7 * m)) }
    /// Radius of a faint field star (the 0.8-speed layer).
    public static func fieldRadius(magnitude m: Double) -> Double { min(2, max(0.6, 2.6 - 0.4 * m)) }
}
