import StarsModel
import XCTest

/// Property tests: any position, any direction, any window width — one sign per ten widths, the
/// field repeats every twelve signs, and nothing jumps at the seam.
final class WrapAroundTests: XCTestCase {
    var random = SeededRandom(seed: 42)

    func randomGeometry() -> FieldGeometry {
        FieldGeometry(width: 360 + random.unit() * 4000, height: 300 + random.unit() * 2000)
    }

    func testWrapIsIntoZeroToTwelveAndPeriodic() {
        for _ in 0..<2000 {
            let p = (random.unit() - 0.5) * 1e6
            let w = SignSpace.wrap(p)
            XCTAssertTrue((0..<12).contains(w), "\(p) → \(w)")
            let k = Double(Int(random.unit() * 200) - 100)
            XCTAssertEqual(SignSpace.wrap(p + 12 * k), w, accuracy: 1e-6)
        }
        XCTAssertEqual(SignSpace.wrap(-0.25), 11.75)
        XCTAssertEqual(SignSpace.wrap(12), 0)
    }

    func testExactlyOneSignPerTenWindowWidths() {
        for _ in 0..<300 {
            let g = randomGeometry()
            let start = (random.unit() - 0.5) * 100
            let direction: Double = random.unit() < 0.5 ? -1 : 1
            // Sweep ten widths in small steps; count the signs whose centre crosses the window centre.
            var crossings = 0
            let steps = 400
            var previous = start
            for i in 1...steps {
                let p = start + direction * Double(i) / Double(steps)
                if (previous.rounded(.down) != p.rounded(.down)) { crossings += 1 }
                // At most one sign is ever inside the window.
                let inside = (0..<12).filter { abs(g.signCentreX($0, layer: .figureStars, at: p) - g.width / 2) < g.width / 2 }
                XCTAssertLessThanOrEqual(inside.count, 1)
                previous = p
            }
            XCTAssertEqual(crossings, 1, "one sign per 10 w from \(start), direction \(direction)")
        }
    }

    func testEveryLayerMovesContinuouslyAcrossTheSeam() {
        for _ in 0..<300 {
            let g = randomGeometry()
            let tiling = BackgroundTiling(geometry: g)
            let layer = StarLayer.background[Int(random.unit() * 4)]
            let stars = BackgroundStars.stars(for: layer)
            // Around the seam (12 ≡ 0) or anywhere, in either direction.
            let base = random.unit() < 0.5 ? 12 - 1e-4 : (random.unit() - 0.5) * 48
            let delta = (random.unit() - 0.5) * 2e-4
            let a = screenStars(tiling, layer, stars, at: base), b = screenStars(tiling, layer, stars, at: base + delta)
            let shift = -delta * g.gap * layer.speed
            // Every star visible well inside both frames has moved by exactly the layer's share of the delta.
            let inner = a.filter { $0.x > 10 && $0.x < g.width - 10 }
            XCTAssertFalse(inner.isEmpty || a.count < 3, "\(layer) shows stars")
            for star in inner {
                XCTAssertTrue(b.contains { abs($0.x - (star.x + shift)) < 1e-3 && abs($0.y - star.y) < 1e-9 },
                              "\(layer) star at \(star) jumped between \(base) and \(base + delta)")
            }
        }
    }

    func testTheSkyTwelveSignsOnIsTheSameSky() {
        for _ in 0..<100 {
            let g = randomGeometry(), tiling = BackgroundTiling(geometry: g)
            let p = (random.unit() - 0.5) * 50
            for layer in StarLayer.background {
                let stars = BackgroundStars.stars(for: layer)
                let a = screenStars(tiling, layer, stars, at: p).filter { $0.x > 5 && $0.x < g.width - 5 }
                let b = screenStars(tiling, layer, stars, at: p - 12).filter { $0.x > 5 && $0.x < g.width - 5 }
                XCTAssertEqual(a.count, b.count)
                for s in a { XCTAssertTrue(b.contains { abs($0.x - s.x) < 1e-3 && $0.y == s.y }) }
            }
            for sign in 0..<12 {
                XCTAssertEqual(g.signCentreX(sign, layer: .lines, at: p), g.signCentreX(sign, layer: .lines, at: p + 24), accuracy: 1e-6)
            }
        }
    }

    func testAtAWholePositionEveryLayerCentresItsSign() {
        let g = FieldGeometry(width: 1000, height: 700)
        for sign in 0..<12 {
            for layer in StarLayer.allCases {
                XCTAssertEqual(g.signCentreX(sign, layer: layer, at: Double(sign) + 12), 500, accuracy: 1e-9)
            }
        }
    }

    func testVisibleTilesCoverTheWindowAndStayBounded() {
        for _ in 0..<300 {
            let g = randomGeometry(), tiling = BackgroundTiling(geometry: g)
            let layer = StarLayer.background[Int(random.unit() * 4)]
            let tiles = tiling.visibleTiles(layer, at: (random.unit() - 0.5) * 100)
            XCTAssertLessThanOrEqual(tiles.count, tiling.maximumVisibleTiles)
            XCTAssertLessThanOrEqual(tiles.first?.x ?? 1, 0)
            XCTAssertGreaterThanOrEqual((tiles.last?.x ?? 0) + tiling.tileWidth, g.width)
        }
    }

    /// The window-space stars of a layer as the view draws them: tiles placed where they go.
    func screenStars(_ tiling: BackgroundTiling, _ layer: StarLayer, _ stars: [BackgroundStar], at p: Double) -> [(x: Double, y: Double)] {
        tiling.visibleTiles(layer, at: p).flatMap { tile in
            tiling.stars(in: tile.index, of: layer, from: stars, margin: 0).map { (tile.x + $0.x, $0.y) }
        }
    }
}

/// The square tiles the view draws: every star of a column lands in a tile, none is lost or cut.
final class TilingTests: XCTestCase {
    func testRowsHoldEveryStarOfTheirColumn() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let g = FieldGeometry(width: 360 + random.unit() * 3000, height: 300 + random.unit() * 1500)
            let tiling = BackgroundTiling(geometry: g)
            let layer = StarLayer.background[Int(random.unit() * 4)]
            let stars = BackgroundStars.stars(for: layer)
            let column = Int(random.unit() * 2000) - 1000
            let all = tiling.stars(in: column, of: layer, from: stars)
            let rows = tiling.rows(in: column, of: layer, from: stars)
            for star in all where star.y >= 0 && star.y < g.height {
                let row = Int(star.y / tiling.tileWidth)
                XCTAssertTrue(rows.contains { $0.row == row && $0.stars.contains { abs($0.x - star.x) < 1e-9 && abs($0.y - (star.y - Double(row) * tiling.tileWidth)) < 1e-9 } },
                              "star \(star) of column \(column) is in no tile")
            }
            XCTAssertTrue(rows.allSatisfy { !$0.stars.isEmpty && $0.row >= 0 && $0.row < tiling.rowCount })
        }
    }
}
