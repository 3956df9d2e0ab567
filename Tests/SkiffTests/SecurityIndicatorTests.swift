import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The address bar says how private the connection is (docs/where-am-i.md): a plain-HTTP page on
/// the loopback server is "Not Secure", read from GTK's accessibility tree; a real click on it, and
/// Ctrl+I, open the explanation without starting to edit the address.
final class SecurityIndicatorTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/": .init(body: "<title>Plain</title><h1>Plain HTTP</h1>"),
            "/slow": .init(body: "<title>Slow</title>late", delay: 3),
        ])
    }

    override func tearDown() {
        server?.stop()
    }

    func testPlainHTTPIsNotSecureAndAClickExplainsIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Security Indicator")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/", title: "Plain"))
            var indicator: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                indicator = main.window.presentedDescendants().first { $0.hasLabel("Not Secure") && $0.width > 0 }
                return indicator != nil
            }, timeout: 5), "the bar says Not Secure for http://127.0.0.1")
            let centre = try XCTUnwrap(indicator).surfaceCentre
            let explanation = ConnectionSecurity.notSecure.explanation
            let explained: @MainActor () -> Bool = { main.window.presentedDescendants().contains { $0.hasLabel(explanation) && $0.width > 0 } }
            XCTAssertFalse(explained())

            XDoTool.click(window: id, x: centre.x, y: centre.y)
            XCTAssertTrue(MainLoop.run(until: explained, timeout: 5), "a click shows what Not Secure means")
            XCTAssertFalse(main.browser.isEditingAddress, "the click is the indicator's, not a tap that edits the address")

            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.securityPopoverIsOpen }, timeout: 5))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+i"])
            XCTAssertTrue(MainLoop.run(until: explained, timeout: 5), "Ctrl+I opens it from the keyboard")
            // Left open on purpose: closing the window must close it, or later windows of the process
            // get no clicks (seen as StarsWindowTests failing after this test).
        }
    }

    /// A self-signed certificate on a loopback TLS server: the page is refused, and the bar never
    /// shows a lock over what is shown instead.
    func testAnUntrustedCertificateIsNeverShownAsSecure() throws {
        let tls = try TestTLSServer()
        defer { tls.stop() }
        let base = tls.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Security Untrusted")
            defer { BrowserTestWindow.destroy(main.window) }
            main.browser.load("\(base)/")
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.failure != nil }, timeout: 20), "the load was stopped")
            XCTAssertTrue(MainLoop.run(until: {
                main.window.presentedDescendants().contains { $0.hasLabel("Not Secure") && $0.width > 0 }
            }, timeout: 5), "the bar says Not Secure over the refused page")
            XCTAssertFalse(main.window.presentedDescendants().contains { $0.hasLabel("Secure connection") }, "never a lock")
        }
    }

    /// While a load has started and not committed, the bar shows the new address but WebKit still
    /// has the old page's certificate: the indicator says nothing until the new page commits.
    func testNothingIsClaimedBetweenAStartAndItsCommit() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Security Pending")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/", title: "Plain"))
            let shown: @MainActor () -> Bool = { main.window.presentedDescendants().contains { $0.hasLabel("Not Secure") && $0.width > 0 } }
            XCTAssertTrue(MainLoop.run(until: shown, timeout: 5))
            main.browser.load("\(base)/slow")
            XCTAssertTrue(MainLoop.run(until: { !shown() }, timeout: 2), "nothing said while the next page is pending")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Slow" && shown() }, timeout: 10), "said again once it commits")
        }
    }
}
