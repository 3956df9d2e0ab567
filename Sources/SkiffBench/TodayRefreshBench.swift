import ArgumentParser
import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench today-refresh --feeds 200 --changed 10`: issue 28's "no frame of the UI over 20 ms
/// while 200 subscriptions refresh", with Today on screen. The feeds are served from a loopback server
/// (Python's http.server, started and stopped here by PID) and read once into the database; then C files
/// change, the app shows Today on that database, and its grid is scrolled at a reading pace for
/// `seconds`, once without a refresh and once with F5's refresh (every feed: 190 answer 304, C are
/// parsed, stored, and the cards dealt again) started just after the scrolling. Frame work and
/// intervals of both, and how long the refresh took.
struct TodayRefreshBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "today-refresh",
        abstract: "Today scrolled on screen while N feeds refresh from a loopback server (C changed): frame times against the same scrolling without a refresh.")
    @OptionGroup var site: FeedSiteOptions
    @Option(help: "Seconds of scrolling measured, with and without the refresh.") var seconds = 4.0
    @Option(help: .hidden) var windowSize = "1280x800"

    @MainActor func runOnMain() throws {
        MainLoop.installDispatchBridge()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-today-refresh-\(UUID().uuidString)")
        let folderOfSite = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: folderOfSite, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = Date().addingTimeInterval(-3600)
        let (feeds, changed, items) = (site.feeds, site.changed, site.items)
        for n in 0..<feeds { try FeedRefreshBench.write(feed: n, items: items, version: 0, to: folderOfSite, modified: old) }
        let server = try LoopbackFeedServer(root: folderOfSite)
        defer { server.stop() }

        // Every feed read once, as after a day of use: the refresh measured is the usual one, mostly 304s.
        let database = folder.appendingPathComponent("feeds.sqlite")
        guard let store = FeedStore.open(at: database).store else { throw ValidationError("the feeds database could not be opened") }
        for n in 0..<feeds {
            guard let url = URL(string: "\(server.base)/feed\(n).xml") else { continue }
            try store.addFeed(url: url, now: Date())
        }
        let refresher = FeedRefresher(store: store, parse: FeedRefresher.feedParser)
        var done = false
        refresher.refreshAll { _ in done = true }
        MainLoop.run(until: { done }, timeout: 300)
        try store.close()
        let newer = Date()
        for n in 0..<min(changed, feeds) { try FeedRefreshBench.write(feed: n * 7 % feeds, items: items, version: 1, to: folderOfSite, modified: newer) }

        let options = try Options.parse(["--private", "--section", "today", "--window-size", windowSize, "--feeds-database", database.path])
        let seconds = self.seconds
        try BenchLaunch.run(options) { host, quit in
            host.windowShown = { window in
                let stats = FrameStats()
                BenchRun.start({
                    while !stats.attach(to: window.window) { await BenchRun.sleep(0.001) }
                    let today = window.today
                    while today.visibleCards.count < 4 || window.isRefreshingFeeds { await BenchRun.sleep(0.01) }
                    await BenchRun.sleep(1)
                    let travel = min(today.contentHeight, 3000)
                    // 1,500 px/s down and back, as the today bench scrolls.
                    let scroll: @MainActor (Double) -> Void = { t in today.perform(.scrolled(to: (1 - cos(t * 1500 / travel * .pi)) / 2 * travel)) }
                    let quiet = await BenchRun.frames(stats, on: window.window, for: seconds, scroll)
                    var started: Double?, finished: Double?
                    let refreshing = await BenchRun.frames(stats, on: window.window, for: seconds) { t in
                        if started == nil, t > 0.1 {
                            started = FrameStats.monotonicNow
                            today.host.onRefresh?()
                        }
                        if let started, finished == nil, FrameStats.monotonicNow > started + 0.05, !window.isRefreshingFeeds {
                            finished = FrameStats.monotonicNow
                        }
                        scroll(t)
                    }
                    while window.isRefreshingFeeds { await BenchRun.sleep(0.01) }
                    let refreshMs = finished.flatMap { f in started.map { (f - $0) * 1000 } }
                    BenchRun.emit([
                        BenchLaunch.title("today-refresh: \(feeds) feeds (\(changed) changed, the rest 304), Today scrolled at 1,500 px/s for \(seconds) s"),
                        Benchmark.percentileLine("without a refresh: frame work", quiet.work),
                        Benchmark.percentileLine("without a refresh: frame interval", quiet.interval),
                        Benchmark.percentileLine("while refreshing: frame work", refreshing.work),
                        Benchmark.percentileLine("while refreshing: frame interval", refreshing.interval),
                        String(format: "frames of work over 20 ms: %d without, %d while refreshing; the refresh took %@",
                               quiet.work.filter { $0 > 20 }.count, refreshing.work.filter { $0 > 20 }.count,
                               refreshMs.map { String(format: "%.0f ms", $0) } ?? "longer than the scrolling"),
                    ])
                }, then: quit)
            }
        }
    }
}
