import CGtk


/// Boolean states assistive technology reads.
public enum AccessibleBoolState: Sendable {
    case expanded, selected
    /// A check or radio item (menus): checked or not (GTK's tristate, read as true or false).
    case checked
    /// Shown but not usable (an insensitive widget, a menu item whose action is disabled).
    case disabled
    var c: GtkAccessibleState {
        switch self {
        case .expanded: GTK_ACCESSIBLE_STATE_EXPANDED
        case .selected: GTK_ACCESSIBLE_STATE_SELECTED
        case .checked: GTK_ACCESSIBLE_STATE_CHECKED
        case .disabled: GTK_ACCESSIBLE_STATE_DISABLED
        }
    }
}

extension Widget {
    /// A disclosure (the rewards tile's chevron): whether what it controls is open.
    public func setAccessibleExpanded(_ expanded: Bool) { skiff_accessible_set_expanded(widget, expanded ? 1 : 0) }
    /// A tab: whether it is the selected one.
    public func setAccessibleSelected(_ selected: Bool) { skiff_accessible_set_selected(widget, selected ? 1 : 0) }

    /// Whether GTK's accessibility layer reports `state` as `value` (what a screen reader is told).
    public func accessibleState(_ state: AccessibleBoolState, is value: Bool) -> Bool {
        skiff_accessible_bool_state_is(widget, state.c, value ? 1 : 0) != 0
    }
    /// Whether GTK's accessibility layer gives this widget `role`.
    public func hasAccessibleRole(_ role: AccessibleRole) -> Bool { skiff_accessible_has_role(widget, role.c) != 0 }

    /// The widgets directly inside this one, in order (for tests and accessibility walks).
    public var childPointers: [UnsafeMutablePointer<GtkWidget>] {
        var out: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let c = child { out.append(c); child = gtk_widget_get_next_sibling(c) }
        return out
    }
}


extension Button {
    /// A button with another accessible role (a tab), whose content is `child`.
    public convenience init(role: AccessibleRole, child: Widget) {
        self.init(retaining: UnsafeMutableRawPointer(skiff_button_new_with_role(role.c)))
        gtk_button_set_child(raw.assumingMemoryBound(to: GtkButton.self), child.widget)
    }
}


extension ScrolledWindow {
    /// The vertical scroll position's adjustment (connect `onValueChanged` to follow scrolling).
    public var verticalAdjustment: Adjustment? {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(raw))
        return Object.wrap(adjustment.map { UnsafeMutableRawPointer($0) }, as: Adjustment.self)
    }
}

extension Window {
    /// The size the window has now (GTK 4 keeps the default size in step with resizes).
    public var currentSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        gtk_window_get_default_size(window, &w, &h)
        return (Int(w), Int(h))
    }
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
}

extension Window {
    public func maximize() { gtk_window_maximize(window) }
}
