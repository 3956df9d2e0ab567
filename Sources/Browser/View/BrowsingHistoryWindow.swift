import BrowserModel
import BrowserStore
import Foundation
import Gtk
import Logging

/// History (Ctrl+H): a window of its own over the browser, as GNOME Web's, listing the pages
/// visited by day, newest first, with a search field on top and "Clear History…" in the header.
///
/// Reads never run on the main thread: the list's shape (every page's last-visit time, 8 bytes a
/// page) is read and grouped on a worker, and the rows themselves are read a page of
/// `rowsPerRead` at a time as they scroll into view, keeping at most `cachedReads` of them.
/// A search asks the address bar's full-text index (`searchHistory`: word prefixes in any order,
/// case and accents folded) for its best `searchLimit` matches at once, listed by day like the rest.
/// A newer read makes older answers stale: each carries the generation it was asked in and is
/// dropped if that has moved on.
@MainActor
public final class BrowsingHistoryWindow {
    nonisolated static let rowsPerRead = 100
    nonisolated static let cachedReads = 40
    nonisolated static let searchLimit = 2_000

    public let window = Window()
    let search = Entry()
    let list = HistoryPagesList()
    let clearButton = Button(label: "Clear History…")
    private let status = Label()
    private weak var browser: BrowserView?
    private weak var parent: Window?
    private let store: (any BrowsingDataStore)?
    private let timeZone: TimeZone
    private let logger = Logger(label: "skiff.browser.history")

    private var generation = 0
    /// Everything listed now: the store's whole history, or a search's matches (all in `rows`).
    private var times: [Date] = []
    private var reads: [Int: [HistoryVisit]] = [:]
    private var queuedReads: Set<Int> = []
    private var readInFlight = false
    private var issueScheduled = false
    private var searchResults: [HistoryVisit]?
    private var clearDialog: ClearHistoryDialog?
    /// Called after a page was opened in the current tab: the window shows the browser (it may be
    /// showing another section).
    public var onOpenedInCurrentTab: (@MainActor () -> Void)?
    /// Set once the first listing is on screen (tests and the benchmark wait for it).
    public private(set) var isLoaded = false

    public init(browser: BrowserView, transientFor parent: Window, timeZone: TimeZone = .current) {
        self.browser = browser
        self.parent = parent
        self.timeZone = timeZone
        store = browser.historyStore
        window.title = "History"
        window.setDefaultSize(width: 640, height: 720)
        window.setTransient(for: parent)
        window.addCSSClass("skiff-history")

        let header = HeaderBar()
        clearButton.setAccessibleLabel("Clear History…")
        header.packEnd(clearButton)
        window.setTitlebar(header)

        search.placeholder = "Search History"
        search.setPrimaryIcon("system-search-symbolic")
        search.setAccessibleLabel("Search History")
        search.setMargins(top: 12, bottom: 6, start: 16, end: 16)
        status.addCSSClass("dim-label")
        status.wraps = true
        status.halign = .center
        status.valign = .center
        status.isVisible = false
        list.root.addOverlay(status)

        let column = Box(.vertical)
        let searchRow = Box(.horizontal)
        searchRow.halign = .center
        search.setSizeRequest(width: 360, height: -1)
        search.hexpand = true
        searchRow.hexpand = true
        searchRow.append(search)
        column.append(searchRow)
        column.append(list.root)
        list.root.vexpand = true
        window.setChild(column)

        wire()
        if store == nil {
            showStatus("A private window keeps no history.")
            search.isSensitive = false
            clearButton.isSensitive = false
        } else {
            reload(keepPlace: false)
        }
    }

    private func wire() {
        list.visitAt = { [weak self] position in self?.visit(at: position) }
        list.onOpen = { [weak self] position, inNewTab in self?.open(position: position, inNewTab: inNewTab) }
        list.onDelete = { [weak self] position in self?.delete(position: position) }
        list.onType = { [weak self] character in
            guard let self else { return }
            _ = self.search.grabFocus()
            self.search.text += String(character)
            self.search.setPosition(-1)
        }
        search.onChanged { [weak self] in self?.reload(keepPlace: false) }
        search.onActivate { [weak self] in
            guard let self, let first = self.list.layout.pageLine(from: 0, step: 1),
                  case let .page(_, position) = self.list.layout.line(at: first) else { return }
            self.open(position: position, inNewTab: false)
        }
        let searchKeys = EventControllerKey()
        searchKeys.onPressed { [weak self] key, _ in
            guard let self, key == Key.down, self.list.layout.lineCount > 0 else { return false }
            self.list.focusCurrent()
            return true
        }
        search.addController(searchKeys)
        clearButton.onClicked { [weak self] in self?.showClearDialog() }

        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("Escape") { [weak self] in
            self?.window.close()
            return true
        }
        shortcuts.add("<Control>f") { [weak self] in
            guard let self, self.search.isSensitive else { return false }
            _ = self.search.grabFocus()
            self.search.selectAll()
            return true
        }
        shortcuts.add("<Control>w") { [weak self] in
            self?.window.close()
            return true
        }
        window.addController(shortcuts)
    }

    public func present() {
        window.present()
        if store != nil { reload(keepPlace: true) }
        if list.layout.lineCount > 0 { list.focusCurrent() } else { _ = search.grabFocus() }
    }

    // MARK: Reading

    /// Lists the store's history again (or the search's matches), off the main thread.
    func reload(keepPlace: Bool) {
        guard let store else { return }
        generation += 1
        let asked = generation
        let query = search.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let zone = timeZone
        Task.detached(priority: .userInitiated) { [weak self] in
            var problem: String?
            var times: [Date] = []
            var matches: [HistoryVisit]?
            do {
                if query.isEmpty {
                    times = try store.historyTimes()
                } else {
                    let found = try store.searchHistory(query, limit: Self.searchLimit)
                        .sorted { ($0.lastVisit, $1.uri) > ($1.lastVisit, $0.uri) }
                    matches = found
                    times = found.map(\.lastVisit)
                }
            } catch {
                problem = error.localizedDescription
            }
            let days = HistoryDays.group(times, timeZone: zone)
            await self?.listed(asked, times: times, days: days, matches: matches, query: query, problem: problem, keepPlace: keepPlace)
        }
    }

    private func listed(_ asked: Int, times: [Date], days: [HistoryDay], matches: [HistoryVisit]?, query: String,
                        problem: String?, keepPlace: Bool) {
        guard asked == generation else { return }
        self.times = times
        searchResults = matches
        reads = [:]
        queuedReads = []
        list.show(days, now: Date(), timeZone: timeZone, keepPlace: keepPlace)
        isLoaded = true
        if let problem {
            logger.error("history could not be read: \(problem)")
            showStatus("The history could not be read: \(problem)")
        } else if times.isEmpty {
            showStatus(query.isEmpty ? "Pages you visit will be listed here." : "No pages match “\(query)”.")
        } else {
            status.isVisible = false
        }
    }

    private func showStatus(_ text: String) {
        status.text = text
        status.setAccessibleLabel(text)
        status.isVisible = true
    }

    func visit(at position: Int) -> HistoryVisit? {
        if let searchResults { return searchResults.indices.contains(position) ? searchResults[position] : nil }
        let read = position / Self.rowsPerRead
        if let rows = reads[read] {
            let index = position - read * Self.rowsPerRead
            return rows.indices.contains(index) ? rows[index] : nil
        }
        requestRead(read)
        return nil
    }

    /// Reads are asked one at a time, and only for rows still placed when the worker is free: a
    /// sweep through 100,000 pages passes hundreds of reads it no longer needs, and reading them all
    /// would keep both cores busy while the list tries to draw.
    private func requestRead(_ read: Int) {
        guard store != nil, reads[read] == nil else { return }
        queuedReads.insert(read)
        guard !issueScheduled else { return }
        issueScheduled = true
        // After the list has dealt every row for this offset, so "still placed" is known.
        MainLoop.idle { [weak self] in
            self?.issueScheduled = false
            self?.issueNextRead()
        }
    }

    private func issueNextRead() {
        guard let store, !readInFlight else { return }
        let placed = Set(list.placedPagePositions.map { $0 / Self.rowsPerRead })
        queuedReads = queuedReads.filter { placed.contains($0) && reads[$0] == nil }
        guard let read = queuedReads.min() else { return }
        queuedReads.remove(read)
        readInFlight = true
        let asked = generation
        Task.detached(priority: .userInitiated) { [weak self] in
            let rows = (try? store.historyPage(offset: read * Self.rowsPerRead, limit: Self.rowsPerRead)) ?? []
            await self?.arrived(asked, read: read, rows: rows)
        }
    }

    private func arrived(_ asked: Int, read: Int, rows: [HistoryVisit]) {
        readInFlight = false
        if asked == generation {
            reads[read] = rows
            // Bounded: the reads farthest from this one go first.
            while reads.count > Self.cachedReads, let far = reads.keys.max(by: { abs($0 - read) < abs($1 - read) }) {
                reads[far] = nil
            }
            list.refreshRows()
        }
        issueNextRead()
    }

    // MARK: Acting

    private func open(position: Int, inNewTab: Bool) {
        guard let visit = visit(at: position), let browser else { return }
        browser.openFromHistory(visit.uri, inNewTab: inNewTab)
        if !inNewTab {
            onOpenedInCurrentTab?()
            window.close()
            parent?.present()
        }
    }

    private func delete(position: Int) {
        guard let store, let visit = visit(at: position) else { return }
        Task.detached(priority: .userInitiated) { [weak self] in
            var problem: String?
            do { try store.deleteHistory(uri: visit.uri) } catch { problem = error.localizedDescription }
            await self?.deleted(problem)
        }
    }

    private func deleted(_ problem: String?) {
        browser?.historyEdited()
        if let problem {
            showStatus("The page could not be removed: \(problem)")
            return
        }
        reload(keepPlace: true)
    }

    private func showClearDialog() {
        guard let browser else { return }
        let dialog = ClearHistoryDialog(browser: browser, transientFor: window) { [weak self] problem in
            guard let self else { return }
            if let problem { self.showStatus("History could not be cleared: \(problem)") }
            self.reload(keepPlace: false)
        }
        clearDialog = dialog
        dialog.window.present()
    }

    /// Test hooks: what the list shows and where.
    public var shownLineLabels: [String] { list.shownLines.compactMap { $0.box.accessibleLabel } }
    public var statusText: String? { status.isVisible ? status.text : nil }
    public var listWidget: Widget { list.container }
    public var searchEntry: Entry { search }
    public var clearHistoryButton: Button { clearButton }
    public var pendingClearDialog: ClearHistoryDialog? { clearDialog }
    public var listOffset: Double { list.offset }
    public func scrollList(to offset: Double) { list.setOffset(offset) }
    public var listContentHeight: Double { list.contentHeight }
    public var listWidgetCount: Int { list.widgetCount }
}

/// "Clear History…": which span to forget (the last hour, today, today and yesterday, all of it,
/// as Safari offers), with what websites stored in that span. Shared by History and Preferences.
@MainActor
public final class ClearHistoryDialog {
    public let window = Window()
    let choice: DropDown
    public let clearButton = Button(label: "Clear History")
    private let status = Label()

    public init(browser: BrowserView, transientFor parent: Window, done: @escaping @MainActor (String?) -> Void) {
        window.title = "Clear History"
        window.setTransient(for: parent)
        window.isModal = true
        window.setDefaultSize(width: 420, height: -1)
        choice = DropDown(items: HistoryClearRange.allCases.map { $0.title.prefix(1).uppercased() + $0.title.dropFirst() },
                          accessibleLabel: "Clear")
        choice.selected = HistoryClearRange.lastHour.rawValue

        let column = Box(.vertical, spacing: 18)
        column.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        let row = Box(.horizontal, spacing: 12)
        let label = Label("Clear")
        row.append(label)
        choice.hexpand = true
        row.append(choice)
        column.append(row)
        let note = Label("The pages visited in that time are forgotten, with the cookies, caches and other data websites stored meanwhile.")
        note.wraps = true
        note.maxWidthChars = 44
        note.setXAlign(0)
        note.addCSSClass("dim-label")
        column.append(note)
        status.wraps = true
        status.setXAlign(0)
        status.isVisible = false
        column.append(status)
        let buttons = Box(.horizontal, spacing: 12)
        buttons.halign = .end
        let cancel = Button(label: "Cancel")
        clearButton.addCSSClass("destructive-action")
        buttons.append(cancel)
        buttons.append(clearButton)
        column.append(buttons)
        window.setChild(column)

        cancel.onClicked { [weak self] in self?.window.close() }
        clearButton.onClicked { [weak self, weak browser] in
            guard let self, let browser else { return }
            let range = HistoryClearRange(rawValue: self.choice.selected) ?? .lastHour
            self.clearButton.isSensitive = false
            browser.clearHistory(range) { [weak self] problem in
                done(problem)
                guard let self else { return }
                if let problem {
                    self.status.text = "History could not be cleared: \(problem)"
                    self.status.isVisible = true
                    self.clearButton.isSensitive = true
                } else {
                    self.window.close()
                }
            }
        }
        let shortcuts = ShortcutController()
        shortcuts.add("Escape") { [weak self] in
            self?.window.close()
            return true
        }
        window.addController(shortcuts)
        _ = clearButton.grabFocus()
    }

    /// Chooses the span (tests; the user uses the drop-down).
    public func choose(_ range: HistoryClearRange) { choice.selected = range.rawValue }
}
