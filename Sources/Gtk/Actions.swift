import CGtk

/// A named command (GSimpleAction). Menus, buttons and keyboard shortcuts all reach a command
/// through its name ("win.new-tab"), so they share one definition, as in GNOME apps.
@MainActor
public final class Action: Object {
    public override class var gType: GType { g_simple_action_get_type() }

    public convenience init(name: String, _ body: @escaping VoidHandler) {
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        onPointer("activate") { _ in body() }
    }

    fileprivate var action: OpaquePointer { OpaquePointer(raw) }
    public var isEnabled: Bool {
        get { g_action_get_enabled(action) != 0 }
        set { g_simple_action_set_enabled(action, newValue ? 1 : 0) }
    }
}

/// The commands of one scope ("win", "app"), inserted into a widget so everything inside it can
/// name them.
@MainActor
public final class ActionGroup: Object {
    public override class var gType: GType { g_simple_action_group_get_type() }
    private var actions: [String: Action] = [:]

    public convenience init() {
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_group_new()))
    }

    @discardableResult
    public func add(_ name: String, _ body: @escaping VoidHandler) -> Action {
        let action = Action(name: name, body)
        g_action_map_add_action(OpaquePointer(raw), action.action)
        actions[name] = action
        return action
    }

    public subscript(name: String) -> Action? { actions[name] }

    /// Makes the group's actions reachable as `prefix.name` from `widget` and everything inside it.
    public func insert(into widget: Widget, prefix: String) {
        gtk_widget_insert_action_group(widget.widget, prefix, OpaquePointer(raw))
    }

    /// Runs `name` as a menu or shortcut would (for tests and the shortcuts window).
    public func activate(_ name: String) { actions[name].map { g_action_activate($0.action, nil) } }
}

extension ShortcutController {
    /// A shortcut that runs a named action ("win.reload"), the same one a menu item names.
    @discardableResult
    public func add(_ trigger: String, action name: String) -> Bool {
        guard let parsed = skiff_trigger_parse(trigger) else { return false }
        let shortcut = gtk_shortcut_new(parsed, gtk_named_action_new(name))
        gtk_shortcut_controller_add_shortcut(controllerPointer, shortcut)
        return true
    }
}

/// A menu model (GMenu) of named actions, for a menu button's popover.
@MainActor
public final class Menu: Object {
    public override class var gType: GType { g_menu_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(g_menu_new())) }
    public func append(_ label: String, action: String) { g_menu_append(OpaquePointer(raw), label, action) }
    /// A section: items separated from the rest by a line.
    public func appendSection(_ section: Menu) { g_menu_append_section(OpaquePointer(raw), nil, section.model) }
    var model: UnsafeMutablePointer<GMenuModel> { raw.assumingMemoryBound(to: GMenuModel.self) }
}

/// The header bar's menu button (GtkMenuButton with a popover menu).
@MainActor
public final class MenuButton: Widget {
    public override class var gType: GType { gtk_menu_button_get_type() }
    public convenience init(iconName: String, accessibleLabel: String, menu: Menu) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(OpaquePointer(raw), iconName)
        gtk_menu_button_set_menu_model(OpaquePointer(raw), menu.model)
        gtk_menu_button_set_primary(OpaquePointer(raw), 1)
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }
    public func popup() { gtk_menu_button_popup(OpaquePointer(raw)) }
}
