import Foundation
import Gtk
import ListLayout

/// A widget that shows one line of a `VirtualList` (a group's heading or an item's row).
@MainActor
public protocol VirtualListLine: AnyObject {
    var root: Widget { get }
}

/// What a `VirtualList` shows: the section makes the line widgets and fills them for a line.
@MainActor
public protocol VirtualListSource: AnyObject {
    associatedtype Line: VirtualListLine
    /// A new pooled widget for headings or for items; it is reused for any line of that kind.
    func makeLine(heading: Bool) -> Line
    /// Shows line `index` (at `position` in the groups) in a pooled widget.
    func fill(_ line: Line, index: Int, position: GroupedLineLayout.Position)
}

/// A list of headed groups in lines of one height, virtualised: a small pool of line widgets is
/// dealt to the lines on screen and re-dealt as it scrolls, so 100,000 lines cost what a dozen do.
/// The scroll offset lives here (as in Today's grid), so widget coordinates stay small however long
/// the list. Lines off screen are hidden (not just unmapped), so a screen reader finds only what is
/// shown. Used by Home's transaction history and the browser's History view; where a line is and
/// which lines a viewport shows is `GroupedLineLayout`'s arithmetic.
///
/// Keyboard: one line at a time is focusable (a roving tab stop), so Tab enters the list on the
/// current line and the next Tab leaves it; arrows, PgUp/PgDn, Home/End move the focus between lines
/// and scroll to keep it in view. With `headingsTakeFocus` off, headings are skipped and a day's first
/// item brings its heading into view with it.
@MainActor
public final class VirtualList<Source: VirtualListSource> {
    public typealias Line = Source.Line

    /// How the list looks; each section keeps its own figures (see docs/home.md, docs/browser.md).
    public struct Metrics: Sendable {
        public var lineHeight: Double
        /// Readable line length on wide windows: the lines are centred at most this wide.
        public var maximumWidth: Double
        /// Space kept free inside that width before and after each line (the scrollbar's room).
        public var leadingInset: Double
        public var trailingInset: Double
        public var headingsTakeFocus: Bool

        public init(lineHeight: Double, maximumWidth: Double, leadingInset: Double = 0, trailingInset: Double = 0,
                    headingsTakeFocus: Bool) {
            self.lineHeight = lineHeight
            self.maximumWidth = maximumWidth
            self.leadingInset = leadingInset
            self.trailingInset = trailingInset
            self.headingsTakeFocus = headingsTakeFocus
        }
    }

    /// Lines kept placed above and below the viewport, so a fast scroll shows no gap.
    public static var overscanLines: Int { 2 }
    /// A wheel notch scrolls more in a taller viewport, less than linearly (as Today's grid does).
    public static func wheelStep(pageSize: Double) -> Double { pow(max(1, pageSize), 2.0 / 3.0) }

    private final class Slot {
        let line: Line
        let heading: Bool
        var index: Int?
        init(line: Line, heading: Bool) {
            self.line = line
            self.heading = heading
        }
    }

    public let root = Overlay()
    public let container: Canvas
    public let adjustment = Adjustment()
    public weak var source: Source?
    /// Keys the section handles before the list's own navigation (Enter, Delete, typing…).
    public var onKey: ((_ key: UInt32, _ modifiers: KeyModifiers) -> Bool)?
    private let metrics: Metrics
    private let scrollbar: Scrollbar
    public private(set) var layout = GroupedLineLayout(itemCounts: [], lineHeight: 1)
    private var slots: [Slot] = []
    private var assigned: [Int: Slot] = [:]
    private var size = (width: 0.0, height: 0.0)
    /// The line that takes the keyboard focus (the roving tab stop).
    public private(set) var currentLine = 0

    public init(label: String, metrics: Metrics) {
        self.metrics = metrics
        layout = GroupedLineLayout(itemCounts: [], lineHeight: metrics.lineHeight)
        container = Canvas(role: .list, label: label) { _, _, _ in }
        container.clipsContent = true
        container.hexpand = true
        container.vexpand = true
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
            for slot in self.assigned.values { snapshot.child(slot.line.root, of: self.container) }
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
                if self.container.hasFocus { self.move(to: self.currentLine, step: 1) }
            }
        }
        focus.onLeave { [weak self] in self?.container.isFocusable = true }
        container.addController(focus)
    }

    /// Shows new lines. `keepPlace` keeps the scroll offset and the current line (a refresh, a line
    /// removed); otherwise the list starts at the top. A focused line keeps the focus on the current line.
    public func show(_ layout: GroupedLineLayout, keepPlace: Bool) {
        // Every widget is re-dealt: the focus must follow the current line, not a widget.
        let hadFocus = container.containsFocus && !container.hasFocus
        self.layout = layout
        for slot in assigned.values { slot.index = nil }
        assigned = [:]
        if !keepPlace { currentLine = 0 }
        currentLine = focusableLine(from: currentLine, step: 1) ?? 0
        adjustment.configure(value: keepPlace ? clamp(adjustment.value) : 0, upper: layout.contentHeight, pageSize: size.height)
        recycle()
        container.queueAllocate()
        if hadFocus { focusCurrent() }
    }

    /// Fills the placed lines again (their data arrived after they were dealt).
    public func refill() {
        guard let source else { return }
        for (index, slot) in assigned {
            if let position = layout.position(at: index) { source.fill(slot.line, index: index, position: position) }
        }
    }

    /// The nearest line from `index` going `step` that can take the focus; nil when none can.
    public func focusableLine(from index: Int, step: Int) -> Int? {
        metrics.headingsTakeFocus ? layout.nearestLine(from: index) : layout.nearestItemLine(from: index, step: step)
    }

    // MARK: Layout

    private var contentWidth: Double { min(size.width, metrics.maximumWidth) }

    private func allocate(width: Double, height: Double) {
        if size.width != width || size.height != height {
            size = (width, height)
            adjustment.configure(value: clamp(adjustment.value), upper: layout.contentHeight, pageSize: height)
            recycle()
        }
        let x = ((width - contentWidth) / 2).rounded(.down) + metrics.leadingInset
        let lineWidth = max(0, contentWidth - metrics.leadingInset - metrics.trailingInset)
        for (index, slot) in assigned {
            container.allocate(slot.line.root, Rect(x: x, y: layout.top(of: index) - adjustment.value,
                                                    width: lineWidth, height: metrics.lineHeight))
        }
    }

    private func clamp(_ value: Double) -> Double {
        min(max(0, value), max(0, layout.contentHeight - size.height))
    }

    /// Deals pooled widgets to the lines now in (or near) the viewport; hides the rest.
    private func recycle() {
        let overscan = Double(Self.overscanLines) * metrics.lineHeight
        let wanted = layout.lines(from: adjustment.value - overscan, height: size.height + 2 * overscan)
        var lostFocus = false
        for (index, slot) in assigned where !wanted.contains(index) {
            if slot.line.root.containsFocus { lostFocus = true }
            assigned[index] = nil
            slot.index = nil
        }
        var free: [Bool: [Slot]] = [true: [], false: []]
        for slot in slots where slot.index == nil { free[slot.heading, default: []].append(slot) }
        for index in wanted where assigned[index] == nil {
            guard let position = layout.position(at: index) else { continue }
            let heading = position.item == nil
            guard let slot = free[heading]?.popLast() ?? make(heading: heading) else { continue }
            source?.fill(slot.line, index: index, position: position)
            slot.index = index
            assigned[index] = slot
        }
        // The current line scrolled away (wheel, scrollbar): the first line wholly on screen takes over.
        if !wanted.contains(currentLine), layout.lineCount > 0 {
            let top = Int((adjustment.value / metrics.lineHeight).rounded(.up))
            currentLine = focusableLine(from: top, step: 1) ?? 0
        }
        for slot in slots {
            let shown = slot.index != nil
            slot.line.root.isFocusable = shown && slot.index == currentLine
            if slot.line.root.isVisible != shown { slot.line.root.isVisible = shown }
        }
        if lostFocus { assigned[currentLine]?.line.root.grabFocus() }
    }

    private func make(heading: Bool) -> Slot? {
        guard let line = source?.makeLine(heading: heading) else { return nil }
        let slot = Slot(line: line, heading: heading)
        container.addChild(line.root)
        line.root.isVisible = false
        slots.append(slot)
        return slot
    }

    /// Gives the keyboard focus to the current line (Tab into the list lands there too).
    public func focusCurrent() {
        guard layout.lineCount > 0 else { return }
        move(to: currentLine, step: 1)
    }

    /// Makes the focusable line nearest `index` (going `step`) current, scrolls the least that shows
    /// it whole (and its heading, when headings are skipped and it is its group's first item), and
    /// focuses it.
    private func move(to index: Int, step: Int) {
        guard let target = focusableLine(from: index, step: step) else { return }
        currentLine = target
        // Before the first allocation there is no viewport to reveal the line in.
        if size.height > 0 {
            let top = layout.top(of: currentLine)
            var offset = adjustment.value
            if !metrics.headingsTakeFocus, currentLine > 0, let above = layout.position(at: currentLine - 1), above.item == nil {
                offset = min(offset, layout.top(of: currentLine - 1))
            }
            if top < offset { offset = top }
            if top + metrics.lineHeight > offset + size.height { offset = top + metrics.lineHeight - size.height }
            setOffset(offset)
        }
        recycle()
        assigned[currentLine]?.line.root.grabFocus()
    }

    /// Makes `index` the current line without moving the focus (a click chose it).
    public func setCurrent(_ index: Int) { currentLine = index }

    /// The line a pooled widget shows now, if any.
    public func index(of line: Line) -> Int? {
        assigned.first { $0.value.line === line }?.key
    }

    // MARK: Scrolling

    public func setOffset(_ offset: Double) { adjustment.value = clamp(offset) }
    public var offset: Double { adjustment.value }
    public var contentHeight: Double { layout.contentHeight }
    public var viewportHeight: Double { size.height }
    public var widgetCount: Int { slots.count }
    /// Lines with a widget: those on screen and the overscan around them.
    public var placedLines: [Int] { Array(assigned.keys) }

    /// The lines on screen now, top to bottom, as the widgets show them.
    public var shownLines: [Line] {
        assigned.keys.sorted().compactMap { index in
            let top = layout.top(of: index) - adjustment.value
            guard top + metrics.lineHeight > 0, top < size.height else { return nil }
            return assigned[index]?.line
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
            if let onKey = self.onKey, onKey(key, modifiers) { return true }
            guard modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            let pageLines = max(1, Int(self.size.height / self.metrics.lineHeight) - 1)
            switch key {
            case Key.down: self.move(to: self.currentLine + 1, step: 1)
            case Key.up: self.move(to: self.currentLine - 1, step: -1)
            case Key.pageDown: self.move(to: self.currentLine + pageLines, step: 1)
            case Key.pageUp: self.move(to: self.currentLine - pageLines, step: -1)
            case Key.home: self.move(to: 0, step: 1)
            case Key.end: self.move(to: self.layout.lineCount - 1, step: -1)
            default: return false
            }
            return true
        }
        container.addController(keys)
    }
}

/// The start both histories' lines share: a horizontal box with the heading or list-item role (what
/// a screen reader announces) and a title label taking the free width; subclasses add the rest.
@MainActor
open class VirtualListTitledLine: VirtualListLine {
    public let box: Box
    public let title = Label()
    public var root: Widget { box }

    public init(heading: Bool, boxClass: String, titleClass: String) {
        box = Box(.horizontal, spacing: 12, role: heading ? .heading : .listItem)
        box.addCSSClass(boxClass)
        title.setXAlign(0)
        title.hexpand = true
        title.addCSSClass(titleClass)
    }
}
