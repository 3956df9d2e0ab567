import BrowserModel
import BrowserStore
import Foundation
import Gtk
import Logging

/// Runs history searches on a worker thread, one at a time, and hands back only the newest one's
/// results (`LatestOnlySearch`): SQLite never runs on the main thread, and fast typing never shows
/// the rows of a prefix already passed.
///
/// The frame that draws a typed letter waits a few milliseconds for that letter's results
/// (`frameWait`), so the letter and its suggestions appear together. Without it the results would
/// always come one frame after the letter (GTK paints the letter at once; the worker answers a few
/// milliseconds later, and the next frame is a whole refresh interval away).
@MainActor
final class HistorySearcher {
    /// Candidates asked of the index per search: the model's tiers and limit choose among them.
    nonisolated static let candidateLimit = 64
    /// How long after a key its frame may wait for the results (seconds), when that frame is the
    /// first after a pause: nothing on screen moves, and a frame's own work while typing is 1–3 ms,
    /// so the letter still shows well inside one refresh interval. A slower search shows in the
    /// next frame instead.
    nonisolated static let frameWait = 0.008
    /// How long a frame that follows another at the display's rate (the cursor blinking, an
    /// animation) may wait, from its start: with its own work (under 9 ms while typing) it still
    /// ends inside its refresh interval, so the next frame starts on its tick.
    nonisolated static let steadyFrameWait = 0.006
    /// Frames closer together than this are "at the display's rate" (two 60 Hz intervals).
    nonisolated static let steadyFrameInterval = 0.034
    /// For `make bench`: each delivered search's text and how long the worker took to answer it
    /// (seconds from the key to the results being ready).
    var onAnswered: (@MainActor (String, Double) -> Void)?

    private let store: any BrowsingDataStore
    private var scheduler = LatestOnlySearch<String>()
    private let queue = DispatchQueue(label: "skiff.browser.history-search", qos: .userInitiated)
    private let mailbox = SearchMailbox()
    private let logger = Logger(label: "skiff.browser.history-search")
    private var deliver: (@MainActor (String, [Suggestions.HistoryItem]) -> Void)?
    /// The search on the worker now, and when it was asked for.
    private var running: (ticket: LatestOnlySearch<String>.Ticket, askedAt: Double, askedDate: Date)?
    /// When each waiting search was asked for (its frame's deadline counts from then).
    private var askedAt: [Int: Double] = [:]
    /// The next frame of the widget that shows the results waits for them; nil: they show when they come.
    private var frameTicker: (ticker: FrameTicker, widget: ObjectIdentifier)?
    private weak var frameWidget: Widget?

    init(store: any BrowsingDataStore) {
        self.store = store
    }

    /// Searches for `text`; `deliver` gets the results on the main thread unless a newer search was
    /// asked for meanwhile (each call replaces the previous `deliver`). With `widget`, its next
    /// frame waits for them (at most `frameWait`).
    func search(_ text: String, shownIn widget: Widget? = nil, deliver: @escaping @MainActor (String, [Suggestions.HistoryItem]) -> Void) {
        self.deliver = deliver
        if let widget, frameTicker?.widget != ObjectIdentifier(widget) {
            frameTicker?.ticker.stop()
            frameTicker = (FrameTicker(widget: widget), ObjectIdentifier(widget))
            frameWidget = widget
        }
        let now = FrameStats.monotonicNow
        if let ticket = scheduler.request(text) {
            run(ticket, askedAt: now)
        } else if let pendingID = scheduler.pendingID {
            askedAt = [pendingID: now]
        }
        // With nothing typed the rows at hand (the start page's) are already the answer; the frame
        // that opens the editor has enough to do.
        guard !text.isEmpty else { return }
        frameTicker?.ticker.start { [weak self] _ in
            self?.settle()
            return false
        }
    }

    /// Nothing asked for so far will be delivered.
    func cancel() {
        scheduler.cancel()
        deliver = nil
        askedAt.removeAll()
        frameTicker?.ticker.stop()
    }

    private func run(_ ticket: LatestOnlySearch<String>.Ticket, askedAt: Double) {
        running = (ticket, askedAt, Date(timeIntervalSinceNow: askedAt - FrameStats.monotonicNow))
        let store = store
        let mailbox = mailbox
        let now = Date()
        queue.async { [weak self] in
            let result = Result { try store.searchHistory(ticket.query, limit: Self.candidateLimit, now: now) }
            mailbox.post(ticket.id, (result, Date()))
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.collect(ticket) }
            }
        }
    }

    /// The worker's answer reached the main queue (unless a frame already took it).
    private func collect(_ ticket: LatestOnlySearch<String>.Ticket) {
        guard let result = mailbox.take(ticket.id) else { return }
        finished(ticket, result)
    }

    /// At the start of a frame, before its layout: waits for the running search while it is
    /// within `frameWait` of being asked for (`steadyFrameWait` of this frame's start when frames
    /// are coming steadily), and shows its results in this frame.
    private func settle() {
        let frameStart = FrameStats.monotonicNow
        let steady = frameWidget.flatMap { FrameTicker.sincePreviousFrame(for: $0) }
            .map { $0 < Self.steadyFrameInterval } ?? false
        while let running {
            var deadline = running.askedAt + Self.frameWait
            if steady { deadline = min(deadline, frameStart + Self.steadyFrameWait) }
            let left = deadline - FrameStats.monotonicNow
            guard left > 0, let result = mailbox.wait(for: running.ticket.id, until: Date(timeIntervalSinceNow: left)) else { return }
            finished(running.ticket, result)
        }
    }

    private func finished(_ ticket: LatestOnlySearch<String>.Ticket, _ answer: SearchMailbox.Answer) {
        let askedDate = running?.askedDate
        running = nil
        let (shouldDeliver, next) = scheduler.finished(ticket)
        if let next { run(next, askedAt: askedAt.removeValue(forKey: next.id) ?? FrameStats.monotonicNow) }
        guard shouldDeliver else { return }
        if let askedDate { onAnswered?(ticket.query, answer.postedAt.timeIntervalSince(askedDate)) }
        switch answer.result {
        case .success(let items):
            deliver?(ticket.query, items)
        case .failure(let error):
            // Suggestions just go without history; browsing goes on.
            logger.warning("history search failed: \(error)")
            deliver?(ticket.query, [])
        }
    }
}

/// Where the worker leaves each search's results, for whichever comes first: the main queue's
/// delivery, or a frame waiting for them.
private final class SearchMailbox: @unchecked Sendable {
    typealias Answer = (result: Result<[Suggestions.HistoryItem], any Error>, postedAt: Date)
    // Guarded by `condition`.
    private let condition = NSCondition()
    private var answers: [Int: Answer] = [:]

    func post(_ id: Int, _ answer: Answer) {
        condition.lock()
        answers[id] = answer
        condition.broadcast()
        condition.unlock()
    }

    func take(_ id: Int) -> Answer? {
        condition.lock()
        defer { condition.unlock() }
        return answers.removeValue(forKey: id)
    }

    /// `id`'s answer, waiting for it until `deadline`; nil if it is not in by then.
    func wait(for id: Int, until deadline: Date) -> Answer? {
        condition.lock()
        defer { condition.unlock() }
        while answers[id] == nil, condition.wait(until: deadline) {}
        return answers.removeValue(forKey: id)
    }
}
