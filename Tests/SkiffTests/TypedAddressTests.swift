import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// What is typed in the address bar is what loads, whatever the history search answers meanwhile:
/// real keys from xdotool at three speeds over a history that matches every prefix, and the page
/// that loads read from the browser's title (what the window shows).
final class TypedAddressTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        var routes: [String: TestHTTPServer.Response] = ["/index.html": .init(body: "<title>Index</title><h1>Index</h1>")]
        for chapter in 1...9 {
            routes["/ch0\(chapter).en.html"] = .init(body: "<title>Chapter \(chapter)</title><h1>Chapter \(chapter)</h1>")
        }
        server = try TestHTTPServer(routes: routes)
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-typed-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    func testAddressesTypedOverMatchingHistoryLoadWhatWasTyped() throws {
        let base = server.base
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Typed Address", persistence: persistence)
            defer { BrowserTestWindow.destroy(main.window) }
            // History where every prefix of what is typed has a completion: the index page most
            // visited, so it is the top hit for the host, and the chapters once each.
            for _ in 0..<3 { XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/index.html", title: "Index")) }
            for chapter in [1, 2, 4] { XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/ch0\(chapter).en.html", title: "Chapter \(chapter)")) }
            let host = base.replacingOccurrences(of: "http://", with: "")
            for (delay, chapter) in [(20, 3), (60, 5), (150, 6), (20, 7), (60, 8)] {
                XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress && main.browser.addressEntry.containsFocus }, timeout: 3))
                // Let the window see Ctrl go up before the first letter, or it arrives as a Ctrl chord.
                MainLoop.run(for: 0.15)
                let typed = "\(host)/ch0\(chapter).en.html"
                XDoTool.run(["type", "--delay", String(delay), typed], timeout: 30)
                // xdotool has sent every key when it exits; the last may still be on their way to
                // the window: waited for, not read at once.
                XCTAssertTrue(MainLoop.run(until: { main.browser.addressEntry.text == typed }, timeout: 5),
                              "at \(delay) ms a key the field holds what was typed: “\(main.browser.addressEntry.text)”")
                XDoTool.run(["key", "Return"])
                let loaded = MainLoop.run(until: { main.shownTitle == "Chapter \(chapter)" && !main.browser.showsLoading }, timeout: 15)
                XCTAssertTrue(loaded, "at \(delay) ms a key, \(typed) loads Chapter \(chapter), not “\(main.shownTitle ?? "")” at \(main.browser.state.uri ?? "")")
            }
        }
    }
}
