import XCTest
@testable import Motion

final class PagingTests: XCTestCase {
    func testProjectionMatchesUIScrollViewFormula() {
        // 1000 pt/s at 0.998/ms: 1 · 0.998 / 0.002 = 499 pt.
        XCTAssertEqual(Paging.project(velocity: 1000), 499, accuracy: 1e-9)
        XCTAssertEqual(Paging.project(velocity: -1000, decelerationRate: Paging.fastDecelerationRate), -99, accuracy: 1e-9)
        XCTAssertEqual(Paging.project(velocity: 0), 0)
        XCTAssertGreaterThan(Paging.project(velocity: 500), Paging.project(velocity: 500, decelerationRate: 0.99))
    }

    func testVelocityDirectionPicksCeilOrFloorAndRestPicksNearest() {
        func target(_ offset: Double, _ velocity: Double) -> Int {
            Paging.targetPage(offset: offset, pageWidth: 100, startPage: 2, velocity: velocity, pageCount: 6)
        }
        XCTAssertEqual(target(230, 400), 3, "forward flick barely past the edge turns the page")
        XCTAssertEqual(target(230, 0), 2, "released without velocity: nearest")
        XCTAssertEqual(target(260, 0), 3, "released without velocity: nearest")
        XCTAssertEqual(target(260, -400), 2, "backward flick floors even past halfway")
        XCTAssertEqual(target(170, -400), 1)
        XCTAssertEqual(target(170, 400), 2)
        XCTAssertEqual(target(140, 0), 1)
        XCTAssertEqual(target(200, 400), 2, "exactly on a page stays")
    }

    func testNeverMovesMoreThanOnePageFromWhereTheDragBegan() {
        for offset in stride(from: -500.0, through: 1500, by: 37) {
            for velocity in [-5000.0, -1, 0, 1, 5000] {
                let page = Paging.targetPage(offset: offset, pageWidth: 100, startPage: 4, velocity: velocity, pageCount: 10)
                XCTAssertLessThanOrEqual(abs(page - 4), 1, "offset \(offset) velocity \(velocity)")
            }
        }
        XCTAssertEqual(Paging.targetPage(offset: 780, pageWidth: 100, startPage: 4, velocity: 3000, pageCount: 10), 5)
        XCTAssertEqual(Paging.targetPage(offset: 120, pageWidth: 100, startPage: 4, velocity: 0, pageCount: 10), 3)
    }

    func testClampsToExistingPages() {
        XCTAssertEqual(Paging.targetPage(offset: -40, pageWidth: 100, startPage: 0, velocity: -900, pageCount: 3), 0)
        XCTAssertEqual(Paging.targetPage(offset: 250, pageWidth: 100, startPage: 2, velocity: 900, pageCount: 3), 2)
        XCTAssertEqual(Paging.targetPage(offset: 1e300, pageWidth: 100, startPage: 2, velocity: 900, pageCount: 3), 2)
        XCTAssertEqual(Paging.targetPage(offset: 50, pageWidth: 100, startPage: 0, velocity: 900, pageCount: 0), 0)
        XCTAssertEqual(Paging.targetPage(offset: 50, pageWidth: 0, startPage: 1, velocity: 900, pageCount: 3), 1)
    }

    func testVelocityThresholdTreatsSlowReleaseAsRest() {
        let slow = Paging.targetPage(offset: 230, pageWidth: 100, startPage: 2, velocity: 40, pageCount: 6, velocityThreshold: 50)
        let fast = Paging.targetPage(offset: 230, pageWidth: 100, startPage: 2, velocity: 60, pageCount: 6, velocityThreshold: 50)
        XCTAssertEqual(slow, 2)
        XCTAssertEqual(fast, 3)
    }
}
