import Foundation
import GRDB
import TestSupport
import XCTest
@testable import BrowserStore

/// A damaged or unusable database must never stop the browser: damaged files are moved aside (not
/// deleted) with a message, and an unusable folder means running without saving, also with a message.
final class StoreRecoveryTests: XCTestCase {
    private var directory: TemporaryDirectory!
    private var databaseURL: URL { directory.url.appendingPathComponent("browser.sqlite") }
    private let crashTime = Date(timeIntervalSince1970: 1_717_243_200) // 2024-06-01 12:00:00 UTC

    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    private func assertRecoveredAndWorking(_ result: BrowserStoreOpenResult, originalBytes: Data?,
                                           file: StaticString = #filePath, line: UInt = #line) throws {
        guard case .recovered(let store, let movedTo, let message) = result else {
            return XCTFail("expected the damaged file to be moved aside, got \(result)", file: file, line: line)
        }
        XCTAssertEqual(movedTo.path, databaseURL.path + ".corrupt-20240601T120000Z", file: file, line: line)
        XCTAssertEqual(message, "Your browsing data could not be read and was moved to \(movedTo.path); a new one was started.",
                       file: file, line: line)
        if let originalBytes {
            XCTAssertEqual(try Data(contentsOf: movedTo), originalBytes, "the old file is kept as it was", file: file, line: line)
        }
        XCTAssertNil(try store.loadSession(), "a fresh database", file: file, line: line)
        let tab = StoredTab(id: UUID(), uri: "https://after.example", title: "After", sessionState: Data([9]))
        try store.saveSession(StoredSession(tabs: [tab], currentTabID: tab.id))
        try store.close()
        guard case .opened(let reopened) = DiskBrowsingStore.open(at: databaseURL, now: crashTime) else {
            return XCTFail("the new database opens cleanly next time", file: file, line: line)
        }
        XCTAssertEqual(try reopened.loadSession()?.tabs, [tab], file: file, line: line)
    }

    func testGarbageFileIsMovedAsideAndAFreshDatabaseStarted() throws {
        let garbage = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        try garbage.write(to: databaseURL)
        try assertRecoveredAndWorking(DiskBrowsingStore.open(at: databaseURL, now: crashTime), originalBytes: garbage)
    }

    func testDatabaseWithOverwrittenPagesIsMovedAside() throws {
        guard case .opened(let store) = DiskBrowsingStore.open(at: databaseURL) else { return XCTFail("setup") }
        for i in 0..<2_000 {
            try store.recordVisit(uri: "https://site\(i).example/\(String(repeating: "p", count: 100))", title: "Site \(i)", at: Date())
        }
        try store.close()
        // Keep SQLite's header (so it is still "a database") but scribble over the pages after it.
        var bytes = try Data(contentsOf: databaseURL)
        XCTAssertGreaterThan(bytes.count, 40_000)
        for i in 4_096..<40_000 { bytes[i] = UInt8(truncatingIfNeeded: i &* 7) }
        try bytes.write(to: databaseURL)

        try assertRecoveredAndWorking(DiskBrowsingStore.open(at: databaseURL, now: crashTime), originalBytes: bytes)
    }

    /// A history too large to read before the window opens is checked after it: damage found then
    /// is told, and the next start moves the file aside.
    func testALargeDatabaseIsCheckedAfterOpeningAndMovedAsideAtTheNextStart() throws {
        guard case .opened(let store) = DiskBrowsingStore.open(at: databaseURL) else { return XCTFail("setup") }
        for i in 0..<2_000 {
            try store.recordVisit(uri: "https://site\(i).example/\(String(repeating: "p", count: 100))", title: "Site \(i)", at: Date())
        }
        try store.close()
        var bytes = try Data(contentsOf: databaseURL)
        for i in 40_000..<80_000 where i < bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 7) }
        try bytes.write(to: databaseURL)

        // As if it were over the limit: it opens at once, unchecked.
        guard case .opened(let large) = StoreOpening.open(at: databaseURL, now: crashTime, checkLimit: 0) else {
            return XCTFail("a large database opens without being read whole")
        }
        XCTAssertTrue(large.needsCheckAfterOpening)
        let damage = try XCTUnwrap(large.checkIntegrity(), "the later check finds the damage")
        XCTAssertFalse(damage.isEmpty)
        try? large.close()
        XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [], "nothing moved while it was open")
        try assertRecoveredAndWorking(StoreOpening.open(at: databaseURL, now: crashTime, checkLimit: 0), originalBytes: nil)
    }

    func testMovingAsideTakesTheWriteAheadLogAndSharedMemoryAlong() throws {
        try Data("damaged".utf8).write(to: databaseURL)
        try Data("old log".utf8).write(to: URL(fileURLWithPath: databaseURL.path + "-wal"))
        try Data("old shm".utf8).write(to: URL(fileURLWithPath: databaseURL.path + "-shm"))

        let movedTo = try StoreOpening.moveAside(databaseURL, now: crashTime)

        // Kept together so the sqlite3 tool can still open the moved copy with its log; and no old
        // log is left where a new database would pick it up.
        XCTAssertEqual(directory.contents(), ["browser.sqlite.corrupt-20240601T120000Z",
                                              "browser.sqlite.corrupt-20240601T120000Z-shm",
                                              "browser.sqlite.corrupt-20240601T120000Z-wal"])
        XCTAssertEqual(try String(contentsOfFile: movedTo.path + "-wal", encoding: .utf8), "old log")
    }

    func testAfterRecoveryOnlyTheNewDatabaseAndTheDamagedCopyRemain() throws {
        try Data(repeating: 0x5A, count: 8_192).write(to: databaseURL)
        try Data("stale log".utf8).write(to: URL(fileURLWithPath: databaseURL.path + "-wal"))
        let result = DiskBrowsingStore.open(at: databaseURL, now: crashTime)
        try XCTUnwrap(result.store).recordVisit(uri: "https://new.example", title: "New", at: Date())

        let names = directory.contents()
        XCTAssertTrue(names.contains("browser.sqlite"), "\(names)")
        XCTAssertTrue(names.contains("browser.sqlite.corrupt-20240601T120000Z"), "\(names)")
        XCTAssertEqual(names.filter { !$0.hasPrefix("browser.sqlite") }, [])
        XCTAssertEqual(try XCTUnwrap(result.store).allHistory().map(\.uri), ["https://new.example"])
    }

    func testASecondDamageTheSameSecondDoesNotOverwriteTheFirstCopy() throws {
        try Data("first garbage".utf8).write(to: databaseURL)
        guard case .recovered(let first, let firstCopy, _) = DiskBrowsingStore.open(at: databaseURL, now: crashTime) else {
            return XCTFail("expected recovery")
        }
        try first.close()
        try Data("second garbage".utf8).write(to: databaseURL)
        try? FileManager.default.removeItem(atPath: databaseURL.path + "-wal")
        try? FileManager.default.removeItem(atPath: databaseURL.path + "-shm")
        guard case .recovered(_, let secondCopy, _) = DiskBrowsingStore.open(at: databaseURL, now: crashTime) else {
            return XCTFail("expected recovery")
        }
        XCTAssertNotEqual(firstCopy, secondCopy)
        XCTAssertEqual(try String(contentsOf: firstCopy, encoding: .utf8), "first garbage")
        XCTAssertEqual(try String(contentsOf: secondCopy, encoding: .utf8), "second garbage")
    }

    func testAFolderWhereTheDatabaseShouldBeIsMovedAside() throws {
        try FileManager.default.createDirectory(at: databaseURL, withIntermediateDirectories: true)
        try assertRecoveredAndWorking(DiskBrowsingStore.open(at: databaseURL, now: crashTime), originalBytes: nil)
    }

    /// Nothing is wrong with a database this user may not read yet (mode 000, another user's): it is
    /// left as it is, and the message says why and how to fix it.
    func testAnUnreadableFileIsLeftAloneWithAMessageSayingWhyAndHowToFixIt() throws {
        if reranAsNobody(self) { return }
        guard case .opened(let store) = DiskBrowsingStore.open(at: databaseURL) else { return XCTFail("setup") }
        try store.saveSession(StoredSession(tabs: [StoredTab(id: UUID(), uri: "https://kept.example/", title: "Kept", sessionState: nil)],
                                            currentTabID: nil))
        try store.close()
        let before = try Data(contentsOf: databaseURL)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: databaseURL.path)
        let result = DiskBrowsingStore.open(at: databaseURL, now: crashTime)
        guard case .unavailable(let message) = result else { return XCTFail("expected no store, got \(result)") }
        XCTAssertTrue(message.contains("permission denied"), message)
        XCTAssertTrue(message.contains("chmod u+rw"), message)
        XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [], "never moved aside")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: databaseURL.path)
        XCTAssertEqual(try Data(contentsOf: databaseURL), before, "the file is untouched")
        guard case .opened(let again) = DiskBrowsingStore.open(at: databaseURL) else { return XCTFail("readable again, it opens") }
        XCTAssertEqual(try again.loadSession()?.tabs.map(\.title), ["Kept"])
        try again.close()
    }

    // MARK: Unusable location: run without saving

    func testAFolderThatCannotBeCreatedGivesAClearMessageAndMemoryStore() throws {
        // A file where the data folder should be: fails for root too, unlike permission bits.
        let blocker = directory.url.appendingPathComponent("share")
        try Data("a file".utf8).write(to: blocker)
        let locations = DataLocations(environment: ["XDG_DATA_HOME": blocker.path, "HOME": directory.url.path])

        let result = DiskBrowsingStore.open(at: locations.browserDatabase)
        guard case .unavailable(let message) = result else { return XCTFail("expected no store, got \(result)") }
        XCTAssertNil(result.store)
        XCTAssertTrue(message.contains(locations.browserDatabase.path), message)
        XCTAssertTrue(message.contains("won't be saved"), message)
        // The system's reason, not Foundation's dump of the error (whose order changed between two
        // openings, so the two messages differed now and then).
        XCTAssertTrue(message.contains("Not a directory"), message)
        XCTAssertFalse(message.contains("Domain="), message)

        let opened = BrowsingData.open(privateMode: false, locations: locations)
        XCTAssertEqual(opened.message, message)
        XCTAssertFalse(opened.store.isPersistent, "the browser carries on, in memory")
        try opened.store.recordVisit(uri: "https://still.works", title: "Works", at: Date())
        XCTAssertEqual(try opened.store.allHistory().map(\.uri), ["https://still.works"])
    }

    func testNonWritableFolderGivesAClearMessage() throws {
        if reranAsNobody(self) { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.url.path)
        let result = DiskBrowsingStore.open(at: databaseURL)
        guard case .unavailable(let message) = result else { return XCTFail("expected no store, got \(result)") }
        XCTAssertTrue(message.contains("isn't writable"), message)
    }

    func testAFolderThatCannotBeOpenedIsNotCalledUnwritable() throws {
        if reranAsNobody(self) { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: directory.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.url.path) }
        let result = DiskBrowsingStore.open(at: databaseURL)
        guard case .unavailable(let message) = result else { return XCTFail("expected no store, got \(result)") }
        XCTAssertTrue(message.contains("can't be opened (mode 000)"), message)
        XCTAssertFalse(message.contains("isn't writable"), message)
    }

    func testADatabaseBusyInAnotherProcessIsLeftAlone() throws {
        // Another Skiff holds the write lock on a database that still needs its tables created.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true // to hold the lock across calls, as a live process would
        let other = try DatabaseQueue(path: databaseURL.path, configuration: configuration)
        try other.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE theirs (x); INSERT INTO theirs VALUES (42); BEGIN EXCLUSIVE")
        }
        defer { try? other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }

        let result = StoreOpening.open(at: databaseURL, now: crashTime, busyTimeout: 0.2)
        guard case .unavailable(let message) = result else { return XCTFail("expected no store, got \(result)") }
        XCTAssertTrue(message.contains("another Skiff is using it"), message)
        XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [], "a good database in use is never moved aside")
        XCTAssertEqual(try other.read { try Int.fetchOne($0, sql: "SELECT x FROM theirs") }, 42)
    }

    func testAHealthyDatabaseIsNeverMovedAside() throws {
        guard case .opened(let store) = DiskBrowsingStore.open(at: databaseURL) else { return XCTFail("setup") }
        try store.recordVisit(uri: "https://a.example", title: "A", at: Date())
        try store.close()
        for _ in 0..<3 {
            guard case .opened(let again) = DiskBrowsingStore.open(at: databaseURL, now: crashTime) else {
                return XCTFail("a good database opens as it is")
            }
            XCTAssertEqual(try again.allHistory().count, 1)
            try again.close()
        }
        XCTAssertEqual(directory.contents().filter { $0.contains("corrupt") }, [])
    }
}
