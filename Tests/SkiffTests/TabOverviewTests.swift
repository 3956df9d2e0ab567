import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The tab overview with real X input (xdotool) over real WebKit tabs from 127.0.0.1, checked
/// through what GTK exposes to accessibility and through the pixels on screen.
final class TabOverviewTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        func page(_ title: String, _ colour: String) -> TestHTTPServer.Response {
            .init(body: "<title>\(title)</title><body style='margin:0;background:\(colour)'><div style='height:2000px'></div></body>")
        }
        server = try TestHTTPServer(routes: [
            "/red": page("Red", "#e00000"),
            "/blue": page("Blue", "#0000e0"),
            "/green": page("Green", "#00b000"),
            "/grey": page("Grey", "#808080"),
        ])
    }

    override func tearDown() { server?.stop() }


    /// Opens one tab per path (the first in the window's own tab), each loaded.
    @MainActor
    private static func openTabs(_ main: MainWindow, _ base: String, _ pages: [(path: String, title: String)]) -> Bool {
        for (i, page) in pages.enumerated() {
            if i > 0 { main.browser.newTab() }
            main.browser.load("\(base)\(page.path)")
            guard MainLoop.run(until: { main.shownTitle == page.title && !main.browser.showsLoading }, timeout: 20) else { return false }
            // WebKit has drawn the page, so that leaving it pictures it.
            guard let view = main.browser.webView, MainLoop.runUntilPainted(view) else { return false }
        }
        main.browser.webView?.grabFocus()
        settle(main)
        return true
    }

    @MainActor
    private static func settle(_ main: MainWindow) {
        MainLoop.run(until: { !main.browser.isAnimating && !main.browser.isTabOverviewAnimating }, timeout: 3)
        XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the settled window was drawn")
    }

    /// The tab buttons the overview exposes, in order, as their labels ("Red — 127.0.0.1").
    @MainActor
    private static func tiles(_ main: MainWindow, _ labels: [String]) -> [(label: String, item: PresentedAccessible)] {
        main.window.presentedDescendants().compactMap { item in
            guard item.isButton, let label = labels.first(where: { item.hasLabel($0) }) else { return nil }
            return (label, item)
        }
    }

    private static func name(_ title: String) -> String { "\(title) — 127.0.0.1" }

    func testCtrlShiftOAndTheTabsButtonShowOneThumbnailPerTabWithItsPage() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Overview Open")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue")]))
            let labels = [Self.name("Red"), Self.name("Blue")]
            XCTAssertTrue(Self.tiles(main, labels).isEmpty, "closed, the overview exposes nothing")

            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3), "Ctrl+Shift+O opens the overview")
            XCTAssertTrue(MainLoop.run(until: { main.browser.tabThumbnailsReady }, timeout: 5), "every page is pictured")
            Self.settle(main)
            var shown = Self.tiles(main, labels)
            XCTAssertEqual(shown.map(\.label), labels, "one named button per tab, in tab order")
            // The page's colour is in its thumbnail: red over the first tile, blue over the second.
            let shot = try Screenshot.capture(window: window)
            defer { shot.remove() }
            for (label, item) in shown {
                guard let rgb = Self.meanColour(shot, thumbnailOf: item) else { XCTFail("no pixels for \(label)"); continue }
                if label == Self.name("Red") {
                    XCTAssertGreaterThan(rgb.r, 0.6, "\(label): \(rgb)"); XCTAssertLessThan(rgb.b, 0.3, "\(label): \(rgb)")
                } else {
                    XCTAssertGreaterThan(rgb.b, 0.6, "\(label): \(rgb)"); XCTAssertLessThan(rgb.r, 0.3, "\(label): \(rgb)")
                }
            }
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isTabOverviewOpen }, timeout: 3), "Escape closes it")
            Self.settle(main)
            XCTAssertEqual(main.browser.currentTabIndex, 1, "back on the tab it opened from")
            XCTAssertTrue(Self.tiles(main, labels).isEmpty)

            // The toolbar's Tabs button opens it too.
            guard let centre = main.browser.tabsButton.childCentresInSurfaceOfSelf() else { return XCTFail("no Tabs button") }
            XDoTool.click(window: window, x: centre.x, y: centre.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3), "the Tabs button opens the overview")
            Self.settle(main)
            shown = Self.tiles(main, labels)
            XCTAssertEqual(shown.count, 2)
        }
    }

    func testATabChangedSinceItsPictureIsPicturedAgain() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Overview Stale")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue")]))
            // Pictured blue once…
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen && main.browser.tabThumbnailsReady }, timeout: 5))
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            // …then the tab goes green and is left for the other one.
            main.browser.load("\(base)/green")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Green" && !main.browser.showsLoading }, timeout: 20))
            // WebKit has drawn the page, so that leaving it pictures it.
            XCTAssertTrue(main.browser.webView.map { MainLoop.runUntilPainted($0) } ?? false, "the green page was drawn")
            main.browser.webView?.grabFocus()
            XDoTool.run(["key", "--clearmodifiers", "ctrl+Page_Up"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.currentTabIndex == 0 }, timeout: 3))
            Self.settle(main)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen && main.browser.tabThumbnailsReady }, timeout: 5))
            MainLoop.run(until: { false }, timeout: 0.8)
            Self.settle(main)
            guard let green = Self.tiles(main, [Self.name("Green")]).first?.item else { return XCTFail("no Green tile") }
            let shot = try Screenshot.capture(window: window)
            defer { shot.remove() }
            guard let rgb = Self.meanColour(shot, thumbnailOf: green) else { return XCTFail("no pixels") }
            XCTAssertGreaterThan(rgb.g, 0.5, "the picture is the page as it is now: \(rgb)")
            XCTAssertLessThan(rgb.b, 0.3, "not the blue it was: \(rgb)")
        }
    }

    func testArrowsAndEnterChooseATab() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Overview Keys")
            defer { main.window.destroy() }
            // Four tabs in a 900-px window: three columns, Grey alone on the second row. ← from Grey goes
            // to the end of the first row (the tab order), where GTK's own arrow-key focus would go nowhere.
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue"), ("/green", "Green"), ("/grey", "Grey")]))
            XCTAssertEqual(main.browser.currentTabIndex, 3)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            // Escape goes back to the current tab, whatever the arrows selected.
            XDoTool.run(["key", "Left"])
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            XCTAssertEqual(main.shownTitle, "Grey")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            XDoTool.run(["key", "Left"])
            XDoTool.run(["key", "Left"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isTabOverviewOpen }, timeout: 3), "Enter closes the overview")
            Self.settle(main)
            XCTAssertEqual(main.browser.currentTabIndex, 1)
            XCTAssertEqual(main.shownTitle, "Blue")
            // On screen: the blue page, not the grey one the overview opened from.
            guard let webView = main.browser.webView, let region = Screenshot.region(of: webView, inset: 20) else { return XCTFail("no page") }
            let shot = try Screenshot.capture(window: window)
            defer { shot.remove() }
            guard let rgb = Self.meanColour(shot, geometry: region) else { return XCTFail("no pixels") }
            XCTAssertGreaterThan(rgb.b, 0.7, "the chosen page is on screen: \(rgb)")
            XCTAssertLessThan(rgb.r, 0.3, "the chosen page is on screen: \(rgb)")
        }
    }

    func testCloseButtonMiddleClickSwipeAndDeleteCloseTabs() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Overview Close")
            defer { main.window.destroy() }
            let pages = [("/red", "Red"), ("/blue", "Blue"), ("/green", "Green"), ("/grey", "Grey")]
            XCTAssertTrue(Self.openTabs(main, base, pages))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            let labels = pages.map { Self.name($0.1) }

            // The close button of Blue.
            guard let close = main.browser.tabOverviewGrid.presentedDescendants().first(where: { $0.isButton && $0.hasLabel("Close Blue") }) else {
                return XCTFail("no close button for Blue")
            }
            XDoTool.click(window: window, x: close.surfaceCentre.x, y: close.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 3 }, timeout: 3), "the close button closes its tab")
            Self.settle(main)
            XCTAssertEqual(Self.tiles(main, labels).map(\.label), [Self.name("Red"), Self.name("Green"), Self.name("Grey")])

            // A middle click on Green.
            guard let green = Self.tiles(main, labels).first(where: { $0.label == Self.name("Green") })?.item else { return XCTFail("no Green") }
            XDoTool.run(["mousemove", "--window", window, "\(Int(green.surfaceCentre.x))", "\(Int(green.surfaceCentre.y))"])
            MainLoop.handlePendingInput()
            XDoTool.run(["click", "2"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 2 }, timeout: 3), "a middle click closes the tab")
            Self.settle(main)
            XCTAssertEqual(Self.tiles(main, labels).map(\.label), [Self.name("Red"), Self.name("Grey")])

            // A quick swipe sideways on Red, past the threshold.
            guard let red = Self.tiles(main, labels).first?.item else { return XCTFail("no Red") }
            let x0 = Int(red.surfaceCentre.x), y0 = Int(red.surfaceCentre.y)
            XDoTool.run(["mousemove", "--window", window, "\(x0)", "\(y0)"])
            XDoTool.run(["mousedown", "1"])
            // The swipe's own frames: a move each 60 Hz frame makes it quick.
            for step in 1...8 { XDoTool.run(["mousemove", "--window", window, "\(x0 - step * 25)", "\(y0)"]); MainLoop.run(for: 0.016) }
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 1 }, timeout: 3), "a swipe closes the tab")
            Self.settle(main)
            XCTAssertEqual(Self.tiles(main, labels).map(\.label), [Self.name("Grey")])

            // Delete closes the selected one; the last tab closed leaves a blank one.
            XDoTool.run(["key", "Delete"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.tabTitles == [""] }, timeout: 3), "Delete closes the selected tab: \(main.browser.tabTitles)")
            Self.settle(main)
            XCTAssertTrue(Self.tiles(main, labels).isEmpty)
            XCTAssertEqual(Self.tiles(main, ["New Tab — Start Page"]).count, 1, "a blank tab is left, shown as New Tab")
        }
    }

    func testDraggingATileReordersTheTabs() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Overview Drag")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue"), ("/green", "Green")]))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            let labels = ["Red", "Blue", "Green"].map(Self.name)
            let before = Self.tiles(main, labels)
            XCTAssertEqual(before.map(\.label), labels)
            guard before.count == 3 else { return }
            // Press on Red, hold (a long press picks it up), carry it onto Green's place, drop.
            let from = before[0].item.surfaceCentre, to = before[2].item.surfaceCentre
            XDoTool.run(["mousemove", "--window", window, "\(Int(from.x))", "\(Int(from.y))"])
            XDoTool.run(["mousedown", "1"])
            // Held on purpose: a long press is a press held this long.
            MainLoop.run(for: 0.6)
            for step in 1...12 {
                let t = Double(step) / 12
                XDoTool.run(["mousemove", "--window", window, "\(Int(from.x + (to.x - from.x) * t))", "\(Int(from.y + (to.y - from.y) * t))"])
                // The carry's own frames: a move each 60 Hz frame.
                MainLoop.run(for: 0.016)
            }
            XDoTool.run(["mouseup", "1"])
            Self.settle(main)
            XCTAssertTrue(main.browser.isTabOverviewOpen, "a drag does not choose the tab")
            XCTAssertEqual(Self.tiles(main, labels).map(\.label), ["Blue", "Green", "Red"].map(Self.name), "the overview shows the new order")
            XCTAssertEqual(main.browser.tabTitles, ["Blue", "Green", "Red"], "the tabs moved")
        }
    }

    func testTabWalksTheTilesAndButtons() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Overview Tab")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue")]))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            // From the current tab's tile (the last): New Tab, Done, then round to the first tile.
            XDoTool.run(["key", "Tab"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.tabOverviewNewTabButton.hasFocus }, timeout: 2), "Tab reaches New Tab")
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { !main.browser.isTabOverviewOpen }, timeout: 3), "Enter on the first tile")
            Self.settle(main)
            XCTAssertEqual(main.shownTitle, "Red", "Tab came round to the first tile")
        }
    }

    func testCtrlTFromTheOverviewOpensATabReadyForTyping() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Overview New Tab")
            defer { main.window.destroy() }
            XCTAssertTrue(Self.openTabs(main, base, [("/red", "Red"), ("/blue", "Blue")]))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+o"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isTabOverviewOpen }, timeout: 3))
            Self.settle(main)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 3 && !main.browser.isTabOverviewOpen }, timeout: 4),
                          "Ctrl+T from the overview opens a tab and leaves the overview")
            Self.settle(main)
            XCTAssertTrue(main.browser.addressEntry.containsFocus, "the new tab’s address is ready for typing; focus: \(main.window.focusDescription ?? "none"), editing \(main.browser.isEditingAddress)")
        }
    }

    /// Mean red, green and blue (0…1) of the picture part of a tile.
    @MainActor
    private static func meanColour(_ shot: Screenshot, thumbnailOf item: PresentedAccessible) -> (r: Double, g: Double, b: Double)? {
        let dx = item.surfaceCentre.x - (item.x + item.width / 2), dy = item.surfaceCentre.y - (item.y + item.height / 2)
        let top = TabOverviewLayout.titleHeight + 12
        return meanColour(shot, geometry: "\(Int(item.width - 24))x\(Int(item.height - top - 12))+\(Int(item.x + dx + 12))+\(Int(item.y + dy + top))")
    }

    /// Mean red, green and blue (0…1) of a region (an ImageMagick geometry) of a screenshot.
    @MainActor
    private static func meanColour(_ shot: Screenshot, geometry: String) -> (r: Double, g: Double, b: Double)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [shot.path, "-crop", geometry, "+repage", "-format", "%[fx:mean.r] %[fx:mean.g] %[fx:mean.b]", "info:"]
        let out = Pipe()
        process.standardOutput = out
        do { try process.run() } catch { return nil }
        MainLoop.run(until: { !process.isRunning }, timeout: 15)
        let values = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").compactMap { Double($0) }
        return values.count == 3 ? (values[0], values[1], values[2]) : nil
    }
}

extension Widget {
    /// This widget's own centre in its window's surface coordinates (where a click lands on it).
    @MainActor
    func childCentresInSurfaceOfSelf() -> (x: Double, y: Double)? {
        guard let origin = originInSurface() else { return nil }
        return (origin.x + Double(width) / 2, origin.y + Double(height) / 2)
    }
}
