import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Hovering a link shows where it goes (docs/where-am-i.md): real pointer moves from xdotool, and
/// the address read from GTK's accessibility tree, as a screen reader would find it.
final class LinkStatusTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let page = """
            <html><head><title>Links</title><style>a { position: absolute; font-size: 40px; }</style></head><body>
            <a id=plain href='/target?x=1' style='left: 100px; top: 100px'>plain link</a>
            <a id=spoof href='/invoice\u{202E}lmth.exe' style='left: 100px; top: 250px'>spoofed link</a>
            </body></html>
            """
        server = try TestHTTPServer(routes: ["/": .init(body: page)])
    }

    override func tearDown() {
        server?.stop()
    }

    @MainActor
    private static func overlayShows(_ main: MainWindow, _ text: String) -> Bool {
        main.window.presentedDescendants().contains { $0.hasLabel(text) && $0.width > 0 }
    }

    func testHoveringALinkShowsItsAddressAndLeavingItHidesIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Link Status")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/", title: "Links"))
            let view = try XCTUnwrap(main.browser.webView)
            let origin = try XCTUnwrap(view.originInSurface())
            let target = "\(base)/target?x=1"
            XCTAssertFalse(Self.overlayShows(main, target), "nothing hovered yet")

            XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 160)), String(Int(origin.y + 125))])
            XCTAssertTrue(MainLoop.run(until: { Self.overlayShows(main, target) }, timeout: 5), "hovering the link shows \(target)")

            XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 600)), String(Int(origin.y + 420))])
            XCTAssertTrue(MainLoop.run(until: { !Self.overlayShows(main, target) }, timeout: 5), "leaving the link hides it")

            // A right-to-left override in a link is shown escaped, never obeyed.
            XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 160)), String(Int(origin.y + 275))])
            let escaped = "\(base)/invoice%E2%80%AElmth.exe"
            XCTAssertTrue(MainLoop.run(until: { Self.overlayShows(main, escaped) }, timeout: 5), "the override is shown as %E2%80%AE")
        }
    }
}
