import XCTest
import HomeModel

final class HomeTabTests: XCTestCase {
    func testFiveTabsInTheSeedsOrder() {
        XCTAssertEqual(HomeTab.allCases.map(\.title), ["Home", "Scan", "Order", "Gift", "Stores"])
    }
}
