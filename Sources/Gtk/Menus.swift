import CGtk

/// A menu model (GMenu) of items that activate actions, for `MenuButton`.
@MainActor
public final class Menu: Object {
    public override class var gType: GType { g_menu_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(g_menu_new())) }
    /// An item named `label` that activates `action` ("group.name(3)" for a parameter).
    public func append(_ label: String, action: String) { g_menu_append(OpaquePointer(raw), label, action) }
}

/// An action taking a whole-number parameter ("stars.jump(5)"), grouped for a widget.
@MainActor
public final class IntAction: Object {
    public override class var gType: GType { g_simple_action_get_type() }
    public convenience init(name: String) {
        let type = g_variant_type_new("i")
        defer { g_variant_type_free(type) }
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, type)))
    }
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (Int) -> Void) -> SignalHandlerID {
        onPointer("activate") { parameter in
            guard let parameter else { return }
            body(Int(g_variant_get_int32(OpaquePointer(parameter))))
        }
    }
}

/// Named actions a widget and its children (menus) can activate as "prefix.name".
@MainActor
public final class ActionGroup: Object {
    public override class var gType: GType { g_simple_action_group_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(g_simple_action_group_new())) }
    public func add(_ action: IntAction) { g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw)) }
    /// Makes the actions available to `widget` and everything inside it as "prefix.name".
    public func insert(into widget: Widget, prefix: String) {
        gtk_widget_insert_action_group(widget.widget, prefix, OpaquePointer(raw))
    }
}

/// A button that opens a menu (GtkMenuButton + GtkPopoverMenu): a real menu for assistive
/// technology, reachable with Tab and opened with Enter or Space, items walked with the arrows.
@MainActor
public final class MenuButton: Widget {
    public override class var gType: GType { gtk_menu_button_get_type() }
    public convenience init(label: String, menu: Menu) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_label(OpaquePointer(raw), label)
        gtk_menu_button_set_menu_model(OpaquePointer(raw), UnsafeMutablePointer<GMenuModel>(OpaquePointer(menu.raw)))
    }
    public var isOpen: Bool {
        guard let popover = gtk_menu_button_get_popover(OpaquePointer(raw)) else { return false }
        return gtk_widget_get_visible(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self)) != 0
    }
    public func popup() { gtk_menu_button_popup(OpaquePointer(raw)) }
    public func popdown() { gtk_menu_button_popdown(OpaquePointer(raw)) }
}

extension MenuButton {
    public func setLabel(_ label: String) { gtk_menu_button_set_label(OpaquePointer(raw), label) }
}
