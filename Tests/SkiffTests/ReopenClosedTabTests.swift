import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Ctrl+W then Ctrl+Shift+T with real keys: the page comes back where it was, with its
/// back/forward list and its scroll position, read from the window's title and the page itself.
final class ReopenClosedTabTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let tall = (1...300).map { "<p>Line \($0) of a long page</p>" }.joined()
        server = try TestHTTPServer(routes: [
            "/one": .init(body: "<title>One</title><h1>One</h1>"),
            "/two": .init(body: "<title>Two</title><h1>Two</h1>\(tall)"),
            "/other": .init(body: "<title>Other</title><h1>Other</h1>"),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-reopen-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    @MainActor
    private static func waitForTitle(_ title: String, in main: MainWindow) -> Bool {
        MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading }, timeout: 15)
    }

    @MainActor
    private static func scrollY(of main: MainWindow) -> Double {
        Double(pageAnswer(main.browser.currentPage?.webView, "String(window.scrollY)") ?? "") ?? -1
    }

    func testCtrlShiftTBringsTheTabBackWhereItWasWithItsHistoryAndScroll() throws {
        let base = server.base
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Reopen Closed", persistence: persistence)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/two", title: "Two"))
            main.browser.currentPage?.webView?.evaluate("window.scrollTo(0, 1500); 0") { _ in }
            XCTAssertTrue(MainLoop.run(until: { Self.scrollY(of: main) == 1500 }, timeout: 5))
            main.browser.open("\(base)/other")
            XCTAssertTrue(Self.waitForTitle("Other", in: main))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+Page_Up"])
            XCTAssertTrue(Self.waitForTitle("Two", in: main))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)

            XDoTool.run(["key", "--clearmodifiers", "ctrl+w"])
            XCTAssertTrue(Self.waitForTitle("Other", in: main), "closed: the neighbour shows")
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isAnimating }, timeout: 5), "and has come to rest")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+t"])
            XCTAssertTrue(Self.waitForTitle("Two", in: main), "Ctrl+Shift+T brought it back: \(main.shownTitle ?? "")")
            XCTAssertTrue(MainLoop.run(until: { Self.scrollY(of: main) == 1500 }, timeout: 5), "scrolled where it was: \(Self.scrollY(of: main))")
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+Page_Down"])
            XCTAssertTrue(Self.waitForTitle("Other", in: main), "back in its place, before the tab opened after it")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+Page_Up"])
            XCTAssertTrue(Self.waitForTitle("Two", in: main))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            XDoTool.run(["key", "--clearmodifiers", "alt+Left"])
            XCTAssertTrue(Self.waitForTitle("One", in: main), "its back list came with it")
        }
        // Kept on disk for the next launch: none left, since it was reopened.
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        XCTAssertEqual(try store.loadClosedTabs().count, 0)
        try store.close()
    }
}
