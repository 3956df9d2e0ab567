import Foundation

/// A fake display clock: frame n happens at exactly n / 60 s (optionally
/// offset), computed rather than accumulated so frame times carry no drift.
struct FrameClock {
    static let frameDuration = 1.0 / 60.0

    var origin: TimeInterval = 0
    private(set) var frame = 0

    init(origin: TimeInterval = 0) {
        self.origin = origin
    }

    var now: TimeInterval { origin + Double(frame) / 60 }

    /// Moves to the next frame and returns its time.
    @discardableResult
    mutating func advance() -> TimeInterval {
        frame += 1
        return now
    }
}
