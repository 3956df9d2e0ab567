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

    func testAPinchLandsOnTheNearestStepWithinTheRange() {
        XCTAssertEqual(PageZoom.pinched(from: 1.0, scale: 1.5), 1.50)
        XCTAssertEqual(PageZoom.pinched(from: 1.0, scale: 1.04), 1.00, "a slight pinch changes nothing")
        XCTAssertEqual(PageZoom.pinched(from: 1.0, scale: 1.4), 1.33, "the nearest step")
        XCTAssertEqual(PageZoom.pinched(from: 1.2, scale: 0.5), 0.67, "from where the pinch began")
        XCTAssertEqual(PageZoom.pinched(from: 1.0, scale: 10), 3.00, "no further than 300 %")
        XCTAssertEqual(PageZoom.pinched(from: 1.0, scale: 0.01), 0.30, "nor below 30 %")
        XCTAssertEqual(PageZoom.pinched(from: 1.5, scale: .nan), 1.50, "nonsense changes nothing")
        XCTAssertEqual(PageZoom.pinched(from: 1.5, scale: 0), 1.50)
    }
}
