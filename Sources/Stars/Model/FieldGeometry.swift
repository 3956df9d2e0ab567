import Foundation

/// The eight layers of the field, bottom to top, and how fast each follows the top layer.
/// The numbers are in docs/stars.md ("Layers").
public enum StarLayer: Int, CaseIterable, Sendable, Hashable {
    case darkStars, vignette, smallStars, mediumStars, largeStars, lines, figureFaintStars, figureStars

    /// Fraction of the top layer's movement this layer moves by.
    public var speed: Double {
        switch self {
        case .darkStars: 0.08
        case .vignette: 0
        case .smallStars: 0.10
        case .mediumStars: 0.12
        case .largeStars: 0.15
        case .lines: 1.0
        case .figureFaintStars: 0.8
        case .figureStars: 1.0
        }
    }

    /// The four layers of generated background stars (drawn into tiles, only translated per frame).
    public static let background: [StarLayer] = [.darkStars, .smallStars, .mediumStars, .largeStars]
}

/// Where the field is, in *sign units*: position p means sign ⌊p⌉ is p − ⌊p⌉ gaps away from the
/// centre of the window; one unit is one gap of ten window widths. Positions are kept in these units,
/// not pixels, so a resize keeps whatever was centred centred. Any real number is a valid position:
/// the field repeats every twelve units in both directions.
public enum SignSpace {
    public static let signCount = 12
    /// Window widths between two neighbouring signs.
    public static let gapInWidths = 10.0
    public static var period: Double { Double(signCount) }

    /// `p` brought into [0, 12).
    public static func wrap(_ p: Double) -> Double {
        guard p.isFinite else { return 0 }
        let r = p.truncatingRemainder(dividingBy: period)
        let wrapped = r < 0 ? r + period : r
        return wrapped >= period ? 0 : wrapped
    }

    /// The shortest signed way from `from` to `to` around the circle, in (−6, 6].
    public static func shortestDelta(from: Double, to: Double) -> Double {
        var d = wrap(to - from)
        if d > period / 2 { d -= period }
        return d
    }

    /// The sign index (0 = Pisces … 11 = Aquarius) of the sign nearest to `p`.
    public static func nearestSign(_ p: Double) -> Int {
        Int(wrap(p).rounded()) % signCount
    }

    /// The whole-number position nearest `p` (not wrapped: an animation heads there, not round the circle).
    public static func nearestTarget(_ p: Double) -> Double { p.rounded() }

    /// The position of sign `index` nearest to `p` (so a jump takes the short way round).
    public static func nearestPosition(ofSign index: Int, near p: Double) -> Double {
        p + shortestDelta(from: p, to: Double(index))
    }
}

/// Pixels for a window `width` × `height`.
public struct FieldGeometry: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = max(1, width)
        self.height = max(1, height)
    }

    /// Pixels of top-layer travel between two signs.
    public var gap: Double { SignSpace.gapInWidths * width }

    /// How far `layer` is scrolled at position `p` (pixels, before wrapping): the top layer's offset × speed.
    public func layerOffset(_ layer: StarLayer, at p: Double) -> Double {
        SignSpace.wrap(p) * gap * layer.speed
    }

    /// The length after which a layer's content repeats (pixels); 0 for the fixed vignette.
    public func layerPeriod(_ layer: StarLayer) -> Double {
        SignSpace.period * gap * layer.speed
    }

    /// Where the centre of sign `index` is drawn on `layer` at position `p`, in window x.
    /// Each layer lays sign i out at i gaps × its speed, so at a whole position every layer lines up.
    public func signCentreX(_ index: Int, layer: StarLayer, at p: Double) -> Double {
        width / 2 + SignSpace.shortestDelta(from: p, to: Double(index)) * gap * layer.speed
    }

    /// Converts a pixel distance of the top layer into sign units.
    public func units(_ pixels: Double) -> Double { pixels / gap }
    public func pixels(_ units: Double) -> Double { units * gap }
}
