import CGtk

@MainActor
public final class Box: Widget {
    public override class var gType: GType { gtk_box_get_type() }
    public convenience init(_ orientation: Orientation, spacing: Int = 0) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_box_new(orientation.c, Int32(spacing))))
    }
    private var box: UnsafeMutablePointer<GtkBox> { raw.assumingMemoryBound(to: GtkBox.self) }
    public func append(_ child: Widget) { gtk_box_append(box, child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(box, child.widget) }
    /// Adds `child` right after `sibling` (first when `sibling` is nil).
    public func insert(_ child: Widget, after sibling: Widget?) { gtk_box_insert_child_after(box, child.widget, sibling?.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(box, child.widget) }
    /// Removes every child (a list rebuilt from new content).
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(box, child) }
    }
    /// Every child gets the same width (a toolbar of equal buttons).
    public var homogeneous: Bool {
        get { gtk_box_get_homogeneous(box) != 0 }
        set { gtk_box_set_homogeneous(box, newValue ? 1 : 0) }
    }
}

@MainActor
public final class Overlay: Widget {
    public override class var gType: GType { gtk_overlay_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_overlay_new())) }
    private var overlay: OpaquePointer { OpaquePointer(raw) }
    public func setChild(_ child: Widget?) { gtk_overlay_set_child(overlay, child?.widget) }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(overlay, child.widget) }
    public func removeOverlay(_ child: Widget) { gtk_overlay_remove_overlay(overlay, child.widget) }
}

@MainActor
public final class Revealer: Widget {
    public override class var gType: GType { gtk_revealer_get_type() }
    public enum Transition: Sendable { case slideDown, slideUp, crossfade, none }
    public convenience init(transition: Transition = .slideDown) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_revealer_new()))
        let t: GtkRevealerTransitionType = switch transition {
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        case .none: GTK_REVEALER_TRANSITION_TYPE_NONE
        }
        gtk_revealer_set_transition_type(revealer, t)
    }
    private var revealer: OpaquePointer { OpaquePointer(raw) }
    public func setChild(_ child: Widget?) { gtk_revealer_set_child(revealer, child?.widget) }
    /// Whether the child is fully shown (false again once a hiding transition has ended).
    public var childRevealed: Bool { gtk_revealer_get_child_revealed(revealer) != 0 }
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(revealer) != 0 }
        set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
    }

    /// A bar that comes and goes (a question over a page): hidden from now on, and hidden again once
    /// it has slid away, so a screen reader is never given a bar no longer on screen. Use
    /// `slideIn()` and `slideOut()` to show and take it away.
    public func hidesWhenSlidAway() {
        isVisible = false
        onNotify("child-revealed") { [weak self] in
            if let self, !self.revealsChild, !self.childRevealed { self.isVisible = false }
        }
    }

    public func slideIn() {
        isVisible = true
        revealsChild = true
    }

    /// Without animations there is no slide to wait for: hidden at once.
    public func slideOut() {
        revealsChild = false
        if !Widget.animationsEnabled { isVisible = false }
    }
}

/// Pages with names and titles; the section switcher shows them.
@MainActor
public final class Stack: Widget {
    public override class var gType: GType { gtk_stack_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_stack_new())) }
    private var stack: OpaquePointer { OpaquePointer(raw) }
    public func addTitled(_ child: Widget, name: String, title: String, iconName: String? = nil) {
        let page = gtk_stack_add_titled(stack, child.widget, name, title)
        if let iconName, let page { gtk_stack_page_set_icon_name(page, iconName) }
    }
    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
    }
    public func hasChild(named name: String) -> Bool { gtk_stack_get_child_by_name(stack, name) != nil }
    /// Renames a page (what the switcher shows for it).
    public func setTitle(_ title: String, ofChildNamed name: String) {
        guard let child = gtk_stack_get_child_by_name(stack, name), let page = gtk_stack_get_page(stack, child) else { return }
        gtk_stack_page_set_title(page, title)
    }
    /// A page's title as the switcher shows it.
    public func title(ofChildNamed name: String) -> String? {
        guard let child = gtk_stack_get_child_by_name(stack, name), let page = gtk_stack_get_page(stack, child) else { return nil }
        return gtk_stack_page_get_title(page).map { String(cString: $0) }
    }
    public func remove(_ child: Widget) { gtk_stack_remove(stack, child.widget) }
    public func setCrossfade() { gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE) }
    /// Called after the visible page changes (a switcher click, a shortcut, code).
    @discardableResult
    public func onVisibleChildChanged(_ body: @escaping VoidHandler) -> SignalHandlerID {
        onNotify("visible-child-name", body)
    }
}

@MainActor
public final class StackSwitcher: Widget {
    public override class var gType: GType { gtk_stack_switcher_get_type() }
    public convenience init(stack: Stack) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_stack_switcher_new()))
        gtk_stack_switcher_set_stack(OpaquePointer(raw), OpaquePointer(stack.raw))
    }
}

@MainActor
public final class HeaderBar: Widget {
    public override class var gType: GType { gtk_header_bar_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_header_bar_new())) }
    private var bar: OpaquePointer { OpaquePointer(raw) }
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }
    public func setTitleWidget(_ child: Widget?) { gtk_header_bar_set_title_widget(bar, child?.widget) }
}

/// A bubble of content pointing at a widget (the open-tabs list).
@MainActor
public final class Popover: Widget {
    public override class var gType: GType { gtk_popover_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_popover_new())) }
    private var popover: UnsafeMutablePointer<GtkPopover> { raw.assumingMemoryBound(to: GtkPopover.self) }
    public func setChild(_ child: Widget?) { gtk_popover_set_child(popover, child?.widget) }
    /// Attaches to `widget` (it is unparented when `widget` is destroyed).
    public func attach(to widget: Widget) { gtk_widget_set_parent(self.widget, widget.widget) }
    public func popup() { gtk_popover_popup(popover) }
    /// Containers that parent a popover must let it size itself whenever they are allocated.
    public func present() { gtk_popover_present(popover) }
    /// Points at `rect` in the parent's coordinates.
    public func point(to rect: Rect) {
        var r = GdkRectangle(x: Int32(rect.x), y: Int32(rect.y), width: Int32(rect.width), height: Int32(rect.height))
        gtk_popover_set_pointing_to(popover, &r)
    }
    public func popdown() { gtk_popover_popdown(popover) }
    public var isOpen: Bool { gtk_widget_get_visible(widget) != 0 }
    /// Just before the popover appears: fill it with what is true now.
    @discardableResult
    public func onShow(_ body: @escaping VoidHandler) -> SignalHandlerID { on("show", body) }
    /// Opens, moved sideways to stay inside its window: GTK keeps a popover inside the monitor, not
    /// the window, so beside a narrow window's edge it would hang out of it (a window's edge at 600 px).
    public func popupInsideWindow(margin: Double = 6) {
        gtk_popover_set_offset(popover, 0, 0)
        // Shown first: a hidden popover measures 0 wide. The offset moves it before its first frame.
        gtk_popover_popup(popover)
        guard let parent = gtk_widget_get_parent(widget), let root = gtk_widget_get_root(parent) else { return }
        let rootWidget = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)
        var anchor = graphene_rect_t()
        guard gtk_widget_compute_bounds(parent, rootWidget, &anchor) != 0 else { return }
        let width = Double(widthRange().natural)
        // Where it points: the rect it was given, else the middle of its parent.
        var pointed = GdkRectangle()
        let centre = gtk_popover_get_pointing_to(popover, &pointed) != 0
            ? Double(anchor.origin.x) + Double(pointed.x) + Double(pointed.width) / 2
            : Double(anchor.origin.x + anchor.size.width / 2)
        let windowWidth = Double(gtk_widget_get_width(rootWidget))
        var shift = 0.0
        if centre + width / 2 > windowWidth - margin { shift = windowWidth - margin - (centre + width / 2) }
        if centre - width / 2 + shift < margin { shift = margin - (centre - width / 2) }
        if shift != 0 { gtk_popover_set_offset(popover, Int32(shift.rounded()), 0) }
    }
    /// Opens above what it points at (for a button at the bottom of the window).
    public func opensUpward() { gtk_popover_set_position(popover, GTK_POS_TOP) }
}
