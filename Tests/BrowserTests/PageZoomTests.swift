import BrowserModel
import XCTest

final class PageZoomTests: XCTestCase {
    func testStepsGoThroughGnomeWebsStopsAndStopAtTheEnds() {
        var level = PageZoom.normal
        var seen: [String] = []
        for _ in 0..<10 { level = PageZoom.zoomIn(from: level); seen.append(PageZoom.percent(level)) }
        XCTAssertEqual(seen, ["110 %", "120 %", "133 %", "150 %", "170 %", "200 %", "240 %", "300 %", "300 %", "300 %"])
        XCTAssertFalse(PageZoom.canZoomIn(from: level))
        for _ in 0..<20 { level = PageZoom.zoomOut(from: level) }
        XCTAssertEqual(level, 0.30)
        XCTAssertFalse(PageZoom.canZoomOut(from: level))
        XCTAssertTrue(PageZoom.canZoomIn(from: level))
    }

    func testALevelBetweenStepsGoesToTheNearestStepThatWay() {
        XCTAssertEqual(PageZoom.zoomIn(from: 1.05), 1.10)
        XCTAssertEqual(PageZoom.zoomOut(from: 1.05), 1.00)
        XCTAssertEqual(PageZoom.zoomOut(from: 5), 3.00, "beyond the range comes back into it")
        XCTAssertEqual(PageZoom.percent(0.67), "67 %")
    }
}
