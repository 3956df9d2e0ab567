import Foundation
import Gtk
import HomeModel
import ListLayout
import VirtualList

/// One 80 px line of the list: a month's heading, or a transaction row ("150 Stars redeemed" and
/// "Jul 17"). Real labels, so text takes the theme's colours and fonts in light and dark.
@MainActor
final class HistoryLineView: VirtualListTitledLine {
    let detail = Label()

    init(heading: Bool) {
        super.init(heading: heading, boxClass: heading ? "history-month" : "history-row",
                   titleClass: heading ? "history-month-title" : "history-row-title")
        title.valign = heading ? .end : .center
        detail.valign = .center
        detail.addCSSClass("dim-label")
        box.append(title)
        if !heading { box.append(detail) }
    }

    func show(title: String, detail: String = "") {
        self.title.text = title
        self.detail.text = detail
        box.setAccessibleLabel(detail.isEmpty ? title : "\(title), \(detail)")
    }
}

/// The history as a virtualised list of 80 px lines (the shared `VirtualList`: pooled line widgets,
/// roving keyboard focus, its own scroll offset): a month's heading, then its transactions. Every
/// line, headings too, takes the keyboard focus in turn.
@MainActor
final class HistoryListView: VirtualListSource {
    /// Readable line length on wide windows: the list is centred at most this wide.
    static let maximumWidth = 720.0

    let list = VirtualList<HistoryListView>(label: "Transactions", metrics: .init(
        lineHeight: HistoryListLayout.lineHeight, maximumWidth: maximumWidth, headingsTakeFocus: true))
    var root: Overlay { list.root }
    var container: Canvas { list.container }
    private var months: [HistoryMonth] = []
    private var layout = HistoryListLayout(months: [])
    private var timeZone = TimeZone.current
    private var now = Date()

    init() {
        list.source = self
        container.addCSSClass("history-list")
    }

    func show(_ months: [HistoryMonth], timeZone: TimeZone, now: Date) {
        let keepPlace = !self.months.isEmpty
        self.months = months
        self.timeZone = timeZone
        self.now = now
        layout = HistoryListLayout(months: months)
        container.setAccessibleLabel("Transactions, \(months.reduce(0) { $0 + $1.transactions.count }) in \(months.count) months")
        list.show(layout.grouped, keepPlace: keepPlace)
    }

    func makeLine(heading: Bool) -> HistoryLineView { HistoryLineView(heading: heading) }

    func fill(_ view: HistoryLineView, index: Int, position: GroupedLineLayout.Position) {
        switch layout.line(at: index) {
        case let .heading(m):
            view.show(title: HistoryText.monthTitle(months[m], now: now, timeZone: timeZone))
        case let .row(m, r):
            let t = months[m].transactions[r]
            view.show(title: HistoryText.rowTitle(t), detail: HistoryText.rowDate(t, timeZone: timeZone))
        case nil: break
        }
    }

    /// Gives the keyboard focus to the current line (Tab into the list lands there too).
    func focusCurrent() { list.focusCurrent() }

    func setOffset(_ offset: Double) { list.setOffset(offset) }
    var offset: Double { list.offset }
    var contentHeight: Double { list.contentHeight }
    var widgetCount: Int { list.widgetCount }
    /// Lines with a widget: those on screen and the overscan around them.
    var placedCount: Int { list.placedLines.count }
    /// The lines on screen now, top to bottom, as the widgets show them.
    var shownLines: [HistoryLineView] { list.shownLines }
}
