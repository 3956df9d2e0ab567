import BrowserModel
import Foundation
import Gtk

/// What the tab overview asks of the browser, and what tests and the benchmark see of it.
extension BrowserView {
    /// The overview chose a tab: it becomes current at once (the overview's zoom is the motion).
    func selectTabForOverview(at index: Int) {
        guard pager.tabs.tabs.indices.contains(index) else { return }
        pager.select(index, now: now, animated: false)
        tabSelected()
    }

    /// A tile dropped at `index`: the tab moves there, and the session remembers the order.
    func moveTab(id: UUID, to index: Int) {
        guard pager.moveTab(id: id, to: index) else { return }
        persistence?.tabsChanged(self)
        render()
        animate()
    }

    public var isTabOverviewOpen: Bool { tabOverview.isOpen }
    public var isTabOverviewAnimating: Bool { tabOverview.model.isAnimating }
    /// The overview's grid (tests read its accessible children).
    public var tabOverviewGrid: Widget { tabOverview.grid }
    public var tabOverviewNewTabButton: Widget { tabOverview.newTabButton }
    public func openTabOverview() { tabOverview.open() }
    public func closeTabOverview() { tabOverview.close() }
    /// Whether every tab's picture has arrived (tests wait for it before reading pixels).
    public var tabThumbnailsReady: Bool {
        pager.tabs.tabs.allSatisfy { tab in pages[tab.id].map { !$0.showsPage || $0.thumbnail != nil } ?? true }
    }
    /// Frame times of the overview's last opening or closing (the benchmark).
    public var tabOverviewFrameTimes: [TimeInterval] { tabOverview.frameTimes }
}
