import XCTest
@testable import Motion

final class RubberBandTests: XCTestCase {
    func testInsideBoundsIsUntouched() {
        for offset in stride(from: 0.0, through: 300, by: 25) {
            XCTAssertEqual(rubberBand(offset: offset, min: 0, max: 300, dimension: 400), offset)
        }
    }

    func testKnownValueOfTheFormula() {
        // One full dimension of overscroll: (1 − 1/1.55) · d.
        XCTAssertEqual(rubberBand(offset: 700, min: 0, max: 300, dimension: 400), 300 + (1 - 1 / 1.55) * 400, accuracy: 1e-9)
        XCTAssertEqual(rubberBand(offset: -400, min: 0, max: 300, dimension: 400), -(1 - 1 / 1.55) * 400, accuracy: 1e-9)
    }

    func testContinuousAtTheEdgesWithInitialSlopeEqualToCoefficient() {
        let epsilon = 1e-4
        let aboveMax = rubberBand(offset: 300 + epsilon, min: 0, max: 300, dimension: 400)
        XCTAssertEqual(aboveMax, 300, accuracy: 1e-3)
        XCTAssertEqual((aboveMax - 300) / epsilon, 0.55, accuracy: 1e-4)
        let belowMin = rubberBand(offset: -epsilon, min: 0, max: 300, dimension: 400, coefficient: 0.3)
        XCTAssertEqual(belowMin / -epsilon, 0.3, accuracy: 1e-4)
    }

    func testMonotonicAndAsymptoticallyBoundedByDimension() {
        var previous = 300.0
        for overscroll in stride(from: 10.0, through: 100_000, by: 997) {
            let banded = rubberBand(offset: 300 + overscroll, min: 0, max: 300, dimension: 400)
            XCTAssertGreaterThan(banded, previous)
            XCTAssertLessThan(banded - 300, 400)
            XCTAssertLessThan(banded - 300, overscroll)
            previous = banded
        }
        XCTAssertGreaterThan(rubberBand(offset: 1e9, min: 0, max: 300, dimension: 400) - 300, 399)
    }

    func testContentShorterThanViewportBandsFromMin() {
        XCTAssertEqual(rubberBand(offset: 0, min: 0, max: -100, dimension: 400), 0)
        XCTAssertGreaterThan(rubberBand(offset: 50, min: 0, max: -100, dimension: 400), 0)
        XCTAssertLessThan(rubberBand(offset: 50, min: 0, max: -100, dimension: 400), 50)
    }

    func testInverseRoundTrips() {
        for overscroll in [0.5, 10, 120, 900, 5000] {
            let distance = RubberBand.distance(overscroll: overscroll, dimension: 300)
            XCTAssertEqual(RubberBand.overscroll(distance: distance, dimension: 300), overscroll, accuracy: 1e-6 * overscroll)
        }
        XCTAssertEqual(RubberBand.overscroll(distance: 300, dimension: 300), .infinity)
    }
}
