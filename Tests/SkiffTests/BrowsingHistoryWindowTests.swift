import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The History window (Ctrl+H) driven with real keys under Xvfb, over a real SQLite file made at
/// test time; what it shows is read from what GTK presents to assistive technology, and what it
/// removes from the database file itself.
final class BrowsingHistoryWindowTests: XCTestCase {
    var server: TestHTTPServer!
    var dataHome: URL!
    var locations: DataLocations!

    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else { return XCTFail("xdotool is required") }
        server = try TestHTTPServer(routes: [
            "/alpha": .init(body: "<title>Alpha Page</title><h1>Alpha</h1>"),
            "/beta": .init(body: "<title>Beta Page</title><h1>Beta</h1>"),
        ])
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-history-view-\(UUID().uuidString)")
        locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
    }

    override func tearDown() {
        server?.stop()
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    var alpha: String { "\(server.base)/alpha" }
    var beta: String { "\(server.base)/beta" }
    let gamma = "https://gamma.example.org/old"

    /// Alpha a minute ago, Beta at 23:00 yesterday, Gamma ten days ago, and 300 older pages.
    func seed(now: Date) throws -> (yesterday: Date, older: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let yesterday = calendar.startOfDay(for: now).addingTimeInterval(-3600)
        let older = calendar.date(byAdding: .day, value: -10, to: now) ?? now.addingTimeInterval(-10 * 86_400)
        var visits = [
            HistoryVisit(uri: alpha, title: "Alpha Page", visitCount: 2, lastVisit: now.addingTimeInterval(-60)),
            HistoryVisit(uri: beta, title: "Beta Page", visitCount: 1, lastVisit: yesterday),
            HistoryVisit(uri: gamma, title: "Gamma Page", visitCount: 1, lastVisit: older),
        ]
        visits += (0..<300).map { HistoryVisit(uri: "https://filler\($0).example/", title: "Filler \($0)", visitCount: 1,
                                               lastVisit: older.addingTimeInterval(Double(-86_400 - 600 * $0))) }
        try DataLocations.createPrivateDirectory(locations.dataDirectory)
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        try store.importHistory(visits)
        try store.close()
        return (yesterday, older)
    }

    /// The pages left in the database file, read by a connection of its own.
    static func urisOnDisk(_ locations: DataLocations) throws -> Set<String> {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: locations.browserDatabase).store)
        defer { try? store.close() }
        return Set(try store.allHistory().map(\.uri))
    }

    @MainActor
    static func presents(_ label: String, in window: Window) -> Bool {
        window.presentedDescendants().contains { $0.hasLabel(label) }
    }

    @MainActor
    static func row(_ visit: (title: String, host: String, time: Date)) -> String {
        "\(visit.title), \(visit.host), \(HistoryDays.time(visit.time, timeZone: .current))"
    }

    @MainActor
    static func openMain(_ title: String, locations: DataLocations, args: [String] = []) throws -> (MainWindow, String) {
        let persistence = BrowserPersistence.open(locations: locations)
        let options = try Options.parse(["--window-size", "900x640"] + args)
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe(), persistence: persistence)
        main.window.title = title
        main.window.present()
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window") }
        XDoTool.run(["windowfocus", "--sync", id])
        guard MainLoop.run(until: { main.window.isActive }, timeout: 5) else { throw TestFailure("the window never came to the front") }
        return (main, id)
    }

    @MainActor
    static func openHistory(_ main: MainWindow) throws -> BrowsingHistoryWindow {
        XDoTool.run(["key", "--clearmodifiers", "ctrl+h"])
        guard MainLoop.run(until: { main.historyWindow?.isLoaded == true }, timeout: 5), let history = main.historyWindow else {
            throw TestFailure("Ctrl+H opened no History window")
        }
        guard let id = XDoTool.window(named: "History") else { throw TestFailure("History is not on screen") }
        XDoTool.run(["windowfocus", "--sync", id])
        guard MainLoop.run(until: { history.window.isActive }, timeout: 5) else { throw TestFailure("History never came to the front") }
        return history
    }

    func testCtrlHListsByDaySearchesOpensDeletesAndClears() throws {
        let now = Date()
        let (yesterday, older) = try seed(now: now)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let olderDay = calendar.dateComponents([.year, .month, .day], from: older)
        let olderTitle = HistoryDays.title(HistoryDay(year: olderDay.year ?? 0, month: olderDay.month ?? 0, day: olderDay.day ?? 0, start: 0, count: 1),
                                           now: now, timeZone: .current)
        let (alpha, beta, gamma, locations) = (self.alpha, self.beta, self.gamma, self.locations!)
        try MainActor.assumeIsolated {
            let (main, mainID) = try Self.openMain("History Test", locations: locations)
            defer {
                main.historyWindow?.window.destroy()
                main.window.destroy()
            }
            XCTAssertNil(main.historyWindow, "no History before Ctrl+H")
            // From another section: Enter below must bring the browser back.
            XDoTool.run(["key", "--clearmodifiers", "alt+2"])
            XCTAssertTrue(MainLoop.run(until: { main.visibleSection == .today }, timeout: 3))
            var history = try Self.openHistory(main)
            let window = history.window
            let alphaRow = Self.row(("Alpha Page", "127.0.0.1", now.addingTimeInterval(-60)))
            let betaRow = Self.row(("Beta Page", "127.0.0.1", yesterday))
            // Days headed Today, Yesterday, then the date, each over its pages.
            for label in ["Today", "Yesterday", olderTitle, alphaRow, betaRow, Self.row(("Gamma Page", "gamma.example.org", older))] {
                XCTAssertTrue(MainLoop.run(until: { Self.presents(label, in: window) }, timeout: 5), "“\(label)” is shown: \(history.shownLineLabels)")
            }
            XCTAssertTrue(Self.presents("History, 303 pages", in: window), "the list says how many pages")
            XCTAssertLessThan(history.listWidgetCount, 40, "300 pages, a screenful of widgets")

            // Typing filters (the focus starts in the search field).
            XDoTool.run(["type", "--delay", "40", "alpha"])
            XCTAssertTrue(MainLoop.run(until: { !Self.presents(betaRow, in: window) }, timeout: 5), "Beta is filtered out")
            XCTAssertTrue(Self.presents(alphaRow, in: window))
            XCTAssertFalse(Self.presents("Yesterday", in: window), "and so is its day")

            // Enter opens the page in the browser and History makes way.
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { XDoTool.run(["getwindowname", mainID]).contains("Alpha Page") }, timeout: 20),
                          "the browser shows Alpha: \(XDoTool.run(["getwindowname", mainID]))")
            XCTAssertTrue(MainLoop.run(until: { main.historyWindow == nil }, timeout: 3), "History closed")
            XCTAssertEqual(main.visibleSection, .browser, "the browser is on screen again")

            // Again: Down into the list, Delete removes the newest page (Alpha) from the file.
            history = try Self.openHistory(main)
            XCTAssertTrue(MainLoop.run(until: { history.shownLineLabels.contains { $0.hasPrefix("Alpha Page, 127.0.0.1") } }, timeout: 5), "Alpha listed again")
            XDoTool.run(["key", "Down"])
            XDoTool.run(["key", "Delete"])
            XCTAssertTrue(MainLoop.run(until: { (try? Self.urisOnDisk(locations).contains(alpha)) == false }, timeout: 5),
                          "Alpha is gone from the database file")
            XCTAssertTrue(try Self.urisOnDisk(locations).contains(beta), "and nothing else")
            XCTAssertTrue(MainLoop.run(until: { !history.shownLineLabels.contains { $0.hasPrefix("Alpha Page") } }, timeout: 3),
                          "and from the list: \(history.shownLineLabels)")
            XCTAssertFalse(Self.presents("Today", in: history.window), "no page left today, no Today")

            // Clear History…, "today and yesterday": Beta goes, Gamma and the older pages stay.
            let button = try XCTUnwrap(history.window.presentedDescendants().first { $0.hasLabel("Clear History…") })
            guard let historyID = XDoTool.window(named: "History") else { return XCTFail("History is not on screen") }
            XDoTool.click(window: historyID, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { XDoTool.window(named: "Clear History", timeout: 0.2) != nil }, timeout: 5),
                          "the button opens Clear History")
            let dialog = try XCTUnwrap(history.pendingClearDialog)
            dialog.choose(.todayAndYesterday)
            if let id = XDoTool.window(named: "Clear History") { XDoTool.run(["windowfocus", "--sync", id]) }
            XCTAssertTrue(InProcessDialog.waitUntilActive("Clear History", typing: false), "Clear History takes the keys")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { (try? Self.urisOnDisk(locations).contains(beta)) == false }, timeout: 10),
                          "Beta (yesterday) is gone from the file")
            // The chooser closes only when the store and WebKit (its website data of that span) both
            // reported success; a failure would keep it open with the reason.
            XCTAssertTrue(MainLoop.run(until: { XDoTool.window(named: "Clear History", timeout: 0.1) == nil }, timeout: 10),
                          "Clear History closed: WebKit cleared the span's website data too")
            let left = try Self.urisOnDisk(locations)
            XCTAssertTrue(left.contains(gamma))
            XCTAssertEqual(left.count, 301, "Gamma and the 300 older pages stay")
            XCTAssertTrue(MainLoop.run(until: { !Self.presents("Yesterday", in: history.window) }, timeout: 5))
            XCTAssertTrue(Self.presents(olderTitle, in: history.window))

            // Escape closes.
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.historyWindow == nil }, timeout: 3), "Escape closes History")
        }
    }

    /// A middle click on a row opens its page in a new tab and leaves History open; only a primary
    /// click opens it in the current tab (and closes History).
    func testAMiddleClickOpensTheRowInANewTabOnly() throws {
        let now = Date()
        _ = try seed(now: now)
        let locations = self.locations!
        try MainActor.assumeIsolated {
            let (main, _) = try Self.openMain("History Middle", locations: locations)
            defer {
                main.historyWindow?.window.destroy()
                main.window.destroy()
            }
            let history = try Self.openHistory(main)
            let alphaRow = Self.row(("Alpha Page", "127.0.0.1", now.addingTimeInterval(-60)))
            XCTAssertTrue(MainLoop.run(until: { Self.presents(alphaRow, in: history.window) }, timeout: 5), "\(history.shownLineLabels)")
            let row = try XCTUnwrap(history.window.presentedDescendants().first { $0.hasLabel(alphaRow) })
            guard let id = XDoTool.window(named: "History") else { return XCTFail("History is not on screen") }
            let tabs = main.browser.heardTabCount ?? 0
            XDoTool.run(["mousemove", "--window", id, String(Int(row.surfaceCentre.x)), String(Int(row.surfaceCentre.y))])
            XDoTool.run(["click", "2"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == tabs + 1 }, timeout: 10), "a new tab: \(main.browser.tabTitles)")
            XCTAssertTrue(MainLoop.holds(for: 0.5) { main.browser.heardTabCount == tabs + 1 }, "one new tab, no more")
            XCTAssertNotNil(main.historyWindow, "History stays open: the page did not open in the current tab too")
        }
    }

    func testAPrivateWindowShowsNoHistory() throws {
        _ = try seed(now: Date())
        let locations = self.locations!
        try MainActor.assumeIsolated {
            let (main, _) = try Self.openMain("History Private", locations: locations, args: ["--private"])
            defer {
                main.historyWindow?.window.destroy()
                main.window.destroy()
            }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+h"])
            XCTAssertTrue(MainLoop.run(until: { main.historyWindow != nil }, timeout: 5))
            let history = try XCTUnwrap(main.historyWindow)
            XCTAssertTrue(MainLoop.run(until: { Self.presents("A private window keeps no history.", in: history.window) }, timeout: 5))
            XCTAssertFalse(Self.presents("Today", in: history.window), "none of the saved pages")
            XCTAssertEqual(history.shownLineLabels, [])
            XCTAssertFalse(history.clearHistoryButton.isSensitive)
        }
    }
}
