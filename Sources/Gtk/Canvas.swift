import CGtk

/// An RGBA colour, components 0…1.
public struct Color: Sendable, Equatable {
    public var red, green, blue, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    var gdk: GdkRGBA { GdkRGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: Float(alpha)) }
}

public struct Rect: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Where a `width`×`height` image goes to cover `rect`: scaled evenly, centred, spilling over
    /// the longer way (the caller crops).
    public static func covering(_ rect: Rect, width: Int, height: Int) -> Rect {
        let iw = Double(max(1, width)), ih = Double(max(1, height))
        let scale = max(rect.width / iw, rect.height / ih)
        let w = iw * scale, h = ih * scale
        return Rect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h)
    }
    var graphene: graphene_rect_t {
        graphene_rect_t(origin: graphene_point_t(x: Float(x), y: Float(y)), size: graphene_size_t(width: Float(width), height: Float(height)))
    }
}

/// What a Swift widget may draw during `snapshot`. Only valid inside the draw callback.
@MainActor
public struct Snapshot {
    let pointer: OpaquePointer

    public func fill(_ rect: Rect, color: Color) {
        var r = rect.graphene
        var c = color.gdk
        gtk_snapshot_append_color(pointer, &c, &r)
    }

    public func fillRounded(_ rect: Rect, radius: Double, color: Color) {
        var rounded = GskRoundedRect()
        var r = rect.graphene
        gsk_rounded_rect_init_from_rect(&rounded, &r, Float(radius))
        gtk_snapshot_push_rounded_clip(pointer, &rounded)
        fill(rect, color: color)
        gtk_snapshot_pop(pointer)
    }

    public func withOpacity(_ opacity: Double, _ body: () -> Void) {
        gtk_snapshot_push_opacity(pointer, opacity)
        body()
        gtk_snapshot_pop(pointer)
    }

    public func withTransform(translateX: Double = 0, translateY: Double = 0, scaleX: Double = 1, scaleY: Double = 1, _ body: () -> Void) {
        gtk_snapshot_save(pointer)
        var p = graphene_point_t(x: Float(translateX), y: Float(translateY))
        gtk_snapshot_translate(pointer, &p)
        gtk_snapshot_scale(pointer, Float(scaleX), Float(scaleY))
        body()
        gtk_snapshot_restore(pointer)
    }
}

/// Accessible roles our custom widgets use.
public enum AccessibleRole: Sendable {
    case progressBar, img, group, button, widget, heading, list, listItem, dialog, tabList, tab, region
    /// A message that appeared by itself (a finished download): GTK 4.8 exposes it to AT-SPI as a
    /// notification, which screen readers speak when it shows (4.8 has no announcement call).
    case alert
    /// An item of one of GTK's menus (GTK 4.8 gives its radio and check items this role too, with a
    /// checked state); for tests that read them.
    case menuItem
    var c: GtkAccessibleRole {
        switch self {
        case .menuItem: GTK_ACCESSIBLE_ROLE_MENU_ITEM
        case .alert: GTK_ACCESSIBLE_ROLE_ALERT
        case .tabList: GTK_ACCESSIBLE_ROLE_TAB_LIST
        case .tab: GTK_ACCESSIBLE_ROLE_TAB
        case .region: GTK_ACCESSIBLE_ROLE_REGION
        case .progressBar: GTK_ACCESSIBLE_ROLE_PROGRESS_BAR
        case .img: GTK_ACCESSIBLE_ROLE_IMG
        case .group: GTK_ACCESSIBLE_ROLE_GROUP
        case .button: GTK_ACCESSIBLE_ROLE_BUTTON
        case .widget: GTK_ACCESSIBLE_ROLE_WIDGET
        case .heading: GTK_ACCESSIBLE_ROLE_HEADING
        case .list: GTK_ACCESSIBLE_ROLE_LIST
        case .listItem: GTK_ACCESSIBLE_ROLE_LIST_ITEM
        case .dialog: GTK_ACCESSIBLE_ROLE_DIALOG
        }
    }
}

/// The Swift side of a custom widget: how big it wants to be and how it draws.
/// Closures capture their owner weakly; the canvas keeps them until it is finalized.
public final class SnapshotHandlers {
    var draw: @MainActor (Snapshot, Double, Double) -> Void
    var measure: @MainActor (Orientation, Int) -> (minimum: Int, natural: Int)
    var allocate: (@MainActor (Int, Int) -> Void)?
    var heightForWidth = false
    var focusOrder: (@MainActor () -> [Widget])?
    init(draw: @escaping @MainActor (Snapshot, Double, Double) -> Void,
         measure: @escaping @MainActor (Orientation, Int) -> (minimum: Int, natural: Int)) {
        self.draw = draw
        self.measure = measure
    }
}

/// A GtkWidget subclass ("SkiffCanvas") whose snapshot and measure vfuncs call Swift.
/// Registered once; each instance carries its handlers as qdata, released on finalize.
@MainActor
public final class Canvas: Widget {
    public override class var gType: GType { CanvasType.type }

    /// - Parameters:
    ///   - role: the accessible role (construct-only in GTK 4.8).
    ///   - label: the accessible name; every custom widget must have one.
    public convenience init(role: AccessibleRole, label: String,
                            measure: @escaping @MainActor (Orientation, Int) -> (minimum: Int, natural: Int) = { _, _ in (0, 0) },
                            draw: @escaping @MainActor (Snapshot, Double, Double) -> Void) {
        let w = skiff_widget_new_with_role(CanvasType.type, role.c)
        self.init(retaining: UnsafeMutableRawPointer(w))
        let handlers = ClosureBox(SnapshotHandlers(draw: draw, measure: measure))
        g_object_set_qdata_full(gobject, CanvasType.quark, handlers.retainedPointer(), destroyNotify(for: SnapshotHandlers.self))
        setAccessibleLabel(label)
    }

    /// Replaces how the canvas draws. For owners that must exist before their drawing can refer
    /// to them: create the canvas with no drawing, then set it here (capturing the owner weakly).
    public func onDraw(_ body: @escaping @MainActor (Snapshot, Double, Double) -> Void) {
        CanvasType.handlers(widget)?.draw = body
        queueDraw()
    }

    /// Replaces how the canvas measures itself (see `onDraw`).
    public func onMeasure(_ body: @escaping @MainActor (Orientation, Int) -> (minimum: Int, natural: Int)) {
        CanvasType.handlers(widget)?.measure = body
        queueResize()
    }

    // MARK: Containers: a canvas may parent widgets, place them itself and draw them with `Snapshot.child`.

    /// Called with the canvas's new width and height whenever GTK allocates it; place children here.
    public func onAllocate(_ body: @escaping @MainActor (Int, Int) -> Void) {
        CanvasType.handlers(widget)?.allocate = body
    }

    /// The order Tab walks this canvas's children in (GTK otherwise sorts them by position, which
    /// for overlapping layers is not the order a reader expects). Children not listed are skipped.
    public func setFocusOrder(_ order: @escaping @MainActor () -> [Widget]) {
        CanvasType.handlers(widget)?.focusOrder = order
    }

    /// Asks GTK for the height for a given width (the `measure` closure then receives the width).
    public func setHeightForWidth(_ enabled: Bool) {
        CanvasType.handlers(widget)?.heightForWidth = enabled
        queueResize()
    }

    /// Makes `child` a child of this canvas. It is unparented when the canvas is disposed.
    public func addChild(_ child: Widget) { gtk_widget_set_parent(child.widget, widget) }
    public func removeChild(_ child: Widget) { gtk_widget_unparent(child.widget) }

    /// Gives `child` its place (canvas coordinates, whole pixels). Only valid inside `onAllocate`.
    public func allocate(_ child: Widget, _ rect: Rect) {
        let rect = Self.fitted(child, rect)
        var allocation = GtkAllocation(x: Int32(rect.x.rounded()), y: Int32(rect.y.rounded()),
                                       width: Int32(max(0, rect.width.rounded())), height: Int32(max(0, rect.height.rounded())))
        gtk_widget_size_allocate(child.widget, &allocation, -1)
    }

    /// Gives `child` its place, scaled about its centre by (sx, sy) (a transform, not a new size,
    /// so text is not re-wrapped while it animates).
    public func allocate(_ child: Widget, _ rect: Rect, scaleX: Double, scaleY: Double) {
        guard scaleX != 1 || scaleY != 1 else { return allocate(child, rect) }
        let rect = Self.fitted(child, rect)
        let w = max(0, rect.width.rounded()), h = max(0, rect.height.rounded())
        var to = graphene_point_t(x: Float(rect.x + w * (1 - scaleX) / 2), y: Float(rect.y + h * (1 - scaleY) / 2))
        let transform = gsk_transform_scale(gsk_transform_translate(nil, &to), Float(scaleX), Float(scaleY))
        // gtk_widget_allocate takes ownership of the transform.
        gtk_widget_allocate(child.widget, Int32(w), Int32(h), -1, transform)
    }

    /// `rect` grown to `child`'s minimum size where it is smaller, about the same centre (GTK measures
    /// every child before it is allocated). Themes differ in their minimum sizes — GTK 4.18's buttons
    /// are larger than 4.8's — and a widget given less than its minimum is clipped, with a warning.
    private static func fitted(_ child: Widget, _ rect: Rect) -> Rect {
        var minimumWidth: Int32 = 0, minimumHeight: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimumWidth, &natural, nil, nil)
        let width = max(rect.width.rounded(), Double(minimumWidth))
        gtk_widget_measure(child.widget, GTK_ORIENTATION_VERTICAL, Int32(width), &minimumHeight, &natural, nil, nil)
        let height = max(rect.height.rounded(), Double(minimumHeight))
        guard width != rect.width || height != rect.height else { return rect }
        return Rect(x: rect.x - (width - rect.width) / 2, y: rect.y - (height - rect.height) / 2, width: width, height: height)
    }

    /// Hides a pooled child without unparenting it (cheaper than removing and re-adding).
    public func setChildVisible(_ child: Widget, _ visible: Bool) {
        gtk_widget_set_child_visible(child.widget, visible ? 1 : 0)
    }

    public func queueAllocate() { gtk_widget_queue_allocate(widget) }

    public var accessibleRole: AccessibleRole? {
        let role = gtk_accessible_get_accessible_role(OpaquePointer(raw))
        return [AccessibleRole.progressBar, .img, .group, .button, .widget, .heading, .list, .listItem, .dialog].first { $0.c == role }
    }

    /// Reports a 0…1 value to assistive technology (progress bars).
    public func setAccessibleValue(_ value: Double) { skiff_accessible_set_value_now(widget, value) }
}

@MainActor
enum CanvasType {
    static let quark: GQuark = g_quark_from_static_string("skiff-canvas-handlers")
    static let type: GType = g_type_register_static_simple(
        gtk_widget_get_type(), "SkiffCanvas",
        UInt32(MemoryLayout<GtkWidgetClass>.size), canvasClassInit,
        UInt32(MemoryLayout<GtkWidget>.size), nil, GTypeFlags(0))

    static func handlers(_ widget: UnsafeMutablePointer<GtkWidget>?) -> SnapshotHandlers? {
        guard let widget, let data = g_object_get_qdata(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), quark) else { return nil }
        return Unmanaged<ClosureBox<SnapshotHandlers>>.fromOpaque(data).takeUnretainedValue().body
    }
}

private let canvasClassInit: GClassInitFunc = { klass, _ in
    guard let klass else { return }
    let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
    widgetClass.pointee.snapshot = canvasSnapshot
    widgetClass.pointee.measure = canvasMeasure
    widgetClass.pointee.size_allocate = canvasAllocate
    widgetClass.pointee.get_request_mode = canvasRequestMode
    canvasParentFocus = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GtkWidgetClass.self).pointee.focus
    widgetClass.pointee.focus = canvasFocus
    let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
    canvasParentDispose = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GObjectClass.self).pointee.dispose
    objectClass.pointee.dispose = canvasDispose
}

nonisolated(unsafe) private var canvasParentFocus: (@convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean)?

/// Tab and Shift+Tab through a canvas with a focus order: first within the child that has the
/// focus (links inside a page), then on to the next child in the order that takes it.
private let canvasFocus: @convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean = { widgetArg, direction in
    guard let widgetArg else { return 0 }
    nonisolated(unsafe) let widget = widgetArg
    let handled: Bool? = MainActor.assumeIsolated {
        guard let order = CanvasType.handlers(widget)?.focusOrder,
              direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD else { return nil }
        var children = order().map(\.widget).filter { gtk_widget_get_parent($0) == widget && gtk_widget_get_child_visible($0) != 0 && gtk_widget_get_visible($0) != 0 }
        if direction == GTK_DIR_TAB_BACKWARD { children.reverse() }
        // Which child holds the window's focus now (GTK may remember an old focus child).
        let focus = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }
        func holdsFocus(_ child: UnsafeMutablePointer<GtkWidget>) -> Bool {
            guard let focus else { return false }
            return focus == child || gtk_widget_is_ancestor(focus, child) != 0
        }
        var start = 0
        if let index = children.firstIndex(where: holdsFocus) {
            if gtk_widget_child_focus(children[index], direction) != 0 { return true }
            start = index + 1
        }
        for child in children[start...] {
            // A remembered focus child (at any depth) would make the child move on from it instead
            // of entering it.
            if !holdsFocus(child) {
                var node: UnsafeMutablePointer<GtkWidget>? = child
                while let current = node, let remembered = gtk_widget_get_focus_child(current) {
                    gtk_widget_set_focus_child(current, nil)
                    node = remembered
                }
            }
            if gtk_widget_child_focus(child, direction) != 0 { return true }
        }
        return false
    }
    if let handled { return handled ? 1 : 0 }
    return canvasParentFocus?(widget, direction) ?? 0
}

nonisolated(unsafe) private var canvasParentDispose: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?

/// A container's children must be unparented before it finalizes (GTK warns and leaks otherwise).
private let canvasDispose: @convention(c) (UnsafeMutablePointer<GObject>?) -> Void = { object in
    if let object {
        let widget = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
    }
    canvasParentDispose?(object)
}

private let canvasAllocate: @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void = { widgetArg, width, height, _ in
    nonisolated(unsafe) let widget = widgetArg
    MainActor.assumeIsolated {
        CanvasType.handlers(widget)?.allocate?(Int(width), Int(height))
    }
}

private let canvasRequestMode: @convention(c) (UnsafeMutablePointer<GtkWidget>?) -> GtkSizeRequestMode = { widgetArg in
    nonisolated(unsafe) let widget = widgetArg
    return MainActor.assumeIsolated {
        CanvasType.handlers(widget)?.heightForWidth == true ? GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH : GTK_SIZE_REQUEST_CONSTANT_SIZE
    }
}

private let canvasSnapshot: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?) -> Void = { widgetArg, snapshotArg in
    guard let widgetArg, let snapshotArg else { return }
    nonisolated(unsafe) let (widget, snapshot) = (widgetArg, snapshotArg)
    MainActor.assumeIsolated {
        guard let handlers = CanvasType.handlers(widget) else { return }
        let w = Double(gtk_widget_get_width(widget)), h = Double(gtk_widget_get_height(widget))
        handlers.draw(Snapshot(pointer: snapshot), w, h)
    }
}

private let canvasMeasure: @convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void = { widgetArg, orientation, forSize, minimumArg, naturalArg, minBaseline, natBaseline in
    nonisolated(unsafe) let (widget, minimum, natural) = (widgetArg, minimumArg, naturalArg)
    MainActor.assumeIsolated {
        let size: (minimum: Int, natural: Int) = CanvasType.handlers(widget)?.measure(orientation == GTK_ORIENTATION_HORIZONTAL ? .horizontal : .vertical, Int(forSize)) ?? (0, 0)
        minimum?.pointee = Int32(size.minimum)
        natural?.pointee = Int32(max(size.minimum, size.natural))
    }
    minBaseline?.pointee = -1
    natBaseline?.pointee = -1
}
