import BrowserModel
import BrowserStore
import Foundation
import Gtk
import ListLayout
import VirtualList

/// One line of the History list: a day's heading, or a page (title over host, time at the end).
/// Real labels, so the text takes the theme's colours and fonts in light and dark.
@MainActor
final class HistoryLineView: VirtualListTitledLine {
    let host = Label()
    let time = Label()

    init(heading: Bool) {
        super.init(heading: heading, boxClass: heading ? "history-day" : "history-page",
                   titleClass: heading ? "heading" : "history-page-title")
        if heading {
            title.valign = .end
            title.setMargins(bottom: 6)
            box.append(title)
            return
        }
        let text = Box(.vertical, spacing: 2)
        text.hexpand = true
        text.valign = .center
        host.setXAlign(0)
        host.addCSSClass("dim-label")
        host.addCSSClass("caption")
        text.append(title)
        text.append(host)
        time.valign = .center
        time.addCSSClass("dim-label")
        time.addCSSClass("numeric")
        box.append(text)
        box.append(time)
    }

    func showHeading(_ text: String) {
        title.text = text
        box.setAccessibleLabel(text)
    }

    /// nil: the page's row is still being read from the store.
    func showPage(_ visit: HistoryVisit?, timeZone: TimeZone) {
        guard let visit else {
            title.text = "…"
            host.text = ""
            time.text = ""
            box.setAccessibleLabel("Loading")
            return
        }
        let host = HistoryDays.host(of: visit.uri)
        title.text = visit.title.isEmpty ? host : visit.title
        self.host.text = host
        time.text = HistoryDays.time(visit.lastVisit, timeZone: timeZone)
        box.setAccessibleLabel("\(title.text), \(host), \(time.text)")
    }
}

/// The History list: the shared virtualised `VirtualList` (pooled line widgets, roving keyboard
/// focus, its own scroll offset) over days and their pages, so 100,000 pages cost what a dozen do.
///
/// Keyboard: only page lines take the focus (headings are skipped). Besides the list's arrows,
/// PgUp/PgDn and Home/End: Enter opens (Ctrl+Enter in a new tab); Delete removes; a printable key
/// goes to the search field. A click opens, a middle click opens in a new tab.
@MainActor
final class HistoryPagesList: VirtualListSource {
    /// Readable line length on wide windows: the list is centred at most this wide.
    static let maximumWidth = 760.0

    /// 24 px kept free on the right for the scrollbar when the list fills the window.
    let list = VirtualList<HistoryPagesList>(label: "History", metrics: .init(
        lineHeight: HistoryLayout.lineHeight, maximumWidth: maximumWidth, leadingInset: 8, trailingInset: 24,
        headingsTakeFocus: false))
    var root: Overlay { list.root }
    var container: Canvas { list.container }
    private(set) var layout = HistoryLayout(days: [])
    private var timeZone = TimeZone.current
    private var now = Date()

    /// The page at a position of the newest-first list; nil while it is being read.
    var visitAt: (Int) -> HistoryVisit? = { _ in nil }
    var onOpen: ((_ position: Int, _ inNewTab: Bool) -> Void)?
    var onDelete: ((_ position: Int) -> Void)?
    var onType: ((Character) -> Void)?

    init() {
        list.source = self
        container.addCSSClass("history-list")
        list.onKey = { [weak self] key, modifiers in self?.handle(key: key, modifiers: modifiers) ?? false }
    }

    /// Shows a new grouping. `keepPlace` keeps the scroll offset and the current line (a page was
    /// removed); otherwise the list starts at the top.
    func show(_ days: [HistoryDay], now: Date, timeZone: TimeZone, keepPlace: Bool) {
        self.now = now
        self.timeZone = timeZone
        layout = HistoryLayout(days: days)
        let pages = days.reduce(0) { $0 + $1.count }
        container.setAccessibleLabel("History, \(pages) \(pages == 1 ? "page" : "pages")")
        list.show(layout.grouped, keepPlace: keepPlace)
    }

    /// Rows whose pages arrived from the store show them now.
    func refreshRows() { list.refill() }

    func makeLine(heading: Bool) -> HistoryLineView {
        let view = HistoryLineView(heading: heading)
        guard !heading else { return view }
        for (button, inNewTab) in [(UInt32(1), false), (UInt32(2), true)] {
            let click = GestureClick()
            click.setButton(button)
            click.onReleased { [weak self, weak view] _, _, _ in
                guard let self, let view, let line = self.list.index(of: view) else { return }
                self.activate(line: line, inNewTab: inNewTab)
            }
            view.box.addController(click)
        }
        return view
    }

    func fill(_ view: HistoryLineView, index: Int, position: GroupedLineLayout.Position) {
        switch layout.line(at: index) {
        case let .heading(day): view.showHeading(HistoryDays.title(layout.days[day], now: now, timeZone: timeZone))
        case let .page(_, page): view.showPage(visitAt(page), timeZone: timeZone)
        case nil: break
        }
    }

    private func activate(line: Int, inNewTab: Bool) {
        guard case let .page(_, page) = layout.line(at: line) else { return }
        list.setCurrent(line)
        onOpen?(page, inNewTab)
    }

    private func handle(key: UInt32, modifiers: KeyModifiers) -> Bool {
        if key == Key.enter || key == Key.kpEnter {
            activate(line: list.currentLine, inNewTab: modifiers.contains(.control))
            return true
        }
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return false }
        if key == Key.delete || key == Key.kpDelete {
            guard case let .page(_, page) = layout.line(at: list.currentLine) else { return false }
            onDelete?(page)
            return true
        }
        // Navigation keys have no character: they reach the list's own handling.
        guard let character = Key.character(key) else { return false }
        onType?(character)
        return true
    }

    func focusCurrent() { list.focusCurrent() }
    func setOffset(_ offset: Double) { list.setOffset(offset) }
    var offset: Double { list.offset }
    var contentHeight: Double { list.contentHeight }
    var widgetCount: Int { list.widgetCount }

    /// Positions (in the newest-first list) of the pages that have a line widget now.
    var placedPagePositions: [Int] {
        list.placedLines.compactMap { index in
            if case let .page(_, page) = layout.line(at: index) { return page }
            return nil
        }
    }

    /// The lines on screen now, top to bottom, as the widgets show them (for tests).
    var shownLines: [HistoryLineView] { list.shownLines }
}
