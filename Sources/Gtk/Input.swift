import CGtk

public typealias KeyHandler = @MainActor (_ keyval: UInt32, _ modifiers: KeyModifiers) -> Bool

public struct KeyModifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: GDK_SHIFT_MASK.rawValue)
    public static let control = KeyModifiers(rawValue: GDK_CONTROL_MASK.rawValue)
    public static let alt = KeyModifiers(rawValue: GDK_ALT_MASK.rawValue)
}

/// Key values the views switch on (GDK_KEY_* are C macros).
public enum Key {
    public static let left = UInt32(GDK_KEY_Left), right = UInt32(GDK_KEY_Right)
    public static let up = UInt32(GDK_KEY_Up), down = UInt32(GDK_KEY_Down)
    public static let space = UInt32(GDK_KEY_space), enter = UInt32(GDK_KEY_Return), kpEnter = UInt32(GDK_KEY_KP_Enter)
    public static let escape = UInt32(GDK_KEY_Escape), pageUp = UInt32(GDK_KEY_Page_Up), pageDown = UInt32(GDK_KEY_Page_Down)
    public static let home = UInt32(GDK_KEY_Home), end = UInt32(GDK_KEY_End), backspace = UInt32(GDK_KEY_BackSpace)
    public static let tab = UInt32(GDK_KEY_Tab), leftTab = UInt32(GDK_KEY_ISO_Left_Tab)
    public static let f5 = UInt32(GDK_KEY_F5), r = UInt32(GDK_KEY_r)
    public static let m = UInt32(GDK_KEY_m), s = UInt32(GDK_KEY_s), j = UInt32(GDK_KEY_j), k = UInt32(GDK_KEY_k)

    /// Keys that only modify others (Shift before a capital, AltGr): pressing one changes nothing.
    public static func isModifier(_ keyval: UInt32) -> Bool {
        modifiers.contains(keyval)
    }

    private static let modifiers: Set<UInt32> = Set([
        GDK_KEY_Shift_L, GDK_KEY_Shift_R, GDK_KEY_Control_L, GDK_KEY_Control_R, GDK_KEY_Alt_L, GDK_KEY_Alt_R,
        GDK_KEY_Meta_L, GDK_KEY_Meta_R, GDK_KEY_Super_L, GDK_KEY_Super_R, GDK_KEY_Hyper_L, GDK_KEY_Hyper_R,
        GDK_KEY_ISO_Level3_Shift, GDK_KEY_ISO_Level5_Shift, GDK_KEY_Caps_Lock, GDK_KEY_Num_Lock, GDK_KEY_Shift_Lock,
    ].map { UInt32($0) })
}

/// Key presses and releases delivered to a widget (and, in the capture phase, its children).
@MainActor
public final class EventControllerKey: EventController {
    public override class var gType: GType { gtk_event_controller_key_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_key_new())) }
    @discardableResult
    public func onPressed(_ body: @escaping KeyHandler) -> SignalHandlerID { onKey("key-pressed", body) }
    @discardableResult
    public func onReleased(_ body: @escaping KeyHandler) -> SignalHandlerID { onKey("key-released", body) }
}

/// Pointer enter / motion / leave.
@MainActor
public final class EventControllerMotion: EventController {
    public override class var gType: GType { gtk_event_controller_motion_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_motion_new())) }
    @discardableResult
    public func onEnter(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("enter", body) }
    @discardableResult
    public func onMotion(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("motion", body) }
    @discardableResult
    public func onLeave(_ body: @escaping VoidHandler) -> SignalHandlerID { on("leave", body) }
}

/// Keyboard focus entering and leaving a widget.
@MainActor
public final class EventControllerFocus: EventController {
    public override class var gType: GType { gtk_event_controller_focus_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_focus_new())) }
    @discardableResult
    public func onEnter(_ body: @escaping VoidHandler) -> SignalHandlerID { on("enter", body) }
    @discardableResult
    public func onLeave(_ body: @escaping VoidHandler) -> SignalHandlerID { on("leave", body) }
}

/// Wheel, touchpad and touch scrolling. `begin`/`end` come only from devices that have them
/// (touchpads); wheels send discrete steps. `decelerate` carries the kinetic fling velocity.
@MainActor
public final class EventControllerScroll: EventController {
    public override class var gType: GType { gtk_event_controller_scroll_get_type() }

    public struct Axes: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let vertical = Axes(rawValue: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue)
        public static let horizontal = Axes(rawValue: GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL.rawValue)
        public static let kinetic = Axes(rawValue: GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
    }

    public convenience init(_ axes: Axes) {
        self.init(adopting: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(axes.rawValue))))
    }

    /// (dx, dy, source) -> handled. Return false to let the scroll go on to the widget underneath.
    /// `source.isDiscreteScroll` tells a wheel notch from touchpad pixels.
    @discardableResult
    public func onScroll(_ body: @escaping SourcedScrollHandler) -> SignalHandlerID {
        connectBoxed("scroll", unsafeBitCast(sourcedScrollTrampoline, to: UnsafeRawPointer.self), body, signature: .scroll)
    }
    @discardableResult
    public func onBegin(_ body: @escaping VoidHandler) -> SignalHandlerID { on("scroll-begin", body) }
    @discardableResult
    public func onEnd(_ body: @escaping VoidHandler) -> SignalHandlerID { on("scroll-end", body) }
    @discardableResult
    public func onDecelerate(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("decelerate", body) }

}

/// A range's value, bounds and page size (what a scrollbar shows and edits).
@MainActor
public final class Adjustment: Object {
    public override class var gType: GType { gtk_adjustment_get_type() }
    public convenience init() {
        self.init(retaining: UnsafeMutableRawPointer(gtk_adjustment_new(0, 0, 0, 40, 400, 0)))
    }
    var adjustment: UnsafeMutablePointer<GtkAdjustment> { raw.assumingMemoryBound(to: GtkAdjustment.self) }
    public var value: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }
    public var upper: Double { gtk_adjustment_get_upper(adjustment) }
    public var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }
    /// Sets every bound at once, so the value is clamped once and "changed" is emitted once.
    public func configure(value: Double, upper: Double, pageSize: Double) {
        gtk_adjustment_configure(adjustment, value, 0, upper, max(1, pageSize * 0.1), max(1, pageSize * 0.9), pageSize)
    }
    @discardableResult
    public func onValueChanged(_ body: @escaping VoidHandler) -> SignalHandlerID { on("value-changed", body) }
}

@MainActor
public final class Scrollbar: Widget {
    public override class var gType: GType { gtk_scrollbar_get_type() }
    public convenience init(orientation: Orientation, adjustment: Adjustment) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_scrollbar_new(orientation.c, adjustment.adjustment)))
    }
}

/// A scrolling viewport for ordinary (non-virtualized) content.
@MainActor
public final class ScrolledWindow: Widget {
    public override class var gType: GType { gtk_scrolled_window_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_scrolled_window_new())) }
    private var scrolled: OpaquePointer { OpaquePointer(raw) }
    public func setChild(_ child: Widget?) { gtk_scrolled_window_set_child(scrolled, child?.widget) }
    public func setPolicy(horizontal: Bool, vertical: Bool) {
        gtk_scrolled_window_set_policy(scrolled, horizontal ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER, vertical ? GTK_POLICY_AUTOMATIC : GTK_POLICY_NEVER)
    }
    /// As tall as its content up to `height` points, scrolling past it (a list in a dialog).
    public func growVertically(upTo height: Int) {
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
        gtk_scrolled_window_set_max_content_height(scrolled, Int32(height))
    }
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(scrolled)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(scrolled), newValue) }
    }
}

private let keyTrampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = { _, keyval, _, state, data in
    guard let body = ClosureBox<KeyHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { body(keyval, KeyModifiers(rawValue: state)) ? 1 : 0 }
}

/// "key-released" returns nothing (unlike "key-pressed"): the handler's answer is dropped.
private let keyReleasedTrampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Void = { _, keyval, _, state, data in
    guard let body = ClosureBox<KeyHandler>.from(data) else { return }
    MainActor.assumeIsolated { _ = body(keyval, KeyModifiers(rawValue: state)) }
}

extension Object {
    /// "key-pressed": (keyval, modifiers) -> handled; "key-released": the same, answer ignored.
    @discardableResult
    func onKey(_ signal: String, _ body: @escaping KeyHandler) -> SignalHandlerID {
        if signal == "key-released" {
            return connectBoxed(signal, unsafeBitCast(keyReleasedTrampoline, to: UnsafeRawPointer.self), body, signature: .keyReleased)
        }
        return connectBoxed(signal, unsafeBitCast(keyTrampoline, to: UnsafeRawPointer.self), body, signature: .key)
    }
}

/// The controller or gesture an event came through, valid only during the handler. Handlers get
/// it as an argument because capturing the Swift wrapper would keep the controller alive forever
/// (strongly) or find it gone (weakly: the wrapper is released once GTK owns the controller).
@MainActor
public struct EventSource {
    let raw: UnsafeMutableRawPointer
    /// Takes the sequence for this gesture: other gestures on it (an entry's text selection) are cancelled.
    public func claim() { gtk_gesture_set_state(OpaquePointer(raw), GTK_EVENT_SEQUENCE_CLAIMED) }
    /// For scroll controllers: whether this event is a discrete wheel notch (vs touchpad pixels).
    public var isDiscreteScroll: Bool {
        gtk_event_controller_scroll_get_unit(OpaquePointer(raw)) == GDK_SCROLL_UNIT_WHEEL
    }
    /// The modifier keys held during this event (Ctrl+wheel zooms).
    public var modifiers: KeyModifiers {
        KeyModifiers(rawValue: gtk_event_controller_get_current_event_state(OpaquePointer(raw)).rawValue)
    }
}

public typealias SourcedScrollHandler = @MainActor (Double, Double, EventSource) -> Bool
public typealias SourcedPointHandler = @MainActor (Double, Double, EventSource) -> Void

private let sourcedScrollTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { instance, dx, dy, data in
    guard let body = ClosureBox<SourcedScrollHandler>.from(data), let instance else { return 0 }
    nonisolated(unsafe) let raw = instance
    return MainActor.assumeIsolated { body(dx, dy, EventSource(raw: raw)) ? 1 : 0 }
}

private let sourcedPointTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { instance, x, y, data in
    guard let body = ClosureBox<SourcedPointHandler>.from(data), let instance else { return }
    nonisolated(unsafe) let raw = instance
    MainActor.assumeIsolated { body(x, y, EventSource(raw: raw)) }
}

extension GestureDrag {
    /// drag-update with the gesture, so the handler can claim the sequence.
    @discardableResult
    public func onUpdate(_ body: @escaping SourcedPointHandler) -> SignalHandlerID {
        connectBoxed("drag-update", unsafeBitCast(sourcedPointTrampoline, to: UnsafeRawPointer.self), body, signature: .point)
    }
}
