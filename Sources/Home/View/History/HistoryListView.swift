import Foundation
import Gtk
import HomeModel

/// One 80 px line of the list: a month's heading, or a transaction row ("150 Stars redeemed" and
/// "Jul 17"). Real labels, so text takes the theme's colours and fonts in light and dark.
@MainActor
final class HistoryLineView {
    let box: Box
    let title = Label()
    let detail = Label()
    var line: Int?

    init(heading: Bool) {
        box = Box(.horizontal, spacing: 12, role: heading ? .heading : .listItem)
        box.addCSSClass(heading ? "history-month" : "history-row")
        title.setXAlign(0)
        title.hexpand = true
        title.valign = heading ? .end : .center
        title.addCSSClass(heading ? "history-month-title" : "history-row-title")
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

/// The history as a virtualized list: a small pool of line widgets is dealt to the lines on
/// screen and re-dealt as it scrolls, so 10,000 transactions cost what 10 do. The scroll offset
/// lives here (as Today's grid does), so widget coordinates stay small however long the list.
/// Lines off screen are hidden (not just unmapped), so screen readers only find what is shown.
///
/// Keyboard: one line at a time is focusable (a roving tab stop), so Tab enters the list on the
/// current line and the next Tab leaves it; arrows, PgUp/PgDn, Home/End move the focus between
/// lines and scroll to keep it in view, and a screen reader announces each line as it is reached.
@MainActor
final class HistoryListView {
    /// Lines kept placed above and below the viewport, so a fast scroll shows no gap.
    static let overscanLines = 2
    /// Readable line length on wide windows: the list is centred at most this wide.
    static let maximumWidth = 720.0
    static func wheelStep(pageSize: Double) -> Double { pow(max(1, pageSize), 2.0 / 3.0) }

    let root = Overlay()
    let container: Canvas
    let adjustment = Adjustment()
    private let scrollbar: Scrollbar
    private var months: [HistoryMonth] = []
    private var layout = HistoryListLayout(months: [])
    private var timeZone = TimeZone.current
    private var now = Date()
    private var rows: [HistoryLineView] = []
    private var headings: [HistoryLineView] = []
    private var assigned: [Int: HistoryLineView] = [:]
    private var size = (width: 0.0, height: 0.0)
    /// The line that takes the keyboard focus (the roving tab stop).
    private(set) var currentLine = 0

    init() {
        container = Canvas(role: .list, label: "Transactions") { _, _, _ in }
        container.clipsContent = true
        container.hexpand = true
        container.vexpand = true
        container.addCSSClass("history-list")
        // The list itself is the Tab stop while the focus is outside it, and hands the focus to its
        // current line on arrival; while a line has it, the list steps aside so Tab and Shift+Tab
        // leave in one press (GTK moves the focus on from the line to the widgets around the list).
        container.isFocusable = true
        scrollbar = Scrollbar(orientation: .vertical, adjustment: adjustment)
        scrollbar.halign = .end
        root.setChild(container)
        root.addOverlay(scrollbar)
        container.onDraw { [weak self] snapshot, _, _ in
            guard let self else { return }
            for view in self.assigned.values { snapshot.child(view.box, of: self.container) }
        }
        container.onAllocate { [weak self] w, h in self?.allocate(width: Double(w), height: Double(h)) }
        adjustment.onValueChanged { [weak self] in
            guard let self else { return }
            self.recycle()
            self.container.queueAllocate()
        }
        installScrolling()
        installKeyboard()
        installFocus()
    }

    private func installFocus() {
        let focus = EventControllerFocus()
        focus.onEnter { [weak self] in
            // "enter" comes before GTK records the new focus widget: look once it has.
            MainLoop.idle { [weak self] in
                guard let self, self.container.containsFocus, self.layout.lineCount > 0 else { return }
                self.container.isFocusable = false
                if self.container.hasFocus { self.move(to: self.currentLine) }
            }
        }
        focus.onLeave { [weak self] in self?.container.isFocusable = true }
        container.addController(focus)
    }

    func show(_ months: [HistoryMonth], timeZone: TimeZone, now: Date) {
        let keepOffset = !self.months.isEmpty
        // A refresh re-deals every widget: the focus must follow the current line, not a widget.
        let hadFocus = container.containsFocus && !container.hasFocus
        self.months = months
        self.timeZone = timeZone
        self.now = now
        layout = HistoryListLayout(months: months)
        for view in assigned.values { view.line = nil }
        assigned = [:]
        if !keepOffset { currentLine = 0 }
        currentLine = min(currentLine, max(0, layout.lineCount - 1))
        container.setAccessibleLabel("Transactions, \(months.reduce(0) { $0 + $1.transactions.count }) in \(months.count) months")
        adjustment.configure(value: keepOffset ? clamp(adjustment.value) : 0, upper: layout.contentHeight, pageSize: size.height)
        recycle()
        container.queueAllocate()
        if hadFocus { assigned[currentLine]?.box.grabFocus() }
    }

    // MARK: Layout

    private var contentWidth: Double { min(size.width, Self.maximumWidth) }

    private func allocate(width: Double, height: Double) {
        if size.width != width || size.height != height {
            size = (width, height)
            adjustment.configure(value: clamp(adjustment.value), upper: layout.contentHeight, pageSize: height)
            recycle()
        }
        let x = ((width - contentWidth) / 2).rounded(.down)
        for (index, view) in assigned {
            container.allocate(view.box, Rect(x: x, y: layout.top(of: index) - adjustment.value,
                                              width: contentWidth, height: HistoryListLayout.lineHeight))
        }
    }

    private func clamp(_ value: Double) -> Double {
        min(max(0, value), max(0, layout.contentHeight - size.height))
    }

    /// Deals pooled widgets to the lines now in (or near) the viewport; hides the rest.
    private func recycle() {
        let overscan = Double(Self.overscanLines) * HistoryListLayout.lineHeight
        let wanted = layout.lines(from: adjustment.value - overscan, height: size.height + 2 * overscan)
        var free: [Bool: [HistoryLineView]] = [true: [], false: []]
        var lostFocus = false
        for (index, view) in assigned where !wanted.contains(index) {
            if view.box.containsFocus { lostFocus = true }
            assigned[index] = nil
            view.line = nil
        }
        for view in headings where view.line == nil { free[true, default: []].append(view) }
        for view in rows where view.line == nil { free[false, default: []].append(view) }
        for index in wanted where assigned[index] == nil {
            guard let line = layout.line(at: index) else { continue }
            let isHeading: Bool
            if case .heading = line { isHeading = true } else { isHeading = false }
            let view = free[isHeading]?.popLast() ?? make(heading: isHeading)
            switch line {
            case let .heading(m):
                view.show(title: HistoryText.monthTitle(months[m], now: now, timeZone: timeZone))
            case let .row(m, r):
                let t = months[m].transactions[r]
                view.show(title: HistoryText.rowTitle(t), detail: HistoryText.rowDate(t, timeZone: timeZone))
            }
            view.line = index
            assigned[index] = view
        }
        // The current line scrolled away (wheel, scrollbar): the first line wholly on screen takes over.
        if !wanted.contains(currentLine), layout.lineCount > 0 {
            let top = Int((adjustment.value / HistoryListLayout.lineHeight).rounded(.up))
            currentLine = min(max(0, top), layout.lineCount - 1)
        }
        for view in headings + rows {
            let shown = view.line != nil
            view.box.isFocusable = shown && view.line == currentLine
            if view.box.isVisible != shown { view.box.isVisible = shown }
        }
        if lostFocus { assigned[currentLine]?.box.grabFocus() }
    }

    /// Gives the keyboard focus to the current line (Tab into the list lands there too).
    func focusCurrent() {
        guard layout.lineCount > 0 else { return }
        move(to: currentLine)
    }

    /// Makes `index` the current line, scrolls the least that shows it whole, and focuses it.
    private func move(to index: Int) {
        guard layout.lineCount > 0 else { return }
        currentLine = min(max(0, index), layout.lineCount - 1)
        // Before the first allocation there is no viewport to reveal the line in.
        if size.height > 0 {
            let top = layout.top(of: currentLine)
            var offset = adjustment.value
            if top < offset { offset = top }
            if top + HistoryListLayout.lineHeight > offset + size.height { offset = top + HistoryListLayout.lineHeight - size.height }
            setOffset(offset)
        }
        recycle()
        assigned[currentLine]?.box.grabFocus()
    }

    private func make(heading: Bool) -> HistoryLineView {
        let view = HistoryLineView(heading: heading)
        container.addChild(view.box)
        view.box.isVisible = false
        if heading { headings.append(view) } else { rows.append(view) }
        return view
    }

    // MARK: Scrolling

    func setOffset(_ offset: Double) { adjustment.value = clamp(offset) }
    var offset: Double { adjustment.value }
    var contentHeight: Double { layout.contentHeight }
    var viewportHeight: Double { size.height }
    var widgetCount: Int { headings.count + rows.count }
    /// Lines with a widget: those on screen and the overscan around them.
    var placedCount: Int { assigned.count }

    /// The lines on screen now, top to bottom, as the widgets show them.
    var shownLines: [HistoryLineView] {
        assigned.keys.sorted().compactMap { index in
            let top = layout.top(of: index) - adjustment.value
            guard top + HistoryListLayout.lineHeight > 0, top < size.height else { return nil }
            return assigned[index]
        }
    }

    private func installScrolling() {
        let scroll = EventControllerScroll([.vertical, .kinetic])
        scroll.onScroll { [weak self] _, dy, source in
            guard let self else { return false }
            let step = source.isDiscreteScroll ? Self.wheelStep(pageSize: self.size.height) : 1
            self.setOffset(self.adjustment.value + dy * step)
            return true
        }
        container.addController(scroll)
    }

    private func installKeyboard() {
        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, modifiers in
            guard let self, modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            let pageLines = max(1, Int(self.size.height / HistoryListLayout.lineHeight) - 1)
            switch key {
            case Key.down: self.move(to: self.currentLine + 1)
            case Key.up: self.move(to: self.currentLine - 1)
            case Key.pageDown: self.move(to: self.currentLine + pageLines)
            case Key.pageUp: self.move(to: self.currentLine - pageLines)
            case Key.home: self.move(to: 0)
            case Key.end: self.move(to: self.layout.lineCount - 1)
            default: return false
            }
            return true
        }
        container.addController(keys)
    }
}
