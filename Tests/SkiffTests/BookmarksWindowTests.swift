import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Bookmarks in real windows: Ctrl+D's popover from the address bar's star, the Bookmarks window
/// (Ctrl+Shift+B) and an import of a Firefox-exported file, driven with real keys and clicks
/// (xdotool) and checked through what GTK presents to assistive technology and the database file.
final class BookmarksWindowTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!
    var locations: DataLocations!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/one": .init(body: "<title>One</title><h1>One</h1>"),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bookmarks-\(UUID().uuidString)")
        locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    /// The bookmarks in the database file as "folder/…/title <address>", read by a connection of its own.
    static func onDisk(_ locations: DataLocations) throws -> [String] {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        defer { try? store.close() }
        let tree = try store.loadBookmarks()
        return tree.walk().map { item in
            var path = [item.title]
            var parent = item.parent
            while let folder = parent, folder != Bookmarks.rootID, let above = tree[folder] {
                path.insert(above.title, at: 0)
                parent = above.parent
            }
            return path.joined(separator: "/") + (item.uri.map { " <\($0)>" } ?? "")
        }
    }

    /// Writes bookmarks into the database before the app opens it, as an earlier run would have.
    func seed(_ change: (inout Bookmarks) -> Bool) throws {
        try DataLocations.createPrivateDirectory(locations.dataDirectory)
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        try store.updateBookmarks(change)
        try store.close()
    }

    @MainActor
    static func presented(_ label: String, in widget: Widget) -> PresentedAccessible? {
        widget.presentedDescendants().first { $0.hasLabel(label) && $0.width > 0 }
    }

    /// Where a click lands on a popover's control once the popover stays put two paints running (it is
    /// moved sideways into the window as it opens).
    @MainActor
    static func settledInPopover(_ label: String, in window: Widget) -> (x: Double, y: Double)? {
        let place: [Double]? = MainLoop.settled(window) {
            presented(label, in: window).map { [$0.surfaceCentre.x, $0.surfaceCentre.y] }
        }
        return place.map { ($0[0], $0[1]) }
    }

    @MainActor
    static func showsText(_ text: String, in widget: Widget) -> Bool {
        widget.presentedDescendants().contains { $0.labelText == text && $0.width > 0 }
            || widget.labelTexts().contains(text)
    }

    func testCtrlDOpensThePopoverTheStarFillsAndTheNameFolderAndRemoveAreSaved() throws {
        try seed { $0.addFolder(title: "Reading") != .notAPage }
        let one = "\(server.base)/one"
        let locations: DataLocations = locations
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Bookmarks Popover", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, one, title: "One"))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Bookmark This Page", in: main.window) != nil }, timeout: 5),
                          "the empty star is in the address bar, named for a screen reader")

            // A narrow, short window at the screen's top left: room beside and below it on the screen.
            XDoTool.run(["windowsize", "--sync", window, "600", "420"])
            XDoTool.run(["windowmove", "--sync", window, "0", "0"])
            XCTAssertTrue(MainLoop.run(until: { main.window.width <= 600 && !main.browser.isAnimating }, timeout: 5), "the window is 600 px wide")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+d"])
            XCTAssertTrue(MainLoop.run(until: { Self.showsText("Bookmark Added", in: main.window) && Self.presented("Name", in: main.window) != nil },
                                       timeout: 5), "Ctrl+D opens the popover and says the page is saved")
            XCTAssertNotNil(Self.presented("Bookmarked", in: main.window), "the star is filled")
            // The star sits at the window's right end; the popover must not hang out of the window
            // (GTK keeps it inside the monitor only), nor open downward past the bar at the bottom.
            let doneCentre = try XCTUnwrap(Self.settledInPopover("Done", in: main.window))
            let doneWidth = try XCTUnwrap(Self.presented("Done", in: main.window)).width
            let star = try XCTUnwrap(Self.presented("Bookmarked", in: main.window))
            XCTAssertLessThanOrEqual(doneCentre.x + doneWidth / 2, Double(main.window.width),
                                     "the popover is inside the window (\(main.window.width) px wide)")
            XCTAssertLessThan(doneCentre.y, star.surfaceCentre.y, "the popover opens above the bar")
            XCTAssertNil(Self.presented("Bookmark This Page", in: main.window))
            XCTAssertEqual(try Self.onDisk(locations), ["Favourites", "Reading", "One <\(one)>"], "saved at once, at the end")

            // The name is selected: typing replaces it. The folder: the drop-down's "Reading".
            XDoTool.run(["type", "--delay", "30", "My page"])
            // From the keyboard: Tab to the drop-down, Space opens its list (Bookmarks, Favourites,
            // Reading), Down twice to "Reading", Return.
            XCTAssertNotNil(Self.presented("Folder", in: main.window))
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["key", "space"])
            XCTAssertTrue(MainLoop.run(until: { main.window.labelTexts().filter { $0 == "Reading" }.count >= 1 }, timeout: 5),
                          "the folders are offered: \(main.window.labelTexts())")
            XDoTool.run(["key", "Down"])
            XDoTool.run(["key", "Down"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { !main.window.labelTexts().contains("Bookmarks") && main.window.labelTexts().contains("Reading") },
                                       timeout: 5), "“Reading” chosen: \(main.window.labelTexts())")
            let done = try XCTUnwrap(Self.settledInPopover("Done", in: main.window))
            XDoTool.click(window: window, x: done.x, y: done.y)
            XCTAssertTrue(MainLoop.run(until: { !Self.showsText("Bookmark Added", in: main.window) }, timeout: 5), "Done closes it")
            XCTAssertEqual(try Self.onDisk(locations), ["Favourites", "Reading", "Reading/My page <\(one)>"], "named and moved as chosen")

            // Again: the same bookmark to edit; Remove takes it away and empties the star.
            XDoTool.run(["key", "--clearmodifiers", "ctrl+d"])
            XCTAssertTrue(MainLoop.run(until: { Self.showsText("Edit Bookmark", in: main.window) }, timeout: 5), "an existing bookmark is edited")
            let remove = try XCTUnwrap(Self.settledInPopover("Remove Bookmark", in: main.window))
            XDoTool.click(window: window, x: remove.x, y: remove.y)
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Bookmark This Page", in: main.window) != nil }, timeout: 5), "the star is empty again")
            XCTAssertEqual(try Self.onDisk(locations), ["Favourites", "Reading"])
        }
    }

    func testTheBookmarksWindowListsSearchesDeletesWithUndoAndShowsTitlesAsText() throws {
        let xss = "<b>Bold</b> & <img src=x onerror=alert(1)>"
        try seed { tree in
            guard case .added(let reading) = tree.addFolder(title: "Reading") else { return false }
            tree.addBookmark(uri: "https://lwn.net/", title: "LWN", in: reading.id)
            tree.addBookmark(uri: "https://www.debian.org/", title: "Debian", in: reading.id)
            tree.addBookmark(uri: "https://xss.example/", title: xss)
            return true
        }
        let locations: DataLocations = locations
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Bookmarks List", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+b"])
            XCTAssertTrue(MainLoop.run(until: { main.bookmarksWindow != nil }, timeout: 5), "Ctrl+Shift+B opens the window")
            let bookmarks = try XCTUnwrap(main.bookmarksWindow)
            defer { bookmarks.window.destroy() }
            let root = bookmarks.window
            @MainActor func rows() -> [String] {
                ["Folder: Favourites", "Folder: Reading", "LWN, lwn.net", "Debian, debian.org", "\(xss), xss.example"]
                    .filter { Self.presented($0, in: root) != nil }
            }
            XCTAssertTrue(MainLoop.run(until: { rows().count == 5 }, timeout: 5), "every line: \(rows())")
            XCTAssertTrue(Self.showsText(xss, in: root), "the title shown as its characters, not as markup")
            let folderTitle = try XCTUnwrap(root.presentedDescendants().first { $0.labelText == "Reading" && $0.width > 0 })
            let inside = try XCTUnwrap(root.presentedDescendants().first { $0.labelText == "LWN" && $0.width > 0 })
            XCTAssertGreaterThan(inside.x, folderTitle.x, "a folder's bookmarks are indented under it")

            let id = try XCTUnwrap(XDoTool.window(named: "Bookmarks"))
            XDoTool.run(["windowfocus", "--sync", id])
            let search = try XCTUnwrap(Self.presented("Search Bookmarks", in: root))
            XDoTool.click(window: id, x: search.surfaceCentre.x, y: search.surfaceCentre.y)
            XDoTool.run(["type", "--delay", "30", "lwn"])
            XCTAssertTrue(MainLoop.run(until: { rows() == ["LWN, lwn.net"] }, timeout: 5), "searched: \(rows())")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+a"])
            XDoTool.run(["key", "BackSpace"])
            XCTAssertTrue(MainLoop.run(until: { rows().count == 5 }, timeout: 5), "all again: \(rows())")

            let delete = try XCTUnwrap(Self.presented("Delete “Reading”", in: root))
            XDoTool.click(window: id, x: delete.surfaceCentre.x, y: delete.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { rows() == ["Folder: Favourites", "\(xss), xss.example"] }, timeout: 5), "deleted: \(rows())")
            XCTAssertTrue(Self.showsText("Deleted “Reading” and the 2 items in it.", in: root), "what went is told")
            XCTAssertEqual(try Self.onDisk(locations), ["Favourites", "\(xss) <https://xss.example/>"])
            let undo = try XCTUnwrap(root.settledDescendant { $0.hasLabel("Undo") }, "Undo, where it stays once shown")
            XDoTool.click(window: id, x: undo.surfaceCentre.x, y: undo.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { rows().count == 5 }, timeout: 5), "undone: \(rows())")
            XCTAssertEqual(try Self.onDisk(locations), ["Favourites", "Reading", "Reading/LWN <https://lwn.net/>", "Reading/Debian <https://www.debian.org/>",
                                          "\(xss) <https://xss.example/>"], "back in its place on disk")

            // A drag of Debian onto the Favourites folder puts it in there (a start-page tile).
            let from = try XCTUnwrap(Self.presented("Debian, debian.org", in: root)), to = try XCTUnwrap(Self.presented("Folder: Favourites", in: root))
            XDoTool.run(["mousemove", "--window", id, String(Int(from.surfaceCentre.x)), String(Int(from.surfaceCentre.y))])
            XDoTool.run(["mousedown", "1"])
            for step in 1...10 {
                let y = from.surfaceCentre.y + (to.surfaceCentre.y - from.surfaceCentre.y) * Double(step) / 10
                XDoTool.run(["mousemove", "--window", id, String(Int(from.surfaceCentre.x)), String(Int(y))])
            }
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { (try? Self.onDisk(locations).contains("Favourites/Debian <https://www.debian.org/>")) == true },
                                       timeout: 5), "dropped into Favourites: \((try? Self.onDisk(locations)) ?? [])")
            XCTAssertNil(main.browser.state.uri, "the drop opened nothing")
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Favourite: Debian, debian.org", in: main.browser.root) != nil }, timeout: 5),
                          "the start page shows it as a tile")

            // New Folder: its name typed, Enter makes it.
            let newFolder = try XCTUnwrap(Self.presented("New Folder", in: root))
            XDoTool.click(window: id, x: newFolder.surfaceCentre.x, y: newFolder.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Folder Name", in: root) != nil }, timeout: 5), "the name is asked")
            XDoTool.run(["type", "--delay", "30", "Later"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Folder: Later", in: root) != nil }, timeout: 5), "the folder is listed")
            XCTAssertEqual(try Self.onDisk(locations).last, "Later", "and saved, at the end")
        }
    }

    func testImportingAFirefoxExportKeepsItsFoldersAndLeavesOutWhatIsNotAPage() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/bookmarks/firefox-export.html")
        let locations: DataLocations = locations
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Bookmarks Import", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            main.actions.activate("import-bookmarks")
            try XDoTool.answerFileDialog("Import Bookmarks", typing: fixture.path, opening: true)
            let bookmarks = try XCTUnwrap(main.bookmarksWindow)
            defer { bookmarks.window.destroy() }
            let told = "Imported from “firefox-export.html”: 7 bookmarks in 4 folders. Left out: 1 data: address (not a page), "
                + "1 javascript: address (not a page), 1 place: address (not a page)."
            XCTAssertTrue(MainLoop.run(until: { Self.showsText(told, in: bookmarks.window) }, timeout: 15),
                          "what was taken and left out is told: \(bookmarks.window.labelTexts())")
            XCTAssertTrue(MainLoop.run(until: { Self.presented("Folder: Rust & Swift", in: bookmarks.window) != nil }, timeout: 5), "the new lines are laid out")
            for line in ["Folder: Imported from firefox-export.html", "Folder: Reading", "Folder: Rust & Swift", "Swift.org - Documentation, swift.org",
                         "Folder: Bookmarks Toolbar", "<img src=x onerror=alert(1)> Café, example.org", "notes.html, file:///home/user/notes.html"] {
                XCTAssertNotNil(Self.presented(line, in: bookmarks.window), "listed: \(line)")
            }
            XCTAssertNil(Self.presented("A bookmarklet, A bookmarklet", in: bookmarks.window))
            let outer = try XCTUnwrap(bookmarks.window.presentedDescendants().first { $0.labelText == "Reading" && $0.width > 0 })
            let inner = try XCTUnwrap(bookmarks.window.presentedDescendants().first { $0.labelText == "Rust & Swift" && $0.width > 0 })
            XCTAssertGreaterThan(inner.x, outer.x, "a folder inside a folder is indented further")
        }
        let imported = "Imported from firefox-export.html"
        XCTAssertEqual(try Self.onDisk(locations), [
            "Favourites", imported,
            "\(imported)/Debian -- The Universal Operating System <https://www.debian.org/>",
            "\(imported)/Reading", "\(imported)/Reading/LWN.net <https://lwn.net/>", "\(imported)/Reading/Rust & Swift",
            "\(imported)/Reading/Rust & Swift/Swift.org - Documentation <https://www.swift.org/documentation/>",
            "\(imported)/Reading/Rust & Swift/The Rust Programming Language <https://doc.rust-lang.org/book/?search=a&b>",
            "\(imported)/Bookmarks Toolbar", "\(imported)/Bookmarks Toolbar/GNOME – a desktop for everyone <https://www.gnome.org/>",
            "\(imported)/Bookmarks Toolbar/<img src=x onerror=alert(1)> Café <https://example.org/xss>",
            "\(imported)/Other Bookmarks", "\(imported)/Other Bookmarks/notes.html <file:///home/user/notes.html>",
        ], "the file's tree, under a folder of its own, in the database")
    }
}
