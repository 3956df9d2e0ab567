import Gtk
import HomeModel

/// Hooks for `skiff --bench --section home`: the same code paths as the user's input, driven by a
/// script instead of a wheel or a click.
extension HomeView {
    /// Scrolls the Home tab's tiles to `offset` (the header snaps as for a wheel).
    public func benchScroll(to offset: Double) { homePage?.scroll(to: offset) }
    /// Presses the rewards tile's chevron.
    public func benchToggleRewards() { homePage?.rewards.toggle() }
    public var benchRewardsExpanded: Bool { homePage?.rewards.isExpanded ?? false }
    /// Pushes a plain page on the shown tab.
    public func benchPush() {
        push(BenchPage(), on: nil)
    }

    @MainActor
    private final class BenchPage: HomePage {
        let root: Widget
        let title = "Bench page"
        init() {
            let box = Box(.vertical, spacing: 12)
            box.setMargins(top: 24, bottom: 24, start: 24, end: 24)
            for i in 0..<12 { box.append(Label("Row \(i + 1) of a pushed page")) }
            root = box
        }
    }
}
