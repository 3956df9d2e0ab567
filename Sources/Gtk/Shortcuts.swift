import CGtk

public typealias ShortcutHandler = @MainActor () -> Bool

/// Keyboard shortcuts for a widget subtree (GtkShortcutController + GtkCallbackAction).
@MainActor
public final class ShortcutController: EventController {
    public override class var gType: GType { gtk_shortcut_controller_get_type() }

    public convenience init() {
        self.init(adopting: UnsafeMutableRawPointer(gtk_shortcut_controller_new()))
    }

    /// Whether the shortcuts work wherever the focus is in the window (GTK_SHORTCUT_SCOPE_GLOBAL), not
    /// only while it is inside the widget the controller is on (the default, local scope).
    public var isWindowWide: Bool {
        get { gtk_shortcut_controller_get_scope(controllerPointer) == GTK_SHORTCUT_SCOPE_GLOBAL }
        set { gtk_shortcut_controller_set_scope(controllerPointer, newValue ? GTK_SHORTCUT_SCOPE_GLOBAL : GTK_SHORTCUT_SCOPE_LOCAL) }
    }

    /// Adds a shortcut. `trigger` uses GTK's syntax ("<Control>l", "<Alt>Left", "F5", "Escape").
    /// The handler returns whether it handled the key; false lets the event go on (to a web page).
    /// Returns false if the trigger does not parse.
    @discardableResult
    public func add(_ trigger: String, _ body: @escaping ShortcutHandler) -> Bool {
        guard let parsed = skiff_trigger_parse(trigger) else { return false }
        let box = ClosureBox<ShortcutHandler>(body)
        let action = gtk_callback_action_new(shortcutTrampoline, box.retainedPointer(), destroyNotify(for: ShortcutHandler.self))
        let shortcut = gtk_shortcut_new(parsed, action)
        gtk_shortcut_controller_add_shortcut(controllerPointer, shortcut)
        return true
    }
}

private let shortcutTrampoline: GtkShortcutFunc = { _, _, data in
    guard let body = ClosureBox<ShortcutHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { body() ? 1 : 0 }
}

/// Click / press gestures.
@MainActor
public final class GestureClick: EventController {
    public override class var gType: GType { gtk_gesture_click_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_gesture_click_new())) }
    @discardableResult
    public func onPressed(_ body: @escaping PressHandler) -> SignalHandlerID { onPress("pressed", body) }
    @discardableResult
    public func onReleased(_ body: @escaping PressHandler) -> SignalHandlerID { onPress("released", body) }
    /// The press will not become a click: another gesture claimed the sequence, the window lost
    /// the grab, or a touch was cancelled (GtkGesture "cancel", which passes the sequence).
    @discardableResult
    public func onCancel(_ body: @escaping VoidHandler) -> SignalHandlerID { onPointer("cancel") { _ in body() } }
    /// The press moved or lasted past the click thresholds (dragged out of the card): no
    /// "released" will follow.
    @discardableResult
    public func onStopped(_ body: @escaping VoidHandler) -> SignalHandlerID { on("stopped", body) }
    /// Which mouse button this gesture listens to (1 primary, 3 secondary, 8 back); 0 means any.
    public func setButton(_ button: UInt32) { gtk_gesture_single_set_button(OpaquePointer(raw), button) }
}

/// A press held in place (GtkGestureLongPress: GTK's delay, about half a second, without moving past
/// the drag threshold): a touchscreen's way to a context menu, and the mouse's too.
@MainActor
public final class GestureLongPress: EventController {
    public override class var gType: GType { gtk_gesture_long_press_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_gesture_long_press_new())) }
    /// Held long enough, at (x, y).
    @discardableResult
    public func onPressed(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("pressed", body) }
}

/// Two fingers pinching: a touchscreen's, or a touchpad's pinch (GtkGestureZoom).
@MainActor
public final class GestureZoom: EventController {
    public override class var gType: GType { gtk_gesture_zoom_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_gesture_zoom_new())) }
    @discardableResult
    public func onBegin(_ body: @escaping VoidHandler) -> SignalHandlerID { onPointer("begin") { _ in body() } }
    /// The fingers' distance now over their distance at the start (1 = unchanged).
    @discardableResult
    public func onScaleChanged(_ body: @escaping DoubleHandler) -> SignalHandlerID { onDouble("scale-changed", body) }
}

extension EventController {
    /// Takes the touch or click sequence for this gesture: other gestures on it (an entry's text
    /// selection) are cancelled. Only meaningful on gestures.
    public func claim() { gtk_gesture_set_state(OpaquePointer(raw), GTK_EVENT_SEQUENCE_CLAIMED) }
    /// Listens to touchscreens only (a finger scrolling a page), not the mouse.
    public func setTouchOnly(_ on: Bool) { gtk_gesture_single_set_touch_only(OpaquePointer(raw), on ? 1 : 0) }
}

/// Drags: begin at (x, y); update and end with offsets from the start.
@MainActor
public final class GestureDrag: EventController {
    public override class var gType: GType { gtk_gesture_drag_get_type() }
    public convenience init() { self.init(adopting: UnsafeMutableRawPointer(gtk_gesture_drag_new())) }
    @discardableResult
    public func onBegin(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("drag-begin", body) }
    @discardableResult
    public func onUpdate(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("drag-update", body) }
    @discardableResult
    public func onEnd(_ body: @escaping PointHandler) -> SignalHandlerID { onPoint("drag-end", body) }
}
