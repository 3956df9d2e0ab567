import Gtk
import TodayModel

/// The list of views beside the grid on wide windows (NetNewsWire's sidebar, GNOME's
/// `.navigation-sidebar`): All, Unread, Starred, then each subscription and folder with its unread
/// count. A click, the arrows or Enter choose; what it shows is the model's (`SidebarEntry`).
@MainActor
final class TodaySidebar {
    let root = ScrolledWindow()
    private let list = ListBox(accessibleLabel: "Articles to Show")
    private(set) var entries: [SidebarEntry] = []
    /// The user chose the entry at this position.
    var onChoose: ((Int) -> Void)?

    init() {
        root.setPolicy(horizontal: false, vertical: true)
        root.setChild(list)
        root.addCSSClass("today-sidebar")
        list.onSelected { [weak self] index in self?.onChoose?(index) }
    }

    var hasEntries: Bool { !entries.isEmpty }

    /// Each row's widgets, to change its texts in place.
    private var rows: [(row: Widget, title: Label, count: Label)] = []

    /// Shows `entries` with the one at `selected` chosen. The rows are made again only when the list
    /// itself changed (a feed added or removed, renamed, moved); counts, which change with each
    /// article read, are changed in place, so the keyboard focus and the pointer stay where they are.
    func show(_ entries: [SidebarEntry], selected: Int?) {
        let sameRows = entries.count == self.entries.count
            && zip(entries, self.entries).allSatisfy { $0.title == $1.title && $0.level == $1.level && $0.iconName == $1.iconName }
        if !sameRows {
            list.removeAll()
            rows = entries.map { entry in
                let (child, title, count) = Self.row(entry)
                return (list.append(child, accessibleLabel: entry.accessibleLabel), title, count)
            }
        } else {
            for (index, entry) in entries.enumerated() where entry != self.entries[index] {
                Self.fill(rows[index].count, entry)
                rows[index].row.setAccessibleLabel(entry.accessibleLabel)
            }
        }
        self.entries = entries
        if list.selectedIndex != selected { list.selectedIndex = selected }
    }

    private static func row(_ entry: SidebarEntry) -> (Widget, Label, Label) {
        let row = Box(.horizontal, spacing: 8)
        row.setMargins(top: 2, bottom: 2, start: 4 + 16 * entry.level, end: 4)
        row.append(Image(iconName: entry.iconName, pixelSize: 16))
        let title = Label(entry.title)
        title.hexpand = true
        title.setXAlign(0)
        title.ellipsizeEnd()
        row.append(title)
        let number = Label()
        number.addCSSClass("dim-label")
        number.addCSSClass("numeric")
        fill(number, entry)
        row.append(number)
        return (row, title, number)
    }

    /// The count at the row's end; none for 0 (as GNOME's sidebars leave it out).
    private static func fill(_ number: Label, _ entry: SidebarEntry) {
        let count = entry.count ?? 0
        number.text = count > 0 ? String(count) : ""
        number.isVisible = count > 0
    }
}

/// Today's content with the sidebar at its left when there is room (`SidebarLayout`): placed by
/// hand, so the choice follows Today's own width as the window is resized, with nothing to set.
@MainActor
final class SidebarSplit {
    let root: Canvas
    let sidebar = TodaySidebar()
    private let content: Widget
    /// Whether the sidebar is on screen now.
    private(set) var showsSidebar = false
    /// The sidebar came or went (the header's menu offers the same choices only while it is away).
    var onSidebarShown: ((Bool) -> Void)?

    init(content: Widget) {
        self.content = content
        root = Canvas(role: .group, label: "Today") { _, _, _ in }
        // A canvas passes no child's expand flags up: Today fills the window as its column did.
        root.hexpand = true
        root.vexpand = true
        root.addChild(sidebar.root)
        root.addChild(content)
        // Hidden, not only left out of the layout: a screen reader finds only what is on screen.
        sidebar.root.isVisible = false
        root.onMeasure { [weak content] orientation, forSize in
            content?.measure(orientation, forSize: forSize) ?? (0, 0)
        }
        root.onDraw { [weak self] snapshot, _, _ in
            guard let self else { return }
            if self.showsSidebar, self.sidebar.root.isVisible { snapshot.child(self.sidebar.root, of: self.root) }
            snapshot.child(self.content, of: self.root)
        }
        root.onAllocate { [weak self] width, height in self?.allocate(width: Double(width), height: Double(height)) }
        root.setFocusOrder { [weak self] in
            guard let self else { return [] }
            return self.showsSidebar && self.sidebar.root.isVisible ? [self.sidebar.root, self.content] : [self.content]
        }
    }

    /// The entries changed: the sidebar may come (it needs some) or go.
    func entriesChanged() { root.queueResize() }

    private func allocate(width: Double, height: Double) {
        let shows = sidebar.hasEntries && SidebarLayout.shows(width: width)
        if shows != showsSidebar {
            showsSidebar = shows
            // Shown or hidden after this allocation (GTK asks that no widget be shown or hidden while
            // it is being allocated); the next allocation places it.
            MainLoop.idle { [weak self] in
                guard let self, self.showsSidebar == shows else { return }
                self.sidebar.root.isVisible = shows
                self.onSidebarShown?(shows)
            }
        }
        let placed = shows && sidebar.root.isVisible
        let left = placed ? SidebarLayout.width : 0
        if placed { root.allocate(sidebar.root, Rect(x: 0, y: 0, width: left, height: height)) }
        root.allocate(content, Rect(x: left, y: 0, width: max(1, width - left), height: height))
    }
}
