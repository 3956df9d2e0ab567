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
        XCTAssertEqual(model.pageLeft(), [], "WebKit restores the window itself")
        XCTAssertFalse(model.isFullscreen)
    }

    /// A video made fullscreen while F11's fullscreen was on: leaving it goes back to F11's
    /// (window fullscreen, chrome hidden), not to a window.
    func testLeavingAPageFullscreenBegunInF11ReturnsToF11() {
        var model = FullscreenChrome()
        _ = model.toggle()
        model.focusInChrome(true)
        model.pageEntered()
        XCTAssertEqual(model.mode, .page)
        XCTAssertEqual(model.pageLeft(), [.fullscreenWindow])
        XCTAssertEqual(model.mode, .user)
        XCTAssertTrue(model.hidesChrome, "the chrome is hidden again, as in F11's fullscreen")
        // Once back, F11 leaves as always; a later page fullscreen from a window returns to a window.
        XCTAssertEqual(model.toggle(), [.unfullscreenWindow])
        model.pageEntered()
        XCTAssertEqual(model.pageLeft(), [])
        XCTAssertFalse(model.isFullscreen)
    }

    func testTheWindowManagerEndingFullscreenUnderAPageFullscreenIsNotUndone() {
        var model = FullscreenChrome()
        _ = model.toggle()
        model.pageEntered()
        model.windowLeftFullscreen()
        XCTAssertEqual(model.pageLeft(), [])
        XCTAssertFalse(model.isFullscreen)
    }

    func testTheWindowManagerEndingFullscreenShowsTheChrome() {
        var model = FullscreenChrome()
        _ = model.toggle()
        model.windowLeftFullscreen()
        XCTAssertFalse(model.hidesChrome)
    }
}
