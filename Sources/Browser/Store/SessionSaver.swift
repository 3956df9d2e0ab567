import Foundation
import Logging

/// Runs an action once, a delay from now. Injected so the saver can be tested with a fake clock.
public protocol SaveScheduler {
    @MainActor func schedule(after delay: TimeInterval, _ action: @escaping @MainActor @Sendable () -> Void)
}

/// The real scheduler: the main dispatch queue, which the app's GLib loop drains
/// (`MainLoop.installDispatchBridge`).
public struct MainQueueScheduler: SaveScheduler {
    public init() {}

    public func schedule(after delay: TimeInterval, _ action: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            MainActor.assumeIsolated { action() }
        }
    }
}

/// Saves the open tabs soon after they change, so a crash or `kill -9` loses at most the last second.
///
/// Not a sliding debounce: the first change after a save schedules the next save `saveDelay` later,
/// and further changes until then ride along, so a page that changes its title every 100 ms is
/// still saved at least every `saveDelay` seconds instead of never. The session is read (through
/// `snapshot`) when the save runs, so it includes every change up to that moment.
@MainActor
public final class SessionSaver {
    /// The promise: a change is on disk at most this long after it happened.
    public static let maximumDelay: TimeInterval = 1.0
    /// Shorter than `maximumDelay` so timer lateness on a busy main loop and the write itself
    /// still fit inside it; long enough that a page load's burst of changes is one write.
    public static let saveDelay: TimeInterval = 0.75
    /// After a failed save (disk full, database read-only or gone), the whole session is tried
    /// again this long after, for as long as it keeps failing. A full disk is usually freed by the
    /// user within minutes; one small transaction every few seconds costs nothing meanwhile.
    public static let retryDelay: TimeInterval = 3

    private let store: any BrowsingDataStore
    private let scheduler: any SaveScheduler
    private let snapshot: @MainActor () -> StoredSession?
    /// Serial, so saves reach the database in the order they were taken; nil writes on the caller's thread.
    private let writeQueue: DispatchQueue?
    private let logger = Logger(label: "skiff.browser.store")

    /// Whether a change is waiting for the scheduled save.
    public private(set) var hasUnsavedChanges = false
    /// How many saves were started; for tests and diagnostics.
    public private(set) var saveCount = 0
    /// Why the last save failed, or nil when the last save worked (or none was tried yet). A failed
    /// save leaves the previous session in the database untouched (one transaction).
    public private(set) var failure: String?
    /// Called on the main actor when `failure` changes: a save started failing, failed for another
    /// reason, or worked again. The browser shows a notice while it is non-nil.
    public var onFailureChange: (@MainActor (String?) -> Void)?
    private var retryScheduled = false

    /// `snapshot` returns the session as it is now, or nil if there is nothing to save (the window
    /// is closing and `flush` already saved). With `writesInBackground`, SQLite runs on a utility
    /// queue so a save never takes frame time from the main thread.
    public init(store: any BrowsingDataStore, scheduler: any SaveScheduler = MainQueueScheduler(),
                writesInBackground: Bool = true, snapshot: @escaping @MainActor () -> StoredSession?) {
        self.store = store
        self.scheduler = scheduler
        self.snapshot = snapshot
        self.writeQueue = writesInBackground ? DispatchQueue(label: "skiff.browser.session-save", qos: .utility) : nil
    }

    /// Call after anything that changes the session: a tab opened, closed, moved or switched to,
    /// a navigation committed, a title changed.
    public func noteChange() {
        guard !hasUnsavedChanges else { return }
        hasUnsavedChanges = true
        scheduler.schedule(after: Self.saveDelay) { [weak self] in
            self?.saveIfNeeded()
        }
    }

    /// Saves any unsaved change now and waits until every save is written. Call on quit and when
    /// the window closes; a scheduled save that fires later finds nothing to do.
    public func flush() {
        saveIfNeeded()
        waitForWrites()
    }

    /// Blocks until saves already started are in the database.
    public func waitForWrites() {
        writeQueue?.sync {}
    }

    private func saveIfNeeded() {
        guard hasUnsavedChanges else { return }
        hasUnsavedChanges = false
        guard let session = snapshot() else { return }
        saveCount += 1
        let store = store
        let logger = logger
        guard let writeQueue else {
            writeFinished(Self.write(session, to: store, logger: logger))
            return
        }
        writeQueue.async { [weak self] in
            let outcome = Self.write(session, to: store, logger: logger)
            DispatchQueue.main.async { MainActor.assumeIsolated { self?.writeFinished(outcome) } }
        }
    }

    /// Nil when saved, else why not, in words for the user.
    private nonisolated static func write(_ session: StoredSession, to store: any BrowsingDataStore, logger: Logger) -> String? {
        do {
            try store.saveSession(session)
            return nil
        } catch {
            logger.error("saving the open tabs failed: \(error)")
            return SaveFailure.describe(error)
        }
    }

    private func writeFinished(_ problem: String?) {
        if problem != nil {
            // The session is taken again when the retry runs, so it carries every change since.
            hasUnsavedChanges = true
            if !retryScheduled {
                retryScheduled = true
                scheduler.schedule(after: Self.retryDelay) { [weak self] in
                    self?.retryScheduled = false
                    self?.saveIfNeeded()
                }
            }
        }
        guard problem != failure else { return }
        failure = problem
        onFailureChange?(problem)
    }
}
