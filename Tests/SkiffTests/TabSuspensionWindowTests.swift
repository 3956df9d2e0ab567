import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A background tab loses its web view (and its web process) and comes back where it was:
/// real WebKit pages from a real HTTP server on 127.0.0.1, a real window under X.
final class TabSuspensionWindowTests: XCTestCase {
    static func page(_ title: String, background: String, color: String) -> TestHTTPServer.Response {
        let paragraphs = (0..<200).map { "<p>Paragraph \($0) of \(title).</p>" }.joined()
        return .init(body: "<html><head><title>\(title)</title><style>html,body{background:\(background);color:\(color);margin:0} p{margin:0 1em 1em}</style></head><body>\(paragraphs)</body></html>")
    }

    static let pages: [String: TestHTTPServer.Response] = [
        "/a": page("Page A", background: "#ffffff", color: "#000000"),
        // Black, so its picture cannot be mistaken for the (light) window behind an empty tab.
        "/b": page("Page B", background: "#000000", color: "#404040"),
        "/c": page("Page C", background: "#ffffff", color: "#000000"),
        "/hog": .init(body: "<title>Hog</title><script>const kept = []; setInterval(() => { if (kept.length < 48) kept.push(new Uint8Array(64 << 20).fill(7)) }, 40)</script>"),
        "/busy": .init(body: "<title>Busy</title><script>setTimeout(() => { while (true) {} }, 300)</script>"),
    ]
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplay()
        server = try TestHTTPServer(routes: Self.pages)
    }

    override func tearDown() {
        server?.stop()
    }


    @MainActor
    private static func load(_ main: MainWindow, _ uri: String, title: String) -> Bool {
        main.browser.load(uri)
        return waitForPage(main, title: title)
    }

    @MainActor
    private static func waitForPage(_ main: MainWindow, title: String) -> Bool {
        MainLoop.run(until: { main.shownTitle == title && !main.browser.showsLoading && main.browser.webView?.isLoading == false }, timeout: 20)
    }

    /// Process ids of the WebKit web processes under this (test) process, from /proc.
    static func webProcesses() -> Set<String> {
        var found = Set<String>()
        var queue = [String(getpid())]
        var seen = Set(queue)
        while let pid = queue.popLast() {
            let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if comm.hasPrefix("WebKitWebProces") { found.insert(pid) }
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            for task in tasks {
                let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
                for child in list.split(separator: " ").map(String.init) where seen.insert(child).inserted { queue.append(child) }
            }
        }
        return found
    }

    func testASuspendedTabShowsItsPictureAndComesBackWithItsHistoryAndScrollPosition() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Suspension Round Trip", focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
            XCTAssertTrue(Self.load(main, "\(base)/b", title: "Page B"))
            _ = pageAnswer(browser.webView, "window.scrollTo(0, 1234); 0")
            XCTAssertEqual(pageAnswer(browser.webView, "window.scrollY"), "1234")
            // The user reads a moment before leaving: the scrolled page is painted by then.
            XCTAssertTrue(MainLoop.runUntilPainted(browser.root, frames: 3))

            browser.newTab()
            XCTAssertTrue(Self.load(main, "\(base)/c", title: "Page C"))
            // Counted, not named: WebKit may have handed either tab a process another test left
            // in its cache. Earlier processes can only end meanwhile, never start.
            let processesWithBoth = Self.webProcesses().count
            // Now only the current tab may keep a web view: the other goes.
            browser.tabSuspensionPolicy = TabSuspension.Policy(liveTabs: 1, idleSeconds: 600)
            XCTAssertTrue(MainLoop.run(until: { browser.isTabSuspended(at: 0) }, timeout: 15), "the background tab was suspended")
            XCTAssertTrue(MainLoop.run(until: { Self.webProcesses().count < processesWithBoth }, timeout: 10),
                          "its web process ended (\(processesWithBoth) before, \(Self.webProcesses().count) now)")

            // Half a swipe towards it: where its page would be, its picture (black) is drawn.
            browser.perform(.dragBegan)
            browser.perform(.dragged(translation: 300))
            var left: (minimum: Double, maximum: Double, mean: Double)?
            MainLoop.run(until: {
                guard MainLoop.runUntilPainted(browser.root), let shot = try? Screenshot.capture(window: window) else { return false }
                defer { shot.remove() }
                left = shot.luminance(Rect(x: 20, y: 80, width: 200, height: 300))
                return (left?.mean ?? 1) < 0.25
            }, timeout: 5)
            XCTAssertNotNil(left)
            XCTAssertLessThan(left?.mean ?? 1, 0.25, "the suspended tab's picture of its black page shows in the pager")
            browser.perform(.dragged(translation: 0))
            browser.perform(.dragEnded(translation: 0))
            MainLoop.run(until: { !browser.isAnimating }, timeout: 3)

            // Back to it: the same page, scrolled where it was, and Back goes to the page before.
            browser.selectTab(at: 0)
            XCTAssertFalse(browser.isTabSuspended(at: 0))
            XCTAssertTrue(Self.waitForPage(main, title: "Page B"), "title \(browser.state.title ?? "nil")")
            XCTAssertTrue(MainLoop.run(until: { pageAnswer(browser.webView, "window.scrollY") == "1234" }, timeout: 10),
                          "scrolled to \(pageAnswer(browser.webView, "window.scrollY") ?? "nil"), not 1234")
            XCTAssertTrue(browser.backButton.isSensitive, "the back/forward list came back")
            browser.backButton.emit("clicked")
            XCTAssertTrue(Self.waitForPage(main, title: "Page A"), "Back went to \(browser.state.title ?? "nil")")
            XCTAssertTrue(browser.forwardButton.isSensitive)
        }
    }

    /// Three tabs on one site, two of them suspended: each keeps its title, on the tab overview's
    /// tiles as a screen reader gets them, and the bars tell them apart by title.
    func testSuspendedTabsKeepTheirTitlesAndBarsOnOneSiteShowThem() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Suspension Titles", focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
            browser.newTab()
            XCTAssertTrue(Self.load(main, "\(base)/b", title: "Page B"))
            browser.newTab()
            XCTAssertTrue(Self.load(main, "\(base)/c", title: "Page C"))
            browser.tabSuspensionPolicy = TabSuspension.Policy(liveTabs: 1, idleSeconds: 600)
            XCTAssertTrue(MainLoop.run(until: { browser.isTabSuspended(at: 0) && browser.isTabSuspended(at: 1) }, timeout: 20),
                          "the background tabs were suspended")
            let host = "127.0.0.1"
            browser.openTabOverview()
            MainLoop.run(until: { !browser.isAnimating }, timeout: 5)
            let named = { (title: String) in
                MainLoop.run(until: { browser.root.presentedDescendants().contains { $0.hasLabel("\(title) — \(host)") } }, timeout: 5)
            }
            XCTAssertTrue(named("Page A"), "a suspended tab keeps its title on the accessibility tree")
            XCTAssertTrue(named("Page B"))
            XCTAssertTrue(named("Page C"))
            XCTAssertEqual(browser.tabTitles, ["Page A", "Page B", "Page C"])
            let port = base.split(separator: ":").last.map(String.init) ?? ""
            XCTAssertEqual(browser.addressBarTexts, ["\(host):\(port) — Page A", "\(host):\(port) — Page B", "\(host):\(port) — Page C"],
                           "tabs on one site show their titles in the pager")
        }
    }

    /// Closing a tab ends its web process at once, even when its page is stuck in a loop (it used to
    /// keep a core busy for 10–15 s after its tab had gone).
    func testClosingATabEndsItsWebProcessEvenWhenThePageIsBusy() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Close Ends Process", focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
            browser.newTab()
            XCTAssertTrue(Self.load(main, "\(base)/busy", title: "Busy"))
            // Counted once it holds still (a process another test left may be ending).
            let withBoth = try XCTUnwrap(MainLoop.settled(browser.root) { Self.webProcesses().count })
            browser.closeTab()
            XCTAssertTrue(MainLoop.run(until: { Self.webProcesses().count < withBoth }, timeout: 5),
                          "the busy page's process ended (\(withBoth) before, \(Self.webProcesses().count) now)")
            XCTAssertEqual(browser.state.title, "Page A")
        }
    }

    /// A page that allocates without end has its web process ended at the memory limit, and its tab
    /// says so with Reload; the other tab is untouched.
    func testAPageThatTakesAllTheMemoryIsStoppedAndOtherTabsAreUntouched() throws {
        XCTAssertEqual(ProcessInfo.processInfo.environment["SKIFF_WEB_MEMORY_LIMIT_MB"], "1024", "tools/test-env.sh sets the limit")
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Memory Hog", focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
            browser.newTab()
            browser.load("\(base)/hog")
            XCTAssertTrue(MainLoop.run(until: { browser.state.crash != nil }, timeout: 15), "the page was stopped (it stops itself at 3 GB)")
            XCTAssertEqual(browser.state.crash, .outOfMemory)
            let banner = browser.root.presentedDescendants().contains { $0.hasLabel("Reload the page") }
            XCTAssertTrue(banner && browser.crashBannerIsShown, "the tab says so, with Reload")
            browser.selectTab(at: 0)
            XCTAssertTrue(Self.waitForPage(main, title: "Page A"))
            XCTAssertEqual(pageAnswer(browser.webView, "document.title"), "Page A", "the other tab's page still runs")
        }
    }

    /// A saved session of three pages comes back with one web process, not three: only the tab
    /// on screen gets its page at start; another, when chosen, loads its own page with its history.
    func testARestoredSessionStartsOnlyTheTabOnScreen() throws {
        let base = server.base
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-restore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let locations = DataLocations(dataDirectory: home.appendingPathComponent("data"), stateDirectory: home.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            // The first run: A then B in one tab (B's Back goes to A), C in another, C on screen.
            do {
                let persistence = BrowserPersistence.open(locations: locations)
                let (main, _) = try BrowserTestWindow.open("Restore Lazily One", persistence: persistence, focus: false)
                XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
                XCTAssertTrue(Self.load(main, "\(base)/b", title: "Page B"))
                main.browser.newTab()
                XCTAssertTrue(Self.load(main, "\(base)/c", title: "Page C"))
                persistence.flush()
                main.window.destroy()
                XCTAssertTrue(MainLoop.run(until: { XDoTool.window(named: "Restore Lazily One", timeout: 0) == nil }, timeout: 5), "the first window went")
            }
            let before = Self.webProcesses()
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Restore Lazily Two", persistence: persistence, focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            XCTAssertEqual(browser.tabTitles, ["Page B", "Page C"], "both tabs are back, named")
            XCTAssertTrue(Self.waitForPage(main, title: "Page C"), "the tab on screen loads its page")
            XCTAssertTrue(MainLoop.holds(for: 1) { Self.webProcesses().subtracting(before).count <= 1 }, "no process starts for the tab not shown")
            XCTAssertEqual(Self.webProcesses().subtracting(before).count, 1,
                           "one new web process for the tab on screen, not one per saved tab")
            // Chosen, the other tab loads its own page, with the history it had.
            browser.selectTab(at: 0)
            XCTAssertTrue(Self.waitForPage(main, title: "Page B"), "title \(browser.state.title ?? "nil")")
            XCTAssertTrue(browser.backButton.isSensitive, "its back/forward list came back")
            browser.backButton.emit("clicked")
            XCTAssertTrue(Self.waitForPage(main, title: "Page A"), "Back went to \(browser.state.title ?? "nil")")
        }
    }

    func testATabWithTypedUnsentInputIsNotSuspended() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Suspension Form", focus: false)
            defer { main.window.destroy() }
            let browser = main.browser
            browser.tabSuspensionPolicy = TabSuspension.Policy(liveTabs: 1, idleSeconds: 600)
            XCTAssertTrue(Self.load(main, "\(base)/a", title: "Page A"))
            // A text field the user typed into (the page's own script stands in for the typing).
            _ = pageAnswer(browser.webView, "var f = document.createElement('textarea'); document.body.prepend(f); f.value = 'half a reply'; 0")
            browser.newTab()
            XCTAssertTrue(Self.load(main, "\(base)/c", title: "Page C"))
            XCTAssertTrue(MainLoop.holds(for: 2) { !browser.isTabSuspended(at: 0) }, "a tab with unsent input keeps its page")
            browser.selectTab(at: 0)
            XCTAssertEqual(pageAnswer(browser.webView, "document.querySelector('textarea').value"), "half a reply", "the typed text is still there")
        }
    }
}
