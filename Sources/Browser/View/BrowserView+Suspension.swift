import BrowserModel
import Foundation
import Gtk

/// Performs `TabSuspension`'s decisions for one browser: tells it what the user did, asks the
/// pages it names whether they may go, and suspends or resumes them.
@MainActor
final class TabSuspender {
    private weak var browser: BrowserView?
    var model = TabSuspension()
    /// Monotonic seconds; injected so tests of the view could drive it (the model's tests do).
    var clock: () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    private var reviewQueued = false
    /// Wakes the model for its time-based rules (idle tabs, busy tabs asked again).
    private var timer: RepeatingTimer?
    /// How often the time-based rules are looked at: idle limits are minutes, so 5 s is exact enough.
    static let timerMilliseconds: UInt32 = 5_000
    /// Let a burst of tab commands settle before asking pages anything.
    static let reviewDelayMilliseconds: UInt32 = 300

    init(browser: BrowserView) {
        self.browser = browser
    }

    /// Tabs given a page since the browser started (the churn benchmark checks its keys arrived).
    private(set) var openedCount = 0

    func opened(_ id: UUID) {
        openedCount += 1
        model.opened(id, now: clock())
        queueReview()
    }

    /// A tab that starts without its web view (a restored background tab).
    func openedSuspended(_ id: UUID) {
        openedCount += 1
        model.openedSuspended(id, now: clock())
    }

    func closed(_ id: UUID) {
        model.closed(id)
    }

    func selected(_ id: UUID) {
        if let previous = model.current, previous != id { browser?.pages[previous]?.takePictureOnLeaving() }
        perform(model.selected(id, now: clock()))
        queueReview()
    }

    func queueReview() {
        if timer == nil {
            timer = RepeatingTimer(milliseconds: Self.timerMilliseconds) { [weak self] in self?.reviewIfDue() }
        }
        guard !reviewQueued else { return }
        reviewQueued = true
        MainLoop.after(milliseconds: Self.reviewDelayMilliseconds) { [weak self] in
            guard let self else { return }
            self.reviewQueued = false
            self.review()
        }
    }

    private func reviewIfDue() {
        let now = clock()
        guard let due = model.nextDeadline(now: now), due <= now else { return }
        review()
    }

    func review() {
        // The tab on screen is never suspended, however it became current (a restored session).
        if let current = browser?.pager.tabs.current.id, model.current != current { selected(current) }
        perform(model.review(now: clock()))
    }

    private func perform(_ effects: [TabSuspension.Effect]) {
        for effect in effects {
            switch effect {
            case .check(let id):
                guard let page = browser?.pages[id] else {
                    _ = model.checked(id, verdict: .busy, now: clock())
                    continue
                }
                page.inspectForSuspension { [weak self, weak page] inspection, picture in
                    guard let self else { return }
                    let verdict: TabSuspension.Verdict = inspection == nil || page == nil ? .busy : .canSuspend
                    let next = self.model.checked(id, verdict: verdict, now: self.clock())
                    if next.contains(.suspend(id)), let page, let inspection {
                        page.suspend(inspection, picture: picture)
                    }
                }
            case .suspend:
                break  // Comes only from `checked`, handled above with the inspection in hand.
            case .resume(let id):
                browser?.pages[id]?.resume()
            }
        }
    }
}

extension BrowserView {
    /// How many background tabs keep their web view, and after how long idle they lose it.
    public var tabSuspensionPolicy: TabSuspension.Policy {
        get { suspender.model.policy }
        set {
            suspender.model.policy = newValue
            suspender.queueReview()
        }
    }

    /// Tabs whose web view has been let go (shown by their picture until selected).
    public var suspendedTabCount: Int { pages.values.filter(\.isSuspended).count }

    /// Whether the tab at `index` is suspended (the tab overview can badge it; tests wait for it).
    public func isTabSuspended(at index: Int) -> Bool {
        guard pager.tabs.tabs.indices.contains(index) else { return false }
        return pages[pager.tabs.tabs[index].id]?.isSuspended ?? false
    }

    /// Tabs opened since the browser started, restored ones included.
    public var tabsOpenedCount: Int { suspender.openedCount }

    /// Looks at once for tabs to suspend (the benchmark, rather than waiting for the next review).
    public func reviewTabSuspension() { suspender.review() }
}
