import Foundation

/// For the fling benchmark (tools/bench/today-wheel.py --fling): with `SKIFF_TODAY_LOG=FILE`, each
/// time the grid is drawn it appends `grid <monotonic ms> <scroll offset> <cards in the viewport>
/// <of them showing their picture>`. The benchmark pairs these with the frames that painted them
/// (frame-log.so) to time "the scroll came to rest" → "every card on screen shows its picture".
/// Never set in use: without the variable nothing is opened or written.
@MainActor
enum TodayDrawLog {
    private static let file: UnsafeMutablePointer<FILE>? = ProcessInfo.processInfo.environment["SKIFF_TODAY_LOG"].flatMap { fopen($0, "a") }

    static var isEnabled: Bool { file != nil }

    static func grid(offset: Double, cards: Int, withPicture: Int) {
        write(String(format: "grid %.3f %.1f %d %d\n", now(), offset, cards, withPicture))
    }

    enum Place: String { case frame, queue }

    /// A look painted: when it was asked for, how long the painting took, and where (inside a frame
    /// that needed it, or on the painting queue ahead of need).
    static func painted(started: Double, milliseconds: Double, where place: Place, withPicture: Bool) {
        write(String(format: "look %.3f %.3f %@ %@\n", started, milliseconds, place.rawValue, withPicture ? "picture" : "placeholder"))
    }

    /// A painted look handed to the renderer ahead of the frame that first draws it.
    static func uploaded(started: Double) {
        write(String(format: "upload %.3f %.3f\n", started, now() - started))
    }

    static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
    }

    private static func write(_ line: String) {
        guard let file else { return }
        fputs(line, file)
        fflush(file)
    }
}
