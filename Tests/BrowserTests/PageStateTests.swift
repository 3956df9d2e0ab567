import XCTest
@testable import BrowserModel

final class PageStateTests: XCTestCase {
    func testASuccessfulLoadDrivesTitleProgressAndHistory() {
        var s = PageState()
        XCTAssertEqual(s.windowTitle, "Skiff")
        s.apply(.navigationRequested(uri: "https://example.com/"))
        s.apply(.loadStarted(uri: "https://example.com/"))
        XCTAssertTrue(s.isLoading)
        XCTAssertTrue(s.showsStop)
        XCTAssertEqual(s.windowTitle, "example.com — Skiff", "the host stands in until the page has a title")
        s.apply(.progress(0.4))
        XCTAssertEqual(s.progress, 0.4)
        s.apply(.committed(uri: "https://example.com/"))
        s.apply(.titleChanged("Example Domain"))
        s.apply(.finished)
        s.apply(.history(canGoBack: true, canGoForward: false))
        XCTAssertFalse(s.isLoading)
        XCTAssertEqual(s.progress, 1)
        XCTAssertEqual(s.windowTitle, "Example Domain — Skiff")
        XCTAssertEqual(s.addressText, "https://example.com/")
        XCTAssertTrue(s.canGoBack)
        XCTAssertFalse(s.canGoForward)
    }

    func testAFailureSurvivesItsErrorPageLoadAndIsRetried() {
        var s = PageState()
        s.apply(.loadStarted(uri: "http://127.0.0.1:9/"))
        s.apply(.failed(uri: "http://127.0.0.1:9/", message: "Could not connect", cancelled: false))
        XCTAssertEqual(s.failure, LoadFailure(uri: "http://127.0.0.1:9/", message: "Could not connect"))
        XCTAssertTrue(s.wantsErrorPage)
        s.apply(.errorPageShown)
        // WebKit then finishes the failed load and starts loading the error page in its place.
        s.apply(.finished)
        s.apply(.loadStarted(uri: "http://127.0.0.1:9/"))
        s.apply(.committed(uri: "http://127.0.0.1:9/"))
        s.apply(.finished)
        XCTAssertNotNil(s.failure, "showing the error page must not clear the failure")
        XCTAssertEqual(s.windowTitle, "Can’t Open Page — Skiff")
        XCTAssertEqual(s.addressText, "http://127.0.0.1:9/", "the address the user typed is kept")
        XCTAssertEqual(s.requestedURI, "http://127.0.0.1:9/")
        // The user navigates elsewhere: the failure is gone.
        s.apply(.navigationRequested(uri: "https://example.com/"))
        s.apply(.loadStarted(uri: "https://example.com/"))
        XCTAssertNil(s.failure)
    }

    func testABlockedPortThatCommitsBlankIsAFailure() {
        var s = PageState()
        s.apply(.navigationRequested(uri: "http://127.0.0.1:9/x"))
        XCTAssertEqual(s.addressText, "http://127.0.0.1:9/x", "what the user typed shows while nothing has committed")
        s.apply(.loadStarted(uri: "http://127.0.0.1:9/x"))
        s.apply(.committed(uri: "about:blank"))
        XCTAssertEqual(s.failure?.uri, "http://127.0.0.1:9/x")
        XCTAssertTrue(s.wantsErrorPage)
        s.apply(.errorPageShown)
        XCTAssertFalse(s.wantsErrorPage)
        s.apply(.finished)
        s.apply(.loadStarted(uri: "http://127.0.0.1:9/x"))
        s.apply(.committed(uri: "http://127.0.0.1:9/x"))
        XCTAssertNotNil(s.failure)
        XCTAssertEqual(s.addressText, "http://127.0.0.1:9/x")
        // Asking for about:blank itself is not a failure.
        var blank = PageState()
        blank.apply(.navigationRequested(uri: "about:blank"))
        blank.apply(.loadStarted(uri: "about:blank"))
        blank.apply(.committed(uri: "about:blank"))
        XCTAssertNil(blank.failure)
    }

    func testStopIsNotAnError() {
        var s = PageState()
        s.apply(.loadStarted(uri: "https://example.com/slow"))
        s.apply(.failed(uri: "https://example.com/slow", message: "Load request cancelled", cancelled: true))
        XCTAssertNil(s.failure)
        XCTAssertFalse(s.isLoading)
    }

    func testCrashIsRememberedUntilTheNextNavigation() {
        var s = PageState()
        s.apply(.loadStarted(uri: "https://example.com/"))
        s.apply(.finished)
        s.apply(.titleChanged("Example"))
        s.apply(.webProcessEnded(reason: .crashed))
        s.apply(.titleChanged(nil))
        s.apply(.uriChanged(""))
        XCTAssertEqual(s.crash, .crashed)
        XCTAssertEqual(s.windowTitle, "Example — Skiff", "the crashed page's title is kept")
        XCTAssertEqual(s.addressText, "https://example.com/", "and so is its address")
        XCTAssertFalse(s.showsStop)
        XCTAssertEqual(s.requestedURI, "https://example.com/", "reload after a crash knows what to reload")
        s.apply(.navigationRequested(uri: "https://example.com/"))
        XCTAssertNil(s.crash)
    }

    func testProgressIsClamped() {
        var s = PageState()
        s.apply(.progress(1.7))
        XCTAssertEqual(s.progress, 1)
        s.apply(.progress(-3))
        XCTAssertEqual(s.progress, 0)
    }

    func testErrorPageEscapesWhatItShows() {
        let html = ErrorPage.html(for: LoadFailure(uri: "http://x/<script>alert(1)</script>", message: "bad \"quote\" & <b>"))
        XCTAssertFalse(html.contains("<script>alert"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("bad &quot;quote&quot; &amp; &lt;b&gt;"))
        XCTAssertTrue(html.contains("Try Again"))
    }
}
