import Foundation

/// Which background tabs give up their web view (and with it their web process), as Safari
/// does: every tab costs a web process of 100–250 MB, so only the few most recently used, and
/// none idle for long, keep one. A suspended tab keeps its back/forward list, title, scroll
/// position and a picture of the page, and gets a fresh web view when it is shown again.
///
/// Pure state machine, time injected. The view tells it what the user did (`opened`, `selected`,
/// `closed`), asks it what to do now (`review`), and reports back what the page said when asked
/// whether it may go (`checked`) — a page playing sound or holding typed, unsent input may not.
/// Effects are what the view must perform.
public struct TabSuspension: Sendable, Equatable {
    public struct Policy: Sendable, Equatable {
        /// Tabs that keep their web view whatever their age: the current one and the ones the
        /// user went back and forth between most recently (docs/tab-suspension.md says why 4).
        public var liveTabs: Int
        /// A background tab not shown for this long is suspended even among the most recent.
        public var idleSeconds: TimeInterval
        /// A tab that was busy (sound, unsent input) is asked again after this long.
        public var recheckSeconds: TimeInterval

        public init(liveTabs: Int = 4, idleSeconds: TimeInterval = 600, recheckSeconds: TimeInterval = 30) {
            self.liveTabs = max(1, liveTabs)
            self.idleSeconds = idleSeconds
            self.recheckSeconds = recheckSeconds
        }

        /// Nothing is ever suspended (the "before" figure of the memory benchmark).
        public static let never = Policy(liveTabs: Int.max, idleSeconds: .infinity)
    }

    public enum Phase: Sendable, Equatable {
        /// Has its web view.
        case live
        /// The page has been asked whether it may go (sound, unsent input, its scroll position,
        /// its picture); the answer comes back through `checked`.
        case checking
        /// Its web view is gone; the tab shows its picture until it is selected.
        case suspended
    }

    /// What the page said when asked.
    public enum Verdict: Sendable, Equatable {
        /// Nothing would be lost: the view may destroy the web view.
        case canSuspend
        /// Playing sound, holding unsent input, or nothing loaded worth keeping: stays live.
        case busy
    }

    public enum Effect: Sendable, Equatable {
        /// Ask the page whether it may go, and take its scroll position and picture.
        case check(UUID)
        /// Destroy the web view, keeping what was taken.
        case suspend(UUID)
        /// Give the tab a fresh web view and put its page back where it was.
        case resume(UUID)
    }

    struct Entry: Sendable, Equatable {
        var lastUsed: TimeInterval
        var phase: Phase = .live
        /// Not asked again before this time (it was busy).
        var busyUntil: TimeInterval = -.infinity
    }

    public var policy: Policy
    private(set) var entries: [UUID: Entry] = [:]
    public private(set) var current: UUID?

    public init(policy: Policy = Policy()) {
        self.policy = policy
    }

    public func phase(of id: UUID) -> Phase? { entries[id]?.phase }
    public var suspendedCount: Int { entries.values.filter { $0.phase == .suspended }.count }
    public var liveCount: Int { entries.values.filter { $0.phase != .suspended }.count }

    /// A tab was created with a web view (new, restored, opened from a link).
    public mutating func opened(_ id: UUID, now: TimeInterval) {
        entries[id] = Entry(lastUsed: now)
    }

    /// A tab that starts out without a web view (a session restored lazily).
    public mutating func openedSuspended(_ id: UUID, now: TimeInterval) {
        entries[id] = Entry(lastUsed: now, phase: .suspended)
    }

    public mutating func closed(_ id: UUID) {
        entries[id] = nil
        if current == id { current = nil }
    }

    /// A tab became the one on screen. A suspended one must be resumed first; one being checked
    /// stays (the check's answer will be ignored).
    public mutating func selected(_ id: UUID, now: TimeInterval) -> [Effect] {
        if let previous = current, previous != id { entries[previous]?.lastUsed = now }
        current = id
        guard var entry = entries[id] else {
            entries[id] = Entry(lastUsed: now)
            return []
        }
        entry.lastUsed = now
        let wasSuspended = entry.phase == .suspended
        entry.phase = .live
        entries[id] = entry
        return wasSuspended ? [.resume(id)] : []
    }

    /// The user did something in the current tab (typing, scrolling): it stays the most recent.
    public mutating func touched(_ id: UUID, now: TimeInterval) {
        entries[id]?.lastUsed = now
    }

    /// Which tabs should now be asked whether they may go: live tabs other than the current
    /// one, beyond the `liveTabs` most recently used or idle for `idleSeconds`, and not found
    /// busy lately. They move to `.checking` until `checked` answers.
    public mutating func review(now: TimeInterval) -> [Effect] {
        let background = entries.filter { $0.key != current && $0.value.phase != .suspended }
            .sorted { $0.value.lastUsed != $1.value.lastUsed ? $0.value.lastUsed > $1.value.lastUsed : $0.key.uuidString < $1.key.uuidString }
        // The current tab takes one of the live places.
        let keep = policy.liveTabs == Int.max ? Int.max : policy.liveTabs - (current == nil ? 0 : 1)
        var effects: [Effect] = []
        for (rank, (id, entry)) in background.enumerated() {
            guard entry.phase == .live, entry.busyUntil <= now else { continue }
            let beyond = rank >= keep
            let idle = now - entry.lastUsed >= policy.idleSeconds
            guard beyond || idle else { continue }
            entries[id]?.phase = .checking
            effects.append(.check(id))
        }
        return effects
    }

    /// The page's answer. A tab that became current or was closed meanwhile stays as it is.
    public mutating func checked(_ id: UUID, verdict: Verdict, now: TimeInterval) -> [Effect] {
        guard var entry = entries[id], entry.phase == .checking else { return [] }
        switch verdict {
        case .canSuspend where id != current:
            entry.phase = .suspended
            entries[id] = entry
            return [.suspend(id)]
        case .canSuspend, .busy:
            entry.phase = .live
            if verdict == .busy { entry.busyUntil = now + policy.recheckSeconds }
            entries[id] = entry
            return []
        }
    }

    /// When the next `review` could find something to do because time passed (an idle limit or
    /// a busy tab's recheck), for the view's timer; nil when only user actions can change it.
    public func nextDeadline(now: TimeInterval) -> TimeInterval? {
        guard policy.idleSeconds.isFinite else { return nil }
        var soonest: TimeInterval?
        for (id, entry) in entries where id != current && entry.phase == .live {
            let due = entry.busyUntil > now ? entry.busyUntil : entry.lastUsed + policy.idleSeconds
            soonest = min(soonest ?? due, due)
        }
        return soonest.map { max($0, now) }
    }
}
