import Browser
import BrowserModel
import Foundation
import Gtk

extension Benchmark {
    /// A new tab every second whose start page holds the most favourites there can be (48 tiles,
    /// none with an icon, so every tile shows its letter; built when the tab opens), closed again half a second later: the frame that builds the page
    /// is the one to watch (max), and what the tiles cost in memory.
    func measureStartPage(into report: inout [String]) async {
        let browser = window.browser
        browser.addFavourites((0..<Favourites.limit).map { (uri: "https://site\($0).example/", title: "Bench site \($0)") })
        let before = ProcessClock.memory()
        var opened = false
        let result = await frames(for: 5.0) { t in
            let cycle = t.truncatingRemainder(dividingBy: 1.0)
            if cycle < 0.5 && !opened {
                browser.newTab()
                opened = true
            } else if cycle >= 0.5 && opened {
                browser.closeTab()
                opened = false
            }
        }
        if opened { browser.closeTab() }
        report.append(Self.percentileLine("new tab, start page with \(Favourites.limit) favourites: frame work", result.work))
        report.append(Self.percentileLine("new tab, start page with \(Favourites.limit) favourites: frame interval", result.interval))
        browser.newTab()
        await sleep(1.0)
        let after = ProcessClock.memory()
        report.append(String(format: "start page with %d favourites: UI process %.0f MB RSS (%.0f MB before showing it)",
                             Favourites.limit, after.selfMB, before.selfMB))
        browser.closeTab()
    }
}
