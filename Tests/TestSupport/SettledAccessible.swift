import Foundation
import Gtk

extension MainLoop {
    /// What `read` gives once it is the same two paints of `widget` running: where a click lands on
    /// something that slides in or fills in (a toast's revealer puts its Undo up to 21 px below where
    /// it stays, measured on Debian 12; a list's rows push its buttons down as they come). Nil when
    /// `read` finds nothing, or what it finds keeps changing, for `timeout`.
    public static func settled<Value: Equatable>(_ widget: Widget, timeout: TimeInterval = 5, _ read: () -> Value?) -> Value? {
        var last: Value?
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var now: Value?
            run(until: {
                now = read()
                return now != nil
            }, timeout: max(0, deadline.timeIntervalSinceNow))
            guard let now else { return nil }
            if let last, last == now { return now }
            last = now
            _ = runUntilPainted(widget)
        }
        return nil
    }
}

extension Widget {
    /// The first presented descendant `matches` accepts, once it is drawn in the same place two
    /// paints running (`MainLoop.settled`). Nil when none is found or it keeps moving for `timeout`.
    public func settledDescendant(timeout: TimeInterval = 5, where matches: (PresentedAccessible) -> Bool) -> PresentedAccessible? {
        var found: PresentedAccessible?
        let place: [Double]? = MainLoop.settled(self, timeout: timeout) {
            found = presentedDescendants().first { matches($0) && $0.width > 0 }
            return found.map { [$0.x, $0.y, $0.width, $0.height] }
        }
        return place == nil ? nil : found
    }
}
