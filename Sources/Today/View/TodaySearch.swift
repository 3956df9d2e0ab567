import Dispatch
import Foundation
import Gtk
import TodayModel

/// Ctrl+F in Today: the search bar over the feed, the questions to the store and the "No articles
/// match" page. Renders `ArticleSearch`; the section shows what it answers (`onShow`).
@MainActor
final class TodaySearch {
    /// What the section puts on screen: the results as cards, the no-match page, or its feed.
    enum Page {
        case results(Feed)
        case noMatch
        case feed
    }

    let bar = Revealer()
    let entry = Entry()
    /// "No articles match", shown in place of the feed.
    let noMatchPage = Box(.vertical, spacing: 0)
    private(set) var model = ArticleSearch()
    private let runner = LatestQueryRunner()
    /// Asks the store (called off the main thread). nil: nothing to search (the sample), every
    /// query finds nothing.
    var query: (@Sendable (String) -> [ArticleCardInput])?
    var onShow: ((Page) -> Void)?
    /// Escape, or Done: the feed comes back and the section puts the focus back.
    var onClose: (() -> Void)?

    init() {
        let row = Box(.horizontal, spacing: 6)
        row.addCSSClass("today-search")
        entry.placeholder = "Search articles"
        entry.setAccessibleLabel("Search articles")
        entry.setPrimaryIcon("edit-find-symbolic")
        entry.hexpand = true
        let done = Button(label: "Done")
        done.onClicked { [weak self] in self?.close() }
        row.append(entry)
        row.append(done)
        bar.setChild(row)
        bar.setAccessibleLabel("Search Today")
        bar.revealsChild = false
        entry.onChanged { [weak self] in
            guard let self, self.model.isOpen else { return }
            self.perform(self.model.setQuery(self.entry.text))
        }
        let label = Label(ArticleSearch.noMatchText)
        label.addCSSClass("dim-label")
        label.addCSSClass("title-2")
        label.vexpand = true
        label.valign = .center
        noMatchPage.append(label)
        noMatchPage.isVisible = false
    }

    var isOpen: Bool { model.isOpen }

    /// Ctrl+F: the bar opens with the focus in it; open already, its text is selected to type over.
    func open() {
        model.open()
        bar.revealsChild = true
        _ = entry.grabFocus()
        entry.selectAll()
    }

    func close() {
        guard let effect = model.close() else { return }
        runner.cancel()
        bar.revealsChild = false
        if !entry.text.isEmpty { entry.text = "" }
        perform(effect)
    }

    private func perform(_ effect: ArticleSearch.Effect) {
        switch effect {
        case .showFeed:
            runner.cancel()
            onShow?(.feed)
        case .close:
            onShow?(.feed)
            onClose?()
        case .run(let text, let generation):
            let query = self.query
            runner.submit {
                let found = query?(text) ?? []
                // Cards are made here too: the main thread only swaps the page.
                return found.isEmpty ? nil : ArticleCards.feed(from: found, now: Date())
            } then: { [weak self] feed in
                guard let self else { return }
                switch self.model.answered(generation: generation, count: feed?.cardCount ?? 0) {
                case nil: return
                case .noMatch?: self.onShow?(.noMatch)
                case .results?: if let feed { self.onShow?(.results(feed)) }
                case .feed?: self.onShow?(.feed)
                }
            }
        }
    }
}

/// Runs one question at a time off the main thread; a question not started when the next comes is
/// dropped (the next key cancels it), so typing fast never queues a query per key.
final class LatestQueryRunner: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: (@Sendable () -> Void)?
    private var running = false
    private let queue = DispatchQueue(label: "skiff.today.search", qos: .userInitiated)

    /// Runs `work` on the worker, then `then` with its answer on the main actor.
    func submit<Answer: Sendable>(_ work: @escaping @Sendable () -> Answer, then: @escaping @MainActor @Sendable (Answer) -> Void) {
        let job: @Sendable () -> Void = {
            let answer = work()
            DispatchQueue.main.async { MainActor.assumeIsolated { then(answer) } }
        }
        lock.lock()
        pending = job
        let start = !running
        running = true
        lock.unlock()
        if start { queue.async { self.drain() } }
    }

    /// Drops the question not started yet.
    func cancel() {
        lock.lock()
        pending = nil
        lock.unlock()
    }

    private func drain() {
        while true {
            lock.lock()
            guard let job = pending else {
                running = false
                lock.unlock()
                return
            }
            pending = nil
            lock.unlock()
            job()
        }
    }
}
