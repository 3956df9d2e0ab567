import Browser
import BrowserModel
import Gtk

/// Preferences' "Site permissions": every remembered answer, one row a site and kind, each with a
/// Remove button that makes the site ask again (docs/browser.md, "Permissions"). Tab reaches
/// each Remove in turn.
@MainActor
final class SitePermissionsPreferences {
    /// The list taller than this scrolls.
    static let maximumHeight = 220
    let root = Box(.vertical, spacing: 6)
    private let rows = Box(.vertical, spacing: 2)
    private weak var permissions: PagePermissions?
    /// The rows' Remove buttons, in order: after one is pressed the focus goes to the next.
    private var removeButtons: [Button] = []

    init(permissions: PagePermissions, isPrivate: Bool) {
        self.permissions = permissions
        let heading = Label("Site permissions")
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        root.append(heading)
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.growVertically(upTo: Self.maximumHeight)
        scroller.vexpand = true
        scroller.setChild(rows)
        rows.setAccessibleLabel("Site permissions")
        root.append(scroller)
        if isPrivate {
            let note = Label("A private window denies every request without asking and remembers nothing.")
            note.wraps = true
            note.setXAlign(0)
            note.addCSSClass("dim-label")
            root.append(note)
        }
        fill()
    }

    /// `focus`: the row whose Remove takes the focus (the one that took the place of a removed row).
    private func fill(focus: Int? = nil) {
        rows.removeAll()
        removeButtons = []
        let entries = permissions?.remembered ?? []
        guard !entries.isEmpty else {
            let none = Label("No site has been allowed or denied anything.")
            none.setXAlign(0)
            none.addCSSClass("dim-label")
            rows.append(none)
            return
        }
        for (index, entry) in entries.enumerated() { rows.append(row(for: entry, at: index)) }
        if let focus, !removeButtons.isEmpty { _ = removeButtons[min(focus, removeButtons.count - 1)].grabFocus() }
    }

    private func row(for entry: SitePermissions.Entry, at index: Int) -> Widget {
        let row = Box(.horizontal, spacing: 12)
        let text = "\(entry.site) — \(entry.kind.title): \(entry.decision == .allow ? "Allowed" : "Denied")"
        let label = Label(text)
        label.hexpand = true
        label.setXAlign(0)
        label.wrapAnywhere()
        let remove = Button(label: "Remove")
        // Each Remove names what it forgets: a screen reader hears more than "Remove" ten times.
        remove.setAccessibleLabel("Remove \(entry.kind.title.lowercased()) for \(entry.site)")
        remove.tooltip = "Ask again"
        remove.onClicked { [weak self] in
            self?.permissions?.forget(entry)
            self?.fill(focus: index)
        }
        removeButtons.append(remove)
        row.append(label)
        row.append(remove)
        return row
    }
}
