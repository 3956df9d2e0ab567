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

    private func waitForWindow(_ title: String, timeout: TimeInterval = 25) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            p.arguments = ["search", "--name", "^\(title)$"]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try? p.run()
            p.waitUntilExit()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if let id = text.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
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
        Thread.sleep(forTimeInterval: 0.5)
        xdotool(["type", "--delay", "15", "\(server.base)/b"])
        xdotool(["key", "Return"])
        XCTAssertNotNil(waitForWindow("Tab B — Skiff"))
        // The saver is at most a second behind; give it that second, then kill without warning.
        Thread.sleep(forTimeInterval: 1.3)
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
        Thread.sleep(forTimeInterval: 0.5)
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
        Thread.sleep(forTimeInterval: 1.5)
        kill9(app)
        let written = FileManager.default.enumerator(atPath: dataHome.path)?.allObjects as? [String] ?? []
        XCTAssertEqual(written.filter { !$0.hasPrefix("state") }, [], "nothing under XDG_DATA_HOME")
    }
}
