/// One generated background star, in layer units: `x` in window widths along the layer's own
/// content (0 ..< period), `y` as a fraction of the window height, `brightness` 0…1.
public struct BackgroundStar: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var brightness: Double
}

/// The generated stars of the four background layers (docs/stars.md, "Background stars").
public enum BackgroundStars {
    public static let perSignPerLayer = 20
    public static let seed: UInt64 = 0x5C1F_F57A_2500_0004

    /// The layer's stars, sign by sign: the 20 stars of sign i lie in its stretch of the layer,
    /// [i, i + 1) × gap × speed. Positions are in window widths so they scale with the window.
    public static func stars(for layer: StarLayer) -> [BackgroundStar] {
        guard layer.speed > 0 else { return [] }
        var random = SeededRandom(seed: seed &+ UInt64(layer.rawValue) &* 0x1_0000_0001)
        let stretch = SignSpace.gapInWidths * layer.speed
        var result: [BackgroundStar] = []
        result.reserveCapacity(SignSpace.signCount * perSignPerLayer)
        for sign in 0..<SignSpace.signCount {
            for _ in 0..<perSignPerLayer {
                let x = (Double(sign) + random.unit()) * stretch
                let y = random.unit()
                let b = 0.35 + 0.65 * random.unit()
                result.append(BackgroundStar(x: x, y: y, brightness: b))
            }
        }
        return result
    }

    /// How big a star of `layer` is drawn (radius in pixels): nearer layers have bigger stars.
    public static func radius(for layer: StarLayer) -> Double {
        switch layer {
        case .darkStars: 0.9
        case .smallStars: 1.0
        case .mediumStars: 1.4
        case .largeStars: 1.9
        default: 0
        }
    }

    /// Opacity of a layer's stars (the dark layer is the faintest).
    public static func opacity(for layer: StarLayer) -> Double {
        switch layer {
        case .darkStars: 0.35
        case .smallStars: 0.55
        case .mediumStars: 0.7
        case .largeStars: 0.85
        default: 0
        }
    }
}

/// How a background layer is cut into small square tiles that the view renders once into textures
/// and then only translates. Column j covers layer pixels [j·T, (j+1)·T); row k covers [k·T, (k+1)·T)
/// of the height. Most tiles hold no star and are never drawn: the stars are sparse (about 20 to 60 on
/// screen per layer), so small tiles blend a fraction of the window instead of four full-window layers.
public struct BackgroundTiling: Sendable, Hashable {
    public var geometry: FieldGeometry
    public var tileWidth: Double

    /// The side of a tile, pixels.
    public static let tileSide = 64.0

    public init(geometry: FieldGeometry) {
        self.geometry = geometry
        tileWidth = Self.tileSide
    }

    /// Rows of tiles down the window.
    public var rowCount: Int { Int((geometry.height / tileWidth).rounded(.up)) }

    /// The stars of one column grouped by row: (row, stars in tile pixels relative to that tile).
    /// Rows without stars are left out. A star near an edge is in both tiles, so none is cut.
    public func rows(in column: Int, of layer: StarLayer, from stars: [BackgroundStar], margin: Double = 4) -> [(row: Int, stars: [(x: Double, y: Double, brightness: Double)])] {
        var byRow: [Int: [(x: Double, y: Double, brightness: Double)]] = [:]
        for star in self.stars(in: column, of: layer, from: stars, margin: margin) {
            let first = max(0, Int(((star.y - margin) / tileWidth).rounded(.down)))
            let last = min(rowCount - 1, Int(((star.y + margin) / tileWidth).rounded(.down)))
            guard first <= last else { continue }
            for row in first...last {
                byRow[row, default: []].append((star.x, star.y - Double(row) * tileWidth, star.brightness))
            }
        }
        return byRow.keys.sorted().map { ($0, byRow[$0] ?? []) }
    }

    /// At most this many columns of one layer are on screen at once: ⌈w/T⌉ + 1.
    public var maximumVisibleTiles: Int { Int((geometry.width / tileWidth).rounded(.up)) + 1 }

    /// The tiles of `layer` covering the window at position `p`, with the x each is drawn at.
    public func visibleTiles(_ layer: StarLayer, at p: Double) -> [(index: Int, x: Double)] {
        let offset = geometry.layerOffset(layer, at: p)
        let first = Int((offset / tileWidth).rounded(.down))
        var tiles: [(Int, Double)] = []
        var j = first
        while Double(j) * tileWidth - offset < geometry.width {
            tiles.append((j, Double(j) * tileWidth - offset))
            j += 1
        }
        return tiles
    }

    /// The stars inside tile `index` of `layer`, in tile pixels, wrapping at the layer's period so
    /// the last sign's stars run seamlessly into the first's. `margin` keeps stars cut by an edge whole.
    public func stars(in index: Int, of layer: StarLayer, from stars: [BackgroundStar], margin: Double = 4) -> [(x: Double, y: Double, brightness: Double)] {
        let period = geometry.layerPeriod(layer)
        guard period > 0 else { return [] }
        let left = Double(index) * tileWidth
        var result: [(Double, Double, Double)] = []
        for star in stars {
            let base = star.x * geometry.width
            // Every copy of the star (one per period) that falls in [left − margin, left + T + margin).
            var n = ((left - margin - base) / period).rounded(.up)
            while base + n * period < left + tileWidth + margin {
                result.append((base + n * period - left, star.y * geometry.height, star.brightness))
                n += 1
            }
        }
        return result
    }
}
