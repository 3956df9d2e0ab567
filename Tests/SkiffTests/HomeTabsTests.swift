import CGtk
import Foundation
import Gtk
@testable import Home
import HomeModel
import Pictures
import TestSupport
import XCTest

/// A stand-in for the Home shell: a window with one navigation stack per tab, a header with the
/// top page's title and the Order tab's badge, and Escape to pop. Enough to drive the tab roots
/// the way the shell does, through `HomeNavigator` only.
@MainActor
final class TestNavigator: HomeNavigator {
    let window = Window()
    let titleLabel = Label("")
    /// What the Order tab's button would show: "Order" or "Order (3)".
    let badgeLabel = Label("Order")
    private let body = Box(.vertical)
    private(set) var roots: [HomeTab: HomeTabRoot] = [:]
    private(set) var stacks: [HomeTab: [HomePage]] = [:]
    private(set) var current: HomeTab
    private(set) var badges: [HomeTab: Int] = [:]
    private var shown: Widget?

    /// HOME_TABS_WIDTH sets the width (screenshots at 1280 and 600; the tests pass at either).
    init(title: String, tab: HomeTab, dataDirectory: URL = HomeTabsTests.dataDirectory,
         width: Int = Int(ProcessInfo.processInfo.environment["HOME_TABS_WIDTH"] ?? "") ?? 900, height: Int = 780) {
        current = tab
        window.title = title
        window.setDefaultSize(width: width, height: height)
        let box = Box(.vertical)
        let header = Box(.horizontal, spacing: 12)
        header.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        titleLabel.hexpand = true
        titleLabel.setXAlign(0)
        header.append(titleLabel)
        header.append(badgeLabel)
        box.append(header)
        body.vexpand = true
        box.append(body)
        window.setChild(box)
        let keys = ShortcutController()
        keys.phase = .capture
        keys.add("Escape") { [weak self] in
            guard let self, self.stacks[self.current]?.isEmpty == false else { return false }
            self.pop()
            return true
        }
        window.addController(keys)
        for each in DataTab.allCases {
            roots[each.tab] = HomeTabs.makeRoot(each, navigator: self, dataDirectory: dataDirectory)
        }
        show()
    }

    var top: HomePage? { stacks[current]?.last ?? roots[current] }
    var depth: Int { stacks[current]?.count ?? 0 }

    private func show() {
        if let shown { body.remove(shown) }
        guard let top else { return }
        body.append(top.root)
        shown = top.root
        titleLabel.text = top.title
    }

    func push(_ page: HomePage, on tab: HomeTab?) {
        let target = tab ?? current
        stacks[target, default: []].append(page)
        if target == current { show() }
    }

    func pop() {
        guard stacks[current]?.isEmpty == false else { return }
        stacks[current]?.removeLast()
        show()
    }

    func select(_ tab: HomeTab) {
        current = tab
        show()
    }

    func setBadge(_ count: Int?, on tab: HomeTab) {
        badges[tab] = count
        if tab == .order { badgeLabel.text = count.map { "Order (\($0))" } ?? "Order" }
    }

    func openRoute(_ route: HomeRoute) {
        select(route.tab)
        _ = roots[route.tab]?.open(route, navigator: self)
    }
}

/// The Order, Gift and Stores tabs in real windows under Xvfb, driven with real X input.
final class HomeTabsTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let dataDirectory = repository.appendingPathComponent("data/home")

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        MainActor.assumeIsolated { _ = GtkRuntime.loadCSS(path: Self.repository.appendingPathComponent("data/style.css").path) }
    }

    @MainActor
    private static func open(_ title: String, tab: HomeTab, dataDirectory: URL = HomeTabsTests.dataDirectory) throws -> (TestNavigator, String) {
        let navigator = TestNavigator(title: title, tab: tab, dataDirectory: dataDirectory)
        navigator.window.present()
        // The files are read off the main thread; the tests start once every tab shows its content.
        let loaded = MainLoop.run(until: {
            (navigator.roots[.order] as? OrderTabRoot)?.isLoaded == true && (navigator.roots[.gift] as? GiftTabRoot)?.isLoaded == true
                && (navigator.roots[.stores] as? StoresTabRoot).map { $0.isLoaded && ($0.statusUpdates > 0 || $0.rows.isEmpty) } == true
        }, timeout: 10)
        XCTAssertTrue(loaded, "the tabs read their files")
        guard let id = XDoTool.window(named: title) else {
            navigator.window.destroy()
            throw TestFailure("no X window is titled \(title)")
        }
        XDoTool.run(["windowmove", id, "0", "0"])
        XDoTool.run(["windowraise", id])
        XDoTool.run(["windowfocus", "--sync", id])
        XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(navigator.window.window) != 0 }, timeout: 5), "\(title) is the active window")
        XCTAssertTrue(MainLoop.runUntilPainted(navigator.window), "\(title) was drawn")
        return (navigator, id)
    }

    /// Clicks the middle of `widget`, wheeling the page down first if it is below the window's edge.
    @MainActor
    private static func click(_ widget: Widget, in navigator: TestNavigator, window: String, file: StaticString = #filePath, line: UInt = #line) {
        MainLoop.run(until: { widget.isMapped && widget.width > 0 }, timeout: 3)
        XCTAssertTrue(MainLoop.runUntilPainted(navigator.window), "drawn where it was laid out", file: file, line: line)
        for _ in 0..<40 {
            guard let origin = widget.origin(in: navigator.window) else { break }
            if origin.y + Double(widget.height) <= Double(navigator.window.height) - 4 { break }
            XDoTool.run(["mousemove", "--window", window, "400", "400"])
            XDoTool.run(["click", "5"])
            // The notch handled and the page drawn where it scrolled to.
            MainLoop.handlePendingInput()
            XCTAssertTrue(MainLoop.runUntilPainted(navigator.window, frames: 1), file: file, line: line)
        }
        guard let origin = widget.origin(in: navigator.window), widget.isMapped else {
            return XCTFail("the widget is not on screen", file: file, line: line)
        }
        XDoTool.click(window: window, x: origin.x + Double(widget.width) / 2, y: origin.y + Double(widget.height) / 2)
        // The click handled (a button acts on its release): what it does is for the caller to check.
        MainLoop.handlePendingInput()
    }

    /// With HOME_TABS_SHOTS=folder, saves the screen there (for looking at the pages while writing tests).
    @MainActor
    static func shot(_ name: String, _ navigator: TestNavigator) {
        guard let folder = ProcessInfo.processInfo.environment["HOME_TABS_SHOTS"] else { return }
        XCTAssertTrue(MainLoop.runUntilPainted(navigator.window), "drawn before the shot")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        let theme = ProcessInfo.processInfo.environment["GTK_THEME"]?.hasSuffix(":dark") == true ? "-dark" : ""
        process.arguments = ["-window", "root", "-crop", "\(navigator.window.width)x\(navigator.window.height)+0+0", "+repage",
                             "\(folder)/\(name)-\(navigator.window.width)\(theme).png"]
        try? process.run()
        MainLoop.run(until: { !process.isRunning }, timeout: 10)
    }

    @MainActor
    private static func type(_ text: String, into entry: Entry, navigator: TestNavigator, window: String) {
        Self.click(entry, in: navigator, window: window)
        XDoTool.run(["type", "--delay", "15", text])
        XCTAssertTrue(MainLoop.run(until: { entry.text.hasSuffix(text) }, timeout: 5), "the field holds “\(text)”: “\(entry.text)”")
    }

    // MARK: Order

    func testOrderPushesCategoryItemAndAddToOrderShowsTheBadge() throws {
        try MainActor.assumeIsolated {
            let (navigator, window) = try Self.open("Home Tabs Order", tab: .order)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.order] as? OrderTabRoot)
            XCTAssertEqual(root.categoryRows.first?.accessibleLabel, "Hot Coffees, 7 items")
            XCTAssertEqual(navigator.badgeLabel.text, "Order", "no badge while the basket is empty")
            Self.shot("order-root", navigator)

            Self.click(try XCTUnwrap(root.categoryRows.first), in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.top is CategoryPage }, timeout: 5), "a click on a category pushes it")
            XCTAssertEqual(navigator.titleLabel.text, "Hot Coffees")
            let category = try XCTUnwrap(navigator.top as? CategoryPage)
            XCTAssertEqual(category.itemRows.first?.accessibleLabel, "Caffè Latte, from $3.65")
            Self.shot("order-category", navigator)

            Self.click(try XCTUnwrap(category.itemRows.first), in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.top is ItemPage }, timeout: 5), "a click on an item pushes its page")
            let item = try XCTUnwrap(navigator.top as? ItemPage)
            XCTAssertEqual(navigator.depth, 2, "root → category → item")
            XCTAssertEqual(item.addButtonLabel, "Add to Order · $4.65", "Grande is the latte's default size")

            // A bigger size and a second one, by mouse, before adding.
            Self.click(item.sizeButtons[3], in: navigator, window: window)
            XCTAssertEqual(item.addButtonLabel, "Add to Order · $5.15")
            Self.click(try XCTUnwrap(item.optionButtons.first), in: navigator, window: window)
            XCTAssertEqual(item.addButtonLabel, "Add to Order · $6.05")
            let add = item.addButton
            Self.click(add, in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.badgeLabel.text == "Order (1)" }, timeout: 5), "badge: \(navigator.badgeLabel.text)")
            XCTAssertEqual(item.status.text, "Added 1 × Venti Caffè Latte")
            Self.click(add, in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.badgeLabel.text == "Order (2)" }, timeout: 5))
            Self.shot("order-item", navigator)

            // Escape pops back, level by level.
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { navigator.top is CategoryPage }, timeout: 5), "Escape pops the item page")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { navigator.depth == 0 }, timeout: 5))
        }
    }

    func testTheKeyboardAloneOpensACategoryAndAnItem() throws {
        try MainActor.assumeIsolated {
            let (navigator, _) = try Self.open("Home Tabs Keys", tab: .order)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.order] as? OrderTabRoot)
            // Tab from the window's start reaches the first category (the basket button is insensitive when empty).
            for _ in 0..<6 where !(root.categoryRows.first?.hasFocus ?? false) {
                let before = navigator.window.focusedWidgetPointer
                XDoTool.run(["key", "Tab"])
                XCTAssertTrue(MainLoop.run(until: { navigator.window.focusedWidgetPointer != before }, timeout: 3), "Tab moved the focus")
            }
            XCTAssertTrue(root.categoryRows.first?.hasFocus ?? false, "Tab reaches the first category")
            XDoTool.run(["key", "Down", "Return"])
            XCTAssertTrue(MainLoop.run(until: { navigator.top is CategoryPage }, timeout: 5))
            XCTAssertEqual(navigator.titleLabel.text, "Cold Coffees", "Down moved to the second category")
        }
    }

    func testBasketLinesChangeAndAreRemoved() throws {
        try MainActor.assumeIsolated {
            let (navigator, window) = try Self.open("Home Tabs Basket", tab: .order)
            defer { navigator.window.destroy() }
            navigator.openRoute(.menuItem(id: "cold-brew"))
            let coldBrew = try XCTUnwrap(navigator.top as? ItemPage, "open(.menuItem) pushes the item's page")
            XCTAssertEqual(navigator.titleLabel.text, "Cold Brew")
            coldBrew.add()
            navigator.openRoute(.menuItem(id: "butter-croissant"))
            let croissant = try XCTUnwrap(navigator.top as? ItemPage)
            croissant.add()
            XCTAssertEqual(navigator.badgeLabel.text, "Order (2)")

            XCTAssertEqual(croissant.basketButton.button.label, "View Order · 2 items · $7.70")
            Self.click(croissant.basketButton.button, in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.top is BasketPage }, timeout: 5))
            let basket = try XCTUnwrap(navigator.top as? BasketPage)
            XCTAssertEqual(basket.shownLines.map(\.name), ["Cold Brew", "Butter Croissant"])
            XCTAssertEqual(basket.totalText, "Total $7.70")

            let first = try XCTUnwrap(basket.rows[1])
            XCTAssertEqual(first.increase.accessibleLabel, "One more Grande Cold Brew")
            Self.click(first.increase, in: navigator, window: window)
            Self.click(first.increase, in: navigator, window: window)
            XCTAssertEqual(basket.shownLines.first?.quantity, "3")
            XCTAssertEqual(basket.shownLines.first?.total, "$13.35")
            XCTAssertEqual(navigator.badgeLabel.text, "Order (4)")
            Self.click(first.decrease, in: navigator, window: window)
            XCTAssertEqual(basket.shownLines.first?.quantity, "2")
            XCTAssertEqual(basket.totalText, "Total $12.15")
            Self.shot("order-basket", navigator)

            Self.click(first.remove, in: navigator, window: window)
            XCTAssertEqual(basket.shownLines.map(\.name), ["Butter Croissant"])
            XCTAssertEqual(navigator.badgeLabel.text, "Order (1)")
            XCTAssertTrue(basket.rows[2]?.remove.hasFocus ?? false, "the focus moves to the next line's Remove")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { navigator.badgeLabel.text == "Order" }, timeout: 5), "Enter on Remove removes the last line")
            XCTAssertEqual(basket.shownLines.count, 0)
            XCTAssertTrue(basket.browseButton.hasFocus, "the focus goes to Back to the Menu, not nowhere")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { !(navigator.top is BasketPage) }, timeout: 5), "Back to the Menu pops the basket")
        }
    }

    func testAnItemAskedForWhileTheMenuIsReadOpensOnceItIsRead() {
        MainActor.assumeIsolated {
            let navigator = TestNavigator(title: "Home Tabs Early", tab: .home)
            defer { navigator.window.destroy() }
            navigator.window.present()
            navigator.openRoute(.menuItem(id: "chai-latte"))
            XCTAssertEqual(navigator.current, .order, "the route selects its tab at once")
            XCTAssertTrue(MainLoop.run(until: { navigator.top is ItemPage }, timeout: 10), "and shows the item when the menu is in")
            XCTAssertEqual(navigator.titleLabel.text, "Chai Tea Latte")
            navigator.openRoute(.store(id: "no-such-store"))
            XCTAssertFalse(navigator.top is StoreDetailPage, "an unknown store opens nothing")
        }
    }

    func testABrokenMenuSaysWhereAndTryAgainLoadsTheFix() throws {
        try MainActor.assumeIsolated {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("home-tabs-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let menu = directory.appendingPathComponent("menu.json")
            try Data("{\n  \"version\": 1,\n  \"categories\": [,]\n}\n".utf8).write(to: menu)
            let (navigator, window) = try Self.open("Home Tabs Broken", tab: .order, dataDirectory: directory)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.order] as? OrderTabRoot)
            XCTAssertEqual(root.failureMessage, "menu.json, line 3, column 18: expected a value, found ','")
            XCTAssertTrue(root.categoryRows.isEmpty)
            try Data(contentsOf: Self.dataDirectory.appendingPathComponent("menu.json")).write(to: menu)
            Self.click(try XCTUnwrap(root.retryButton), in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { !root.categoryRows.isEmpty }, timeout: 5), "Try Again reads the file again")
            XCTAssertNil(root.failureMessage)
        }
    }

    // MARK: Stores

    func testStoresSearchFiltersAsYouTypeAndEnterOpensTheStore() throws {
        try MainActor.assumeIsolated {
            let (navigator, window) = try Self.open("Home Tabs Stores", tab: .stores)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.stores] as? StoresTabRoot)
            XCTAssertEqual(root.visibleStoreNames.count, 23, "every store shows before a search")
            XCTAssertEqual(root.countLabel.text, "23 stores")
            XCTAssertTrue(root.rows.allSatisfy { $0.status.text.hasPrefix("Open") || $0.status.text.hasPrefix("Closed") }, "every row has a status")

            Self.type("new yor", into: root.search, navigator: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { root.visibleStoreNames == ["Astor Place", "Hudson Yards"] }, timeout: 5),
                          "typing filters: \(root.visibleStoreNames)")
            XCTAssertEqual(root.countLabel.text, "2 of 23 stores")
            Self.shot("stores-search", navigator)
            XCTAssertTrue(root.rows.filter { !$0.button.isVisible }.allSatisfy { !$0.button.isMapped }, "hidden rows are off screen")
            XDoTool.run(["key", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace"])
            XCTAssertTrue(MainLoop.run(until: { root.visibleStoreNames.count == 23 }, timeout: 5), "clearing shows every store again")
            XDoTool.run(["type", "--delay", "15", "zurich"])
            XCTAssertTrue(MainLoop.run(until: { root.visibleStoreNames == ["Bahnhofstrasse"] }, timeout: 5), "accents are ignored")
            XDoTool.run(["type", "xx"])
            // The first x already matches nothing: wait for the label to say both were typed.
            XCTAssertTrue(MainLoop.run(until: { root.countLabel.text == "No stores match “zurichxx”" }, timeout: 5),
                          "the count says the search matched nothing: \(root.countLabel.text)")
            XCTAssertTrue(root.visibleStoreNames.isEmpty)
            XDoTool.run(["key", "BackSpace", "BackSpace", "Return"])
            XCTAssertTrue(MainLoop.run(until: { navigator.top is StoreDetailPage }, timeout: 5), "Enter opens the first match")
            let detail = try XCTUnwrap(navigator.top as? StoreDetailPage)
            Self.shot("stores-detail", navigator)
            XCTAssertEqual(navigator.titleLabel.text, "Bahnhofstrasse")
            XCTAssertEqual(detail.hourLabels.map(\.text), ["7 AM – 7 PM", "7 AM – 7 PM", "7 AM – 7 PM", "7 AM – 7 PM", "7 AM – 7 PM",
                                                          "8 AM – 7 PM", "9 AM – 5 PM"])
        }
    }

    func testDownFromTheSearchFieldReachesTheFirstStoreShown() throws {
        try MainActor.assumeIsolated {
            let (navigator, window) = try Self.open("Home Tabs Down", tab: .stores)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.stores] as? StoresTabRoot)
            Self.type("kreuz", into: root.search, navigator: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { root.visibleStoreNames == ["Kreuzberg"] }, timeout: 5))
            XCTAssertTrue(root.search.containsFocus)
            XDoTool.run(["key", "Down"])
            XCTAssertTrue(MainLoop.run(until: { root.rows.first { $0.store.name == "Kreuzberg" }?.button.hasFocus == true }, timeout: 5),
                          "Down moves to the first store shown, not to a hidden one")
            XDoTool.run(["key", "space"])
            XCTAssertTrue(MainLoop.run(until: { navigator.top is StoreDetailPage }, timeout: 5))
            XCTAssertEqual(navigator.titleLabel.text, "Kreuzberg")
        }
    }

    func testABadStoreIsLeftOutAndTheNoteSaysWhichAndWhere() throws {
        try MainActor.assumeIsolated {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("home-tabs-stores-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let good = #"{"id": "ok", "name": "Good Store", "timeZone": "Europe/London", "address": {"street": "1 A St", "city": "London", "country": "GB"}, "hours": {"monday": ["08:00-17:00"]}}"#
            let bad = #"{"id": "bad", "name": "Bad Store", "timeZone": "Mars/Olympus", "address": {"street": "1 A St", "city": "X", "country": "GB"}, "hours": {}}"#
            try Data("{\"version\": 1, \"stores\": [\n\(good),\n\(bad)\n]}\n".utf8).write(to: directory.appendingPathComponent("stores.json"))
            let (navigator, _) = try Self.open("Home Tabs Bad Store", tab: .stores, dataDirectory: directory)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.stores] as? StoresTabRoot)
            XCTAssertEqual(root.visibleStoreNames, ["Good Store"])
            let note = try XCTUnwrap(root.problemsNote, "a note names the store left out")
            XCTAssertTrue(note.isMapped)
            XCTAssertEqual(note.text, #"stores.json, line 3: store "bad" left out: "timeZone" "Mars/Olympus" is not an IANA time zone like "America/New_York""#)
        }
    }

    func testPicturesAreDecodedOffTheMainThreadWithinHomesLimits() throws {
        try MainActor.assumeIsolated {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("home-tabs-pictures-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // 4200 × 4200 is 17.6 megapixels, past Home's 4096 × 4096 pixels' worth (16.8).
            let big = directory.appendingPathComponent("big.png").path
            let convert = Process()
            convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
            convert.arguments = ["-size", "4200x4200", "xc:red", big]
            try convert.run()
            convert.waitUntilExit()
            let fifo = directory.appendingPathComponent("fifo.jpg").path
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let heavy = directory.appendingPathComponent("heavy.jpg").path
            XCTAssertTrue(FileManager.default.createFile(atPath: heavy, contents: Data(count: 8 * 1_048_576 + 1)))
            let good = Self.dataDirectory.appendingPathComponent("images/gifts/thank-you.jpg").path

            var outcomes: [String: Result<(Int, Int), PictureFile.Refusal>] = [:]
            for (name, path) in [("big", big), ("fifo", fifo), ("heavy", heavy), ("missing", directory.appendingPathComponent("missing.jpg").path),
                                 ("good", good)] {
                PictureLoader.load(path, limits: .home) { outcome in outcomes[name] = outcome.map { ($0.pixelWidth, $0.pixelHeight) } }
            }
            XCTAssertTrue(outcomes.isEmpty, "nothing is decoded on the main thread while it asks")
            XCTAssertTrue(MainLoop.run(until: { outcomes.count == 5 }, timeout: 30), "every picture answered: \(outcomes.keys)")
            func refusal(_ name: String) -> String? {
                if case let .failure(refusal) = outcomes[name] { return refusal.message }
                return nil
            }
            XCTAssertEqual(refusal("big"), "the picture is 4200×4200 pixels; the limit is 16.8 megapixels", "refused from its header")
            XCTAssertEqual(refusal("fifo"), "this is not a regular file (it is a named pipe)", "a FIFO is refused without blocking")
            XCTAssertTrue(refusal("heavy")?.contains("too large") ?? false, "more than 8 MB: \(refusal("heavy") ?? "read")")
            XCTAssertEqual(refusal("missing"), "the file does not exist")
            guard case let .success(size) = outcomes["good"] else { return XCTFail("the gift picture: \(refusal("good") ?? "")") }
            XCTAssertGreaterThan(size.0, 0)
            XCTAssertLessThanOrEqual(max(size.0, size.1), 2048, "decoded straight to at most 2048 pixels a side")

            // A tile whose picture is past the limit shows none; one within shows it.
            @MainActor func tile(_ path: String) -> TileView {
                TileView(tile: HomeTileData(id: "t", title: "Tile", subtitle: "", image: URL(fileURLWithPath: path), actionLabel: "Go",
                                            route: .history), onAction: { _ in })
            }
            let refused = tile(big), shown = tile(good)
            XCTAssertTrue(MainLoop.run(until: { !refused.showsPicture && shown.showsPicture }, timeout: 30),
                          "the big picture is refused (\(refused.showsPicture)), the gift picture shown (\(shown.showsPicture))")
        }
    }

    func testStoreStatusesFollowEachStoresClock() throws {
        try MainActor.assumeIsolated {
            let (navigator, _) = try Self.open("Home Tabs Clock", tab: .stores)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.stores] as? StoresTabRoot)
            // Saturday 2026-02-28 23:30 in New York: Astor Place's late hours run to 2 AM; Tokyo's
            // Shibuya (Sunday 13:30 there) is open until 11 PM; Boston's Newbury closed on Sundays.
            guard let instant = ISO8601DateFormatter().date(from: "2026-02-28T23:30:00-05:00") else { return XCTFail() }
            root.now = { instant }
            let shown = root.statusUpdates
            root.refreshStatuses()
            XCTAssertTrue(MainLoop.run(until: { root.statusUpdates > shown }, timeout: 5), "statuses are recomputed")
            @MainActor func status(_ name: String) -> String? { root.rows.first { $0.store.name == name }?.status.text }
            XCTAssertEqual(status("Astor Place"), "Open now, closes 2 AM")
            XCTAssertEqual(status("Shibuya Crossing"), "Open now, closes 11 PM")
            XCTAssertEqual(status("Newbury Street"), "Opens Monday 7 AM")
            XCTAssertEqual(status("Magnificent Mile"), "Open 24 hours")
            XCTAssertEqual(root.rows.first { $0.store.name == "Astor Place" }?.button.accessibleLabel,
                           "Astor Place, 13 Astor Pl, New York, NY 10003, Open now, closes 2 AM")
            XCTAssertTrue(navigator.roots[.stores]?.open(.store(id: "tokyo-shibuya"), navigator: navigator) ?? false)
            XCTAssertEqual((navigator.top as? StoreDetailPage)?.statusLabel.text, "Open now, closes 11 PM")
        }
    }

    // MARK: Gift

    func testAGiftNeedsItsFieldsThenGoesToTheConfirmation() throws {
        try MainActor.assumeIsolated {
            let (navigator, window) = try Self.open("Home Tabs Gift", tab: .gift)
            defer { navigator.window.destroy() }
            let root = try XCTUnwrap(navigator.roots[.gift] as? GiftTabRoot)
            XCTAssertEqual(root.designButtons.first?.accessibleLabel, "Winter Lights, Holiday")
            Self.shot("gift-root", navigator)
            Self.click(try XCTUnwrap(root.designButtons[1]), in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.top is GiftDesignPage }, timeout: 5), "a design opens its page")
            let page = try XCTUnwrap(navigator.top as? GiftDesignPage)
            XCTAssertEqual(navigator.titleLabel.text, "Thank You")
            XCTAssertEqual(page.sendButton.label, "Review Gift · $10")

            // Your own amount, below the minimum, then a preset again.
            Self.click(page.otherButton, in: navigator, window: window)
            XCTAssertTrue(page.amountEntry.containsFocus, "choosing Other amount puts the cursor in its field")
            XDoTool.run(["type", "4.5"])
            XCTAssertTrue(MainLoop.run(until: { page.sendButton.label == "Review Gift" }, timeout: 5), "no amount while it is below the minimum")
            Self.click(page.sendButton, in: navigator, window: window)
            XCTAssertEqual(page.shownProblems.first, "The smallest gift is $5.")
            Self.click(page.presetButtons[1], in: navigator, window: window)
            XCTAssertEqual(page.sendButton.label, "Review Gift · $25")
            Self.click(page.sendButton, in: navigator, window: window)
            XCTAssertTrue(navigator.top is GiftDesignPage, "an incomplete gift stays on its page")
            XCTAssertEqual(page.shownProblems, ["Enter who the gift is for.", "Enter the email address to send the gift to."])
            Self.click(page.sendButton, in: navigator, window: window)
            XCTAssertTrue(page.recipientEntry.containsFocus, "the first field with a problem takes the focus")

            XDoTool.run(["type", "--delay", "15", "Sam"])
            Self.type("sam@example", into: page.emailEntry, navigator: navigator, window: window)
            XCTAssertEqual(page.shownProblems, ["That doesn't look like an email address (name@example.com)."], "problems follow the typing")
            Self.shot("gift-design", navigator)
            XDoTool.run(["type", ".com"])
            Self.type("Thanks for everything!", into: page.messageEntry, navigator: navigator, window: window)
            XCTAssertEqual(page.shownProblems, [])
            Self.click(page.sendButton, in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.top is GiftConfirmationPage }, timeout: 5), "a complete gift goes to the confirmation")
            let confirmation = try XCTUnwrap(navigator.top as? GiftConfirmationPage)
            Self.shot("gift-confirmation", navigator)
            XCTAssertEqual(confirmation.summary.text, "A $25 Thank You gift for Sam (sam@example.com).")
            XCTAssertTrue(confirmation.referenceLabel.text.hasPrefix("Reference GIFT-"))
            Self.click(confirmation.doneButton, in: navigator, window: window)
            XCTAssertTrue(MainLoop.run(until: { navigator.depth == 0 }, timeout: 5), "Done goes back to the designs")
        }
    }
}
