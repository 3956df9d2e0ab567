import BrowserStore
import Foundation
import TestSupport
import XCTest

/// The real app process, killed with SIGKILL at a moment of our choosing and started again:
/// every tab comes back, with at most the last second lost.
final class SessionRestoreTests: XCTestCase {
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            return XCTFail("xdotool is required (make test installs it)")
        }
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    private func launch(_ args: [String]) throws -> Process {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: CommandLineTests.skiff)
        app.arguments = ["--window-size", "800x600"] + args
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = dataHome.path
        env["XDG_STATE_HOME"] = dataHome.appendingPathComponent("state").path
        app.environment = env
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        return app
    }

    private func xdotool(_ args: [String]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try? p.run()
        p.waitUntilExit()
    }

    /// The X windows whose title is exactly `title`.
    private func windows(named title: String) -> [String] { XWindows.named(title) }

    private func waitForWindow(_ title: String, timeout: TimeInterval = 25) -> String? {
        var found: String?
        Poll.until(timeout: timeout, interval: 0.1) {
            found = windows(named: title).first
            return found != nil
        }
        return found
    }

    private func waitForNoWindow(_ title: String, timeout: TimeInterval = 15) -> Bool {
        Poll.until(timeout: timeout, interval: 0.1) { windows(named: title).isEmpty }
    }

    /// Waits until the window shows its contents, as a user sees it before typing: its pixels, read
    /// from the X server, are more than a blank window's few colours.
    /// `except`: a window of the same title that is not the one waited for.
    private func waitUntilDrawn(_ title: String, except: String? = nil) -> String? {
        var drawn: String?
        Poll.until(timeout: 20, interval: 0.1) {
            drawn = XWindows.named(title, visibleOnly: true).first { $0 != except && Self.colourCount(of: $0) > 16 }
            return drawn != nil
        }
        return drawn
    }


    /// How many colours the window's pixels hold (ImageMagick's `import` and `identify`).
    private static func colourCount(of window: String) -> Int {
        let shot = Process()
        shot.executableURL = URL(fileURLWithPath: "/bin/sh")
        shot.arguments = ["-c", "import -window \"$0\" png:- 2>/dev/null | identify -format %k - 2>/dev/null", window]
        let out = Pipe()
        shot.standardOutput = out
        shot.standardError = FileHandle.nullDevice
        guard (try? shot.run()) != nil else { return 0 }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shot.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The tabs' addresses in the database file, in order, as the sqlite3 tool reads them.
    private func savedTabs() -> [String] {
        let rows = (try? SQLiteFile.rows(dataHome.appendingPathComponent("skiff/browser.sqlite"), "SELECT uri FROM tabs ORDER BY position")) ?? ""
        return rows.split(separator: "\n").map(String.init)
    }

    private func kill9(_ app: Process) {
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
    }

    func testKillNineLosesAtMostASecondAndRestartRestoresEveryTab() throws {
        let server = try TestHTTPServer(routes: [
            "/a": .init(body: "<title>Tab A</title><h1>A</h1><a href=/a2>next</a>"),
            "/a2": .init(body: "<title>Tab A2</title><h1>A2</h1>"),
            "/b": .init(body: "<title>Tab B</title><h1>B</h1>"),
        ])
        defer { server.stop() }

        let first = try launch(["\(server.base)/a"])
        guard let window = waitForWindow("Tab A — Skiff") else {
            kill9(first)
            return XCTFail("the first page never loaded")
        }
        xdotool(["windowfocus", "--sync", window])
        // A second page in the same tab (so the back list has two entries), then a second tab.
        xdotool(["key", "--clearmodifiers", "ctrl+l"])
        xdotool(["type", "--delay", "15", "\(server.base)/a2"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Tab A2 — Skiff"))
        xdotool(["key", "--clearmodifiers", "ctrl+t"])
        XCTAssertNotNil(waitForWindow("Skiff"), "Ctrl+T opened a blank tab")
        xdotool(["type", "--delay", "15", "\(server.base)/b"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Tab B — Skiff"))
        // The saver writes on its own, at most a second behind (SessionSaverTests): once the file
        // holds both tabs, kill without warning.
        XCTAssertTrue(Poll.until(timeout: 10, interval: 0.1) { savedTabs() == ["\(server.base)/a2", "\(server.base)/b"] },
                      "the saver wrote both tabs without a quit: \(savedTabs())")
        kill9(first)

        let database = dataHome.appendingPathComponent("skiff/browser.sqlite")
        guard case .opened(let store) = DiskBrowsingStore.open(at: database) else {
            return XCTFail("the database was not left readable by SIGKILL")
        }
        let session = try XCTUnwrap(try store.loadSession())
        XCTAssertEqual(session.tabs.map(\.uri), ["\(server.base)/a2", "\(server.base)/b"])
        XCTAssertEqual(session.currentTabID, session.tabs.last?.id)
        XCTAssertNotNil(session.tabs.first?.sessionState, "the back/forward list is saved with the tab")
        let visited = try store.allHistory().map(\.uri)
        XCTAssertTrue(visited.contains("\(server.base)/a") && visited.contains("\(server.base)/b"), "\(visited)")
        try store.close()

        // Start again with no address: the tabs come back, the current one showing.
        let second = try launch([])
        defer { if second.isRunning { kill9(second) } }
        guard let again = waitForWindow("Tab B — Skiff") else { return XCTFail("the current tab was not restored") }
        xdotool(["windowfocus", "--sync", again])
        // The first tab comes back with its history: switch to it and go back.
        xdotool(["key", "--clearmodifiers", "ctrl+Page_Up"])
        XCTAssertNotNil(waitForWindow("Tab A2 — Skiff"), "the other tab was restored")
        xdotool(["key", "--clearmodifiers", "alt+Left"])
        XCTAssertNotNil(waitForWindow("Tab A — Skiff"), "its back list was restored")
    }

    func testACorruptDatabaseIsMovedAsideAndTheAppStillStarts() throws {
        let folder = dataHome.appendingPathComponent("skiff")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: folder.appendingPathComponent("browser.sqlite"))
        let server = try TestHTTPServer(routes: ["/": .init(body: "<title>Fresh</title>ok")])
        defer { server.stop() }
        let app = try launch(["\(server.base)/"])
        defer { if app.isRunning { kill9(app) } }
        XCTAssertNotNil(waitForWindow("Fresh — Skiff"), "the app started and loaded a page despite the damaged file")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertTrue(names.contains { $0.hasPrefix("browser.sqlite.corrupt-") }, "the damaged file was kept aside: \(names)")
        XCTAssertTrue(names.contains("browser.sqlite"))
    }

    func testAPrivateWindowWritesNothing() throws {
        let server = try TestHTTPServer(routes: ["/": .init(body: "<title>Secret</title>shh")])
        defer { server.stop() }
        let app = try launch(["--private", "\(server.base)/"])
        XCTAssertNotNil(waitForWindow("Secret — Skiff \\(Private\\)"))
        // A quit writes whatever is pending (SIGTERM is a quit): if anything were to be saved, it is now.
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        let written = FileManager.default.enumerator(atPath: dataHome.path)?.allObjects as? [String] ?? []
        XCTAssertEqual(written.filter { !$0.hasPrefix("state") }, [], "nothing under XDG_DATA_HOME")
    }

    /// A logout or `kill` is a quit: a tab opened a moment before is saved, the write-ahead log is
    /// folded into the database, and the next launch restores the tab.
    func testSIGTERMRightAfterANewTabSavesItAndLeavesNoWriteAheadLog() throws {
        let server = try TestHTTPServer(routes: [
            "/a": .init(body: "<title>Term A</title><h1>A</h1>"),
            "/b": .init(body: "<title>Term B</title><h1>B</h1>"),
        ])
        defer { server.stop() }
        let first = try launch(["\(server.base)/a"])
        defer { if first.isRunning { kill9(first) } }
        guard let window = waitForWindow("Term A — Skiff") else { return XCTFail("the first page never loaded") }
        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "--clearmodifiers", "ctrl+t"])
        xdotool(["type", "--delay", "15", "\(server.base)/b"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Term B — Skiff"))
        // At once, inside the saver's one-second delay: only a quit on the signal can save it.
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()
        XCTAssertEqual(first.terminationReason, .exit, "it quit rather than died of the signal")
        XCTAssertEqual(first.terminationStatus, 0)

        let folder = dataHome.appendingPathComponent("skiff")
        let wal = folder.appendingPathComponent("browser.sqlite-wal")
        let walSize = (try? FileManager.default.attributesOfItem(atPath: wal.path)[.size] as? Int) ?? 0
        XCTAssertEqual(walSize, 0, "the write-ahead log was checkpointed into the database")
        let second = try launch([])
        defer { if second.isRunning { kill9(second) } }
        XCTAssertNotNil(waitForWindow("Term B — Skiff"), "the tab opened just before the signal came back")
    }

    /// A first launch on a blank tab takes typing at once: the address bar has the focus.
    func testAFirstLaunchTakesTypingInTheAddressBar() throws {
        let server = try TestHTTPServer(routes: ["/first": .init(body: "<title>First Typed</title><h1>typed</h1>")])
        defer { server.stop() }
        let app = try launch([])
        defer { if app.isRunning { kill9(app) } }
        guard let window = waitUntilDrawn("Skiff") else { return XCTFail("no window was drawn") }
        xdotool(["windowfocus", "--sync", window])
        xdotool(["type", "--delay", "20", "\(server.base)/first"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("First Typed — Skiff"), "what was typed on launch was the address")
    }

    /// Closed tabs are kept in the database: after a restart, Ctrl+Shift+T still brings one back.
    func testAClosedTabCanBeReopenedAfterARestart() throws {
        let server = try TestHTTPServer(routes: [
            "/kept": .init(body: "<title>Kept Closed</title><h1>kept</h1>"),
            "/stay": .init(body: "<title>Stays Open</title><h1>stays</h1>"),
        ])
        defer { server.stop() }
        let first = try launch(["\(server.base)/stay"])
        defer { if first.isRunning { kill9(first) } }
        guard let window = waitForWindow("Stays Open — Skiff") else { return XCTFail("the first page never loaded") }
        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "--clearmodifiers", "ctrl+t"])
        xdotool(["type", "--delay", "15", "\(server.base)/kept"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Kept Closed — Skiff"))
        xdotool(["key", "--clearmodifiers", "ctrl+w"])
        XCTAssertNotNil(waitForWindow("Stays Open — Skiff"))
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()

        let second = try launch([])
        defer { if second.isRunning { kill9(second) } }
        guard let again = waitForWindow("Stays Open — Skiff") else { return XCTFail("the open tab was not restored") }
        xdotool(["windowfocus", "--sync", again])
        xdotool(["key", "--clearmodifiers", "ctrl+shift+t"])
        XCTAssertNotNil(waitForWindow("Kept Closed — Skiff"), "the tab closed before the restart came back")
    }

    /// Ctrl+N opens a second window on the same data; its tab is saved with the main window's and
    /// comes back after a restart.
    func testANewWindowOpensAndItsTabIsSavedWithTheMainWindows() throws {
        let server = try TestHTTPServer(routes: [
            "/main": .init(body: "<title>Main Window Page</title><h1>main</h1>"),
            "/second": .init(body: "<title>Second Window Page</title><h1>second</h1>"),
        ])
        defer { server.stop() }
        let first = try launch(["\(server.base)/main"])
        defer { if first.isRunning { kill9(first) } }
        guard let window = waitForWindow("Main Window Page — Skiff") else { return XCTFail("the first page never loaded") }
        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "--clearmodifiers", "ctrl+n"])
        guard let second = waitUntilDrawn("Skiff", except: window) else { return XCTFail("Ctrl+N opened no window, or it was not drawn") }
        XCTAssertNotEqual(second, window)
        xdotool(["windowfocus", "--sync", second])
        // The new window's address bar has the focus: typing goes there.
        xdotool(["type", "--delay", "15", "\(server.base)/second"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Second Window Page — Skiff"), "the second window loads what was typed")
        XCTAssertNotNil(waitForWindow("Main Window Page — Skiff"), "beside the first")
        kill(first.processIdentifier, SIGTERM)
        first.waitUntilExit()

        let again = try launch([])
        defer { if again.isRunning { kill9(again) } }
        guard let restored = waitForWindow("Main Window Page — Skiff") else { return XCTFail("the main window's tab was not restored") }
        xdotool(["windowfocus", "--sync", restored])
        xdotool(["key", "--clearmodifiers", "ctrl+Page_Down"])
        XCTAssertNotNil(waitForWindow("Second Window Page — Skiff"), "the second window's tab came back as a tab")
    }

    /// Closing the main window (Ctrl+Shift+W) while a second one stays open: the second window's
    /// tabs go on being saved — a tab opened after the close is on disk — and the closed window's
    /// tab is not brought back.
    func testClosingTheMainWindowKeepsSavingTheOtherWindowsTabs() throws {
        let server = try TestHTTPServer(routes: [
            "/main": .init(body: "<title>Main Window Page</title><h1>main</h1>"),
            "/second": .init(body: "<title>Second Window Page</title><h1>second</h1>"),
            "/third": .init(body: "<title>Third Page</title><h1>third</h1>"),
        ])
        defer { server.stop() }
        let app = try launch(["\(server.base)/main"])
        defer { if app.isRunning { kill9(app) } }
        guard let window = waitForWindow("Main Window Page — Skiff") else { return XCTFail("the first page never loaded") }
        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "--clearmodifiers", "ctrl+n"])
        guard let second = waitUntilDrawn("Skiff", except: window) else { return XCTFail("Ctrl+N opened no window, or it was not drawn") }
        xdotool(["windowfocus", "--sync", second])
        xdotool(["type", "--delay", "15", "\(server.base)/second"])
        xdotool(["key", "Return"])
        guard let secondLoaded = waitForWindow("Second Window Page — Skiff") else { return XCTFail("the second window never loaded") }

        xdotool(["windowfocus", "--sync", window])
        xdotool(["key", "--clearmodifiers", "ctrl+shift+w"])
        XCTAssertTrue(waitForNoWindow("Main Window Page — Skiff"), "Ctrl+Shift+W closed the main window")
        XCTAssertTrue(app.isRunning, "the app stays while a window is open")

        xdotool(["windowfocus", "--sync", secondLoaded])
        xdotool(["key", "--clearmodifiers", "ctrl+t"])
        XCTAssertNotNil(waitForWindow("Skiff"), "Ctrl+T opened a blank tab")
        xdotool(["type", "--delay", "15", "\(server.base)/third"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Third Page — Skiff"), "the new tab loads")
        // A quit writes what is pending (SIGTERM is a quit); then the file says what was saved.
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        let database = dataHome.appendingPathComponent("skiff/browser.sqlite")
        guard case .opened(let store) = DiskBrowsingStore.open(at: database) else { return XCTFail("the database was not left readable") }
        let saved = try XCTUnwrap(try store.loadSession()).tabs.map(\.uri)
        try store.close()
        let wanted = ["\(server.base)/second", "\(server.base)/third"]
        XCTAssertEqual(saved, wanted, "the open window's tabs are saved, the closed window's tab is not")
    }
}
