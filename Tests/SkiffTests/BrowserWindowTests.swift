import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The Browser section in a real window with a real WebKit web view, against a real HTTP
/// server on 127.0.0.1.
final class BrowserWindowTests: XCTestCase {
    static let pages: [String: TestHTTPServer.Response] = [
        "/": .init(body: "<html><head><title>Page One</title></head><body><h1 id=h>One</h1><a href='/two'>two</a></body></html>"),
        "/two": .init(body: "<html><head><title>Page Two</title></head><body><h1 id=h>Two</h1></body></html>"),
        "/slow": .init(body: "<html><head><title>Slow</title></head><body>late</body></html>", delay: 4),
    ]
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplay()
        server = try TestHTTPServer(routes: Self.pages)
    }

    override func tearDown() {
        server?.stop()
    }

    @MainActor
    private static func makeWindow() throws -> MainWindow {
        let options = try Options.parse(["--window-size", "900x640", "--ephemeral"])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
        main.window.present()
        return main
    }

    @MainActor
    private static func waitForTitle(_ main: MainWindow, _ title: String, timeout: TimeInterval = 20) -> Bool {
        MainLoop.run(until: { main.window.title == title && !main.browser.showsLoading }, timeout: timeout)
    }

    /// The address as the user sees it on Ctrl+L: the full URL (the bar shows only the domain).
    @MainActor
    private static func editedAddress(_ main: MainWindow) -> String {
        main.browser.focusAddressBar()
        let text = main.browser.addressEntry.text
        main.browser.cancelEditing()
        return text
    }

    /// Waits until the web view shows Skiff's error page (it loads after the failure is known).
    @MainActor
    private static func waitForErrorPage(_ main: MainWindow) -> Bool {
        MainLoop.run(until: { pageAnswer(main.browser.webView, "document.getElementById('skiff-error') !== null") == "true" }, timeout: 10)
    }

    func testLoadsAPageAndShowsItsTitleInTheWindow() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            main.browser.load("\(server.base)/")
            XCTAssertTrue(Self.waitForTitle(main, "Page One — Skiff (Private)"), "window title was \(main.window.title)")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.getElementById('h').textContent"), "One")
            XCTAssertEqual(Self.editedAddress(main), "\(server.base)/")
            XCTAssertFalse(main.browser.backButton.isSensitive, "nothing to go back to yet")
            XCTAssertEqual(main.browser.state.progress, 1)
        }
    }

    func testBackAndForwardFollowHistory() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            main.browser.load("\(server.base)/")
            XCTAssertTrue(Self.waitForTitle(main, "Page One — Skiff (Private)"))
            // Typed the way a user types it: no scheme; an IP address gets http://.
            main.browser.load("127.0.0.1:\(server.port)/two")
            XCTAssertTrue(Self.waitForTitle(main, "Page Two — Skiff (Private)"))
            XCTAssertTrue(main.browser.backButton.isSensitive)
            main.browser.backButton.emit("clicked")
            XCTAssertTrue(Self.waitForTitle(main, "Page One — Skiff (Private)"))
            XCTAssertTrue(main.browser.forwardButton.isSensitive)
            main.browser.forwardButton.emit("clicked")
            XCTAssertTrue(Self.waitForTitle(main, "Page Two — Skiff (Private)"))
            XCTAssertEqual(Self.editedAddress(main), "\(server.base)/two")
        }
    }

    func testAnUnreachableAddressShowsAnErrorPageAndKeepsTheAddress() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            let dead = "http://127.0.0.1:\(TestHTTPServer.closedPort())/nothing-here"
            main.browser.load(dead)
            XCTAssertTrue(Self.waitForTitle(main, "Can’t Open Page — Skiff (Private)"), "title was \(main.window.title)")
            XCTAssertEqual(main.browser.state.failure?.uri, dead)
            XCTAssertTrue(Self.waitForErrorPage(main), "the error page is what the web view shows")
            let message = pageAnswer(main.browser.webView, "document.getElementById('skiff-error-message').textContent") ?? ""
            XCTAssertFalse(message.isEmpty, "the error says why")
            XCTAssertEqual(Self.editedAddress(main), dead, "the typed address is not lost")
            // The app is still alive and browsing works afterwards.
            main.browser.load("\(server.base)/")
            XCTAssertTrue(Self.waitForTitle(main, "Page One — Skiff (Private)"))
            XCTAssertNil(main.browser.state.failure)
        }
    }

    func testABlockedPortGetsAnErrorPageInsteadOfABlankPage() throws {
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            main.browser.load("http://127.0.0.1:9/blocked")
            XCTAssertTrue(Self.waitForTitle(main, "Can’t Open Page — Skiff (Private)"), "title was \(main.window.title)")
            XCTAssertTrue(Self.waitForErrorPage(main), "WebKit shows about:blank for blocked ports; Skiff shows why")
            XCTAssertEqual(Self.editedAddress(main), "http://127.0.0.1:9/blocked")
        }
    }

    func testAKilledWebProcessShowsABannerAndReloadRecovers() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            main.browser.load("\(server.base)/two")
            XCTAssertTrue(Self.waitForTitle(main, "Page Two — Skiff (Private)"))
            main.browser.webView?.terminateWebProcess()
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.crash != nil }, timeout: 10))
            XCTAssertEqual(main.browser.state.crash, .killed)
            XCTAssertTrue(MainLoop.holds(for: 0.2) { main.window.title == "Page Two — Skiff (Private)" }, "the dead page's title stays: \(main.window.title)")
            XCTAssertEqual(Self.editedAddress(main), "\(server.base)/two", "and so does its address")
            XCTAssertTrue(main.browser.crashBannerIsShown, "the user is told the page stopped")
            main.browser.reload()
            let recovered = MainLoop.run(until: {
                main.browser.state.crash == nil && !main.browser.showsLoading
                    && pageAnswer(main.browser.webView, "document.getElementById('h').textContent") == "Two"
            }, timeout: 20)
            XCTAssertTrue(recovered, "a new web process shows the page again")
            XCTAssertEqual(main.window.title, "Page Two — Skiff (Private)")
            XCTAssertFalse(main.browser.crashBannerIsShown)
        }
    }

    func testStopCancelsASlowLoadWithoutAnErrorPage() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            guard let main = try? Self.makeWindow() else { return XCTFail("window") }
            defer { main.window.destroy() }
            main.browser.load("\(server.base)/slow")
            XCTAssertTrue(MainLoop.run(until: { main.browser.showsLoading }, timeout: 5))
            XCTAssertEqual(main.browser.reloadButton.iconName, "process-stop-symbolic", "the reload button turns into Stop")
            XCTAssertTrue(main.browser.escape(), "Escape stops a load")
            XCTAssertTrue(MainLoop.run(until: { !main.browser.showsLoading }, timeout: 5))
            XCTAssertNil(main.browser.state.failure, "stopping is not an error")
            XCTAssertEqual(main.browser.reloadButton.iconName, "view-refresh-symbolic")
        }
    }

    func testWithoutASandboxTheBrowserExplainsInsteadOfCrashing() throws {
        MainActor.assumeIsolated {
            let view = BrowserView(sandbox: .unavailable(reason: "bwrap: Creating new namespace failed: Operation not permitted"))
            let window = Window()
            window.setChild(view.root)
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(MainLoop.holds(for: 0.2) { view.webView == nil }, "no web process is started")
            XCTAssertFalse(view.addressEntry.isSensitive)
            view.load("https://example.com")
            XCTAssertNil(view.state.requestedURI, "nothing is loaded")
        }
    }

    func testClosingTheWindowReleasesEveryHandler() throws {
        let server: TestHTTPServer = self.server
        MainActor.assumeIsolated {
            // Earlier tests' timers (a deferred focus, a page-top check) fire meanwhile and make boxes
            // of their own: let them go first, then watch only what this window makes.
            MainLoop.run(for: 1.0)
            let watch = LiveCounts.Watch.start()
            do {
                guard let main = try? Self.makeWindow() else { return XCTFail("window") }
                main.browser.load("\(server.base)/")
                XCTAssertTrue(Self.waitForTitle(main, "Page One — Skiff (Private)"))
                XCTAssertGreaterThan(watch.liveClosureBoxes, 0)
                main.window.destroy()
            }
            watch.stop()
            XCTAssertTrue(MainLoop.run(until: { watch.liveClosureBoxes == 0 }, timeout: 15),
                          "\(watch.liveClosureBoxes) closures outlived the window: \(Dictionary(watch.liveClosureBoxKinds.map { ($0, 1) }, uniquingKeysWith: +))")
        }
    }
}
