import XCTest
@testable import TodayModel

final class LayoutRectTests: XCTestCase {
    func testSnappingMovesEdgesNotSizes() {
        let r = LayoutRect(x: 10.4, y: 20.6, width: 100.4, height: 50.2).snappedToWholePoints
        XCTAssertEqual(r, LayoutRect(x: 10, y: 21, width: 101, height: 50), "right edge 110.8 → 111, bottom 70.8 → 71")
    }
}
