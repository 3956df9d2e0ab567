import Foundation
import Gtk
@testable import Home
import HomeModel
@testable import SkiffApp
import TestSupport
import XCTest

/// The Home section in a real window under Xvfb, driven with real X input (xdotool); checked through
/// what GTK exposes to accessibility, GTK's own geometry, and pixels.
final class HomeWindowTests: XCTestCase {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/home")

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
    }

    /// A page pushed by the tests: one button, so focus has somewhere to go.
    @MainActor
    final class TestPage: HomePage {
        let root: Widget
        let title: String
        init(_ title: String) {
            self.title = title
            let button = Button(label: "Inside \(title)")
            button.valign = .center
            button.halign = .center
            root = button
        }
    }

    /// A tab root that records the routes it is asked to show.
    @MainActor
    final class RecordingRoot: HomeTabRoot {
        let root: Widget = Label("Recording root")
        let title: String
        var opened: [HomeRoute] = []
        init(_ title: String) { self.title = title }
        func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool { opened.append(route); return true }
    }

    @MainActor
    final class Harness {
        let window = TestApplication.window()
        let actions = ActionGroup()
        let home: HomeView
        let xid: String
        var orderRoot: RecordingRoot?

        init(_ title: String, width: Int = 1000, height: Int = 800, withOrder: Bool = false) throws {
            let recording = withOrder ? RecordingRoot("Order") : nil
            orderRoot = recording
            home = HomeView(source: HomeSource(directory: HomeWindowTests.data),
                            makeTabRoot: { tab, _ in (tab == .order ? recording : nil) ?? RecordingRoot(tab.tab.title) },
                            makeHistory: { TestPage("Test history") })
            window.title = title
            window.setDefaultSize(width: width, height: height)
            window.setChild(home.root)
            // As the main window does: Home's commands (Alt+Left, Ctrl+1 …) are the window's actions.
            actions.insert(into: window, prefix: "win")
            let home = self.home
            actions.add(HomeView.commands { home }.commands, prefix: "win", keysIn: window.application)
            window.present()
            guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window is titled \(title)") }
            xid = id
            MainLoop.run(until: { self.home.root.width > 0 }, timeout: 5)
            MainLoop.runUntilPainted(window)
            XDoTool.run(["windowraise", xid])
            XDoTool.run(["windowfocus", "--sync", xid])
        }

        /// Clicks the middle of `widget` with the real pointer.
        func click(_ widget: Widget, button: Int = 1) {
            guard let origin = widget.origin(in: window) else { return XCTFail("widget not in the window") }
            XDoTool.run(["mousemove", "--window", xid, String(Int(origin.x) + widget.width / 2), String(Int(origin.y) + widget.height / 2)])
            XDoTool.run(["click", String(button)])
            MainLoop.handlePendingInput()
        }

        func key(_ name: String) {
            XDoTool.run(["key", "--window", xid, name])
            MainLoop.handlePendingInput()
        }

        /// The window's pixels (a PNG), straight from the X server.
        func screenshot(_ name: String) -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(name)-\(UUID().uuidString).png")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            process.arguments = ["-window", xid, url.path]
            try? process.run()
            MainLoop.run(until: { !process.isRunning }, timeout: 10)
            return url
        }

        func destroy() { window.destroy() }
    }

    // MARK: Greeting header

    func testScrollingPastThirtyPixelsSnapsTheHeaderUpAndBack() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Snap")
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            let before = try XCTUnwrap(page.greeting.origin(in: h.window))
            let greetingHeight = Double(page.greeting.height)
            let topRegion = h.screenshot("snap-before")
            // Two wheel notches down over the tiles: well past 30 px.
            guard let scroller = page.scroller.origin(in: h.window) else { return XCTFail("no scroller") }
            XDoTool.run(["mousemove", "--window", h.xid, String(Int(scroller.x) + 300), String(Int(scroller.y) + 300)])
            XDoTool.run(["click", "5"])
            XDoTool.run(["click", "5"])
            XCTAssertTrue(MainLoop.run(until: { page.scroller.verticalOffset > 30 }, timeout: 3), "the wheel scrolled the tiles")
            XCTAssertTrue(MainLoop.run(until: { !page.headerAnimating }, timeout: 3))
            MainLoop.runUntilPainted(h.window)
            let up = try XCTUnwrap(page.greeting.origin(in: h.window))
            XCTAssertEqual(before.y - up.y, greetingHeight + 16, accuracy: 1, "slid up by the greeting's height + 16")
            XCTAssertEqual(page.greeting.opacity, 0, accuracy: 0.01, "the greeting faded out")
            let snapped = h.screenshot("snap-up")
            XCTAssertNotEqual(Self.pixelDifference(topRegion, snapped), 0, "the screen changed")

            // Back to the top: the header returns and the window looks as it did.
            XDoTool.run(["click", "4"])
            XDoTool.run(["click", "4"])
            XDoTool.run(["click", "4"])
            XCTAssertTrue(MainLoop.run(until: { page.scroller.verticalOffset <= 0 }, timeout: 3))
            XCTAssertTrue(MainLoop.run(until: { !page.headerAnimating }, timeout: 3))
            MainLoop.runUntilPainted(h.window)
            let down = try XCTUnwrap(page.greeting.origin(in: h.window))
            XCTAssertEqual(down.y, before.y, accuracy: 0.5)
            XCTAssertEqual(page.greeting.opacity, 1, accuracy: 0.01)
            // Move the pointer away from anything with a hover style, then compare pixels.
            XDoTool.run(["mousemove", "--window", h.xid, "5", "5"])
            MainLoop.handlePendingInput()
            // The hover style's fade (GTK's transitions take 200 ms) runs out over these frames.
            MainLoop.runUntilPainted(h.window, frames: 20)
            let after = h.screenshot("snap-after")
            // The header's band down to where the tiles' scroller starts, left of where the overlay
            // scrollbar may still be fading. (Not into the scroller: GTK 4.18 draws the first tile's
            // top shadow only before the list has been scrolled, one row of pixels that is the
            // scroller's, not the header's.)
            let band = try XCTUnwrap(page.root.bounds(in: h.window))
            let scrollerTop = try XCTUnwrap(page.scroller.origin(in: h.window)).y
            XCTAssertGreaterThan(scrollerTop - band.y, greetingHeight, "the band holds the greeting")
            let crop = "\(Int(band.width) - 24)x\(Int(scrollerTop - band.y))+\(Int(band.x))+\(Int(band.y))"
            let changed = Self.pixelDifference(topRegion, after, crop: crop)
            XCTAssertLessThan(changed, 200, "the header is back where it was (\(changed) pixels differ)")
        }
    }

    // MARK: Rewards tile

    func testTheRewardsTileOpensByClickAndClosesByKeyboard() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Rewards")
            defer { h.destroy() }
            let rewards = try XCTUnwrap(h.home.homePage?.rewards)
            let closedHeight = rewards.root.height
            XCTAssertTrue(rewards.chevron.accessibleState(.expanded, is: false), "exposed as collapsed")
            XCTAssertEqual(rewards.chevron.accessibleLabel, "Rewards options")
            h.click(rewards.chevron)
            XCTAssertTrue(rewards.chevron.accessibleState(.expanded, is: true), "exposed as expanded at once")
            XCTAssertTrue(MainLoop.run(until: { !rewards.isAnimating }, timeout: 3), "the tile opened")
            MainLoop.runUntilPainted(h.window)
            let openHeight = rewards.root.height
            XCTAssertGreaterThan(openHeight, closedHeight + 100, "the levels show (\(closedHeight) → \(openHeight))")
            // Open to the levels' own height: what GTK presents inside the tile ends near its bottom
            // (the fixed 270 px left ~130 px blank under five levels).
            let tile = try XCTUnwrap(rewards.root.bounds(in: h.window))
            let tileBottom = tile.y + tile.height
            let contentBottom = rewards.root.presentedDescendants().filter { !$0.hasLabel("Reward levels") }.map { $0.y + $0.height }.max() ?? 0
            XCTAssertLessThan(tileBottom - contentBottom, 40, "blank under the last level: \(tileBottom - contentBottom) px")

            // The keyboard path: the chevron has focus after the click; Space toggles it back.
            rewards.chevron.grabFocus()
            h.key("space")
            XCTAssertTrue(rewards.chevron.accessibleState(.expanded, is: false))
            XCTAssertTrue(MainLoop.run(until: { rewards.root.height == closedHeight }, timeout: 3), "closed again")
            // And Enter opens it.
            h.key("Return")
            XCTAssertTrue(rewards.chevron.accessibleState(.expanded, is: true))
            XCTAssertTrue(MainLoop.run(until: { rewards.root.height == openHeight }, timeout: 3))
        }
    }

    /// At 600 px the tiles fill the width: the pill sits below the scrolling column, not over a tile.
    func testAtSixHundredPixelsThePillCoversNoTile() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Narrow Pill", width: 600)
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            MainLoop.runUntilPainted(h.window)
            let pill = try XCTUnwrap(page.pill.bounds(in: h.window))
            let tiles = try XCTUnwrap(page.scroller.bounds(in: h.window))
            XCTAssertGreaterThanOrEqual(pill.y, tiles.y + tiles.height, "the pill (\(pill)) is below the tiles' area (\(tiles))")
            XCTAssertTrue(page.pill.isMapped, "and on screen")
            // Wide, it floats beside the column as before.
            XDoTool.run(["windowsize", h.xid, "1200", "800"])
            XCTAssertTrue(MainLoop.run(until: { (page.scroller.bounds(in: h.window).map { $0.y + $0.height } ?? 0) > (page.pill.bounds(in: h.window)?.y ?? 0) },
                                       timeout: 3), "wide, the pill floats over the scrolling area, beside the tiles")
        }
    }

    // MARK: Scan

    func testTheQRCodeOnScreenDecodesToTheMemberNumber() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Scan", width: 600)
            defer { h.destroy() }
            let scanTab = try XCTUnwrap(h.home.tabButton(.scan))
            h.click(scanTab)
            XCTAssertEqual(h.home.selectedTab, .scan)
            MainLoop.runUntilPainted(h.window)
            let shot = h.screenshot("scan")
            let decoded = Self.run("/usr/bin/zbarimg", ["-q", "--raw", shot.path])
            XCTAssertEqual(decoded.trimmingCharacters(in: .whitespacesAndNewlines), "6150238411770042",
                           "zbarimg read the code on screen (zbar-tools is installed by make test)")
        }
    }

    // MARK: Tabs

    func testTheTabsAreATabListOfNamedTabsAtBothWidths() throws {
        try MainActor.assumeIsolated {
            for (width, title) in [(1000, "Home Tabs Wide"), (600, "Home Tabs Narrow")] {
                let h = try Harness(title, width: width)
                defer { h.destroy() }
                XCTAssertEqual(h.home.tabsAtBottom, width < HomeView.narrowWidth)
                let list = h.home.visibleTabList
                XCTAssertTrue(list.isVisible && list.isMapped)
                XCTAssertTrue(list.hasAccessibleRole(.tabList), "\(width) px: a tab list")
                XCTAssertEqual(list.accessibleLabel, "Home tabs")
                for tab in HomeTab.allCases {
                    let button = try XCTUnwrap(h.home.tabButton(tab))
                    XCTAssertTrue(button.hasAccessibleRole(.tab), "\(tab) is a tab")
                    XCTAssertEqual(button.accessibleLabel, tab.title)
                    XCTAssertTrue(button.accessibleState(.selected, is: tab == .home), "\(tab) selected state")
                    XCTAssertTrue(button.isMapped)
                }
            }
        }
    }

    func testTheBarMovesToTheBottomWhenTheWindowNarrows() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Resize", width: 1000)
            defer { h.destroy() }
            let wideHome = try XCTUnwrap(h.home.tabButton(.home))
            XCTAssertLessThan(wideHome.origin(in: h.window)?.y ?? 999, 60, "in the header")
            XDoTool.run(["windowsize", h.xid, "600", "800"])
            XCTAssertTrue(MainLoop.run(until: { h.home.tabsAtBottom }, timeout: 5))
            MainLoop.runUntilPainted(h.window)
            let narrowHome = try XCTUnwrap(h.home.tabButton(.home))
            XCTAssertGreaterThan(narrowHome.origin(in: h.window)?.y ?? 0, 700, "at the bottom")
            XCTAssertFalse(wideHome.isMapped, "the header's tabs are gone")
        }
    }

    // MARK: Navigation

    func testPushSwitchTabComeBackAndPopWithEscape() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Stack")
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            XCTAssertFalse(h.home.backButtonWidget.isVisible, "no Back on a root")
            XCTAssertEqual(page.historyButton.accessibleLabel, "Inbox and History")
            h.click(page.historyButton)
            XCTAssertEqual(h.home.depth(of: .home), 2)
            XCTAssertEqual(h.home.pageTitle, "Test history")
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            XCTAssertTrue(h.home.backButtonWidget.isVisible)
            XCTAssertEqual(h.home.backButtonWidget.accessibleLabel, "Back to Home")
            XCTAssertFalse(page.root.isVisible, "the covered page is hidden from assistive technology")
            XCTAssertFalse(page.historyButton.containsFocus, "focus moved into the pushed page")
            XCTAssertTrue(h.window.focusedWidgetPointer != nil)

            h.click(try XCTUnwrap(h.home.tabButton(.gift)))
            XCTAssertEqual(h.home.selectedTab, .gift)
            XCTAssertFalse(h.home.backButtonWidget.isVisible)
            h.click(try XCTUnwrap(h.home.tabButton(.home)))
            XCTAssertEqual(h.home.selectedTab, .home)
            XCTAssertEqual(h.home.depth(of: .home), 2, "the stack was kept")
            XCTAssertEqual(h.home.pageTitle, "Test history")

            h.key("Escape")
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 }, timeout: 3), "Escape popped")
            XCTAssertEqual(h.home.pageTitle, "Home")
            XCTAssertTrue(page.root.isVisible)
            XCTAssertFalse(h.home.backButtonWidget.isVisible)

            // Alt+Left and the mouse's back button do the same.
            h.click(page.historyButton)
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            XCTAssertFalse(page.historyButton.containsFocus, "focus moved into the pushed page")
            h.key("alt+Left")
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 }, timeout: 3), "Alt+Left popped")
            XCTAssertTrue(page.historyButton.containsFocus, "focus is back on the button that opened the page")
            h.click(page.historyButton)
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            XDoTool.run(["click", "8"])
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 }, timeout: 3), "the back button popped")
            h.click(page.historyButton)
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            h.click(h.home.backButtonWidget)
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 }, timeout: 3), "Back popped")

            // Popping returns the keyboard focus to the control it was on when the page was pushed.
            page.pill.grabFocus()
            h.home.push(TestPage("From the pill"), on: nil)
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            XCTAssertFalse(page.pill.containsFocus)
            h.key("Escape")
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 && !h.home.isSliding }, timeout: 3))
            XCTAssertTrue(page.pill.containsFocus, "focus is back on the pill")
        }
    }

    func testAnEdgeDragScrubsThePopAndCanBeAbandoned() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Swipe")
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            h.click(page.historyButton)
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            let y = 400
            // A short drag from the edge: let go before half way, and the page slides back. The pauses
            // are the gesture's own time (a hand moving, then held still so the release has no speed).
            XDoTool.run(["mousemove", "--window", h.xid, "4", String(y)])
            XDoTool.run(["mousedown", "1"])
            for x in stride(from: 30, through: 300, by: 30) {
                XDoTool.run(["mousemove", "--window", h.xid, String(x), String(y)])
                MainLoop.run(for: 0.03)
            }
            XCTAssertTrue(page.root.isVisible, "the page underneath shows while scrubbing")
            MainLoop.run(for: 0.2)
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { !h.home.isSliding }, timeout: 3))
            XCTAssertEqual(h.home.depth(of: .home), 2, "abandoned: the page stays")
            XCTAssertFalse(page.root.isVisible)
            // A long one completes the pop.
            XDoTool.run(["mousemove", "--window", h.xid, "4", String(y)])
            XDoTool.run(["mousedown", "1"])
            for x in stride(from: 40, through: 800, by: 80) {
                XDoTool.run(["mousemove", "--window", h.xid, String(x), String(y)])
                MainLoop.run(for: 0.03)
            }
            MainLoop.run(for: 0.2)
            XDoTool.run(["mouseup", "1"])
            XCTAssertTrue(MainLoop.run(until: { h.home.depth(of: .home) == 1 }, timeout: 3), "completed: popped")
        }
    }

    func testATileButtonRoutesToItsTabAndTheRootShowsTheItem() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Route", withOrder: true)
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            let order = try XCTUnwrap(page.tiles.first?.actionButton)
            XCTAssertEqual(order.accessibleLabel, "Order: Cold brew, slow steeped")
            h.click(order)
            XCTAssertEqual(h.home.selectedTab, .order)
            XCTAssertEqual(h.orderRoot?.opened, [.menuItem(id: "cold-brew")])
            // The pill selects Scan.
            h.click(try XCTUnwrap(h.home.tabButton(.home)))
            h.click(page.pill)
            XCTAssertEqual(h.home.selectedTab, .scan)
            let pill = try XCTUnwrap(page.pill.bounds(in: h.window))
            XCTAssertEqual(pill.width, 170)
            XCTAssertEqual(pill.height, 60)
        }
    }

    func testPushingAndPoppingAHundredPagesLeavesNothingBehind() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Leaks")
            defer { h.destroy() }
            GtkRuntime.setAnimationsEnabled(false)
            defer { GtkRuntime.setAnimationsEnabled(true) }
            // One round first, so anything created once (tickers, caches) exists before counting.
            h.home.push(TestPage("Warm-up"), on: nil)
            h.home.pop()
            MainLoop.runUntilPainted(h.window)
            // What the hundred rounds make, watched one by one (the global counts move when another
            // test's objects finalize meanwhile).
            let watch = LiveCounts.Watch.start()
            weak var lastPage: TestPage?
            for i in 0..<100 {
                let page = TestPage("Page \(i)")
                lastPage = page
                h.home.push(page, on: nil)
                h.home.pop()
            }
            watch.stop()
            XCTAssertTrue(MainLoop.run(until: { lastPage == nil && watch.liveWrappers == 0 && watch.liveClosureBoxes == 0 }, timeout: 10),
                          "\(watch.liveWrappers) wrappers and \(watch.liveClosureBoxes) closures outlived their pages")
            XCTAssertNil(lastPage, "popped pages are released")
            XCTAssertEqual(h.home.depth(of: .home), 1)
            XCTAssertEqual(watch.liveWrappers, 0, "no widget wrapper is kept")
            XCTAssertEqual(watch.liveClosureBoxes, 0, "no signal closure is kept")
        }
    }

    // MARK: Remembered between launches

    func testTheOpenTabIsRememberedInGSettings() throws {
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(SkiffSettings.open(), "the schema is found or compiled from data/")
            settings.homeTab = .home
            let options = try Options.parse(["--section", "home", "--window-size", "900x700", "--ephemeral"])
            let first = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"), settings: settings)
            first.window.present()
            first.home.select(.gift)
            XCTAssertEqual(settings.homeTab, .gift, "written when the tab changes")
            first.window.destroy()
            let second = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"), settings: settings)
            defer { second.window.destroy() }
            XCTAssertEqual(second.home.selectedTab, .gift, "the next window opens on it")
            settings.homeTab = .home
        }
    }

    func testTabReachesEveryControlOfTheHomeTab() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Keyboard")
            defer { h.destroy() }
            let page = try XCTUnwrap(h.home.homePage)
            try XCTUnwrap(h.home.tabButton(.home)).grabFocus()
            var reached: [UnsafeMutableRawPointer] = []
            for _ in 0..<20 {
                h.key("Tab")
                if let focus = h.window.focusedWidgetPointer { reached.append(focus) }
            }
            let wanted: [(String, Widget)] = [("History", page.historyButton), ("chevron", page.rewards.chevron),
                                              ("first tile's button", try XCTUnwrap(page.tiles.first?.actionButton)), ("pill", page.pill)]
            for (name, widget) in wanted {
                XCTAssertTrue(reached.contains(UnsafeMutableRawPointer(widget.widget)), "Tab reaches the \(name)")
            }
        }
    }

    func testHomeKeysWorkInTheMainWindowWhereTheBrowserAlsoListens() throws {
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "home", "--window-size", "900x700", "--ephemeral"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Home Main Keys"
            main.window.present()
            defer { main.window.destroy() }
            guard let xid = XDoTool.window(named: "Home Main Keys") else { return XCTFail("no X window") }
            MainLoop.runUntilPainted(main.window)
            XDoTool.run(["windowfocus", "--sync", xid])
            main.home.push(TestPage("Pushed"), on: nil)
            XCTAssertTrue(MainLoop.run(until: { !main.home.isSliding }, timeout: 3))
            XDoTool.run(["key", "--window", xid, "alt+Left"])
            XCTAssertTrue(MainLoop.run(until: { main.home.depth(of: .home) == 1 }, timeout: 3),
                          "Alt+Left reached Home, not the hidden Browser")
            main.home.push(TestPage("Pushed again"), on: nil)
            XCTAssertTrue(MainLoop.run(until: { !main.home.isSliding }, timeout: 3))
            XDoTool.run(["key", "--window", xid, "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.home.depth(of: .home) == 1 }, timeout: 3), "Escape too")
        }
    }

    func testWithAnimationsOffPagesChangeAtOnce() throws {
        try MainActor.assumeIsolated {
            let h = try Harness("Home Still")
            defer { h.destroy(); GtkRuntime.setAnimationsEnabled(true) }
            GtkRuntime.setAnimationsEnabled(false)
            let page = try XCTUnwrap(h.home.homePage)
            h.click(page.historyButton)
            XCTAssertEqual(h.home.depth(of: .home), 2)
            XCTAssertFalse(h.home.isSliding, "no slide")
            XCTAssertFalse(page.root.isVisible, "the page under it is already covered")
            h.key("Escape")
            XCTAssertEqual(h.home.depth(of: .home), 1, "popped at once")
            let rewards = page.rewards
            let closed = rewards.root.height
            h.click(rewards.chevron)
            MainLoop.runUntilPainted(h.window)
            XCTAssertGreaterThan(rewards.root.height, closed + 100, "open at once")
            XCTAssertFalse(rewards.isAnimating)
        }
    }

    func testTheWindowSizeIsRememberedInGSettings() throws {
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(SkiffSettings.open())
            let saved = settings.windowSize
            defer { settings.windowSize = saved }
            let first = MainWindow(window: TestApplication.window(), options: try Options.parse(["--section", "home", "--window-size", "820x640", "--ephemeral"]),
                                   sandbox: .unavailable(reason: "not needed"), settings: settings)
            first.window.title = "Home Size One"
            first.window.present()
            guard let one = XDoTool.window(named: "Home Size One") else { return XCTFail("no X window") }
            // The user makes it bigger; closing remembers that.
            XDoTool.run(["windowsize", one, "1000", "700"])
            XCTAssertTrue(MainLoop.run(until: { first.window.currentSize.width != 820 }, timeout: 5), "the window was resized")
            let resized = Self.xGeometry(one)
            first.saveState()
            first.window.destroy()
            // No --window-size: the remembered one.
            let second = MainWindow(window: TestApplication.window(), options: try Options.parse(["--section", "home", "--ephemeral"]),
                                    sandbox: .unavailable(reason: "not needed"), settings: settings)
            second.window.title = "Home Size Two"
            second.window.present()
            defer { second.window.destroy() }
            guard let two = XDoTool.window(named: "Home Size Two") else { return XCTFail("no X window") }
            MainLoop.runUntilPainted(second.window)
            XCTAssertEqual(Self.xGeometry(two), resized, "the new window opens at the size the last one had")
            XCTAssertNotEqual(resized, "", "xdotool reported a size")
        }
    }

    /// The X window's size as xdotool reports it ("1000x700").
    @MainActor
    static func xGeometry(_ xid: String) -> String {
        let out = XDoTool.run(["getwindowgeometry", xid])
        return out.split(separator: "\n").first { $0.contains("Geometry:") }.map { String($0.split(separator: " ").last ?? "") } ?? ""
    }

    // MARK: Helpers

    /// How many pixels differ between two PNGs (ImageMagick's compare).
    static func pixelDifference(_ a: URL, _ b: URL, crop: String? = nil) -> Int {
        let region = crop.map { "[\($0)]" } ?? ""
        let out = run("/usr/bin/compare", ["-metric", "AE", a.path + region, b.path + region, "null:"], stderr: true)
        return Int(Double(out.split(separator: " ").first ?? "") ?? -1)
    }

    @discardableResult
    static func run(_ tool: String, _ args: [String], stderr: Bool = false) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        let pipe = Pipe()
        if stderr { process.standardError = pipe; process.standardOutput = FileHandle.nullDevice } else { process.standardOutput = pipe; process.standardError = FileHandle.nullDevice }
        do { try process.run() } catch { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        _ = MainActor.assumeIsolated { MainLoop.run(until: { !process.isRunning }, timeout: 10) }
        return String(decoding: data, as: UTF8.self)
    }
}
