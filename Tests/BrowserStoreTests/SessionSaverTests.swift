import Foundation
import GRDB
import XCTest
@testable import BrowserStore

/// A fake main loop: actions run when the test moves time past their due time, in due order.
@MainActor
final class ManualScheduler: SaveScheduler {
    private(set) var now: TimeInterval = 0
    private var pending: [(due: TimeInterval, action: @MainActor @Sendable () -> Void)] = []

    func schedule(after delay: TimeInterval, _ action: @escaping @MainActor @Sendable () -> Void) {
        pending.append((now + delay, action))
    }

    func advance(to time: TimeInterval) {
        while let next = pending.enumerated().filter({ $0.element.due <= time }).min(by: { $0.element.due < $1.element.due }) {
            pending.remove(at: next.offset)
            now = next.element.due
            next.element.action()
        }
        now = time
    }
}

/// Records what was saved, for checking when each change reached the store.
final class RecordingStore: BrowsingDataStore, @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [StoredSession] = []
    var saved: [StoredSession] { lock.withLock { sessions } }
    var isPersistent: Bool { true }
    func recordVisit(uri: String, title: String?, at date: Date) throws {}
    func replaceVisit(old: String, new: String, title: String?, at date: Date) throws {}
    func updateTitle(_ title: String, forURI uri: String) throws {}
    func history(matching text: String, limit: Int) throws -> [HistoryVisit] { [] }
    func allHistory() throws -> [HistoryVisit] { [] }
    func clearHistory() throws {}
    func historyTimes() throws -> [Date] { [] }
    func historyPage(offset: Int, limit: Int) throws -> [HistoryVisit] { [] }
    func deleteHistory(uri: String) throws {}
    func deleteHistory(since date: Date) throws {}
    func saveSession(_ session: StoredSession) throws { lock.withLock { sessions.append(session) } }
    func loadSession() throws -> StoredSession? { lock.withLock { sessions.last } }
}

@MainActor
final class FiredBox { var date: Date? }

/// A saver over a model of one tab whose title is its version number, on a fake clock.
@MainActor
final class SaverHarness {
    let scheduler = ManualScheduler()
    let store: any BrowsingDataStore
    private(set) var saver: SessionSaver!
    private(set) var version = 0
    /// When each save took its snapshot, in order.
    private(set) var snapshotTimes: [TimeInterval] = []
    private let tabID = UUID()

    init(store: any BrowsingDataStore = RecordingStore(), background: Bool = false, tabs: Int = 1, stateSize: Int = 0) {
        self.store = store
        let ids = [tabID] + (1..<max(1, tabs)).map { _ in UUID() }
        saver = SessionSaver(store: store, scheduler: scheduler, writesInBackground: background) { [unowned self] in
            snapshotTimes.append(scheduler.now)
            let state: Data? = stateSize > 0 ? Data(repeating: 7, count: stateSize) : nil
            return StoredSession(tabs: ids.map { StoredTab(id: $0, uri: "https://v.example", title: "\(version)", sessionState: state) },
                                 currentTabID: tabID)
        }
    }

    var recorded: [StoredSession] { (store as? RecordingStore)?.saved ?? [] }
    var savedTitles: [String] { recorded.map { $0.tabs[0].title } }

    func change() {
        version += 1
        saver.noteChange()
    }
}

// XCTest on Linux can't run @MainActor test classes; the tests run on the main thread, so they
// enter the main actor with assumeIsolated like the GTK tests do.
final class SessionSaverTests: XCTestCase {
    func testAChangeIsSavedWithinASecondButNotInstantly() {
        MainActor.assumeIsolated {
            let h = SaverHarness()
            h.change()
            h.scheduler.advance(to: 0.1)
            XCTAssertEqual(h.recorded.count, 0, "a page load's burst of changes is gathered into one write")
            h.scheduler.advance(to: SessionSaver.maximumDelay)
            XCTAssertEqual(h.savedTitles, ["1"])
            XCTAssertFalse(h.saver.hasUnsavedChanges)
        }
    }

    func testContinuousChangesAreStillSavedAtLeastEverySecond() {
        MainActor.assumeIsolated {
            let h = SaverHarness()
            var changes: [(time: TimeInterval, version: Int)] = []
            // A title ticking every 100 ms for 10 s: a sliding debounce would not save until it stopped.
            for step in 0...100 {
                let t = Double(step) * 0.1
                h.scheduler.advance(to: t)
                h.change()
                changes.append((t, h.version))
            }
            h.scheduler.advance(to: 12)

            let saves = Array(zip(h.snapshotTimes, h.savedTitles.map { Int($0) ?? -1 }))
            for change in changes {
                guard let save = saves.first(where: { $0.1 >= change.version }) else {
                    return XCTFail("change \(change.version) at \(change.time) s was never saved")
                }
                XCTAssertLessThanOrEqual(save.0 - change.time, SessionSaver.maximumDelay + 1e-9,
                                         "change \(change.version) waited \(save.0 - change.time) s")
            }
            XCTAssertEqual(h.savedTitles.last, "\(h.version)", "the last change is saved")
            XCTAssertLessThan(h.recorded.count, changes.count / 4, "changes are batched, not one write each")
        }
    }

    func testFlushSavesAtOnceAndTheScheduledSaveThenHasNothingToDo() {
        MainActor.assumeIsolated {
            let h = SaverHarness()
            h.change()
            h.change()
            h.saver.flush()
            XCTAssertEqual(h.savedTitles, ["2"], "quitting right after a change keeps it")
            h.scheduler.advance(to: 5)
            XCTAssertEqual(h.recorded.count, 1)
        }
    }

    func testNothingChangedNothingWritten() {
        MainActor.assumeIsolated {
            let h = SaverHarness()
            h.saver.flush()
            h.scheduler.advance(to: 5)
            XCTAssertEqual(h.recorded.count, 0)
            h.change()
            h.scheduler.advance(to: 10)
            h.saver.flush()
            XCTAssertEqual(h.recorded.count, 1, "one change, one save; flush finds nothing new")
        }
    }

    func testTheRealSchedulerRunsOnTheMainQueueAfterTheDelay() {
        // The app's GLib loop drains the main queue; here Foundation's run loop does the same.
        let start = Date()
        let firedAt = MainActor.assumeIsolated { () -> FiredBox in
            let box = FiredBox()
            MainQueueScheduler().schedule(after: 0.05) { box.date = Date() }
            return box
        }
        while MainActor.assumeIsolated({ firedAt.date == nil }), Date().timeIntervalSince(start) < 5 {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        }
        let fired = MainActor.assumeIsolated { firedAt.date }
        XCTAssertNotNil(fired, "the save must run without anything else happening")
        if let fired { XCTAssertGreaterThanOrEqual(fired.timeIntervalSince(start), 0.05) }
    }

    func testBackgroundWritesReachTheDatabaseInOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("browser.sqlite")
        let store = try XCTUnwrap(DiskBrowsingStore.open(at: url).store)
        let (version, saves) = MainActor.assumeIsolated {
            let h = SaverHarness(store: store, background: true)
            for step in 1...30 {
                h.change()
                h.scheduler.advance(to: Double(step))
            }
            h.change()
            h.saver.flush()
            return (h.version, h.saver.saveCount)
        }
        try store.close()

        let reopened = try XCTUnwrap(DiskBrowsingStore.open(at: url).store)
        XCTAssertEqual(try reopened.loadSession()?.tabs.first?.title, "\(version)", "the newest session wins, never an older one")
        XCTAssertEqual(saves, 31)
    }

    func testAFailingSaveIsReportedRetriedAndClearedWhenItWorksAgain() {
        MainActor.assumeIsolated {
            let store = FailingStore()
            let h = SaverHarness(store: store)
            var reports: [String?] = []
            h.saver.onFailureChange = { reports.append($0) }
            store.failing = true
            h.change()
            h.scheduler.advance(to: 1)
            XCTAssertEqual(reports, ["the disk is full"])
            h.change()
            h.scheduler.advance(to: 1 + SessionSaver.retryDelay)
            XCTAssertEqual(store.attempts, 2, "retried without a new change being needed")
            XCTAssertEqual(reports, ["the disk is full"], "the same failure is reported once")
            store.failing = false
            h.scheduler.advance(to: 1 + 2 * SessionSaver.retryDelay)
            XCTAssertEqual(reports, ["the disk is full", nil])
            XCTAssertEqual(store.saved.last?.tabs.first?.title, "2", "the retry carries the newest session")
            h.scheduler.advance(to: 60)
            XCTAssertEqual(store.attempts, 3, "no retries once it works")
        }
    }
}

/// A store whose saves fail like a full disk while `failing` is set.
final class FailingStore: BrowsingDataStore, @unchecked Sendable {
    private let lock = NSLock()
    private var _failing = false
    private var _attempts = 0
    private var sessions: [StoredSession] = []
    var failing: Bool {
        get { lock.withLock { _failing } }
        set { lock.withLock { _failing = newValue } }
    }
    var attempts: Int { lock.withLock { _attempts } }
    var saved: [StoredSession] { lock.withLock { sessions } }
    var isPersistent: Bool { true }
    func recordVisit(uri: String, title: String?, at date: Date) throws {}
    func replaceVisit(old: String, new: String, title: String?, at date: Date) throws {}
    func updateTitle(_ title: String, forURI uri: String) throws {}
    func history(matching text: String, limit: Int) throws -> [HistoryVisit] { [] }
    func allHistory() throws -> [HistoryVisit] { [] }
    func clearHistory() throws {}
    func historyTimes() throws -> [Date] { [] }
    func historyPage(offset: Int, limit: Int) throws -> [HistoryVisit] { [] }
    func deleteHistory(uri: String) throws {}
    func deleteHistory(since date: Date) throws {}
    func saveSession(_ session: StoredSession) throws {
        try lock.withLock {
            _attempts += 1
            if _failing { throw DatabaseError(resultCode: .SQLITE_FULL) }
            sessions.append(session)
        }
    }
    func loadSession() throws -> StoredSession? { lock.withLock { sessions.last } }
}
