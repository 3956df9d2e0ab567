import Foundation
import Gtk

extension MainLoop {
    /// For what must *not* happen (nothing saved after a Cancel, no tab from a script, a tab kept
    /// alive): there is no event to wait for, so the loop turns for `seconds` and the condition is
    /// asked on every turn — false the moment it fails, not one look after a sleep.
    public static func holds(for seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var broke = false
        _ = run(until: {
            if !condition() { broke = true; return true }
            return Date() >= deadline
        }, timeout: seconds + 1)
        return !broke
    }
}
