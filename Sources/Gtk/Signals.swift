import CGtk
import CWebKit

/// A Swift closure handed to GLib as user data. GLib owns one retain; the destroy notify
/// releases it when the handler is disconnected or the instance is finalized, so a closure
/// never outlives its object and is never called after it is gone.
final class ClosureBox<Body> {
    let body: Body
    init(_ body: Body) {
        self.body = body
        LiveCounts.closureBoxes.add(1)
        LiveCounts.Watch.made(closureBox: self)
    }
    deinit { LiveCounts.closureBoxes.add(-1) }

    /// A +1 pointer for GLib; balanced by `releaseClosureBox`.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> Body? {
        guard let data else { return nil }
        return Unmanaged<ClosureBox<Body>>.fromOpaque(data).takeUnretainedValue().body
    }
}

/// The destroy notifies, one per box type (generic classes cannot be released through one C pointer).
func releaser<Body>(for _: Body.Type) -> GClosureNotify {
    // Swift cannot make a generic @convention(c) function; every Body we use is listed here.
    switch Body.self {
    case is VoidHandler.Type: return { data, _ in release(data, VoidHandler.self) }
    case is BoolHandler.Type: return { data, _ in release(data, BoolHandler.self) }
    case is PointerHandler.Type: return { data, _ in release(data, PointerHandler.self) }
    case is UIntHandler.Type: return { data, _ in release(data, UIntHandler.self) }
    case is IntHandler.Type: return { data, _ in release(data, IntHandler.self) }
    case is LoadFailedHandler.Type: return { data, _ in release(data, LoadFailedHandler.self) }
    case is PointHandler.Type: return { data, _ in release(data, PointHandler.self) }
    case is DoubleHandler.Type: return { data, _ in release(data, DoubleHandler.self) }
    case is PressHandler.Type: return { data, _ in release(data, PressHandler.self) }
    case is ScrollHandler.Type: return { data, _ in release(data, ScrollHandler.self) }
    case is KeyHandler.Type: return { data, _ in release(data, KeyHandler.self) }
    case is TLSErrorHandler.Type: return { data, _ in release(data, TLSErrorHandler.self) }
    case is SourcedScrollHandler.Type: return { data, _ in release(data, SourcedScrollHandler.self) }
    case is SourcedPointHandler.Type: return { data, _ in release(data, SourcedPointHandler.self) }
    case is NewWindowHandler.Type: return { data, _ in release(data, NewWindowHandler.self) }
    case is CreateHandler.Type: return { data, _ in release(data, CreateHandler.self) }
    case is RequestHandler.Type: return { data, _ in release(data, RequestHandler.self) }
    case is HitTestHandler.Type: return { data, _ in release(data, HitTestHandler.self) }
    case is ContextMenuHandler.Type: return { data, _ in release(data, ContextMenuHandler.self) }
    case is SelectionHandler.Type: return { data, _ in release(data, SelectionHandler.self) }
    case is DecideDestinationHandler.Type: return { data, _ in release(data, DecideDestinationHandler.self) }
    case is NavigationActionHandler.Type: return { data, _ in release(data, NavigationActionHandler.self) }
    case is ResponseHandler.Type: return { data, _ in release(data, ResponseHandler.self) }
    default: fatalError("no releaser for \(Body.self): add it to Signals.swift")
    }
}

func release<Body>(_ data: UnsafeMutableRawPointer?, _: Body.Type) {
    guard let data else { return }
    Unmanaged<ClosureBox<Body>>.fromOpaque(data).release()
}

/// A destroy notify for boxes handed to GDestroyNotify-style APIs.
func destroyNotify<Body>(for _: Body.Type) -> GDestroyNotify {
    switch Body.self {
    case is VoidHandler.Type: return { data in release(data, VoidHandler.self) }
    case is TickHandler.Type: return { data in release(data, TickHandler.self) }
    case is ShortcutHandler.Type: return { data in release(data, ShortcutHandler.self) }
    case is SnapshotHandlers.Type: return { data in release(data, SnapshotHandlers.self) }
    default: fatalError("no destroy notify for \(Body.self): add it to Signals.swift")
    }
}

public typealias VoidHandler = @MainActor () -> Void
public typealias BoolHandler = @MainActor () -> Bool
public typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
public typealias UIntHandler = @MainActor (UInt32) -> Void
public typealias IntHandler = @MainActor (Int32) -> Void
public typealias PointHandler = @MainActor (Double, Double) -> Void
public typealias DoubleHandler = @MainActor (Double) -> Void
public typealias PressHandler = @MainActor (Int32, Double, Double) -> Void
public typealias ScrollHandler = @MainActor (Double, Double) -> Bool
/// load-failed: (event, failing URI, error message, was it a cancellation) -> handled
public typealias LoadFailedHandler = @MainActor (UInt32, String, String, Bool) -> Bool

// Trampolines live at file scope, outside any actor: GLib calls them as plain C functions and
// they enter the main actor explicitly (trapping if GTK ever called us off the main thread).
private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let body = ClosureBox<VoidHandler>.from(data) else { return }
    MainActor.assumeIsolated { body() }
}
private let boolTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { _, data in
    guard let body = ClosureBox<BoolHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { body() ? 1 : 0 }
}
private let pointerTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
    guard let body = ClosureBox<PointerHandler>.from(data) else { return }
    nonisolated(unsafe) let arg = arg
    MainActor.assumeIsolated { body(arg) }
}
private let uintTrampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
    guard let body = ClosureBox<UIntHandler>.from(data) else { return }
    MainActor.assumeIsolated { body(arg) }
}
private let intTrampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
    guard let body = ClosureBox<IntHandler>.from(data) else { return }
    MainActor.assumeIsolated { body(arg) }
}
private let doubleTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    guard let body = ClosureBox<DoubleHandler>.from(data) else { return }
    MainActor.assumeIsolated { body(value) }
}
private let pointTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
    guard let body = ClosureBox<PointHandler>.from(data) else { return }
    MainActor.assumeIsolated { body(x, y) }
}
private let pressTrampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, n, x, y, data in
    guard let body = ClosureBox<PressHandler>.from(data) else { return }
    MainActor.assumeIsolated { body(n, x, y) }
}
private let scrollTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Int32 = { _, dx, dy, data in
    guard let body = ClosureBox<ScrollHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { body(dx, dy) ? 1 : 0 }
}
private let loadFailedTrampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Int32 = { _, event, uri, error, data in
    guard let body = ClosureBox<LoadFailedHandler>.from(data) else { return 0 }
    let uriText = uri.map { String(cString: $0) } ?? ""
    let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "Unknown error"
    // Stop, a navigation replacing this one, or a download taking over: not errors the user must see.
    let cancelled = error.map {
        g_error_matches($0, webkit_network_error_quark(), Int32(WEBKIT_NETWORK_ERROR_CANCELLED.rawValue)) != 0
            || g_error_matches($0, webkit_policy_error_quark(), Int32(WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue)) != 0
    } ?? false
    return MainActor.assumeIsolated { body(event, uriText, message, cancelled) ? 1 : 0 }
}

/// A WebKit signal that hands over something to answer (a permission request, a script dialog, a
/// file chooser request, an authentication request) and returns whether it will be answered.
typealias RequestHandler = @MainActor (UnsafeMutableRawPointer) -> Bool

private let requestTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { _, request, data in
    guard let request, let body = ClosureBox<RequestHandler>.from(data) else { return 0 }
    nonisolated(unsafe) let pointer = request
    return MainActor.assumeIsolated { body(pointer) } ? 1 : 0
}

/// A connected handler: its id, for disconnecting before the object dies.
public struct SignalHandlerID: Hashable, Sendable {
    public let rawValue: UInt
}

extension Object {
    /// Connects `trampoline` (written for `signature`) with `body` as its boxed user data. The
    /// signature is recorded and, in debug builds, checked against the signal's real one.
    func connectBoxed<Body>(_ signal: String, _ trampoline: UnsafeRawPointer, _ body: Body, signature: SignalSignature) -> SignalHandlerID {
        SignalRegistry.record(skiff_object_type(raw), signal, signature)
        let box = ClosureBox(body)
        let callback = unsafeBitCast(trampoline, to: GCallback.self)
        let id = g_signal_connect_data(gobject, signal, callback, box.retainedPointer(), releaser(for: Body.self), GConnectFlags(0))
        return SignalHandlerID(rawValue: id)
    }

    private static func cPointer<F>(_ f: F) -> UnsafeRawPointer { unsafeBitCast(f, to: UnsafeRawPointer.self) }

    /// A signal with no arguments and no return value ("clicked", "activate", "destroy").
    @discardableResult
    func on(_ signal: String, _ body: @escaping VoidHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(voidTrampoline), body, signature: .void)
    }

    /// A signal with no arguments that returns gboolean ("close-request": true stops the close).
    @discardableResult
    func onBool(_ signal: String, _ body: @escaping BoolHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(boolTrampoline), body, signature: .bool)
    }

    /// A signal with one pointer argument.
    @discardableResult
    func onPointer(_ signal: String, _ body: @escaping PointerHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(pointerTrampoline), body, signature: .pointer)
    }

    /// A request signal (`RequestHandler`): `body` gets the request's pointer, wraps it (taking a
    /// reference to answer it later) and returns true when it will answer.
    func onRequest(_ signal: String, _ body: @escaping RequestHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(requestTrampoline), body, signature: .request)
    }

    /// A signal with one enum / unsigned argument ("load-changed", "web-process-terminated").
    @discardableResult
    func onUInt(_ signal: String, _ body: @escaping UIntHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(uintTrampoline), body, signature: .uint)
    }

    /// A signal with one int argument (a dialog's "response").
    @discardableResult
    func onInt(_ signal: String, _ body: @escaping IntHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(intTrampoline), body, signature: .int)
    }

    /// A signal with two doubles (drag-begin/update/end offsets, motion).
    @discardableResult
    func onPoint(_ signal: String, _ body: @escaping PointHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(pointTrampoline), body, signature: .point)
    }

    /// A signal with one double (GtkGestureZoom's "scale-changed").
    @discardableResult
    func onDouble(_ signal: String, _ body: @escaping DoubleHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(doubleTrampoline), body, signature: .double)
    }

    /// GtkGestureClick's "pressed"/"released": (n_press, x, y).
    @discardableResult
    func onPress(_ signal: String, _ body: @escaping PressHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(pressTrampoline), body, signature: .press)
    }

    /// GtkEventControllerScroll's "scroll": (dx, dy) -> handled.
    @discardableResult
    func onScroll(_ signal: String, _ body: @escaping ScrollHandler) -> SignalHandlerID {
        connectBoxed(signal, Self.cPointer(scrollTrampoline), body, signature: .scroll)
    }

    /// WebKit's "load-failed".
    @discardableResult
    public func onLoadFailed(_ body: @escaping LoadFailedHandler) -> SignalHandlerID {
        connectBoxed("load-failed", Self.cPointer(loadFailedTrampoline), body, signature: .loadFailed)
    }

    /// Property change notification ("notify::title").
    @discardableResult
    public func onNotify(_ property: String, _ body: @escaping VoidHandler) -> SignalHandlerID {
        onPointer("notify::\(property)") { _ in body() }
    }

    public func disconnect(_ id: SignalHandlerID) {
        g_signal_handler_disconnect(gobject, id.rawValue)
    }

    /// Emits an argument-less signal by name ("clicked", "activate").
    public func emit(_ signal: String) { skiff_signal_emit_void(raw, signal) }
}
