import Browser
import Foundation
import Gtk

extension Benchmark {
    /// The tab overview's zoom opened and closed four times over the tabs already open (20 in
    /// `skiff --bench`), as Ctrl+Shift+O does: the frames of the animations only. The first opening
    /// also takes every tab's picture, so it is reported apart. Then the UI process's memory.
    func measureTabOverview(_ browser: BrowserView) async -> [String] {
        browser.selectTab(at: browser.tabCount - 1)
        await sleep(1.0)
        let before = ProcessClock.memory()
        var first: [Double] = [], later: [Double] = [], firstInterval: [Double] = [], laterInterval: [Double] = []
        for cycle in 0..<4 {
            for opening in [true, false] {
                // Only the frames the zoom asks for (the stats stay attached to the window's clock).
                stats.reset()
                if opening { browser.openTabOverview() } else { browser.closeTabOverview() }
                let start = FrameStats.monotonicNow
                await sleep(0.05)
                while browser.isTabOverviewAnimating && FrameStats.monotonicNow - start < 5 { await sleep(0.01) }
                if cycle == 0 && opening {
                    first += stats.workMilliseconds; firstInterval += stats.intervalMilliseconds
                } else {
                    later += stats.workMilliseconds; laterInterval += stats.intervalMilliseconds
                }
                await sleep(0.3)
            }
        }
        let after = ProcessClock.memory()
        let n = browser.tabCount
        return [
            Self.percentileLine("tab overview, \(n) tabs, first opening (pictures taken): frame work", first),
            Self.percentileLine("tab overview, \(n) tabs, first opening (pictures taken): frame interval", firstInterval),
            Self.percentileLine("tab overview, \(n) tabs, later openings and closings: frame work", later),
            Self.percentileLine("tab overview, \(n) tabs, later openings and closings: frame interval", laterInterval),
            String(format: "tab overview, %d tabs: UI process %.0f MB RSS before, %.0f MB after four openings (pictures kept)",
                   n, before.selfMB, after.selfMB),
        ]
    }
}
