import Synchronization

/// Counters of live Swift-side resources, so tests can prove nothing leaks: closure boxes
/// handed to GLib (released by destroy notifies) and object wrappers (released in deinit).
public enum LiveCounts {
    public final class Counter: Sendable {
        private let value = Mutex<Int>(0)
        public func add(_ delta: Int) { value.withLock { $0 += delta } }
        public var current: Int { value.withLock { $0 } }
    }

    /// Closure boxes currently owned by GLib (signals, tick callbacks, shortcuts, async calls).
    public static let closureBoxes = Counter()
    /// Swift wrappers currently holding a GObject reference.
    public static let wrappers = Counter()
}
