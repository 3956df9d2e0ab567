import Foundation
import Gtk

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

    /// Runs `step` on every frame of `widget`'s clock for `seconds`, with frames requested
    /// continuously, and returns what those frames cost as `stats` saw them.
    static func frames(_ stats: FrameStats, on widget: Widget, for seconds: Double,
                       _ step: @escaping @MainActor (Double) -> Void) async -> (work: [Double], interval: [Double]) {
        stats.reset()
        stats.requestContinuousFrames()
        let ticker = FrameTicker(widget: widget)
        let start = FrameStats.monotonicNow
        ticker.start { now in
            step(now - start)
            return now - start < seconds
        }
        await sleep(seconds + 0.1)
        ticker.stop()
        stats.endContinuousFrames()
        return (stats.workMilliseconds, stats.intervalMilliseconds)
    }

    /// A report's lines on standard output (what `make bench` collects).
    static func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    static func sleep(_ seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
