import CGtk

/// What a GIO-style asynchronous call hands its callback: the object it ran on and the result its
/// `_finish` function takes. Only valid during the handler.
typealias AsyncReadyHandler = @MainActor (_ source: UnsafeMutablePointer<GObject>, _ result: OpaquePointer) -> Void

/// The one GAsyncReadyCallback of the layer: runs a Swift handler once, on the main thread (where
/// GIO calls back for calls started there), then releases it. A call whose callback got no source or
/// result (never seen; GIO always passes both) runs `missing` instead, so every completion still runs.
enum AsyncReady {
    /// The user-data for `callback`: a +1 box that `callback` releases, exactly once.
    static func userData(_ handler: @escaping AsyncReadyHandler, missing: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        ClosureBox<Handlers>(Handlers(ready: handler, missing: missing)).retainedPointer()
    }

    struct Handlers {
        let ready: AsyncReadyHandler
        let missing: @MainActor () -> Void
    }

    /// The function to pass with `userData(_:missing:)`.
    static var callback: GAsyncReadyCallback { asyncReadyTrampoline }
}

private let asyncReadyTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    nonisolated(unsafe) let source = source
    nonisolated(unsafe) let result = result
    // One-shot: this callback owns the box and releases it here.
    let handlers = Unmanaged<ClosureBox<AsyncReady.Handlers>>.fromOpaque(data).takeRetainedValue().body
    MainActor.assumeIsolated {
        if let source, let result { handlers.ready(source, result) } else { handlers.missing() }
    }
}
