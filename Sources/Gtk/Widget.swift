import CGtk

public enum Orientation: Sendable { case horizontal, vertical
    var c: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

public enum Align: Sendable { case fill, start, end, center
    init(_ c: GtkAlign) {
        switch c {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }
    var c: GtkAlign {
        switch self { case .fill: GTK_ALIGN_FILL; case .start: GTK_ALIGN_START; case .end: GTK_ALIGN_END; case .center: GTK_ALIGN_CENTER }
    }
}

/// Any GtkWidget.
@MainActor
open class Widget: Object {
    open override class var gType: GType { gtk_widget_get_type() }

    public var widget: UnsafeMutablePointer<GtkWidget> { raw.assumingMemoryBound(to: GtkWidget.self) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }
    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }
    public var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.c) }
    }
    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.c) }
    }
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }
    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }
    /// Whether pointer input can land on this widget (false for decorations drawn over others).
    public var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }
    /// Whether children and drawing are clipped to the allocation (shadows of cards at the edge are not).
    public var clipsContent: Bool {
        get { gtk_widget_get_overflow(widget) == GTK_OVERFLOW_HIDDEN }
        set { gtk_widget_set_overflow(widget, newValue ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE) }
    }
    public var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }
    /// Focus is shown (keyboard navigation), not merely held (a click).
    public var hasVisibleFocus: Bool {
        gtk_widget_has_focus(widget) != 0 && gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue != 0
    }
    /// The widget's position in `ancestor`'s coordinates, if it is inside it.
    public func origin(in ancestor: Widget) -> (x: Double, y: Double)? {
        var src = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(widget, ancestor.widget, &src, &out) != 0 else { return nil }
        return (Double(out.x), Double(out.y))
    }
    /// Device pixels per logical pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
    public var width: Int { Int(gtk_widget_get_width(widget)) }
    public var height: Int { Int(gtk_widget_get_height(widget)) }
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// This widget or one inside it is its window's focus widget (whether or not the window is
    /// the active one: GTK's focus state flags are cleared while the window is in the background).
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    public func setMargins(top: Int = 0, bottom: Int = 0, start: Int = 0, end: Int = 0) {
        gtk_widget_set_margin_top(widget, Int32(top))
        gtk_widget_set_margin_bottom(widget, Int32(bottom))
        gtk_widget_set_margin_start(widget, Int32(start))
        gtk_widget_set_margin_end(widget, Int32(end))
    }
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, Int32(width), Int32(height))
    }
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    public func queueDraw() { gtk_widget_queue_draw(widget) }
    /// The widget is leaving the screen (its window closing, a parent hidden).
    @discardableResult
    public func onUnmap(_ body: @escaping VoidHandler) -> SignalHandlerID { on("unmap", body) }
    public func queueResize() { gtk_widget_queue_resize(widget) }

    /// The accessible name screen readers (and our external tests) find this widget by.
    public func setAccessibleLabel(_ label: String) {
        skiff_accessible_set_label(widget, label)
        g_object_set_data_full(gobject, "skiff-accessible-label", g_strdup(label), g_free)
    }
    public func setAccessibleDescription(_ text: String) {
        skiff_accessible_set_description(widget, text)
        g_object_set_data_full(gobject, "skiff-accessible-description", g_strdup(text), g_free)
    }
    /// What was last given to `setAccessibleLabel` (GTK has no getter for accessible properties).
    public var accessibleLabel: String? {
        g_object_get_data(gobject, "skiff-accessible-label").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }
    public var accessibleDescription: String? {
        g_object_get_data(gobject, "skiff-accessible-description").map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// Adds an event controller. The widget gets a reference of its own (GTK takes ownership of
    /// the one passed); the wrapper keeps its single one and drops it when it goes. A controller
    /// never added is freed with its wrapper.
    public func addController(_ controller: EventController) {
        g_object_ref(controller.raw)
        gtk_widget_add_controller(widget, controller.controllerPointer)
    }
    public func removeController(_ controller: EventController) {
        gtk_widget_remove_controller(widget, controller.controllerPointer)
    }

    /// Whether GTK wants motion: the "enable animations" setting. With it off, state changes jump.
    public static var animationsEnabled: Bool { skiff_animations_enabled() != 0 }
}

/// Event controllers (gestures, key, scroll, shortcuts). Owned by the widget once added.
@MainActor
open class EventController: Object {
    open override class var gType: GType { gtk_event_controller_get_type() }
    var controllerPointer: OpaquePointer { OpaquePointer(raw) }

    public enum Phase: Sendable { case capture, bubble, target }
    public var phase: Phase {
        get {
            switch gtk_event_controller_get_propagation_phase(controllerPointer) {
            case GTK_PHASE_CAPTURE: .capture
            case GTK_PHASE_TARGET: .target
            default: .bubble
            }
        }
        set {
            let p: GtkPropagationPhase = switch newValue {
            case .capture: GTK_PHASE_CAPTURE
            case .bubble: GTK_PHASE_BUBBLE
            case .target: GTK_PHASE_TARGET
            }
            gtk_event_controller_set_propagation_phase(controllerPointer, p)
        }
    }
}

extension Widget {
    /// Moves the keyboard focus into this widget's first (or, backward, last) focusable descendant,
    /// as Tab would. False when there is none.
    @discardableResult
    public func focusInto(forward: Bool = true) -> Bool {
        gtk_widget_child_focus(widget, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD) != 0
    }

    /// The widget's top-left corner in its window's surface (X window) coordinates, for tests
    /// that read the widget's pixels from a screenshot of the window. Includes the window's own
    /// offset inside its surface (client-side decorations' margins).
    public func originInSurface() -> (x: Double, y: Double)? {
        guard let native = gtk_widget_get_native(widget) else { return nil }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var src = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(widget, nativeWidget, &src, &out) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return (Double(out.x) + dx, Double(out.y) + dy)
    }
}
