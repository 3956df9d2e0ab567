import BrowserModel
import XCTest

final class FullscreenChromeTests: XCTestCase {
    func testF11HidesTheChromeAndTogglesBack() {
        var model = FullscreenChrome()
        XCTAssertEqual(model.toggle(), [.fullscreenWindow])
        XCTAssertTrue(model.hidesChrome)
        XCTAssertEqual(model.toggle(), [.unfullscreenWindow])
        XCTAssertFalse(model.hidesChrome)
        XCTAssertFalse(model.isFullscreen)
    }

    func testTheBottomEdgeRevealsUntilThePointerLeavesTheChrome() {
        var model = FullscreenChrome()
        _ = model.toggle()
        model.pointerMoved(y: 700, height: 800, chromeHeight: 90)
        XCTAssertTrue(model.hidesChrome, "inside where the chrome would be, but not at the edge")
        model.pointerMoved(y: 800 - FullscreenChrome.revealEdge, height: 800, chromeHeight: 90)
        XCTAssertFalse(model.hidesChrome)
        model.pointerMoved(y: 750, height: 800, chromeHeight: 90)
        XCTAssertFalse(model.hidesChrome, "over the chrome it stays")
        model.pointerMoved(y: 600, height: 800, chromeHeight: 90)
        XCTAssertTrue(model.hidesChrome, "over the page it goes")
    }

    func testFocusInTheChromeKeepsItAndEscapeLeaves() {
        var model = FullscreenChrome()
        XCTAssertNil(model.escape(), "windowed: Escape is not fullscreen's")
        _ = model.toggle()
        model.focusInChrome(true)
        XCTAssertFalse(model.hidesChrome)
        model.focusInChrome(false)
        XCTAssertTrue(model.hidesChrome)
        XCTAssertEqual(model.escape(), [.unfullscreenWindow])
        XCTAssertFalse(model.isFullscreen)
    }

    func testAPageFullscreenNeverShowsTheChromeAndF11AsksThePageToLeave() {
        var model = FullscreenChrome()
        model.pageEntered()
        model.pointerMoved(y: 799, height: 800, chromeHeight: 90)
        model.focusInChrome(true)
        XCTAssertTrue(model.hidesChrome)
        XCTAssertNil(model.escape(), "WebKit takes Escape in a page's fullscreen")
        XCTAssertEqual(model.toggle(), [.exitPage])
        model.pageLeft()
        XCTAssertFalse(model.isFullscreen)
    }

    func testTheWindowManagerEndingFullscreenShowsTheChrome() {
        var model = FullscreenChrome()
        _ = model.toggle()
        model.windowLeftFullscreen()
        XCTAssertFalse(model.hidesChrome)
    }
}
