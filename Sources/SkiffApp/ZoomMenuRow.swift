import Gtk

/// GNOME Web's zoom row in the main menu: "Zoom", then − / the level / + as buttons that run the
/// window's zoom commands; the level's button goes back to 100 % (docs/find-and-zoom.md, "Menu").
/// In the menu's focus chain: Down reaches it, Left and Right move along it.
@MainActor
final class ZoomMenuRow {
    /// The menu item it stands in for (`MenuModel.appendCustom`).
    static let id = "zoom-row"
    let root = Box(.horizontal, spacing: 6)
    private let level: Button

    init(level text: String) {
        let title = Label("Zoom")
        title.hexpand = true
        title.setXAlign(0)
        let zoomOut = Button(iconName: "zoom-out-symbolic", accessibleLabel: "Zoom Out")
        zoomOut.actionName = "win.zoom-out"
        level = Button(label: text)
        level.tooltip = "Actual size"
        level.actionName = "win.zoom-reset"
        let zoomIn = Button(iconName: "zoom-in-symbolic", accessibleLabel: "Zoom In")
        zoomIn.actionName = "win.zoom-in"
        for button in [zoomOut, level, zoomIn] { button.hasFrame = false }
        // The menu's own item padding, so the row lines up with the items above and below.
        root.setMargins(top: 0, bottom: 0, start: 12, end: 6)
        root.append(title)
        root.append(zoomOut)
        root.append(level)
        root.append(zoomIn)
    }

    /// The page on screen is at `text` now ("120 %").
    func show(_ text: String) { level.label = text }
}
