import Foundation

/// What every `--bench` runner shares: run `measure` on the main actor to the end, then `done`
/// (quit). The task holds the runner, so it lives until it has reported.
@MainActor
enum BenchRun {
    static func start(_ measure: @escaping @MainActor () async -> Void, then done: @escaping @MainActor () -> Void) {
        Task { @MainActor in
            await measure()
            done()
        }
    }

    static func sleep(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
