import CGtk

/// Calls `body` every `milliseconds` on the main loop until cancelled or released: the owner
/// keeps the timer, and the timer goes (with its closure) when the owner does, not one tick later.
@MainActor
public final class RepeatingTimer {
    private var sourceID: UInt32 = 0

    public init(milliseconds: UInt32, _ body: @escaping VoidHandler) {
        let box = ClosureBox<VoidHandler>(body)
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, repeatTrampoline, box.retainedPointer(),
                                      destroyNotify(for: VoidHandler.self))
    }

    public func cancel() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }

    isolated deinit { cancel() }
}

private let repeatTrampoline: GSourceFunc = { data in
    guard let body = ClosureBox<VoidHandler>.from(data) else { return 0 }
    MainActor.assumeIsolated { body() }
    return 1
}
