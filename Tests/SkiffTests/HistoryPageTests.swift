import Foundation
import Gtk
import Home
import HomeModel
import TestSupport
import XCTest

/// History in a real window under Xvfb, fetching from a real HTTP server on 127.0.0.1 that the
/// test starts and stops. Every assertion reads what GTK shows or exposes: labels' text,
/// accessible roles and names as GTK reports them, files on disk.
final class HistoryPageTests: XCTestCase {
    static let utc = TimeZone(identifier: "UTC")!
    /// The seed's example plus two older months (2020, so the headings carry the year).
    static let goodHistory = """
    {
      "transactions": [
        { "id": 699519475, "type": "redeemed", "amount": "150", "processed_at": "2020-07-17T12:56:27-04:00" },
        { "id": 699519476, "type": "earned", "amount": "12", "processed_at": "2020-07-02T08:00:00-04:00" },
        { "id": 699519477, "type": "earned", "amount": "1", "processed_at": "2020-06-30T13:30:00-04:00" },
        { "id": 699519478, "type": "bonus", "amount": "50", "processed_at": "2020-05-01T09:15:00-04:00" }
      ]
    }
    """
    var cacheDirectory: URL!
    var servers: [TestHTTPServer] = []

    override func setUpWithError() throws {
        try requireDisplay()
        cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-history-\(UUID().uuidString)")
    }

    override func tearDown() {
        for server in servers { server.stop() }
        servers = []
        if let cacheDirectory { try? FileManager.default.removeItem(at: cacheDirectory) }
    }

    private func server(_ routes: [String: TestHTTPServer.Response]) throws -> TestHTTPServer {
        let server = try TestHTTPServer(routes: routes)
        servers.append(server)
        return server
    }

    private static func json(_ body: String, status: String = "200 OK", delay: TimeInterval = 0, sendsLength: Bool = true) -> TestHTTPServer.Response {
        TestHTTPServer.Response(status: status, contentType: "application/json", body: body, delay: delay, sendsLength: sendsLength)
    }

    /// The page alone in a window, as the Home tab will push it.
    @MainActor
    private static func open(_ cacheDirectory: URL?, _ source: HistorySource, title: String, timeout: Double = 10,
                             until: ((HistoryPage) -> Bool)? = nil) -> (Window, HistoryPage) {
        let page = HistoryPage(source: source, settings: HistorySettings(timeout: timeout, cacheDirectory: cacheDirectory, timeZone: Self.utc))
        let window = Window()
        window.title = title
        window.setDefaultSize(width: 800, height: 700)
        window.setChild(page.root)
        window.present()
        let settled = MainLoop.run(until: { until?(page) ?? !page.isBusy }, timeout: 15)
        XCTAssertTrue(settled, "\(title): the page did not settle (screen \(page.screenName))")
        XCTAssertTrue(MainLoop.runUntilPainted(window), "\(title): the page was drawn")
        return (window, page)
    }

    /// The status page's Try Again: shown, a button, and named so to assistive technology.
    @MainActor
    private static func assertTryAgain(_ page: HistoryPage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(page.statusHeadingRole, .heading, "screen readers can jump to what went wrong", file: file, line: line)
        guard let retry = page.statusRetryButton else { return XCTFail("no Try Again", file: file, line: line) }
        XCTAssertTrue(retry.isMapped, "Try Again is on screen", file: file, line: line)
        XCTAssertTrue(retry.accessibleNameIs("Try Again"), file: file, line: line)
    }

    func testAGoodHistoryShowsMonthsNewestFirstWithTheirRows() throws {
        let server = try server(["/history": Self.json(Self.goodHistory)])
        try MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Good")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "list")
            XCTAssertTrue(page.listWidget.isMapped)
            XCTAssertEqual(page.listWidget.reportedAccessibleRole, .list)
            let lines = page.shownLineWidgets
            let texts = lines.map { $0.detail.text.isEmpty ? $0.title.text : "\($0.title.text) | \($0.detail.text)" }
            XCTAssertEqual(texts, ["July 2020", "150 Stars redeemed | Jul 17", "12 Stars earned | Jul 2",
                                   "June 2020", "1 Star earned | Jun 30", "May 2020", "50 Stars bonus | May 1"])
            // Screen readers: headings, then list items named by what they show.
            XCTAssertEqual(lines.map { $0.box.reportedAccessibleRole },
                           [.heading, .listItem, .listItem, .heading, .listItem, .heading, .listItem])
            XCTAssertTrue(lines[0].box.accessibleNameIs("July 2020"))
            XCTAssertTrue(lines[1].box.accessibleNameIs("150 Stars redeemed, Jul 17"))
            // 80 px lines, one under the other.
            let tops = try lines.map { try XCTUnwrap($0.box.origin(in: page.listWidget)).y }
            XCTAssertEqual(tops, (0..<7).map { Double($0) * 80 })
            // (Not the boxes' own heights: GTK reports them without the CSS padding and rule.)
            XCTAssertEqual(page.updatedLine, "Updated just now")
            XCTAssertNil(page.noticeText)
        }
    }

    func testConnectionRefusedShowsUnreachableWithTryAgain() throws {
        let port = TestHTTPServer.closedPort()
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server("http://127.0.0.1:\(port)/history"), title: "History Refused")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "failed")
            XCTAssertEqual(page.statusHeading, "Can’t reach the rewards server")
            XCTAssertTrue(page.statusMessage.contains("Check your connection"), page.statusMessage)
            Self.assertTryAgain(page)
            XCTAssertTrue(page.shownLineWidgets.isEmpty)
        }
    }

    func testAStalledServerTimesOut() throws {
        // The server holds the answer for 10 s; the page gives up after its timeout (shortened
        // here so the test does not wait the app's full 10 s: the mechanism is the same timer).
        let server = try server(["/history": Self.json(Self.goodHistory, delay: 10)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let started = Date()
            // The main loop keeps turning while the request hangs: a 50 ms timer keeps firing. Only the
            // beats while the request is pending count, and only a few are asked for: a loaded machine
            // fires fewer than the ideal 30, a blocked UI thread none at all.
            final class Beats { var whileWaiting = 0; var stopped = false; var waiting: () -> Bool = { false } }
            let beats = Beats()
            @MainActor func beat() {
                MainLoop.after(milliseconds: 50) {
                    if beats.waiting() { beats.whileWaiting += 1 }
                    if !beats.stopped { beat() }
                }
            }
            defer { beats.stopped = true }
            let page = HistoryPage(source: .server(server.base + "/history"),
                                   settings: HistorySettings(timeout: 1.5, cacheDirectory: cache, timeZone: Self.utc))
            beats.waiting = { [weak page] in page?.isBusy ?? false }
            beat()
            let window = Window()
            window.title = "History Stall"
            window.setDefaultSize(width: 800, height: 700)
            window.setChild(page.root)
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { !page.isBusy }, timeout: 15), "the page gave up (screen \(page.screenName))")
            MainLoop.run(until: { page.statusRetryButton?.isMapped == true }, timeout: 5)
            XCTAssertLessThan(Date().timeIntervalSince(started), 9, "gave up before the server answered")
            XCTAssertGreaterThanOrEqual(beats.whileWaiting, 3, "the UI thread was never blocked while waiting")
            XCTAssertEqual(page.screenName, "failed")
            XCTAssertEqual(page.statusHeading, "The rewards server didn’t answer")
            XCTAssertTrue(page.statusMessage.contains("No answer within 1.5 seconds"), page.statusMessage)
            Self.assertTryAgain(page)
        }
    }

    func testAServerErrorShowsItsStatus() throws {
        let server = try server(["/history": Self.json(#"{"error": "boom"}"#, status: "500 Internal Server Error")])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History 500")
            defer { window.destroy() }
            XCTAssertEqual(page.statusHeading, "The rewards server had a problem")
            XCTAssertTrue(page.statusMessage.contains("500 Internal Server Error"), page.statusMessage)
            Self.assertTryAgain(page)
        }
    }

    func testMalformedJSONShowsLineAndColumn() throws {
        let body = "{\n  \"transactions\": [\n    {\"id\": 1,, \"type\": \"earned\"}\n  ]\n}"
        let server = try server(["/history": Self.json(body)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Malformed")
            defer { window.destroy() }
            XCTAssertEqual(page.statusHeading, "The history can’t be read")
            XCTAssertTrue(page.statusMessage.contains("/history, line 3, column 14"), page.statusMessage)
            Self.assertTryAgain(page)
            XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "nothing malformed is cached")
        }
    }

    func testAnEmptyHistorySaysSo() throws {
        let server = try server(["/history": Self.json(#"{"transactions": []}"#)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Empty")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "empty")
            XCTAssertEqual(page.statusHeading, "No transactions yet")
            Self.assertTryAgain(page)
        }
    }

    func testATenMegabyteResponseIsRefusedAnnouncedOrNot() throws {
        let big = #"{"transactions": [""# + String(repeating: "x", count: 10 * 1024 * 1024) + #""]}"#
        let server = try server(["/announced": Self.json(big), "/streamed": Self.json(big, sendsLength: false)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            for path in ["/announced", "/streamed"] {
                let (window, page) = Self.open(cache, .server(server.base + path), title: "History Large \(path)")
                defer { window.destroy() }
                XCTAssertEqual(page.screenName, "failed", path)
                XCTAssertEqual(page.statusHeading, "The history is too large", path)
                XCTAssertTrue(page.statusMessage.contains("over 5 MB"), page.statusMessage)
                Self.assertTryAgain(page)
            }
        }
    }

    func testBadRowsAreLeftOutAndNamedWhileTheRestShows() throws {
        let body = """
        {"transactions": [
          {"id": 1, "type": "earned", "amount": "12", "processed_at": "2020-07-02T08:00:00Z"},
          {"id": 2, "type": "earned", "amount": "lots", "processed_at": "2020-07-03T08:00:00Z"},
          {"id": 3, "type": "earned", "amount": "5", "processed_at": "not a date"}
        ]}
        """
        let server = try server(["/history": Self.json(body)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Partial")
            defer { window.destroy() }
            XCTAssertEqual(page.shownLineWidgets.map(\.title.text), ["July 2020", "12 Stars earned"])
            let notice = page.noticeText ?? ""
            XCTAssertTrue(notice.contains("2 transactions were left out"), notice)
            XCTAssertTrue(notice.contains("line 3, column 41"), notice)
            XCTAssertTrue(notice.contains("line 4, column 62"), notice)
        }
    }

    /// One bad row and three rows past the limit: the notice counts four, names the bad row's place
    /// and says where the limit cut.
    func testRowsPastTheLimitAreCountedWithTheBadOnes() throws {
        let good = #"{"id":1,"type":"earned","amount":"1","processed_at":"2020-07-02T08:00:00Z"}"#
        let bad = #"{"id":2,"type":"earned","amount":"lots","processed_at":"2020-07-02T08:00:00Z"}"#
        let rows = [bad] + Array(repeating: good, count: HistoryParser.maximumTransactions + 2)
        let body = "{\"transactions\": [\n" + rows.joined(separator: ",\n") + "\n]}"
        let server = try server(["/history": Self.json(body)])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Overflow")
            defer { window.destroy() }
            let notice = page.noticeText ?? ""
            XCTAssertTrue(notice.hasPrefix("4 transactions were left out:"), notice)
            XCTAssertTrue(notice.contains("line 2"), "the bad row's place: \(notice)")
            XCTAssertTrue(notice.contains("3 past the first 50000"), notice)
        }
    }

    /// A 204 No Content is the server answering without a history, not an empty file.
    func testANoContentAnswerIsTheServersProblem() throws {
        let server = try server(["/history": Self.json("", status: "204 No Content")])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History 204")
            defer { window.destroy() }
            XCTAssertEqual(page.statusHeading, "The rewards server had a problem")
            XCTAssertTrue(page.statusMessage.contains("204 No Content"), page.statusMessage)
            XCTAssertFalse(page.statusMessage.contains("empty"), page.statusMessage)
        }
    }

    func testTheCacheOpensOfflineWithItsAgeAndTryAgainRecovers() throws {
        let server = try server(["/history": Self.json(Self.goodHistory)])
        let address = server.base + "/history"
        try MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (first, firstPage) = Self.open(cache, .server(address), title: "History Online")
            XCTAssertEqual(firstPage.screenName, "list")
            let cached = cache.appendingPathComponent(HistoryCache.fileName(for: address))
            XCTAssertTrue(MainLoop.run(until: { FileManager.default.fileExists(atPath: cached.path) }, timeout: 5), "the response is cached on disk")
            first.destroy()
            // Make the copy half an hour old. (Not hours: two hours before 02:00 is "yesterday", and
            // this test once failed at 00:15.)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-1830)], ofItemAtPath: cached.path)

            server.stop()
            let (second, page) = Self.open(cache, .server(address), title: "History Offline")
            defer { second.destroy() }
            XCTAssertEqual(page.screenName, "list", "the cached history shows")
            XCTAssertEqual(page.shownLineWidgets.first?.title.text, "July 2020")
            XCTAssertEqual(page.updatedLine, "Updated 30 minutes ago")
            let notice = try XCTUnwrap(page.noticeText)
            XCTAssertTrue(notice.hasPrefix("Couldn’t refresh: Can’t reach the rewards server"), notice)
            XCTAssertTrue(page.noticeRetryButton?.accessibleNameIs("Try Again") == true)
        }
    }

    func testACacheThatCannotBeWrittenIsSaidOnScreen() throws {
        let server = try server(["/history": Self.json(Self.goodHistory)])
        // A regular file where the cache folder should be: no one, not even root, can write there.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-blocker-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        MainActor.assumeIsolated {
            let (window, page) = Self.open(blocker.appendingPathComponent("cache"), .server(server.base + "/history"), title: "History Unsaved")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "list", "the history still shows")
            XCTAssertTrue(MainLoop.run(until: { page.updatedLine.contains("Not saved for offline use") }, timeout: 5), page.updatedLine)
            XCTAssertTrue(page.updatedLine.contains(blocker.path) && page.updatedLine.contains("Not a directory"), page.updatedLine)
        }
    }

    func testTryAgainAndF5FetchAgain() throws {
        let server = try server(["/history": Self.json("oops", status: "503 Service Unavailable")])
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .server(server.base + "/history"), title: "History Retry")
            defer { window.destroy() }
            XCTAssertEqual(page.statusHeading, "The rewards server had a problem")
            // The server recovers; a real click on Try Again loads the history.
            server.setResponse(Self.json(Self.goodHistory), for: "/history")
            guard let x = XDoTool.window(named: "History Retry"), let retry = page.statusRetryButton,
                  let at = retry.origin(in: window) else { return XCTFail("no window or button") }
            XDoTool.click(window: x, x: at.x + Double(retry.width) / 2, y: at.y + Double(retry.height) / 2)
            XCTAssertTrue(MainLoop.run(until: { page.screenName == "list" }, timeout: 10), "Try Again fetched: \(page.screenName)")
            // It breaks again; F5 (real key press) refreshes and the failure shows over the list.
            server.setResponse(Self.json("", status: "500 Internal Server Error"), for: "/history")
            page.focusDefault()
            XDoTool.run(["windowfocus", "--sync", x])
            XDoTool.run(["key", "F5"])
            XCTAssertTrue(MainLoop.run(until: { page.noticeText != nil }, timeout: 10), "F5 refreshed")
            XCTAssertEqual(page.screenName, "list", "the history stays")
            XCTAssertTrue(page.noticeText?.contains("500 Internal Server Error") == true, page.noticeText ?? "")
        }
    }

    func testTenThousandTransactionsScrollWithAFewWidgets() throws {
        let data = HistoryGenerator.json(count: 10_000, end: Date(timeIntervalSince1970: 1_790_000_000))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-history-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(cache, .file(file), title: "History Large List")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "list")
            XCTAssertGreaterThan(page.contentHeight, 10_000 * 80)
            var most = 0
            for step in stride(from: 0.0, through: 1.0, by: 0.125) {
                page.scroll(to: page.contentHeight * step)
                XCTAssertTrue(MainLoop.runUntilPainted(window, frames: 1), "drawn at \(Int(step * 100)) %")
                most = max(most, page.lineWidgetCount)
                XCTAssertGreaterThanOrEqual(page.shownLineWidgets.count, 8, "lines at \(Int(step * 100)) %")
                // Pooled widgets not in use are hidden, so screen readers find only placed lines.
                XCTAssertEqual(page.listWidget.visibleChildCount, page.placedLineCount, "at \(Int(step * 100)) %")
                XCTAssertLessThanOrEqual(page.placedLineCount, page.shownLineWidgets.count + 2 * 2 + 1)
            }
            XCTAssertLessThan(most, 30, "only what is on screen has widgets")
            // At the end: the oldest transaction is the last line, fully on screen.
            let last = try XCTUnwrap(page.shownLineWidgets.last)
            let bottom = try XCTUnwrap(last.box.origin(in: page.listWidget)).y + 80
            XCTAssertEqual(bottom, Double(page.listWidget.height), accuracy: 1)
        }
    }

    /// Pixels: rows are drawn in the theme's colours, dark text on light and light text on dark.
    func testRowsFollowTheLightAndDarkTheme() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/history.json")
        try MainActor.assumeIsolated {
            defer { GtkRuntime.setPrefersDarkTheme(false) }
            for dark in [false, true] {
                GtkRuntime.setPrefersDarkTheme(dark)
                let title = dark ? "History Dark" : "History Light"
                let (window, page) = Self.open(nil, .file(sample), title: title)
                defer { window.destroy() }
                XCTAssertTrue(MainLoop.runUntilPainted(window), "drawn in the \(dark ? "dark" : "light") theme")
                let id = try XCTUnwrap(XDoTool.window(named: title))
                let shot = try XCTUnwrap(Screenshot.capture(window: id), "screenshot")
                defer { shot.remove() }
                let row = try XCTUnwrap(page.shownLineWidgets.dropFirst().first)
                let text = try XCTUnwrap(row.title.origin(in: window))
                let ink = try XCTUnwrap(shot.luminance(Rect(x: text.x, y: text.y, width: Double(row.title.width), height: Double(row.title.height))))
                let listOrigin = try XCTUnwrap(page.listWidget.origin(in: window))
                // Between the title and the date: background only.
                let gap = try XCTUnwrap(shot.luminance(Rect(x: listOrigin.x + Double(page.listWidget.width) / 2 - 20, y: text.y, width: 40, height: Double(row.title.height))))
                if dark {
                    XCTAssertLessThan(gap.mean, 0.3, "dark background: \(gap)")
                    XCTAssertGreaterThan(ink.maximum, 0.7, "light text is drawn: \(ink)")
                } else {
                    XCTAssertGreaterThan(gap.mean, 0.85, "light background: \(gap)")
                    XCTAssertLessThan(ink.minimum, 0.35, "dark text is drawn: \(ink)")
                }
            }
        }
    }

    func testTheKeyboardWalksTheLinesAndTabLeavesTheList() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/history.json")
        MainActor.assumeIsolated {
            let (window, page) = Self.open(nil, .file(sample), title: "History Keys")
            defer { window.destroy() }
            guard let x = XDoTool.window(named: "History Keys") else { return XCTFail("no X window") }
            XDoTool.run(["windowfocus", "--sync", x])
            /// The line widget with the keyboard focus: its index on screen and its accessible name.
            @MainActor func focused() -> (index: Int, box: Box)? {
                page.shownLineWidgets.enumerated().first { $0.element.box.hasFocus }.map { ($0.offset, $0.element.box) }
            }
            /// Presses `key`, then waits until the window's focus has moved.
            @MainActor func press(_ key: String, line: UInt = #line) {
                let before = window.focusedWidgetPointer
                XDoTool.run(["key", key])
                XCTAssertTrue(MainLoop.run(until: { window.focusedWidgetPointer != before }, timeout: 3), "\(key) moved the focus", line: line)
            }
            page.focusDefault()
            XCTAssertTrue(MainLoop.run(until: { focused() != nil }, timeout: 3), "a line has the focus")
            XCTAssertEqual(focused()?.index, 0, "the first line takes the keyboard")
            press("shift+Tab")
            XCTAssertTrue(page.refreshControl.hasFocus, "Shift+Tab from the first line reaches the refresh button")
            press("Tab")
            XCTAssertEqual(focused()?.index, 0, "and Tab comes back")
            XCTAssertEqual(focused()?.box.reportedAccessibleRole, .heading)
            press("Down")
            XCTAssertEqual(focused()?.index, 1, "Down moves to the first row")
            XCTAssertEqual(focused()?.box.reportedAccessibleRole, .listItem)
            XCTAssertTrue(focused()?.box.accessibleNameIs("150 Stars redeemed, Nov 20") == true)
            XDoTool.run(["key", "Page_Down"])
            XCTAssertTrue(MainLoop.run(until: { page.scrollOffset > 0 }, timeout: 3), "Page Down scrolled to keep the focus in view")
            XCTAssertNotNil(focused(), "the focused line is on screen")
            XDoTool.run(["key", "End"])
            XCTAssertTrue(MainLoop.run(until: { page.scrollOffset >= page.contentHeight - Double(page.listWidget.height) - 1 }, timeout: 3), "End")
            XCTAssertEqual(focused()?.index, page.shownLineWidgets.count - 1, "the last line has the focus")
            XDoTool.run(["key", "Home"])
            XCTAssertTrue(MainLoop.run(until: { page.scrollOffset == 0 }, timeout: 3), "Home")
            XCTAssertEqual(focused()?.index, 0)
            // One Tab stop for the whole list: Tab leaves it.
            press("Tab")
            XCTAssertFalse(page.listWidget.containsFocus, "Tab left the list")
            // From the refresh button (just before the list), Tab enters the list on the current line.
            page.refreshControl.grabFocus()
            press("Tab")
            XCTAssertEqual(focused()?.index, 0, "Tab from the refresh button enters the list on its current line")
            press("shift+Tab")
            XCTAssertTrue(page.refreshControl.hasFocus, "Shift+Tab leaves the list in one press")
        }
    }

    /// The shell focuses a page as it pushes it, before GTK has given it a size.
    func testFocusingBeforeTheFirstLayoutDoesNotScroll() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/history.json")
        MainActor.assumeIsolated {
            let page = HistoryPage(source: .file(sample), settings: HistorySettings(timeZone: Self.utc))
            XCTAssertTrue(MainLoop.run(until: { page.screenName == "list" }, timeout: 10))
            let window = Window()
            window.title = "History Early Focus"
            window.setDefaultSize(width: 600, height: 600)
            window.setChild(page.root)
            page.focusDefault()
            window.present()
            defer { window.destroy() }
            XCTAssertTrue(MainLoop.runUntilPainted(window), "laid out and drawn")
            XCTAssertEqual(page.scrollOffset, 0)
            XCTAssertTrue(page.shownLineWidgets.first?.title.text.hasPrefix("November") == true, "the first heading is at the top")
        }
    }

    func testTheBundledSampleReadsThroughTheSameLoader() throws {
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/history.json")
        MainActor.assumeIsolated { [cache = cacheDirectory!] in
            let (window, page) = Self.open(nil, .file(sample), title: "History Sample")
            defer { window.destroy() }
            XCTAssertEqual(page.screenName, "list")
            XCTAssertNil(page.noticeText, "the sample has no bad rows")
            XCTAssertEqual(page.updatedLine, "From history.json", "a file says where it comes from, not when it was updated")
            XCTAssertTrue(page.shownLineWidgets.first?.title.text.hasPrefix("November") == true)
            XCTAssertFalse(FileManager.default.fileExists(atPath: cache.path), "files are not cached")
        }
    }
}
