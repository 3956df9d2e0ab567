import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Zoom remembered per site (docs/find-and-zoom.md, "Per site"), read from what the page itself
/// measures: its CSS width (`innerWidth`, which zoom divides) put in its title by the page.
final class SiteZoomWindowTests: XCTestCase {
    var server: TestHTTPServer!
    var home: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let measure = "<body style='margin:0'><script>function t() { document.title = 'width ' + innerWidth } t(); onresize = t; setInterval(t, 100)</script>"
        server = try TestHTTPServer(routes: [
            "/a": .init(body: "<title>A</title>\(measure)"),
            "/b": .init(body: "<title>B</title>\(measure)"),
            "/text": .init(body: "<title>Text</title><body style='margin:0'><span id=t style='font-size:20px'>Some words</span><div style='width:100px;height:100px'></div><script>function t() { document.title = 'width ' + innerWidth + ' text ' + Math.round(document.getElementById('t').getBoundingClientRect().width) } t(); setInterval(t, 100)</script>"),
        ])
        home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-site-zoom-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let home { try? FileManager.default.removeItem(at: home) }
    }

    private var locations: DataLocations {
        DataLocations(dataDirectory: home.appendingPathComponent("skiff"), stateDirectory: home.appendingPathComponent("state"))
    }

    /// The page's own width, from its title ("width 900").
    @MainActor
    private static func width(_ main: MainWindow) -> Double? {
        guard let title = main.browser.state.title, title.hasPrefix("width ") else { return nil }
        return Double(title.dropFirst(6))
    }

    @MainActor
    private static func loadMeasured(_ main: MainWindow, _ uri: String) -> Double? {
        main.browser.load(uri)
        guard MainLoop.run(until: { width(main) != nil && !main.browser.state.isLoading }, timeout: 20) else { return nil }
        MainLoop.run(for: 0.5)
        return width(main)
    }

    /// The rows of the zoom table in the database file, read with sqlite3 (not through Skiff).
    private func rowsOnDisk() throws -> String {
        try SQLiteFile.rows(locations.browserDatabase, "SELECT site || ' ' || level FROM siteZoom")
    }

    func testALevelSetOnASiteAppliesToItsPagesInANewTabAndAfterARestart() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        let normal = try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Site Zoom", persistence: BrowserPersistence.open(locations: locations))
            let normal = try XCTUnwrap(Self.loadMeasured(main, "\(base)/a"))
            for _ in 0..<4 { XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"]); MainLoop.run(for: 0.2) }
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.5 - normal) < 3 }, timeout: 10),
                          "150 %: the page is a third narrower (\(normal) → \(Self.width(main) ?? 0))")
            // A new tab, another page of the same site: the same level.
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.uri == nil }, timeout: 5), "a new tab")
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b"))
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.5 - normal) < 3 }, timeout: 10),
                          "the site's level applies in the new tab: \(Self.width(main) ?? 0)")
            XCTAssertEqual(main.browser.zoom.label, "150 %")
            main.window.destroy()
            MainLoop.run(for: 0.2)
            return normal
        }
        XCTAssertEqual(try rowsOnDisk(), "\(site) 1.5", "kept in the database")
        try MainActor.assumeIsolated {
            // A restart: a new store on the same file.
            let (main, _) = try BrowserTestWindow.open("Site Zoom Again", persistence: BrowserPersistence.open(locations: locations))
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b"))
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.5 - normal) < 3 }, timeout: 10),
                          "still 150 % after a restart: \(Self.width(main) ?? 0)")
        }
    }

    func testAPrivateWindowKeepsItsLevelsInMemoryOnly() throws {
        let base = server.base
        let locations = self.locations
        try MainActor.assumeIsolated {
            // A private window handed the profile's database, as a window beside the main one could be:
            // it must still write nothing there.
            let persistence = BrowserPersistence.open(locations: locations)
            XCTAssertTrue(persistence.isPersistent)
            let (main, _) = try BrowserTestWindow.open("Site Zoom Private", persistence: persistence, isPrivate: true)
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            XCTAssertTrue(main.browser.isPrivate)
            let normal = try XCTUnwrap(Self.loadMeasured(main, "\(base)/a"))
            for _ in 0..<2 { XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"]); MainLoop.run(for: 0.2) }
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.2 - normal) < 3 }, timeout: 10))
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b"))
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.2 - normal) < 3 }, timeout: 10),
                          "remembered for the window's life: \(Self.width(main) ?? 0)")
        }
        XCTAssertEqual(try rowsOnDisk(), "", "nothing written to the profile's database")
    }

    /// The main menu's row: − level +, the level the page's, reached and pressed with the keyboard.
    func testTheMenuRowShowsTheLevelAndItsButtonsWorkFromTheKeyboard() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Zoom Row")
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            let normal = try XCTUnwrap(Self.loadMeasured(main, "\(base)/a"))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"])
            XDoTool.run(["key", "F10"])
            let items = { main.window.presentedDescendants() }
            XCTAssertTrue(MainLoop.run(until: { items().contains { $0.hasLabel("110 %") } }, timeout: 5), "the row shows 110 %")
            XCTAssertTrue(items().contains { $0.hasLabel("Zoom In") } && items().contains { $0.hasLabel("Zoom Out") }, "its buttons are named")
            // The keyboard: into the menu, to the row's last button (Zoom In), pressed.
            for _ in 0..<20 where main.window.focusDescription?.contains("Zoom Out") != true {
                XDoTool.run(["key", "Down"])
                MainLoop.run(for: 0.1)
            }
            XCTAssertTrue(main.window.focusDescription?.contains("Zoom Out") == true, "Down reached the row: \(main.window.focusDescription ?? "nothing")")
            for _ in 0..<4 where main.window.focusDescription?.contains("Zoom In") != true {
                XDoTool.run(["key", "Right"])
                MainLoop.run(for: 0.1)
            }
            XCTAssertTrue(main.window.focusDescription?.contains("Zoom In") == true, "reached: \(main.window.focusDescription ?? "nothing")")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.2 - normal) < 3 }, timeout: 10), "Zoom In from the menu: 120 %")
            // The row's buttons leave the menu open, as GNOME Web's do; Escape closes it.
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.menuButton?.isOpen == false }, timeout: 5), "Escape closes the menu")
        }
    }

    /// Preferences → "Zoom text only", ticked with a real click: zoom then grows the text and leaves
    /// the layout's width as it was (both measured by the page).
    func testZoomTextOnlyFromPreferencesGrowsTheTextButNotTheLayout() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Zoom Text Only")
            defer {
                main.preferencesWindowForTests?.destroy()
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            main.browser.load("\(base)/text")
            let measured = { () -> (width: Double, text: Double)? in
                let parts = (main.browser.state.title ?? "").split(separator: " ")
                guard parts.count == 4, let w = Double(parts[1]), let t = Double(parts[3]) else { return nil }
                return (w, t)
            }
            XCTAssertTrue(MainLoop.run(until: { measured() != nil && !main.browser.state.isLoading }, timeout: 20))
            MainLoop.run(for: 0.3)
            let before = try XCTUnwrap(measured())
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Gtk.Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences?.isMapped == true }, timeout: 5))
            let prefsID = try XCTUnwrap(XDoTool.window(named: "Preferences"))
            let label = "Zoom text only (images and layout keep their size)"
            var box: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                box = preferences?.presentedDescendants().first { $0.hasLabel(label) && $0.width > 0 }
                return box != nil
            }, timeout: 5), "Preferences offers “\(label)”")
            let centre = try XCTUnwrap(box?.surfaceCentre)
            XDoTool.run(["windowfocus", "--sync", prefsID])
            MainLoop.run(for: 0.3)
            // A click on a window just mapped can land before GTK takes pointer input: tried again.
            for _ in 0..<3 where !main.browser.zoom.textOnly {
                XDoTool.click(window: prefsID, x: centre.x, y: centre.y)
                MainLoop.run(until: { main.browser.zoom.textOnly }, timeout: 3)
            }
            XCTAssertTrue(main.browser.zoom.textOnly, "the click ticked it")
            main.preferencesWindowForTests?.destroy()
            XDoTool.run(["windowfocus", "--sync", id])
            MainLoop.run(for: 0.3)
            for _ in 0..<4 { XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"]); MainLoop.run(for: 0.2) }
            XCTAssertTrue(MainLoop.run(until: { (measured()?.text ?? 0) > before.text * 1.3 }, timeout: 10),
                          "the text grew: \(before.text) → \(measured()?.text ?? 0)")
            XCTAssertEqual(measured()?.width ?? 0, before.width, accuracy: 1, "the layout's width did not shrink")
        }
    }
}
