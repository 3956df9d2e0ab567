import CGtk

/// A menu model (GMenu) of items that activate actions, for `MenuButton`.
@MainActor
public final class MenuModel: Object {
    public override class var gType: GType { g_menu_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(g_menu_new())) }
    /// An item named `label` that activates `action` ("group.name(3)" for a parameter).
    public func append(_ label: String, action: String) { g_menu_append(OpaquePointer(raw), label, action) }
    /// Puts `label` in place of the item at `index` (a GMenu item cannot be changed, only replaced).
    public func replace(at index: Int, with label: String, action: String) {
        g_menu_remove(OpaquePointer(raw), Int32(index))
        g_menu_insert(OpaquePointer(raw), Int32(index), label, action)
    }
    /// A section: items separated from the rest by a line.
    public func appendSection(_ section: MenuModel) { g_menu_append_section(OpaquePointer(raw), nil, section.model) }
    /// A place for a widget of the menu's own (`MenuButton.add(_:forCustomItem:)`), as GNOME Web's zoom row.
    public func appendCustom(id: String) {
        let item = g_menu_item_new(nil, nil)
        g_menu_item_set_attribute_value(item, "custom", g_variant_new_string(id))
        g_menu_append_item(OpaquePointer(raw), item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }
    var model: UnsafeMutablePointer<GMenuModel> { raw.assumingMemoryBound(to: GMenuModel.self) }
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
    /// A radio choice: menu items naming this action with a target ("stars.sign(3)") show which one
    /// is `state`, as GTK's menus show a radio item.
    public convenience init(name: String, state: Int) {
        let type = g_variant_type_new("i")
        defer { g_variant_type_free(type) }
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_int32(Int32(state)))))
    }

    /// The chosen value of a radio choice (see `init(name:state:)`).
    public var state: Int {
        get {
            guard let value = g_action_get_state(OpaquePointer(raw)) else { return 0 }
            defer { g_variant_unref(value) }
            return Int(g_variant_get_int32(value))
        }
        set { g_simple_action_set_state(OpaquePointer(raw), g_variant_new_int32(Int32(newValue))) }
    }

    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (Int) -> Void) -> SignalHandlerID {
        onPointer("activate") { parameter in
            guard let parameter else { return }
            body(Int(g_variant_get_int32(OpaquePointer(parameter))))
        }
    }
}

/// A radio choice named by text ("win.today-view::feed:12"): as `IntAction`'s, but its choices can
/// come and go (a list of subscriptions) without one's name moving to another.
@MainActor
public final class StringAction: Object {
    public override class var gType: GType { g_simple_action_get_type() }
    public convenience init(name: String, state: String) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(state))))
    }

    /// The chosen value: menu items naming this action with that target show as the chosen one.
    public var state: String {
        get {
            guard let value = g_action_get_state(OpaquePointer(raw)) else { return "" }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        set { g_simple_action_set_state(OpaquePointer(raw), g_variant_new_string(newValue)) }
    }

    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (String) -> Void) -> SignalHandlerID {
        onPointer("activate") { parameter in
            guard let parameter else { return }
            body(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        }
    }

    /// A menu item's detailed action for `target` ("win.today-view::feed:12").
    public static func detailed(_ action: String, target: String) -> String { "\(action)::\(target)" }
}

/// Named actions a widget and its children (menus, shortcuts) can activate as "prefix.name": the
/// commands of one scope ("win", "stars"). Menus, buttons and keys reach a command by its name,
/// so they share one definition, as in GNOME apps.
@MainActor
public final class ActionGroup: Object {
    public override class var gType: GType { g_simple_action_group_get_type() }
    private var actions: [String: Action] = [:]
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(g_simple_action_group_new())) }
    public func add(_ action: IntAction) { g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw)) }
    public func add(_ action: StringAction) { g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw)) }

    /// A command without a parameter.
    @discardableResult
    public func add(_ name: String, _ body: @escaping VoidHandler) -> Action {
        let action = Action(name: name, body)
        g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw))
        actions[name] = action
        return action
    }

    public subscript(name: String) -> Action? { actions[name] }

    /// Makes the actions available to `widget` and everything inside it as "prefix.name".
    public func insert(into widget: Widget, prefix: String) {
        gtk_widget_insert_action_group(widget.widget, prefix, OpaquePointer(raw))
        // GTK 4.8 keeps an inserted group (every action, every handler) after its window is
        // finalized; taken out when the widget is destroyed, it goes with the last wrapper.
        let target = widget.widget
        widget.on("destroy") { gtk_widget_insert_action_group(target, prefix, nil) }
    }

    /// Whether the group has an action `name` (GIO's view of it: what a menu item or an
    /// accelerator naming "prefix.name" finds).
    public func hasAction(_ name: String) -> Bool { g_action_group_has_action(OpaquePointer(raw), name) != 0 }

    /// Whether `name` is enabled, as GIO tells a menu or a shortcut (false when there is none).
    public func isEnabled(_ name: String) -> Bool { g_action_group_get_action_enabled(OpaquePointer(raw), name) != 0 }

    /// Runs `name` as a menu or shortcut would.
    public func activate(_ name: String) { actions[name].map { g_action_activate(OpaquePointer($0.raw), nil) } }
}

/// A command without a parameter (GSimpleAction); disabled, its menu items grey out and its
/// shortcuts let their keys through.
@MainActor
public final class Action: Object {
    public override class var gType: GType { g_simple_action_get_type() }

    public convenience init(name: String, _ body: @escaping VoidHandler) {
        self.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        onPointer("activate") { _ in body() }
    }

    /// Called each time GIO activates the action (a key, a menu item), after the command ran.
    @discardableResult
    public func onActivate(_ body: @escaping VoidHandler) -> SignalHandlerID { onPointer("activate") { _ in body() } }

    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(raw)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(raw), newValue ? 1 : 0) }
    }
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

/// A button that opens a menu (GtkMenuButton + GtkPopoverMenu): a real menu for assistive
/// technology, reachable with Tab and opened with Enter or Space, items walked with the arrows.
@MainActor
public final class MenuButton: Widget {
    public override class var gType: GType { gtk_menu_button_get_type() }
    public convenience init(label: String, menu: MenuModel) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_label(OpaquePointer(raw), label)
        gtk_menu_button_set_menu_model(OpaquePointer(raw), menu.model)
    }
    /// An icon-only menu button (the header's main menu); the label names it for screen readers.
    /// `primary`: F10 opens it (the window's main menu; one a window).
    public convenience init(iconName: String, accessibleLabel: String, menu: MenuModel, primary: Bool = true) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(OpaquePointer(raw), iconName)
        gtk_menu_button_set_menu_model(OpaquePointer(raw), menu.model)
        if primary { gtk_menu_button_set_primary(OpaquePointer(raw), 1) }
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }
    /// The menu replaced (its items' texts changed).
    public func setMenu(_ menu: MenuModel) { gtk_menu_button_set_menu_model(OpaquePointer(raw), menu.model) }
    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(OpaquePointer(raw), name) }
    /// The action of every item of the button's menu, its sections and submenus included, as GTK
    /// holds them ("win.new-tab"): for tests that every one names an action that exists.
    public var menuActionNames: [String] {
        guard let model = gtk_menu_button_get_menu_model(OpaquePointer(raw)) else { return [] }
        var names: [String] = []
        var pending = [model]
        // Each linked model is a reference of ours, given back once the walk is done.
        var linkedModels: [UnsafeMutablePointer<GMenuModel>] = []
        defer { for linked in linkedModels { g_object_unref(UnsafeMutableRawPointer(linked)) } }
        while let current = pending.popLast() {
            for index in 0..<g_menu_model_get_n_items(current) {
                if let value = g_menu_model_get_item_attribute_value(current, index, "action", nil) {
                    names.append(String(cString: g_variant_get_string(value, nil)))
                    g_variant_unref(value)
                }
                for link in ["section", "submenu"] {
                    if let linked = g_menu_model_get_item_link(current, index, link) {
                        pending.append(linked)
                        linkedModels.append(linked)
                    }
                }
            }
        }
        return names
    }

    /// The labels of the menu's own items (not its sections'), as GTK holds them for the menu to show.
    public var menuLabels: [String] {
        guard let model = gtk_menu_button_get_menu_model(OpaquePointer(raw)) else { return [] }
        return (0..<g_menu_model_get_n_items(model)).compactMap { index in
            guard let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) else { return nil }
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
    }

    /// An icon button that opens `popover` (a list of its own, not a menu).
    public convenience init(iconName: String, accessibleLabel: String, popover: Popover) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_icon_name(OpaquePointer(raw), iconName)
        gtk_menu_button_set_popover(OpaquePointer(raw), popover.widget)
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }
    /// What the button shows in place of its icon (an icon with a progress ring over it); give the
    /// button an accessible label.
    public func setChild(_ child: Widget) { gtk_menu_button_set_child(OpaquePointer(raw), child.widget) }
    public var isOpen: Bool {
        guard let popover = gtk_menu_button_get_popover(OpaquePointer(raw)) else { return false }
        return gtk_widget_get_visible(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self)) != 0
    }
    public func popup() { gtk_menu_button_popup(OpaquePointer(raw)) }
    /// Puts `widget` in the menu at the item `MenuModel.appendCustom(id:)` made; false when the menu has none.
    @discardableResult
    public func add(_ widget: Widget, forCustomItem id: String) -> Bool {
        guard let popover = gtk_menu_button_get_popover(OpaquePointer(raw)),
              skiff_is_a(UnsafeMutableRawPointer(popover), gtk_popover_menu_get_type()) != 0 else { return false }
        return gtk_popover_menu_add_child(OpaquePointer(popover), widget.widget, id) != 0
    }
    public func popdown() { gtk_menu_button_popdown(OpaquePointer(raw)) }
}

extension MenuButton {
    public func setLabel(_ label: String) { gtk_menu_button_set_label(OpaquePointer(raw), label) }
    /// A frameless button showing `child` that opens `popover` (a click, Enter or Space).
    public convenience init(child: Widget, popover: Popover) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
        gtk_menu_button_set_child(OpaquePointer(raw), child.widget)
        gtk_menu_button_set_popover(OpaquePointer(raw), popover.widget)
        gtk_menu_button_set_has_frame(OpaquePointer(raw), 0)
    }
}

extension MenuButton {
    /// false: a flat button, as the toolbar's others.
    public var hasFrame: Bool {
        get { gtk_menu_button_get_has_frame(OpaquePointer(raw)) != 0 }
        set { gtk_menu_button_set_has_frame(OpaquePointer(raw), newValue ? 1 : 0) }
    }
}

/// A menu in a bubble from a menu model, pointing at a place in the widget it is attached to: a
/// context menu (a right click, the Menu key). Its items name actions as a menu button's do.
@MainActor
public final class PopoverMenu: Widget {
    public override class var gType: GType { gtk_popover_menu_get_type() }
    public convenience init(_ menu: MenuModel) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_popover_menu_new_from_model(menu.model)))
        gtk_popover_set_has_arrow(popover, 0)
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        // Closed, the keyboard focus goes back where it was when the menu opened (GTK would leave it
        // on the first focusable widget of the window: the header's section switcher).
        on("closed") { [weak self] in
            MainLoop.idle { [weak self] in
                guard let self, let before = self.focusBefore else { return }
                self.focusBefore = nil
                if before.isMapped, before.canFocus { _ = before.grabFocus() }
            }
        }
    }
    /// What had the keyboard focus when the menu opened.
    private var focusBefore: Widget?
    private var popover: UnsafeMutablePointer<GtkPopover> { raw.assumingMemoryBound(to: GtkPopover.self) }
    /// Attaches to `widget` (it is unparented when `widget` is destroyed).
    public func attach(to widget: Widget) { gtk_widget_set_parent(self.widget, widget.widget) }
    public func detach() { gtk_widget_unparent(widget) }
    public func setMenu(_ menu: MenuModel) { gtk_popover_menu_set_menu_model(OpaquePointer(raw), menu.model) }
    /// Points at `rect` in the attached widget's coordinates.
    public func point(to rect: Rect) {
        var r = GdkRectangle(x: Int32(rect.x), y: Int32(rect.y), width: Int32(max(1, rect.width)), height: Int32(max(1, rect.height)))
        gtk_popover_set_pointing_to(popover, &r)
    }
    public func popup() {
        if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) {
            focusBefore = Widget(retaining: UnsafeMutableRawPointer(focus))
        }
        gtk_popover_popup(popover)
    }
    public func popdown() { gtk_popover_popdown(popover) }
    public var isOpen: Bool { gtk_widget_get_visible(widget) != 0 }
}
