import Foundation

/// Waiting on a condition outside GTK's loop (another process's window, a file it writes): the
/// condition is asked every `interval` until it holds or `timeout` passes. For waits inside the
/// test's own GTK loop, `MainLoop.run(until:timeout:)` turns the loop instead.
public enum Poll {
    @discardableResult
    public static func until(timeout: TimeInterval, interval: TimeInterval = 0.05, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let pause = DispatchSemaphore(value: 0)
        while true {
            if condition() { return true }
            if Date() >= deadline { return false }
            _ = pause.wait(timeout: .now() + min(interval, max(0, deadline.timeIntervalSinceNow)))
        }
    }
}
