import BrowserStore
import FeedStore
import Foundation
import SkiffApp
import TestSupport
import XCTest

/// Two real Skiff processes on the same data: the second hands its address to the first (a new
/// tab there) and exits, so no process saves over another's tabs; a Skiff killed with SIGKILL
/// leaves a stale socket that the next launch replaces.
final class SingleInstanceTests: XCTestCase {
    var home: URL!
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplay()
        guard FileManager.default.isExecutableFile(atPath: CommandLineTests.skiff) else {
            throw TestFailure("build the app first (`swift build`)")
        }
        home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-instance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("run"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        server = try TestHTTPServer(routes: [
            "/a": .init(body: "<title>Tab A</title>A"),
            "/b": .init(body: "<title>Tab B</title>B"),
            "/c": .init(body: "<title>Tab C</title>C"),
        ])
    }

    override func tearDown() {
        server?.stop()
        if let home { try? FileManager.default.removeItem(at: home) }
    }

    private func launch(_ args: [String]) throws -> Process {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: CommandLineTests.skiff)
        app.arguments = ["--window-size", "800x600"] + args
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = home.path
        env["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        env["XDG_RUNTIME_DIR"] = home.appendingPathComponent("run").path
        app.environment = env
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        return app
    }

    private func windows(named title: String) -> [String] { XWindows.named(title, visibleOnly: true) }

    private func wait(timeout: TimeInterval = 25, _ condition: () -> Bool) -> Bool {
        Poll.until(timeout: timeout, interval: 0.1, condition)
    }

    /// A second launch with `args`: true when it handed over and exited (status 0); a failure, and
    /// that process ended, when it kept running beside the first.
    private func handsOver(_ args: [String]) throws -> Bool {
        let second = try launch(args)
        XCTAssertTrue(wait(timeout: 20) { !second.isRunning }, "the second launch exits once handed over")
        if second.isRunning {
            kill(second.processIdentifier, SIGKILL)
            second.waitUntilExit()
            XCTFail("two Skiffs ran on the same data")
            return false
        }
        XCTAssertEqual(second.terminationStatus, 0)
        return true
    }

    private func savedTabs() throws -> [String] {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: home.appendingPathComponent("skiff/browser.sqlite")).store)
        defer { try? store.close() }
        return try store.loadSession()?.tabs.map(\.title) ?? []
    }

    func testASecondLaunchHandsItsAddressToTheRunningSkiffAndNoTabIsLost() throws {
        let base = server.base
        let first = try launch(["\(base)/a"])
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL); first.waitUntilExit() } }
        XCTAssertTrue(wait { !windows(named: "Tab A — Skiff").isEmpty }, "the first Skiff is up")

        guard try handsOver(["\(base)/b"]) else { return }
        XCTAssertTrue(wait { !windows(named: "Tab B — Skiff").isEmpty }, "the address opened in the running Skiff")
        XCTAssertTrue(first.isRunning)
        XCTAssertTrue(windows(named: ".* — Skiff").count == 1, "one window, not two")

        // Quit normally (Ctrl+Q): both tabs are saved by the one process that holds them.
        if let window = windows(named: "Tab B — Skiff").first {
            let key = Process()
            key.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            key.arguments = ["windowfocus", "--sync", window, "key", "--clearmodifiers", "ctrl+q"]
            try key.run()
            key.waitUntilExit()
        }
        XCTAssertTrue(wait(timeout: 15) { !first.isRunning }, "Ctrl+Q quits")
        XCTAssertEqual(try savedTabs(), ["Tab A", "Tab B"])
    }

    /// `skiff --subscribe URL` while Skiff runs: the running one subscribes (the feed is in its
    /// feeds database, read from its articles) and shows Today; the second launch exits.
    func testASecondLaunchWithSubscribeSubscribesInTheRunningSkiff() throws {
        let base = server.base
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: base)), for: "/feed.xml")
        let first = try launch(["\(base)/a"])
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL); first.waitUntilExit() } }
        XCTAssertTrue(wait { !windows(named: "Tab A — Skiff").isEmpty }, "the first Skiff is up")

        guard try handsOver(["--subscribe", "\(base)/feed.xml"]) else { return }
        XCTAssertTrue(wait { !windows(named: "Today — Skiff").isEmpty }, "the running Skiff shows Today")
        let database = home.appendingPathComponent("skiff/feeds.sqlite")
        var subscribed: [String] = []
        XCTAssertTrue(wait(timeout: 30) {
            guard let store = FeedStore.open(at: database).store else { return false }
            defer { try? store.close() }
            subscribed = ((try? store.feeds()) ?? []).map { "\($0.url.absoluteString) \($0.displayTitle)" }
            return !subscribed.isEmpty
        }, "subscribed in the running Skiff")
        XCTAssertEqual(subscribed, ["\(base)/feed.xml Harbour Notes"])
        XCTAssertTrue(first.isRunning)
        XCTAssertEqual(windows(named: ".* — Skiff").count, 1, "one window, not two")
    }

    func testAKilledSkiffsSocketIsReplacedByTheNextLaunch() throws {
        let base = server.base
        let first = try launch(["\(base)/a"])
        XCTAssertTrue(wait { !windows(named: "Tab A — Skiff").isEmpty })
        // The saver writes on its own, at most a second behind: kill once the file holds the tab.
        XCTAssertTrue(wait(timeout: 10) { ((try? savedTabs()) ?? []) == ["Tab A"] }, "the tab was saved before the kill")
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let sockets = try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("run").path).filter { $0.hasSuffix(".sock") }
        XCTAssertEqual(sockets.count, 1, "the killed Skiff left its socket behind")

        let next = try launch(["\(base)/c"])
        defer { if next.isRunning { kill(next.processIdentifier, SIGKILL); next.waitUntilExit() } }
        XCTAssertTrue(wait { !windows(named: "Tab C — Skiff").isEmpty }, "the next launch runs (the stale socket did not fool it)")
        XCTAssertTrue(next.isRunning)
        var saved: [String] = []
        XCTAssertTrue(wait(timeout: 10) { saved = (try? savedTabs()) ?? []; return saved == ["Tab A", "Tab C"] },
                      "the restored tab and the new one: \(saved)")
    }

    func testTheSocketFolderFallsBackToAPrivateTmpFolderWithoutXDGRuntimeDir() throws {
        let folder = try XCTUnwrap(SingleInstance.runtimeDirectory(environment: [:]))
        XCTAssertEqual(folder.path, "/tmp/skiff-\(getuid())")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        XCTAssertNotEqual(SingleInstance.name(for: URL(fileURLWithPath: "/a/skiff")), SingleInstance.name(for: URL(fileURLWithPath: "/b/skiff")),
                          "one instance per data folder")
    }

    /// A lock folder another user made (or one open to others) is never used: the launch refuses,
    /// saying why and what to do, rather than running beside another Skiff on one data folder.
    func testALockFolderOfAnotherUserIsRefusedWithAClearMessage() throws {
        guard geteuid() == 0 else { throw TestFailure("this test gives a folder to another user: run it as root (CI does)") }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let planted = base.appendingPathComponent("skiff-\(getuid())").path
        mkdir(planted, 0o777)
        chmod(planted, 0o777)
        chown(planted, 65534, 65534)
        let foreignRuntime = base.appendingPathComponent("theirs").path
        mkdir(foreignRuntime, 0o700)
        chown(foreignRuntime, 65534, 65534)

        let claim = SingleInstance.claim(dataDirectory: base.appendingPathComponent("data"), request: .init(url: nil, section: nil),
                                         environment: ["XDG_RUNTIME_DIR": foreignRuntime], fallbackBase: base.path)
        guard case .failed(let message) = claim else { return XCTFail("expected a refusal, got \(claim)") }
        XCTAssertTrue(message.contains("belongs to another user"), message)
        XCTAssertTrue(message.contains("Remove \(planted)"), message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: planted), [], "nothing was put in it")
    }
}
