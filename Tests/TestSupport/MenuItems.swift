import CGtk
import Gtk

extension Widget {
    /// The menu items on screen in this widget's window (a popover menu's among them), by the text
    /// GTK presents for them: a label inside an item's box names it.
    @MainActor
    public func presentedMenuItems() -> [String: PresentedAccessible] {
        var items: [String: PresentedAccessible] = [:]
        var current: PresentedAccessible?
        for node in presentedDescendants() {
            if node.role == GTK_ACCESSIBLE_ROLE_MENU_ITEM { current = node }
            if let text = node.labelText, let item = current, item.width > 0,
               node.x >= item.x, node.y >= item.y, node.x + node.width <= item.x + item.width + 0.5,
               node.y + node.height <= item.y + item.height + 0.5 {
                items[text] = item
            }
        }
        return items
    }
}
