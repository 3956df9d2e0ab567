import Foundation
import Gtk

extension Widget {
    /// The first presented descendant `matches` accepts, once it is drawn in the same place two
    /// paints running: where a click lands on something that slides in (a toast's revealer puts
    /// its Undo up to 21 px below where it stays, measured on Debian 12) or pops up. Nil when none
    /// is found or it keeps moving for `timeout`.
    public func settledDescendant(timeout: TimeInterval = 5, where matches: (PresentedAccessible) -> Bool) -> PresentedAccessible? {
        var last: PresentedAccessible?
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var now: PresentedAccessible?
            MainLoop.run(until: {
                now = presentedDescendants().first { matches($0) && $0.width > 0 }
                return now != nil
            }, timeout: max(0, deadline.timeIntervalSinceNow))
            guard let now else { return nil }
            if let last, last.x == now.x, last.y == now.y, last.width == now.width, last.height == now.height { return now }
            last = now
            _ = MainLoop.runUntilPainted(self)
        }
        return nil
    }
}
