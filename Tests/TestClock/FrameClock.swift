import Foundation

/// Shared by the model tests (no GTK): a fake display clock: frame n happens at exactly n / 60 s (optionally
/// offset), computed rather than accumulated so frame times carry no drift.
public struct FrameClock {
    public static let frameDuration = 1.0 / 60.0

    public var origin: TimeInterval = 0
    public private(set) var frame = 0

    public init(origin: TimeInterval = 0) {
        self.origin = origin
    }

    public var now: TimeInterval { origin + Double(frame) / 60 }

    /// Moves to the next frame and returns its time.
    @discardableResult
    public mutating func advance() -> TimeInterval {
        frame += 1
        return now
    }
}
