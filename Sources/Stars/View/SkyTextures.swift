import Foundation
import Gtk
import StarsModel

/// The images the field is drawn from (cairo surfaces, or textures under a GL renderer): background
/// tiles (each layer's stars, drawn once and then only translated), the vignette and the marker ruler
/// (once per window size), star sprites (once per window size).
///
/// Bound (docs/stars.md, "Background stars"): only the columns of tiles on screen in the last frame
/// are kept, and only their tiles that hold a star: at most 4 per star on screen (a star on a corner),
/// at most 220 stars on screen over the four layers, 16 KB a tile: under 14 MB, plus the vignette
/// (4·w·h bytes) and the ruler. Nothing grows with how far the sky has been scrolled.
@MainActor
final class SkyTextures {
    private struct TileKey: Hashable { let layer: StarLayer; let index: Int }
    /// A column of tiles: the rows that hold stars, each with its texture.
    typealias Column = [(row: Int, texture: RasterImage)]
    private var tiles: [TileKey: Column] = [:]
    private var usedThisFrame: Set<TileKey> = []
    private(set) var vignette: RasterImage?
    private(set) var ruler: RasterImage?
    private var sprites: [Int: RasterImage] = [:]
    private(set) var tiling: BackgroundTiling?
    private var scale = 1
    let backgroundStars: [StarLayer: [BackgroundStar]]
    /// Tiles drawn since start (each is a cairo raster and an upload): for the benchmark.
    private(set) var tilesRendered = 0

    static let rulerPeriod = 8.0
    static let rulerHeight = 10

    init() {
        var stars: [StarLayer: [BackgroundStar]] = [:]
        for layer in StarLayer.background { stars[layer] = BackgroundStars.stars(for: layer) }
        backgroundStars = stars
    }

    /// Drops everything sized for the window when its size (or scale) changes.
    func prepare(for geometry: FieldGeometry, scale newScale: Int) {
        if tiling?.geometry == geometry && scale == newScale { return }
        tiling = BackgroundTiling(geometry: geometry)
        scale = max(1, newScale)
        tiles.removeAll()
        sprites.removeAll()
        let w = Int(geometry.width.rounded(.up)), h = Int(geometry.height.rounded(.up))
        vignette = RasterImage(width: w, height: h, scale: scale) { p in
            let cx = Double(w) / 2, cy = Double(h) / 2
            p.radialGradient(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), cx: cx, cy: cy,
                             r0: 0.35 * Double(min(w, h)), r1: hypot(cx, cy),
                             inner: Color(red: 0, green: 0, blue: 0, alpha: 0), outer: Palette.vignetteEdge)
        }
        // Dashes [2, 6] drawn 10 px wide: a row of 2 px ticks every 8 px, one period wider than the window.
        ruler = RasterImage(width: w + Int(Self.rulerPeriod) * 2, height: Self.rulerHeight, scale: scale) { p in
            p.setColor(Palette.marker)
            p.setLineWidth(Double(Self.rulerHeight))
            p.setDash([2, 6])
            p.moveTo(0, Double(Self.rulerHeight) / 2)
            p.lineTo(Double(w) + Self.rulerPeriod * 2, Double(Self.rulerHeight) / 2)
            p.stroke()
        }
    }

    func beginFrame() { usedThisFrame.removeAll(keepingCapacity: true) }

    /// Forgets tiles not drawn in this frame, so only what is on screen is kept.
    func endFrame() {
        if tiles.count > usedThisFrame.count {
            tiles = tiles.filter { usedThisFrame.contains($0.key) }
        }
    }

    /// The tiles of column `index` of `layer` that hold stars, drawn on first use.
    func column(_ layer: StarLayer, _ index: Int) -> Column {
        let key = TileKey(layer: layer, index: index)
        usedThisFrame.insert(key)
        if let column = tiles[key] { return column }
        guard let tiling, let stars = backgroundStars[layer] else { return [] }
        let radius = BackgroundStars.radius(for: layer), opacity = BackgroundStars.opacity(for: layer)
        let side = Int(tiling.tileWidth)
        var column: Column = []
        for (row, inTile) in tiling.rows(in: index, of: layer, from: stars) {
            let texture = RasterImage(width: side, height: side, scale: scale) { p in
                for star in inTile {
                    var c = Palette.starlight
                    c.alpha = opacity * star.brightness
                    p.setColor(c)
                    p.disc(star.x, star.y, radius: radius)
                }
            }
            if let texture { column.append((row, texture)) }
            tilesRendered += 1
        }
        tiles[key] = column
        return column
    }

    /// A soft disc of `radius` (quantised to quarter pixels) in a square texture of side 4·radius + 2.
    func sprite(radius: Double) -> (image: RasterImage, size: Double)? {
        let key = Int((radius * 4).rounded())
        let r = Double(key) / 4
        let side = Int((r * 4 + 2).rounded(.up))
        if let t = sprites[key] { return (t, Double(side)) }
        guard let t = RasterImage(width: side, height: side, scale: scale, { p in
            let c = Double(side) / 2
            var glow = Palette.starlight
            glow.alpha = 0.18
            p.setColor(glow)
            p.disc(c, c, radius: r * 2)
            p.setColor(Palette.starlight)
            p.disc(c, c, radius: r)
        }) else { return nil }
        sprites[key] = t
        return (t, Double(side))
    }

    /// Bytes held in images now.
    var byteCount: Int {
        func bytes(_ t: RasterImage?) -> Int { t?.byteCount ?? 0 }
        return tiles.values.reduce(0) { $0 + $1.reduce(0) { $0 + bytes($1.texture) } } + bytes(vignette) + bytes(ruler) + sprites.values.reduce(0) { $0 + bytes($1) }
    }
    var tileCount: Int { tiles.values.reduce(0) { $0 + $1.count } }
}
