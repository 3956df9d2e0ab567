import Gtk
import HomeModel

/// Home's tiles scrolled as the scroller moves them (the greeting header snaps as for a wheel).
extension HomeView: Instrumented {
    public func perform(_ gesture: ScriptedGesture) {
        if case .scrolled(let offset) = gesture { homePage?.scroll(to: offset) }
    }
}

extension HomeView {
    /// The rewards tile's chevron pressed (tests, skiff-bench).
    public func toggleRewards() { homePage?.rewards.toggle() }
    public var isRewardsExpanded: Bool { homePage?.rewards.isExpanded ?? false }
}
