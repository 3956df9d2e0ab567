import Browser
import BrowserModel
import BrowserStore
import CGtk
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
        guard let title = main.shownTitle, title.hasPrefix("width ") else { return nil }
        return Double(title.dropFirst(6))
    }

    /// Loads `uri` and returns the page's width once it has loaded and measures its whole view at
    /// `level` (its CSS width is the view's width over the zoom level): the chrome has settled.
    @MainActor
    private static func loadMeasured(_ main: MainWindow, _ uri: String, level: Double = 1) -> Double? {
        main.browser.load(uri)
        guard MainLoop.run(until: {
            guard let width = width(main), let view = main.browser.webView, !main.browser.showsLoading else { return false }
            return abs(width * level - Double(view.width)) < 3
        }, timeout: 20) else { return nil }
        return width(main)
    }

    /// Ctrl+plus `times` times, each press waited for until the page measures itself narrower.
    @MainActor
    private static func zoomIn(_ main: MainWindow, times: Int, file: StaticString = #filePath, line: UInt = #line) {
        for _ in 0..<times {
            let before = width(main) ?? 0
            XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"])
            XCTAssertTrue(MainLoop.run(until: { (width(main) ?? .infinity) < before - 1 }, timeout: 5),
                          "Ctrl+plus zoomed in: \(before) → \(width(main) ?? 0)", file: file, line: line)
        }
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
            Self.zoomIn(main, times: 4)
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.5 - normal) < 3 }, timeout: 10),
                          "150 %: the page is a third narrower (\(normal) → \(Self.width(main) ?? 0))")
            // A new tab, another page of the same site: the same level.
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.uri == nil }, timeout: 5), "a new tab")
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b", level: 1.5))
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.5 - normal) < 3 }, timeout: 10),
                          "the site's level applies in the new tab: \(Self.width(main) ?? 0)")
            XCTAssertEqual(main.browser.zoom.label, "150 %")
            BrowserTestWindow.destroy(main.window)
            return normal
        }
        XCTAssertEqual(try rowsOnDisk(), "\(site) 1.5", "kept in the database")
        try MainActor.assumeIsolated {
            // A restart: a new store on the same file.
            let (main, _) = try BrowserTestWindow.open("Site Zoom Again", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b", level: 1.5))
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
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(main.browser.isPrivate)
            let normal = try XCTUnwrap(Self.loadMeasured(main, "\(base)/a"))
            Self.zoomIn(main, times: 2)
            XCTAssertTrue(MainLoop.run(until: { abs((Self.width(main) ?? 0) * 1.2 - normal) < 3 }, timeout: 10))
            _ = try XCTUnwrap(Self.loadMeasured(main, "\(base)/b", level: 1.2))
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
            defer { BrowserTestWindow.destroy(main.window) }
            let normal = try XCTUnwrap(Self.loadMeasured(main, "\(base)/a"))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"])
            XDoTool.run(["key", "F10"])
            let items = { main.window.presentedDescendants() }
            XCTAssertTrue(MainLoop.run(until: { items().contains { $0.hasLabel("110 %") } }, timeout: 5), "the row shows 110 %")
            XCTAssertTrue(items().contains { $0.hasLabel("Zoom In") } && items().contains { $0.hasLabel("Zoom Out") }, "its buttons are named")
            // The keyboard: into the menu, to the row's last button (Zoom In), pressed.
            for _ in 0..<20 where main.window.focusDescription?.contains("Zoom Out") != true {
                let before = main.window.focusedWidgetPointer
                XDoTool.run(["key", "Down"])
                XCTAssertTrue(MainLoop.run(until: { main.window.focusedWidgetPointer != before }, timeout: 2), "Down moved the focus on from \(main.window.focusDescription ?? "nothing")")
            }
            XCTAssertTrue(main.window.focusDescription?.contains("Zoom Out") == true, "Down reached the row: \(main.window.focusDescription ?? "nothing")")
            for _ in 0..<4 where main.window.focusDescription?.contains("Zoom In") != true {
                let before = main.window.focusedWidgetPointer
                XDoTool.run(["key", "Right"])
                XCTAssertTrue(MainLoop.run(until: { main.window.focusedWidgetPointer != before }, timeout: 2), "Right moved the focus on from \(main.window.focusDescription ?? "nothing")")
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
                BrowserTestWindow.destroy(main.window)
            }
            main.browser.load("\(base)/text")
            let measured = { () -> (width: Double, text: Double)? in
                let parts = (main.shownTitle ?? "").split(separator: " ")
                guard parts.count == 4, let w = Double(parts[1]), let t = Double(parts[3]) else { return nil }
                return (w, t)
            }
            // Loaded, and measuring its whole view: the chrome has settled.
            XCTAssertTrue(MainLoop.run(until: {
                guard let width = measured()?.width, let view = main.browser.webView, !main.browser.showsLoading else { return false }
                return abs(width - Double(view.width)) < 3
            }, timeout: 20))
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
            XCTAssertTrue(MainLoop.run(until: { preferences.map { gtk_window_is_active($0.window) != 0 } == true }, timeout: 5), "Preferences is the active window")
            // A click on a window just mapped can land before GTK takes pointer input: tried again.
            for _ in 0..<3 where !main.browser.zoom.textOnly {
                XDoTool.click(window: prefsID, x: centre.x, y: centre.y)
                MainLoop.run(until: { main.browser.zoom.textOnly }, timeout: 3)
            }
            XCTAssertTrue(main.browser.zoom.textOnly, "the click ticked it")
            main.preferencesWindowForTests?.destroy()
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(main.window.window) != 0 }, timeout: 5), "the browser is the active window again")
            for _ in 0..<4 {
                let before = measured()?.text ?? 0
                XDoTool.run(["key", "--clearmodifiers", "ctrl+plus"])
                XCTAssertTrue(MainLoop.run(until: { (measured()?.text ?? 0) > before + 0.5 }, timeout: 5), "Ctrl+plus grew the text from \(before)")
            }
            XCTAssertTrue(MainLoop.run(until: { (measured()?.text ?? 0) > before.text * 1.3 }, timeout: 10),
                          "the text grew: \(before.text) → \(measured()?.text ?? 0)")
            XCTAssertEqual(measured()?.width ?? 0, before.width, accuracy: 1, "the layout's width did not shrink")
        }
    }
}
