import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The browser's notices about its own data, in a real window over a real SQLite file: seen even
/// when a URL is opened at start-up, kept through page loads, and (for a failing save on a really
/// full disk) kept until saving works again.
final class BrowserNoticeTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/one": .init(body: "<title>One</title><h1>One</h1>"),
            "/two": .init(body: "<title>Two</title><h1>Two</h1>"),
            "/three": .init(body: "<title>Three</title><h1>Three</h1>"),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-notice-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    @MainActor
    private static func makeWindow(_ title: String, persistence: BrowserPersistence, url: String) throws -> (MainWindow, String) {
        let options = try Options.parse(["--window-size", "900x640", url])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe(), persistence: persistence)
        main.window.present()
        main.browser.delegate = nil
        main.window.title = title
        // As the app does: the command line's address right after the window is up.
        main.browser.open(url)
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window for the test") }
        return (main, id)
    }

    @MainActor
    private static func loaded(_ main: MainWindow, _ title: String) -> Bool {
        MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading }, timeout: 20)
    }

    func testAStartupNoticeIsSeenWithAURLOnTheCommandLineAndStaysUntilDismissed() throws {
        let folder = dataHome.appendingPathComponent("skiff")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: folder.appendingPathComponent("browser.sqlite"))
        let base = server.base
        let locations = DataLocations(dataDirectory: folder, stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, window) = try Self.makeWindow("Notice Startup", persistence: persistence, url: "\(base)/one")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.loaded(main, "One"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText != nil }, timeout: 5))
            let text = try XCTUnwrap(main.browser.noticeText, "the notice is on screen with the page the command line asked for")
            XCTAssertTrue(text.contains("moved to \(folder.path)/browser.sqlite.corrupt-"), text)
            // Page events (a new load, a new tab) do not take it away.
            main.browser.load("\(base)/two")
            XCTAssertTrue(Self.loaded(main, "Two"))
            main.browser.newTab()
            main.browser.load("\(base)/three")
            XCTAssertTrue(Self.loaded(main, "Three"))
            XCTAssertEqual(main.browser.noticeText, text, "still there after two loads and a new tab")
            XCTAssertTrue(main.browser.noticeIsDismissible)
            // A real click on Dismiss.
            let button = main.browser.noticeDismissButton
            let origin = try XCTUnwrap(button.origin(in: main.window))
            XDoTool.run(["windowfocus", "--sync", window])
            XDoTool.click(window: window, x: origin.x + Double(button.width) / 2, y: origin.y + Double(button.height) / 2)
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText == nil }, timeout: 3), "dismissed")
        }
    }

    func testOnAFullDiskTheNoticeStaysUntilSavingWorksAgainAndNoTabIsLost() throws {
        let disk = try SmallFilesystem(size: 4 << 20)
        defer { disk.remove() }
        let folder = disk.url.appendingPathComponent("skiff")
        let locations = DataLocations(dataDirectory: folder, stateDirectory: dataHome.appendingPathComponent("state"))
        let base = server.base
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            XCTAssertTrue(persistence.isPersistent)
            let (main, _) = try Self.makeWindow("Notice Full", persistence: persistence, url: "\(base)/one")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.loaded(main, "One"))
            XCTAssertTrue(MainLoop.holds(for: SessionSaver.maximumDelay + 0.3) { main.browser.noticeText == nil }, "all well so far")

            // The write-ahead log emptied first: otherwise the space the migrations' writes left in it
            // can take the next saves without a byte more of disk, and they rightly succeed.
            persistence.flush()
            disk.fill()
            for path in ["/two", "/three"] {
                main.browser.newTab()
                main.browser.load("\(base)\(path)")
                XCTAssertTrue(Self.loaded(main, String(path.dropFirst()).capitalized))
            }
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText != nil }, timeout: SessionSaver.maximumDelay + 2),
                          "a failed save is shown, not only logged")
            let text = main.browser.noticeText ?? ""
            XCTAssertTrue(text.contains("can’t be saved"), text)
            if disk.isRealFilesystem { XCTAssertTrue(text.contains("the disk is full"), text) }
            XCTAssertFalse(main.browser.noticeIsDismissible, "it stays while saving fails")
            XCTAssertTrue(MainLoop.holds(for: SessionSaver.retryDelay + 0.5) { main.browser.noticeText == text }, "still failing, still shown")

            disk.free()
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText == nil }, timeout: SessionSaver.retryDelay + 3),
                          "saving works again: the notice goes by itself")
            persistence.flush()
        }
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        XCTAssertEqual(try store.loadSession()?.tabs.map(\.title), ["One", "Two", "Three"], "every tab saved by the retry")
        try store.close()
    }
}
