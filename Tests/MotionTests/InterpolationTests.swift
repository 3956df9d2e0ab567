import XCTest
@testable import Motion

final class InterpolationTests: XCTestCase {
    func testLerpHitsEndpointsAndExtrapolates() {
        XCTAssertEqual(lerp(10, 30, 0), 10)
        XCTAssertEqual(lerp(10, 30, 1), 30)
        XCTAssertEqual(lerp(10, 30, 0.25), 15)
        XCTAssertEqual(lerp(10, 30, 1.1), 32, accuracy: 1e-12, "spring overshoot must pass through")
        XCTAssertEqual(lerp(30, 10, 0.25), 25)
    }

    func testInverseLerp() {
        XCTAssertEqual(inverseLerp(10, 30, 15), 0.25)
        XCTAssertEqual(inverseLerp(30, 10, 15), 0.75)
        XCTAssertEqual(inverseLerp(5, 5, 7), 0)
    }

    func testPointAndSizeInterpolateComponentwise() {
        XCTAssertEqual(lerp(Point(x: 0, y: 100), Point(x: 50, y: 0), 0.2), Point(x: 10, y: 80))
        XCTAssertEqual(lerp(Size(width: 100, height: 40), Size(width: 200, height: 60), 0.5), Size(width: 150, height: 50))
    }
}
