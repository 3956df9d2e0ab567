import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

/// What is left next to the database decides nothing on its own: a foreign or damaged `-wal` is
/// found before SQLite replays it, with a copy of everything kept first; a read-only database is
/// opened read-only, never moved aside.
final class LogAndReadOnlyTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var databaseURL: URL { directory.url.appendingPathComponent("browser.sqlite") }
    private let now = Date(timeIntervalSince1970: 1_717_243_200) // 2024-06-01 12:00:00 UTC
    private var copyFolder: URL { URL(fileURLWithPath: databaseURL.path + ".before-recovery-20240601T120000Z") }

    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    private static func tabs(_ names: [String]) -> StoredSession {
        let tabs = names.map { StoredTab(id: UUID(), uri: "https://\($0).example/", title: $0, sessionState: Data($0.utf8)) }
        return StoredSession(tabs: tabs, currentTabID: tabs.first?.id)
    }

    /// The files of an open database copied as they are, as `kill -9` would leave them.
    private static func crashImage(of source: URL, to target: URL) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: source.path + suffix) {
            try FileManager.default.copyItem(atPath: source.path + suffix, toPath: target.path + suffix)
        }
    }

    func testAForeignLogIsLeftOutAndEverythingIsCopiedFirst() throws {
        // Ours: 4 tabs and 3,004 pages of history, closed cleanly (no log).
        let ours = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        try ours.saveSession(Self.tabs(["a", "b", "c", "d"]))
        try ours.pool.write { db in
            for i in 0..<3_004 {
                try db.execute(sql: "INSERT INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, 1, ?)",
                               arguments: ["https://site\(i).example/", "Site \(i)", Double(i)])
            }
        }
        try ours.close()
        XCTAssertNil(WriteAheadLog.read(besides: databaseURL), "closed cleanly: nothing in a log")

        // Another Skiff's database, still open, with its log full of its own pages.
        let other = try TemporaryDirectory()
        defer { other.remove() }
        let otherURL = other.url.appendingPathComponent("browser.sqlite")
        let theirs = try XCTUnwrap(DiskBrowsingStore.open(at: otherURL).store)
        try theirs.saveSession(Self.tabs(["other"]))
        try theirs.clearHistory()
        let foreignLog = try Data(contentsOf: URL(fileURLWithPath: otherURL.path + "-wal"))
        XCTAssertGreaterThan(foreignLog.count, 32)
        try foreignLog.write(to: URL(fileURLWithPath: databaseURL.path + "-wal"))
        try theirs.close()

        let result = DiskBrowsingStore.open(at: databaseURL, now: now)
        guard case .logSetAside(let store, let copy, let message) = result else { return XCTFail("expected the log left out, got \(result)") }
        XCTAssertEqual(try store.loadSession()?.tabs.map(\.title), ["a", "b", "c", "d"], "no tab lost")
        XCTAssertEqual(try store.allHistory().count, 3_004, "no history lost")
        XCTAssertEqual(copy, copyFolder)
        XCTAssertTrue(message.contains("did not belong") && message.contains(copy.path), message)
        XCTAssertEqual(try Data(contentsOf: copy.appendingPathComponent("browser.sqlite-wal")), foreignLog, "the log is kept as it was")
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy.appendingPathComponent("browser.sqlite").path))
        try store.close()
    }

    func testOurOwnLogAfterAKillIsReplayedWithNoCopyLeftAndNoMessage() throws {
        let live = try TemporaryDirectory()
        defer { live.remove() }
        let liveURL = live.url.appendingPathComponent("browser.sqlite")
        let running = try XCTUnwrap(DiskBrowsingStore.open(at: liveURL).store)
        try running.saveSession(Self.tabs(["one", "two", "three"]))
        try running.recordVisit(uri: "https://one.example/", title: "one", at: Date())
        try Self.crashImage(of: liveURL, to: databaseURL)
        try running.close()
        XCTAssertNotNil(WriteAheadLog.read(besides: databaseURL), "the last saves are only in the log")

        let result = DiskBrowsingStore.open(at: databaseURL, now: now)
        guard case .opened(let store) = result else { return XCTFail("expected a plain open, got \(result)") }
        XCTAssertEqual(try store.loadSession()?.tabs.map(\.title), ["one", "two", "three"], "the log's saves are kept")
        XCTAssertEqual(directory.contents().filter { $0.contains("before-recovery") }, [], "no copy left for an ordinary crash")
        try store.close()
    }

    func testADamagedLogIsCopiedBeforeRecoveryAndTheUserIsTold() throws {
        let live = try TemporaryDirectory()
        defer { live.remove() }
        let liveURL = live.url.appendingPathComponent("browser.sqlite")
        let running = try XCTUnwrap(DiskBrowsingStore.open(at: liveURL).store)
        try running.saveSession(Self.tabs(["first"]))
        try running.saveSession(Self.tabs(["second", "save"]))
        try Self.crashImage(of: liveURL, to: databaseURL)
        try running.close()
        // A scribble in the page of the log's last frame: its checksum no longer holds.
        let logURL = URL(fileURLWithPath: databaseURL.path + "-wal")
        var log = try Data(contentsOf: logURL)
        let header = WriteAheadLog(log)
        let pageSize = try XCTUnwrap(header.pageSize)
        XCTAssertGreaterThan(header.validFrames, 1)
        log[32 + (header.validFrames - 1) * (24 + pageSize) + 24 + 100] ^= 0xFF
        try log.write(to: logURL)
        XCTAssertEqual(WriteAheadLog(log).damagedFrames > 0, true)

        let result = DiskBrowsingStore.open(at: databaseURL, now: now)
        guard case .logSetAside(let store, let copy, let message) = result else { return XCTFail("expected a kept copy, got \(result)") }
        XCTAssertTrue(message.contains("damaged") && message.contains(copy.path), message)
        XCTAssertEqual(try Data(contentsOf: copy.appendingPathComponent("browser.sqlite-wal")), log, "the damaged log is kept as it was")
        XCTAssertNoThrow(try store.loadSession(), "what was intact opens")
        try store.close()
    }

    func testAGarbageLogIsCopiedAndTheDatabaseKeepsItsData() throws {
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        try store.saveSession(Self.tabs(["kept"]))
        try store.close()
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        try garbage.write(to: URL(fileURLWithPath: databaseURL.path + "-wal"))

        let result = DiskBrowsingStore.open(at: databaseURL, now: now)
        guard case .logSetAside(let reopened, let copy, _) = result else { return XCTFail("expected a kept copy, got \(result)") }
        XCTAssertEqual(try reopened.loadSession()?.tabs.map(\.title), ["kept"])
        XCTAssertEqual(try Data(contentsOf: copy.appendingPathComponent("browser.sqlite-wal")), garbage)
        try reopened.close()
    }

    func testALogInUseByARunningConnectionIsLeftAlone() throws {
        let running = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        try running.saveSession(Self.tabs(["live"]))
        XCTAssertTrue(WriteAheadLog.isInUse(databaseURL), "SQLite's lock on the shared memory shows it is open")
        let second = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL, now: now).store)
        XCTAssertEqual(directory.contents().filter { $0.contains("before-recovery") }, [], "a live log is not judged")
        XCTAssertEqual(try second.loadSession()?.tabs.map(\.title), ["live"])
        try second.close()
        try running.close()
        XCTAssertFalse(WriteAheadLog.isInUse(databaseURL))
    }

    func testAReadOnlyDatabaseOpensReadOnlyAndIsNeverMovedAside() throws {
        if reranAsNobody(self) { return }
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: databaseURL).store)
        try store.saveSession(Self.tabs(["x", "y"]))
        try store.recordVisit(uri: "https://x.example/", title: "x", at: Date())
        try store.close()
        let before = try Data(contentsOf: databaseURL)

        for lock in ["file", "folder"] {
            if lock == "file" {
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: databaseURL.path)
            } else {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: databaseURL.path)
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
            }
            let result = DiskBrowsingStore.open(at: databaseURL, now: now)
            guard case .readOnly(let opened, let message) = result else { return XCTFail("\(lock): expected read-only, got \(result)") }
            XCTAssertTrue(message.contains("read-only"), message)
            XCTAssertEqual(try opened.loadSession()?.tabs.map(\.title), ["x", "y"], "\(lock): the tabs are there")
            XCTAssertEqual(try opened.allHistory().map(\.uri), ["https://x.example/"])
            XCTAssertThrowsError(try opened.saveSession(Self.tabs(["z"])))
            XCTAssertFalse(opened.isPersistent)
            try opened.close()
            XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [], "\(lock): nothing moved aside")
            XCTAssertEqual(try Data(contentsOf: databaseURL), before, "\(lock): the file is untouched")
        }
    }
}
