import Foundation

/// Estimates the release velocity of a drag from its recent positions.
///
/// Only the last `window` seconds (150 ms by default) count: the velocity a
/// fling should inherit is what the finger was doing just before lifting, not
/// an average over the whole gesture. A least-squares slope over that window
/// tolerates the jitter of individual input events better than first/last.
public struct VelocityTracker: Sendable, Hashable {
    public struct Sample: Sendable, Hashable {
        public var time: TimeInterval
        public var position: Double

        public init(time: TimeInterval, position: Double) {
            self.time = time
            self.position = position
        }
    }

    public let window: TimeInterval
    public private(set) var samples: [Sample] = []

    public init(window: TimeInterval = 0.150) {
        self.window = max(0, window)
    }

    /// Records a position. A sample older than the latest one means the
    /// clock or the gesture restarted, so history is discarded.
    public mutating func addSample(time: TimeInterval, position: Double) {
        if let last = samples.last, time < last.time {
            samples.removeAll()
        }
        samples.append(Sample(time: time, position: position))
        let oldest = time - window
        if let firstKept = samples.firstIndex(where: { $0.time >= oldest }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Units per second over the window; zero with fewer than two samples or
    /// when they all share one timestamp.
    public var velocity: Double {
        guard samples.count >= 2 else { return 0 }
        let count = Double(samples.count)
        // Centre on the means so large absolute timestamps keep their precision.
        let meanTime = samples.reduce(0) { $0 + $1.time } / count
        let meanPosition = samples.reduce(0) { $0 + $1.position } / count
        var covariance = 0.0
        var variance = 0.0
        for sample in samples {
            let dt = sample.time - meanTime
            covariance += dt * (sample.position - meanPosition)
            variance += dt * dt
        }
        guard variance > 0 else { return 0 }
        return covariance / variance
    }

    public mutating func reset() {
        samples.removeAll()
    }
}
