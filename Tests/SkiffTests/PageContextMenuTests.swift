import Browser
import BrowserModel
import CGtk
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The page's right-click menu is a browser's (docs/where-am-i.md): a real right click on a link
/// shows "Open Link in New Tab" and "Copy Link Address" on GTK's accessibility tree, and choosing
/// the first opens the link in a second tab.
final class PageContextMenuTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/": .init(body: "<title>Menu</title><a href='/target' style='position:absolute; left:100px; top:100px; font-size:40px'>a link</a>"),
            "/target": .init(body: "<title>Target Page</title><h1>Target</h1>"),
            "/words": .init(body: "<title>Words</title><p id=p style='position:absolute; left:100px; top:100px; font-size:40px'>quick brown fox</p>"),
            "/find?q=quick": .init(body: "<title>Results for quick</title>results"),
            "/files": .init(body: "<title>Files</title><a href='/figures.csv' style='position:absolute; left:100px; top:100px; font-size:40px'>the figures</a>"),
            "/figures.csv": .init(contentType: "text/csv", bytes: Array("quarter,harbour dues\nQ1,1200\nQ2,1350\n".utf8)),
        ])
    }

    override func tearDown() {
        server?.stop()
    }

    /// The menu items on screen, by the text GTK presents for them.
    @MainActor
    private static func menuItems(_ main: MainWindow) -> [String: PresentedAccessible] { main.window.presentedMenuItems() }

    /// Loads `uri`, right-clicks its link or picture (at 150, 125 in the page) for real and waits until the menu
    /// shows every one of `labels`; the menu's items by label.
    @MainActor
    private static func rightClickLink(_ main: MainWindow, _ id: String, loading uri: String, title: String,
                                       showing labels: [String]) throws -> [String: PresentedAccessible] {
        XCTAssertTrue(BrowserTestWindow.load(main, uri, title: title))
        let origin = try XCTUnwrap(main.browser.webView?.originInSurface())
        XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 150)), String(Int(origin.y + 125))])
        MainLoop.handlePendingInput()
        XDoTool.run(["click", "3"])
        var items: [String: PresentedAccessible] = [:]
        XCTAssertTrue(MainLoop.run(until: {
            items = menuItems(main)
            return labels.allSatisfy { items[$0] != nil }
        }, timeout: 5), "the menu shows \(labels); it shows \(items.keys.sorted())")
        return items
    }

    func testRightClickOnALinkOffersABrowsersMenuAndOpensItInANewTab() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Page Menu")
            defer { BrowserTestWindow.destroy(main.window) }
            let items = try Self.rightClickLink(main, id, loading: "\(base)/", title: "Menu", showing: ["Open Link in New Tab", "Copy Link Address"])
            for label in ["Open Link in New Window", "Download Linked File"] { XCTAssertNotNil(items[label], label) }
            XCTAssertNil(items["Reload"], "a link's menu is about the link")

            let open = try XCTUnwrap(items["Open Link in New Tab"])
            XDoTool.click(window: id, x: open.surfaceCentre.x, y: open.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 && main.browser.tabTitles.contains("Target Page") }, timeout: 10),
                          "the link opens in a second tab: \(main.browser.tabTitles)")
            XCTAssertEqual(main.browser.currentTabIndex, 0, "in the background, as GNOME Web does")
        }
    }

    /// "Download Linked File" takes the downloads' own path: saved whole under the link's name in the
    /// downloads folder, told in the notice, with no question (the user asked for it).
    func testDownloadLinkedFileSavesTheLinkedFileInTheDownloadsFolder() throws {
        let base = server.base
        let folder = try TestDownloadsFolder("skiff-menu-downloads")
        defer { folder.remove() }
        let path = folder.path
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Page Menu Download")
            defer { BrowserTestWindow.destroy(main.window) }
            let items = try Self.rightClickLink(main, id, loading: "\(base)/files", title: "Files", showing: ["Download Linked File"])
            let download = try XCTUnwrap(items["Download Linked File"])
            XDoTool.click(window: id, x: download.surfaceCentre.x, y: download.surfaceCentre.y)
            let told = "Downloaded “figures.csv” (37 bytes) to \(path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(told) } }, timeout: 15),
                          "told: \(main.browser.noticeText ?? "no notice")")
            XCTAssertEqual(main.shownTitle, "Files", "the page stays")
        }
        XCTAssertEqual(try String(contentsOf: folder.url.appendingPathComponent("figures.csv"), encoding: .utf8),
                       "quarter,harbour dues\nQ1,1200\nQ2,1350\n", "the served bytes, under the link's name")
    }

    /// "Save Image As…" asks where with the save dialog, on the Downloads folder, under the picture's
    /// name; the name typed there (real keys) is where the served picture lands, byte for byte.
    func testSaveImageAsAsksWhereAndSavesThePicturesBytes() throws {
        let picture = try TestPicture.bytes(size: "120x80", fill: "xc:teal")
        server.setResponse(.init(contentType: "image/png", bytes: picture), for: "/harbour.png")
        server.setResponse(.init(body: "<title>Pictures</title><img src='/harbour.png' style='position:absolute; left:100px; top:100px; width:120px; height:80px'>"),
                           for: "/pictures")
        let base = server.base
        let folder = try TestDownloadsFolder("skiff-menu-pictures")
        defer { folder.remove() }
        let path = folder.path
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Page Menu Save Image")
            defer { BrowserTestWindow.destroy(main.window) }
            let items = try Self.rightClickLink(main, id, loading: "\(base)/pictures", title: "Pictures", showing: ["Save Image As…"])
            XCTAssertNil(items["Download Linked File"], "a picture that is not a link has no link to download")
            let save = try XCTUnwrap(items["Save Image As…"])
            XDoTool.click(window: id, x: save.surfaceCentre.x, y: save.surfaceCentre.y)
            // The save dialog opens under the picture's name.
            try XDoTool.answerFileDialog("Save “harbour.png”", typing: "quay.png")
            let told = "Downloaded “quay.png” (\(picture.count) bytes) to \(path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(told) } }, timeout: 15),
                          "told: \(main.browser.noticeText ?? "no notice")")
        }
        XCTAssertEqual(try Data(contentsOf: folder.url.appendingPathComponent("quay.png")), Data(picture), "the served picture, under the name typed")
        XCTAssertEqual(folder.files, ["quay.png"], "and nothing else")
    }

    func testRightClickOnASelectionSearchesTheWebWithTheBrowsersEngine() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Page Menu Search")
            defer { BrowserTestWindow.destroy(main.window) }
            main.browser.searchEngine = try XCTUnwrap(SearchEngine(name: "Loopback", template: "\(base)/find?q=%s"))
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/words", title: "Words"))
            let origin = try XCTUnwrap(main.browser.webView?.originInSurface())
            // A double click selects the word "quick"; the right click is on it.
            XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 130)), String(Int(origin.y + 128))])
            MainLoop.handlePendingInput()
            XDoTool.run(["click", "--repeat", "2", "--delay", "80", "1"])
            XCTAssertTrue(MainLoop.run(until: { pageAnswer(main.browser.webView, "getSelection().toString()") == "quick" }, timeout: 5),
                          "the double click selected “quick”: \(pageAnswer(main.browser.webView, "getSelection().toString()") ?? "nothing")")
            XDoTool.run(["click", "3"])
            var items: [String: PresentedAccessible] = [:]
            let label = "Search the Web for “quick”"
            XCTAssertTrue(MainLoop.run(until: {
                items = Self.menuItems(main)
                return items[label] != nil
            }, timeout: 5), "the menu offers to search for the selection; it shows \(items.keys.sorted())")
            XCTAssertNotNil(items["Copy"])
            let search = try XCTUnwrap(items[label])
            XDoTool.click(window: id, x: search.surfaceCentre.x, y: search.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 && main.shownTitle == "Results for quick" }, timeout: 10),
                          "the search opens in a new tab in front: \(main.browser.tabTitles), current \(main.browser.currentTabIndex)")
        }
    }

    /// Preferences → Developer tools (GSettings, remembered) adds Inspect Element to the page's menu.
    func testDeveloperToolsFromPreferencesAddInspectElement() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(SkiffSettings.open(), "the schema is found or compiled from data/")
            settings.developerTools = false
            defer { settings.developerTools = false }
            let main = MainWindow(window: TestApplication.window(), options: try Options.parse(["--window-size", "900x640", "--private"]),
                                  sandbox: WebSandbox.probe(), settings: settings)
            main.window.title = "Developer Tools"
            main.window.present()
            defer {
                main.preferencesWindowForTests?.destroy()
                BrowserTestWindow.destroy(main.window)
            }
            let id = try XCTUnwrap(XDoTool.window(named: "Developer Tools"))
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/", title: "Menu"))
            let origin = try XCTUnwrap(main.browser.webView?.originInSurface())
            let rightClickThePage: @MainActor () -> [String: PresentedAccessible] = {
                XDoTool.run(["mousemove", "--window", id, String(Int(origin.x + 500)), String(Int(origin.y + 300))])
                MainLoop.handlePendingInput()
                XDoTool.run(["click", "3"])
                var items: [String: PresentedAccessible] = [:]
                MainLoop.run(until: {
                    items = Self.menuItems(main)
                    return items["Reload"] != nil
                }, timeout: 5)
                return items
            }
            let before = rightClickThePage()
            XCTAssertNotNil(before["Reload"], "the page's own menu: \(before.keys.sorted())")
            XCTAssertNil(before["Inspect Element"], "no inspector unless asked for")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { Self.menuItems(main).isEmpty }, timeout: 5), "Escape closed the menu")

            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Gtk.Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences?.isMapped == true }, timeout: 5))
            let prefsID = try XCTUnwrap(XDoTool.window(named: "Preferences"))
            XCTAssertTrue(MainLoop.run(until: {
                preferences?.presentedDescendants().contains { $0.role == GTK_ACCESSIBLE_ROLE_CHECKBOX && $0.width > 0 } ?? false
            }, timeout: 5), "Preferences has the Developer tools check box")
            // From the keyboard: the search engine list has the focus; Tab goes to the check box.
            let prefs = try XCTUnwrap(preferences)
            XDoTool.run(["windowfocus", "--sync", prefsID])
            XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(prefs.window) != 0 }, timeout: 5), "Preferences is the active window")
            let listFocus = prefs.focusedWidgetPointer
            XDoTool.run(["key", "Tab"])
            XCTAssertTrue(MainLoop.run(until: { prefs.focusedWidgetPointer != listFocus }, timeout: 5), "Tab moved the focus on")
            XDoTool.run(["key", "space"])
            XCTAssertTrue(MainLoop.run(until: { settings.developerTools }, timeout: 3), "the choice is written to GSettings")
            main.preferencesWindowForTests?.destroy()
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(main.window.window) != 0 }, timeout: 5), "the browser is the active window again")

            let after = rightClickThePage()
            XCTAssertNotNil(after["Inspect Element"], "the menu now offers the inspector: \(after.keys.sorted())")
            XDoTool.run(["key", "Escape"])
        }
    }
}
