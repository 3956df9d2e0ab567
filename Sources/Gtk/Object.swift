import CGtk

/// A Swift owner of one GObject reference.
///
/// Every wrapper holds exactly one strong reference: a floating reference is sunk (so a
/// widget created here and later put in a container is not freed under us), anything else
/// is reffed. The reference is dropped in `deinit`, on the main actor.
@MainActor
open class Object {
    /// The wrapped instance. Valid for the wrapper's whole life.
    public let raw: UnsafeMutableRawPointer

    /// The GType every instance of this wrapper must be (or derive from). Subclasses override.
    open class var gType: GType { g_object_get_type() }

    /// Wraps `raw`, taking a reference of our own: sinks a floating reference or adds one.
    public required init(retaining raw: UnsafeMutableRawPointer) {
        g_object_ref_sink(raw)
        self.raw = raw
        LiveCounts.wrappers.add(1)
        LiveCounts.Watch.made(wrapper: self)
    }

    /// Wraps a reference the caller already owns (transfer full), sinking it if it is floating.
    public init(adopting raw: UnsafeMutableRawPointer) {
        if skiff_is_floating(raw) != 0 { g_object_ref_sink(raw) }
        self.raw = raw
        LiveCounts.wrappers.add(1)
        LiveCounts.Watch.made(wrapper: self)
    }

    isolated deinit {
        LiveCounts.wrappers.add(-1)
        g_object_unref(raw)
    }

    public var gobject: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }

    /// The runtime type name, e.g. "GtkButton"; useful in logs and failed casts.
    public var typeName: String { String(cString: skiff_object_type_name(raw)) }

    /// True if the instance is a `T` (by GType, not by Swift class).
    public func isA<T: Object>(_ type: T.Type) -> Bool { skiff_is_a(raw, T.gType) != 0 }

    /// The one checked cast: a new wrapper of type `T` over the same instance, or nil if the
    /// instance's GType is not `T.gType` or a subtype of it.
    public func cast<T: Object>(to type: T.Type) -> T? {
        guard isA(type) else { return nil }
        return T(retaining: raw)
    }

    /// Wraps a borrowed pointer (transfer none) as `T`, checking the GType.
    public static func wrap<T: Object>(_ raw: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
        guard let raw, skiff_is_a(raw, T.gType) != 0 else { return nil }
        return T(retaining: raw)
    }

    /// Calls `body` once, when the GObject is finalized. Lets tests prove that objects really die.
    public func onFinalize(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(FinalizeBox(body)).toOpaque()
        g_object_weak_ref(gobject, finalizeTrampoline, box)
    }
}

final class FinalizeBox: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

private let finalizeTrampoline: GWeakNotify = { data, _ in
    guard let data else { return }
    let box = Unmanaged<FinalizeBox>.fromOpaque(data).takeRetainedValue()
    box.body()
}
