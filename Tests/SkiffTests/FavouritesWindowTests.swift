import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Favourites on the start page, driven with real keys and pointer (xdotool) over real WebKit
/// pages from 127.0.0.1, checked through what GTK exposes to assistive technology, the pixels of
/// a screenshot and the database file.
final class FavouritesWindowTests: XCTestCase {
    /// A 32×32 PNG of one colour, rgb(230, 40, 150): nothing else on the start page is that pink.
    static let pinkPNG: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR42u3NQQkAAAgEsItjYiOawxQ+hMH+y1SfikAgEAgEAoFAIPgSLKEUkFu59hnqAAAAAElFTkSuQmCC") ?? Data())
    var server: TestHTTPServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/one": .init(body: "<title>One</title><h1>One</h1>"),
            "/two": .init(body: "<title>Two</title><h1>Two</h1>"),
            "/three": .init(body: "<title>Three</title><h1>Three</h1>"),
            "/iconic": .init(body: "<html><head><title>Iconic</title><link rel=icon href=/pink.png></head><body>icon</body></html>"),
            "/pink.png": .init(contentType: "image/png", bytes: Self.pinkPNG),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-favourites-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    @MainActor
    private static func settle(_ main: MainWindow) {
        MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
        _ = MainLoop.runUntilPainted(main.browser.root)
    }

    /// "Add to Favourites" on the loaded page, as the main menu's item runs it (Ctrl+D bookmarks the
    /// page with a popover since issue 34: BookmarkPopoverTests).
    @MainActor
    private static func addFavourite(_ main: MainWindow, count: Int) -> Bool {
        main.actions.activate("add-favourite")
        return MainLoop.run(until: { main.browser.favouriteTitles.count == count }, timeout: 3)
    }

    /// Ctrl+T: a blank tab on its start page.
    @MainActor
    private static func openStartPage(_ main: MainWindow) {
        let tabs = main.browser.heardTabCount ?? 0
        XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
        MainLoop.run(until: { main.browser.heardTabCount == tabs + 1 }, timeout: 3)
        XDoTool.run(["key", "Escape"])
        settle(main)
    }

    /// The favourite tiles the start page presents to assistive technology, in reading order
    /// (rows top to bottom, left to right), by the titles asked about.
    @MainActor
    private static func presentedFavourites(_ main: MainWindow, among titles: [String], host: String = "127.0.0.1") -> [String] {
        let tiles = main.browser.root.presentedDescendants().filter(\.isButton)
        let found = titles.compactMap { title -> (String, PresentedAccessible)? in
            tiles.first { $0.hasLabel("Favourite: \(title), \(host)") }.map { (title, $0) }
        }
        return found.sorted { ($0.1.y, $0.1.x) < ($1.1.y, $1.1.x) }.map(\.0)
    }

    @MainActor
    private static func tile(_ main: MainWindow, _ title: String) -> PresentedAccessible? {
        main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel("Favourite: \(title), 127.0.0.1") }
    }

    func testAddToFavouritesAddsAFavouriteANewTabShowsAndARestartKeeps() throws {
        let base = server.base
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"),
                                      stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Favourites Disk", persistence: persistence)
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            XCTAssertTrue(Self.addFavourite(main, count: 1), "Add to Favourites added the page")
            Self.openStartPage(main)
            XCTAssertEqual(Self.presentedFavourites(main, among: ["One"]), ["One"], "the new tab's start page offers it")
            XCTAssertTrue(Self.addFavourite(main, count: 1) || main.browser.favouriteTitles.count == 1,
                          "Add to Favourites on the start page adds nothing")
            persistence.flush()
        }
        // The file itself, opened again as the next start would.
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        XCTAssertEqual(try store.loadFavourites().map(\.uri), ["\(base)/one"])
        try store.close()
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Favourites Restarted", persistence: persistence)
            defer { main.window.destroy() }
            Self.openStartPage(main)
            XCTAssertEqual(Self.presentedFavourites(main, among: ["One"]), ["One"], "after a restart the favourite is still there")
        }
    }

    func testRenameMoveAndRemoveWithTheKeyboardAndReorderByDrag() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Favourites Keys")
            defer { main.window.destroy() }
            for (index, title) in ["One", "Two", "Three"].enumerated() {
                XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/\(title.lowercased())", title: title))
                XCTAssertTrue(Self.addFavourite(main, count: index + 1), "\(title) added")
            }
            Self.openStartPage(main)
            let all = ["One", "Two", "Three", "Mine"]
            XCTAssertEqual(Self.presentedFavourites(main, among: all), ["One", "Two", "Three"], "in the order they were added")

            // F2 renames in place; Return keeps the name.
            // Tab goes round the window and reaches the tiles (the blank page under them takes none).
            for _ in 0..<30 where main.browser.focusedFavouriteTitle != "One" {
                XDoTool.run(["key", "Tab"])
                MainLoop.handlePendingInput()
            }
            XCTAssertEqual(main.browser.focusedFavouriteTitle, "One", "Tab reached the first favourite")
            XDoTool.run(["key", "F2"])
            XCTAssertTrue(MainLoop.run(until: { main.window.focusTypeName == "GtkText" }, timeout: 5), "F2 put the caret in the name: \(main.window.focusTypeName ?? "none")")
            XDoTool.run(["type", "--delay", "30", "Mine"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { Self.presentedFavourites(main, among: all) == ["Mine", "Two", "Three"] }, timeout: 3),
                          "renamed: \(Self.presentedFavourites(main, among: all)) \(main.browser.favouriteTitles)")

            // Alt+Right moves the focused favourite one place on (the focus stayed on it).
            XDoTool.run(["key", "--clearmodifiers", "alt+Right"])
            XCTAssertTrue(MainLoop.run(until: { Self.presentedFavourites(main, among: all) == ["Two", "Mine", "Three"] }, timeout: 3),
                          "moved right: \(Self.presentedFavourites(main, among: all))")
            XDoTool.run(["key", "--clearmodifiers", "alt+Left"])
            XCTAssertTrue(MainLoop.run(until: { Self.presentedFavourites(main, among: all) == ["Mine", "Two", "Three"] }, timeout: 3),
                          "and back: \(Self.presentedFavourites(main, among: all))")
            XCTAssertNil(main.browser.state.uri, "Alt+Left on a favourite did not navigate")

            // Delete removes it.
            XDoTool.run(["key", "Delete"])
            XCTAssertTrue(MainLoop.run(until: { Self.presentedFavourites(main, among: all) == ["Two", "Three"] }, timeout: 3),
                          "removed: \(Self.presentedFavourites(main, among: all))")

            // A drag of Three onto Two puts it first.
            Self.settle(main)
            let from = try XCTUnwrap(Self.tile(main, "Three")), to = try XCTUnwrap(Self.tile(main, "Two"))
            XDoTool.run(["mousemove", "--window", window, String(Int(from.surfaceCentre.x)), String(Int(from.surfaceCentre.y))])
            XDoTool.run(["mousedown", "1"])
            for step in 1...10 {
                let x = from.surfaceCentre.x + (to.surfaceCentre.x - from.surfaceCentre.x) * Double(step) / 10
                let y = from.surfaceCentre.y + (to.surfaceCentre.y - from.surfaceCentre.y) * Double(step) / 10
                XDoTool.run(["mousemove", "--window", window, String(Int(x)), String(Int(y))])
                MainLoop.run(for: 0.02)
            }
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { Self.presentedFavourites(main, among: all) == ["Three", "Two"] }, timeout: 3),
                          "dragged: \(Self.presentedFavourites(main, among: all))")
            XCTAssertNil(main.browser.state.uri, "the drop opened nothing")
        }
    }

    func testASitesIconFromWebKitsFaviconDatabaseShowsOnItsTile() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Favourites Icon")
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/iconic", title: "Iconic"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFavicon == true }, timeout: 10), "WebKit fetched the icon")
            XCTAssertTrue(Self.addFavourite(main, count: 1))
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/one", title: "One"))
            XCTAssertTrue(Self.addFavourite(main, count: 2))
            Self.openStartPage(main)
            let iconic = try XCTUnwrap(Self.tile(main, "Iconic")), plain = try XCTUnwrap(Self.tile(main, "One"))
            var pink = 0.0, pinkOnPlain = 1.0, path = ""
            let deadline = Date().addingTimeInterval(10)
            while pink < 0.02 && Date() < deadline {
                let shot = try Screenshot.capture(window: window)
                pink = Self.fraction(of: "rgb(230,40,150)", in: shot, at: iconic)
                pinkOnPlain = Self.fraction(of: "rgb(230,40,150)", in: shot, at: plain)
                path = shot.path
                if pink < 0.02 { shot.remove() }
            }
            XCTAssertGreaterThan(pink, 0.02, "the site's pink icon is drawn on its tile (\(path))")
            XCTAssertLessThan(pinkOnPlain, 0.001, "a site without an icon shows its letter (\(path))")
        }
    }

    /// The fraction of the tile's pixels within 6 % of `colour`.
    @MainActor
    private static func fraction(of colour: String, in shot: Screenshot, at tile: PresentedAccessible) -> Double {
        let geometry = "\(Int(tile.width))x\(Int(tile.height))+\(Int(tile.surfaceCentre.x - tile.width / 2))+\(Int(tile.surfaceCentre.y - tile.height / 2))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [shot.path, "-crop", geometry, "+repage", "-fuzz", "6%", "-fill", "black", "+opaque", colour,
                             "-fill", "white", "-opaque", colour, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return 0 }
        MainLoop.run(until: { !process.isRunning }, timeout: 15)
        return Double(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? 0
    }
}
