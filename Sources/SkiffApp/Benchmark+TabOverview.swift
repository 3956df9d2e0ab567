import Browser
import Foundation
import Gtk

extension Benchmark {
    /// The tab overview's zoom open and closed, four times, over the tabs already open (20 in
    /// `skiff --bench`): the frames of the animations, and the UI process's memory after (the
    /// thumbnails included).
    func measureTabOverview(_ browser: BrowserView) async -> [String] {
        browser.selectTab(at: browser.tabCount - 1)
        await sleep(1.0)
        let before = ProcessClock.memory()
        let zoom = await frames(for: 4.0) { t in
            let cycle = t.truncatingRemainder(dividingBy: 1.0)
            if cycle < 1.0 / 60, !browser.isTabOverviewOpen { browser.openTabOverview() }
            if cycle >= 0.5 && cycle < 0.5 + 1.0 / 60, browser.isTabOverviewOpen { browser.closeTabOverview() }
        }
        await sleep(0.5)
        let after = ProcessClock.memory()
        return [
            Self.percentileLine("tab overview open/close, \(browser.tabCount) tabs: frame work", zoom.work),
            Self.percentileLine("tab overview open/close, \(browser.tabCount) tabs: frame interval", zoom.interval),
            String(format: "tab overview, %d tabs: UI process %.0f MB RSS before, %.0f MB after four openings (thumbnails kept)",
                   browser.tabCount, before.selfMB, after.selfMB),
        ]
    }
}
