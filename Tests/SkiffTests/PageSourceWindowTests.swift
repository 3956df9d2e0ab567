import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Ctrl+U with a real key: the page's source opens in a new tab, as it was served when the page
/// loaded (the server has changed it since, and is not asked again), read from the source tab's text.
final class PageSourceWindowTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/page": .init(body: "<title>Served</title><p class=\"x\">first version &amp; more</p><script>document.title = 'Served'</script>"),
        ])
    }

    override func tearDown() { server?.stop() }

    func testCtrlUShowsThePageAsItWasLoadedInANewTab() throws {
        let base = server.base
        let server: TestHTTPServer = self.server
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Page Source")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/page", title: "Served"))
            server.setResponse(.init(body: "<title>Changed</title>second version"), for: "/page")
            main.browser.webView?.grabFocus()
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFocus == true }, timeout: 5), "the page has the focus")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+u"])
            let title = PageSource.title(for: "\(base)/page")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading }, timeout: 10),
                          "a tab titled “\(title)”: “\(main.shownTitle ?? "")”")
            XCTAssertEqual(main.browser.heardTabCount, 2)
            let text = pageAnswer(main.browser.webView, "document.body.innerText") ?? ""
            XCTAssertTrue(text.contains("<p class=\"x\">first version &amp; more</p>"), "the served HTML, as text: \(text.prefix(300))")
            XCTAssertFalse(text.contains("second version"), "not fetched again")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.querySelectorAll('script').length"), "0", "nothing of it runs")
        }
    }
}
