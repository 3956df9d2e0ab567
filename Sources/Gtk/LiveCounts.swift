import Synchronization

/// Counters of live Swift-side resources, so tests can prove nothing leaks: closure boxes
/// handed to GLib (released by destroy notifies) and object wrappers (released in deinit).
///
/// The counts are global: another test's window finalizing, or its timer firing, moves them while a
/// test runs the main loop. A test that runs the loop watches its own resources with a `Watch`
/// instead.
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

    /// The closure boxes and wrappers made while it was open, each held through a weak reference,
    /// so a test can ask whether those (and only those) were released.
    public final class Watch: Sendable {
        private final class Weak: @unchecked Sendable {
            weak var object: AnyObject?
            init(_ object: AnyObject) { self.object = object }
        }
        private let boxes = Mutex<[Weak]>([])
        private let objects = Mutex<[Weak]>([])

        /// Starts watching what is made from now on until `stop()`.
        public static func start() -> Watch {
            let watch = Watch()
            open.withLock { $0.append(watch) }
            return watch
        }

        public func stop() { Watch.open.withLock { $0.removeAll { $0 === self } } }

        /// Watched closure boxes still alive.
        public var liveClosureBoxes: Int { boxes.withLock { $0.count { $0.object != nil } } }
        /// The kinds of the watched closure boxes still alive (for a failure message).
        public var liveClosureBoxKinds: [String] {
            boxes.withLock { $0.compactMap { $0.object.map { String(describing: type(of: $0)) } } }
        }
        /// Watched wrappers still alive.
        public var liveWrappers: Int { objects.withLock { $0.count { $0.object != nil } } }

        private static let open = Mutex<[Watch]>([])

        static func made(closureBox: AnyObject) {
            let watches = open.withLock { $0 }
            for watch in watches { watch.boxes.withLock { $0.append(Weak(closureBox)) } }
        }

        static func made(wrapper: AnyObject) {
            let watches = open.withLock { $0 }
            for watch in watches { watch.objects.withLock { $0.append(Weak(wrapper)) } }
        }
    }
}
