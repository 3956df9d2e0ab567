import Foundation
import Gtk
import StarsModel

/// The textures the field is drawn from: background tiles (each layer's stars, drawn once and then
/// only translated), the vignette and the marker ruler (once per window size), star sprites (once).
///
/// Bound: at most ⌈w/T⌉ + 1 tiles per background layer are kept (those on screen in the last
/// frame), T = max(256, w/2), so 4 layers × 3 × (w/2) × h × 4 bytes = 24·w·h bytes, plus the
/// vignette (4·w·h) and the ruler (tiny): about 28·w·h bytes × scale² (29 MB at 1280×800,
/// 58 MB at 1920×1080). Nothing grows with how far the sky has been scrolled.
@MainActor
final class SkyTextures {
    private struct TileKey: Hashable { let layer: StarLayer; let index: Int }
    private var tiles: [TileKey: Texture] = [:]
    private var usedThisFrame: Set<TileKey> = []
    private(set) var vignette: Texture?
    private(set) var ruler: Texture?
    private var sprites: [Int: Texture] = [:]
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
        vignette = Raster.texture(width: w, height: h, scale: scale) { p in
            let cx = Double(w) / 2, cy = Double(h) / 2
            p.radialGradient(Rect(x: 0, y: 0, width: Double(w), height: Double(h)), cx: cx, cy: cy,
                             r0: 0.35 * Double(min(w, h)), r1: hypot(cx, cy),
                             inner: Color(red: 0, green: 0, blue: 0, alpha: 0), outer: Palette.vignetteEdge)
        }
        // Dashes [2, 6] drawn 10 px wide: a row of 2 px ticks every 8 px, one period wider than the window.
        ruler = Raster.texture(width: w + Int(Self.rulerPeriod) * 2, height: Self.rulerHeight, scale: scale) { p in
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

    func tile(_ layer: StarLayer, _ index: Int) -> Texture? {
        let key = TileKey(layer: layer, index: index)
        usedThisFrame.insert(key)
        if let texture = tiles[key] { return texture }
        guard let tiling, let stars = backgroundStars[layer] else { return nil }
        let radius = BackgroundStars.radius(for: layer), opacity = BackgroundStars.opacity(for: layer)
        let inTile = tiling.stars(in: index, of: layer, from: stars)
        let texture = Raster.texture(width: Int(tiling.tileWidth), height: Int(tiling.geometry.height.rounded(.up)), scale: scale) { p in
            for star in inTile {
                var c = Palette.starlight
                c.alpha = opacity * star.brightness
                p.setColor(c)
                p.disc(star.x, star.y, radius: radius)
            }
        }
        tiles[key] = texture
        tilesRendered += 1
        return texture
    }

    /// A soft disc of `radius` (quantised to quarter pixels) in a square texture of side 4·radius + 2.
    func sprite(radius: Double) -> (texture: Texture, size: Double)? {
        let key = Int((radius * 4).rounded())
        let r = Double(key) / 4
        let side = Int((r * 4 + 2).rounded(.up))
        if let t = sprites[key] { return (t, Double(side)) }
        guard let t = Raster.texture(width: side, height: side, scale: scale, { p in
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

    /// Bytes held in textures now.
    var byteCount: Int {
        func bytes(_ t: Texture?) -> Int { t.map { Raster.byteCount(width: $0.pixelWidth, height: $0.pixelHeight) } ?? 0 }
        return tiles.values.reduce(0) { $0 + bytes($1) } + bytes(vignette) + bytes(ruler) + sprites.values.reduce(0) { $0 + bytes($1) }
    }
    var tileCount: Int { tiles.count }
}
