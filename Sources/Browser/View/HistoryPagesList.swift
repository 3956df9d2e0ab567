import BrowserModel
import BrowserStore
import Foundation
import Gtk

/// One line of the History list: a day's heading, or a page (title over host, time at the end).
/// Real labels, so the text takes the theme's colours and fonts in light and dark.
@MainActor
final class HistoryLineView {
    let box: Box
    let title = Label()
    let host = Label()
    let time = Label()
    var line: Int?

    init(heading: Bool) {
        box = Box(.horizontal, spacing: 12, role: heading ? .heading : .listItem)
        box.addCSSClass(heading ? "history-day" : "history-page")
        title.setXAlign(0)
        title.hexpand = true
        title.addCSSClass(heading ? "heading" : "history-page-title")
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

/// The History list, virtualised: a pool of line widgets is dealt to the lines on screen and
/// re-dealt as it scrolls, so 100,000 pages cost what a dozen do. The scroll offset lives here (as
/// in Today's grid and Home's history), so widget coordinates stay small however long the list.
/// Lines off screen are hidden, so a screen reader finds only what is shown.
///
/// Keyboard: one page line at a time is focusable (a roving tab stop; headings are skipped), so
/// Tab enters the list on it and the next Tab leaves. Arrows, PgUp/PgDn, Home/End move; Enter
/// opens (Ctrl+Enter in a new tab); Delete removes; a printable key goes to the search field.
@MainActor
final class HistoryPagesList {
    static let overscanLines = 2
    /// Readable line length on wide windows: the list is centred at most this wide.
    static let maximumWidth = 760.0
    static func wheelStep(pageSize: Double) -> Double { pow(max(1, pageSize), 2.0 / 3.0) }

    let root = Overlay()
    let container: Canvas
    let adjustment = Adjustment()
    private let scrollbar: Scrollbar
    private(set) var layout = HistoryLayout(days: [])
    private var timeZone = TimeZone.current
    private var now = Date()
    private var rows: [HistoryLineView] = []
    private var headings: [HistoryLineView] = []
    private var assigned: [Int: HistoryLineView] = [:]
    private var size = (width: 0.0, height: 0.0)
    private(set) var currentLine = 0

    /// The page at a position of the newest-first list; nil while it is being read.
    var visitAt: (Int) -> HistoryVisit? = { _ in nil }
    var onOpen: ((_ position: Int, _ inNewTab: Bool) -> Void)?
    var onDelete: ((_ position: Int) -> Void)?
    var onType: ((Character) -> Void)?

    init() {
        container = Canvas(role: .list, label: "History") { _, _, _ in }
        container.clipsContent = true
        container.hexpand = true
        container.vexpand = true
        container.addCSSClass("history-list")
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
            MainLoop.idle { [weak self] in
                guard let self, self.container.containsFocus, self.layout.lineCount > 0 else { return }
                self.container.isFocusable = false
                if self.container.hasFocus { self.move(to: self.currentLine, step: 1) }
            }
        }
        focus.onLeave { [weak self] in self?.container.isFocusable = true }
        container.addController(focus)
    }

    /// Shows a new grouping. `keepPlace` keeps the scroll offset and the current line (a page was
    /// removed); otherwise the list starts at the top.
    func show(_ days: [HistoryDay], now: Date, timeZone: TimeZone, keepPlace: Bool) {
        let hadFocus = container.containsFocus && !container.hasFocus
        self.now = now
        self.timeZone = timeZone
        layout = HistoryLayout(days: days)
        for view in assigned.values { view.line = nil }
        assigned = [:]
        if !keepPlace { currentLine = 0 }
        currentLine = layout.pageLine(from: currentLine, step: 1) ?? 0
        let pages = days.reduce(0) { $0 + $1.count }
        container.setAccessibleLabel("History, \(pages) \(pages == 1 ? "page" : "pages")")
        adjustment.configure(value: keepPlace ? clamp(adjustment.value) : 0, upper: layout.contentHeight, pageSize: size.height)
        recycle()
        container.queueAllocate()
        if hadFocus { focusCurrent() }
    }

    /// Rows whose pages arrived from the store show them now.
    func refreshRows() {
        for (index, view) in assigned {
            if case let .page(_, page) = layout.line(at: index) { view.showPage(visitAt(page), timeZone: timeZone) }
        }
    }

    // MARK: Layout

    private var contentWidth: Double { min(size.width, Self.maximumWidth) }

    private func allocate(width: Double, height: Double) {
        if size.width != width || size.height != height {
            size = (width, height)
            adjustment.configure(value: clamp(adjustment.value), upper: layout.contentHeight, pageSize: height)
            recycle()
        }
        // 24 px kept free on the right for the scrollbar when the list fills the window.
        let x = ((width - contentWidth) / 2).rounded(.down)
        for (index, view) in assigned {
            container.allocate(view.box, Rect(x: x + 8, y: layout.top(of: index) - adjustment.value,
                                              width: max(0, contentWidth - 32), height: HistoryLayout.lineHeight))
        }
    }

    private func clamp(_ value: Double) -> Double {
        min(max(0, value), max(0, layout.contentHeight - size.height))
    }

    private func recycle() {
        let overscan = Double(Self.overscanLines) * HistoryLayout.lineHeight
        let wanted = layout.lines(from: adjustment.value - overscan, height: size.height + 2 * overscan)
        var freeHeadings: [HistoryLineView] = [], freeRows: [HistoryLineView] = []
        var lostFocus = false
        for (index, view) in assigned where !wanted.contains(index) {
            if view.box.containsFocus { lostFocus = true }
            assigned[index] = nil
            view.line = nil
        }
        for view in headings where view.line == nil { freeHeadings.append(view) }
        for view in rows where view.line == nil { freeRows.append(view) }
        for index in wanted where assigned[index] == nil {
            guard let line = layout.line(at: index) else { continue }
            let view: HistoryLineView
            switch line {
            case let .heading(day):
                view = freeHeadings.popLast() ?? make(heading: true)
                view.showHeading(HistoryDays.title(layout.days[day], now: now, timeZone: timeZone))
            case let .page(_, page):
                view = freeRows.popLast() ?? make(heading: false)
                view.showPage(visitAt(page), timeZone: timeZone)
            }
            view.line = index
            assigned[index] = view
        }
        // The current line scrolled away (wheel, scrollbar): the first page wholly on screen takes over.
        if !wanted.contains(currentLine), layout.lineCount > 0 {
            let top = Int((adjustment.value / HistoryLayout.lineHeight).rounded(.up))
            currentLine = layout.pageLine(from: top, step: 1) ?? 0
        }
        for view in headings + rows {
            let shown = view.line != nil
            view.box.isFocusable = shown && view.line == currentLine
            if view.box.isVisible != shown { view.box.isVisible = shown }
        }
        if lostFocus { assigned[currentLine]?.box.grabFocus() }
    }

    func focusCurrent() {
        guard layout.lineCount > 0 else { return }
        move(to: currentLine, step: 1)
    }

    /// Makes the nearest page line from `index` (going `step`) current, scrolls the least that
    /// shows it whole (and its day's heading, when it is the day's first page), and focuses it.
    private func move(to index: Int, step: Int) {
        guard let target = layout.pageLine(from: index, step: step) else { return }
        currentLine = target
        if size.height > 0 {
            let top = layout.top(of: max(0, currentLine - 1))
            var offset = adjustment.value
            if case .heading = layout.line(at: currentLine - 1), top < offset { offset = top }
            if layout.top(of: currentLine) < offset { offset = layout.top(of: currentLine) }
            if layout.top(of: currentLine) + HistoryLayout.lineHeight > offset + size.height {
                offset = layout.top(of: currentLine) + HistoryLayout.lineHeight - size.height
            }
            setOffset(offset)
        }
        recycle()
        assigned[currentLine]?.box.grabFocus()
    }

    private func make(heading: Bool) -> HistoryLineView {
        let view = HistoryLineView(heading: heading)
        container.addChild(view.box)
        view.box.isVisible = false
        if heading {
            headings.append(view)
        } else {
            rows.append(view)
            let click = GestureClick()
            click.setButton(0)
            click.onReleased { [weak self, weak view] _, _, _ in
                guard let self, let line = view?.line else { return }
                self.activate(line: line, inNewTab: false)
            }
            view.box.addController(click)
            let middle = GestureClick()
            middle.setButton(2)
            middle.onReleased { [weak self, weak view] _, _, _ in
                guard let self, let line = view?.line else { return }
                self.activate(line: line, inNewTab: true)
            }
            view.box.addController(middle)
        }
        return view
    }

    private func activate(line: Int, inNewTab: Bool) {
        guard case let .page(_, page) = layout.line(at: line) else { return }
        currentLine = line
        onOpen?(page, inNewTab)
    }

    // MARK: Scrolling and keys

    func setOffset(_ offset: Double) { adjustment.value = clamp(offset) }
    var offset: Double { adjustment.value }
    var contentHeight: Double { layout.contentHeight }
    var viewportHeight: Double { size.height }
    var widgetCount: Int { headings.count + rows.count }

    /// Positions (in the newest-first list) of the pages that have a line widget now.
    var placedPagePositions: [Int] {
        assigned.keys.compactMap { index in
            if case let .page(_, page) = layout.line(at: index) { return page }
            return nil
        }
    }

    /// The lines on screen now, top to bottom, as the widgets show them (for tests).
    var shownLines: [HistoryLineView] {
        assigned.keys.sorted().compactMap { index in
            let top = layout.top(of: index) - adjustment.value
            guard top + HistoryLayout.lineHeight > 0, top < size.height else { return nil }
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
            guard let self else { return false }
            if key == Key.enter || key == Key.kpEnter {
                self.activate(line: self.currentLine, inNewTab: modifiers.contains(.control))
                return true
            }
            guard modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            let pageLines = max(1, Int(self.size.height / HistoryLayout.lineHeight) - 1)
            switch key {
            case Key.down: self.move(to: self.currentLine + 1, step: 1)
            case Key.up: self.move(to: self.currentLine - 1, step: -1)
            case Key.pageDown: self.move(to: self.currentLine + pageLines, step: 1)
            case Key.pageUp: self.move(to: self.currentLine - pageLines, step: -1)
            case Key.home: self.move(to: 0, step: 1)
            case Key.end: self.move(to: self.layout.lineCount - 1, step: -1)
            case Key.delete, Key.kpDelete:
                guard case let .page(_, page) = self.layout.line(at: self.currentLine) else { return false }
                self.onDelete?(page)
            default:
                guard let character = Key.character(key) else { return false }
                self.onType?(character)
            }
            return true
        }
        container.addController(keys)
    }
}
