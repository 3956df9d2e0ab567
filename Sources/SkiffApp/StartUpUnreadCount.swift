import FeedStore
import Foundation
import Gtk

/// "Today · 12" on the section switcher from start-up, before Today is made (it is made the first
/// time it is shown, docs/performance.md "Start-up"): the count is read from the feeds database on
/// a worker once the window has drawn its first frame, so start-up pays nothing for it
/// (docs/feeds.md "Subscribing and refreshing").
@MainActor
enum StartUpUnreadCount {
    /// `show` gets the count of unread articles, unless the database does not exist yet (nobody
    /// subscribed: nothing is created for it) or can't be read (Today says why when it is shown).
    static func read(databaseURL: URL, after widget: Widget, show: @escaping @MainActor (Int) -> Void) {
        let ticker = FrameTicker(widget: widget)
        // The ticker is kept by its own step until that first frame.
        var keep: FrameTicker? = ticker
        ticker.start { _ in
            keep = nil
            DispatchQueue.global(qos: .utility).async {
                guard FileManager.default.fileExists(atPath: databaseURL.path), let store = FeedStore.open(at: databaseURL).store else { return }
                let count = try? store.unreadCount()
                try? store.close()
                guard let count else { return }
                DispatchQueue.main.async { MainActor.assumeIsolated { show(count) } }
            }
            return false
        }
        _ = keep
    }
}
