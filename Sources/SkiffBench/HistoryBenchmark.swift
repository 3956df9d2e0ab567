import ArgumentParser
import Foundation
import Gtk
import Home
import HomeModel
import SkiffApp

/// `skiff-bench home-history --transactions 10000`: Home's History page alone in a window over a
/// generated history: parse + group time, then frame times while it scrolls at a reading pace and
/// jumps through to the end, and memory.
struct HomeHistoryBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "home-history",
        abstract: "Home's History page over N generated transactions: parse and group, scrolling, a jump to the end, memory.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Generated transactions (at most HistoryParser.maximumTransactions).", valueName: "N"))
    var transactions = 10_000

    @MainActor func runOnMain() throws {
        let options = app, count = max(0, min(transactions, HistoryParser.maximumTransactions))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-history-\(getpid()).json")
        try HistoryGenerator.json(count: count, end: Date()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try BenchLaunch.run(options) { host, quit in
            host.firstWindow = { application in
                let window = ApplicationWindow(application: application)
                window.title = "History — Skiff"
                window.setDefaultSize(width: options.windowSize.width, height: options.windowSize.height)
                let openedAt = FrameStats.monotonicNow
                let page = HistoryPage(source: .file(file), settings: options.historySettings)
                window.setChild(page.root)
                window.present()
                HistoryBenchmark(window: window, page: page, transactions: count, openedAt: openedAt) {
                    window.destroy()
                    quit()
                }.start()
            }
        }
    }
}

@MainActor
final class HistoryBenchmark {
    let window: Window
    let page: HistoryPage
    let transactions: Int
    /// Monotonic time just before the page was made.
    let openedAt: Double
    let done: @MainActor () -> Void
    let stats = FrameStats()

    init(window: Window, page: HistoryPage, transactions: Int, openedAt: Double, done: @escaping @MainActor () -> Void) {
        self.openedAt = openedAt
        self.window = window
        self.page = page
        self.transactions = transactions
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    func sleep(_ seconds: Double) async { await BenchRun.sleep(seconds) }

    private func measure() async {
        var report = [BenchLaunch.title("History benchmark")]
        // 1. The page: from its creation to showing the list (its own read and parse, off the main thread).
        while page.screenName == "loading" { await sleep(0.002) }
        report.append(String(format: "history page: %@ %.0f ms after it was created (%d lines, %.0f px of content)", page.screenName,
                             (FrameStats.monotonicNow - openedAt) * 1000, Int(page.contentHeight / 80), page.contentHeight))
        // 2. Parse + group again, timed alone, the same call the page makes on its worker thread.
        let count = max(transactions, 1)
        let data = HistoryGenerator.json(count: count, end: Date())
        var timings: [Double] = []
        for _ in 0..<7 {
            let started = FrameStats.monotonicNow
            let result = HistorySnapshot.make(from: data, source: "bench", fetchedAt: Date(), fromCache: false, timeZone: .current)
            timings.append((FrameStats.monotonicNow - started) * 1000)
            if case .failure = result { report.append("history bench: the generated history did not parse") }
        }
        timings.sort()
        report.append(String(format: "history parse + group, %d transactions (%.1f MB): median %.1f ms, best %.1f ms (7 runs)",
                             count, Double(data.count) / 1_048_576, timings[timings.count / 2], timings[0]))

        while !stats.attach(to: window) { await sleep(0.005) }
        await sleep(0.5)
        let before = ProcessClock.memory()
        let height = page.contentHeight
        let scrolling = await frames(for: 4.0) { t in
            // 1,500 px/s down and back, as Today's benchmark scrolls.
            let travel = min(height, 3000)
            self.page.perform(.scrolled(to: (1 - cos(t * 1500 / travel * .pi)) / 2 * travel))
        }
        report.append(Benchmark.percentileLine("history scrolling: frame work (update→paint)", scrolling.work))
        report.append(Benchmark.percentileLine("history scrolling: frame interval", scrolling.interval))
        let jump = await frames(for: 3.0) { t in self.page.perform(.scrolled(to: height * min(1, t / 2.8))) }
        report.append(Benchmark.percentileLine("history jump to the end: frame work", jump.work))
        report.append(Benchmark.percentileLine("history jump to the end: frame interval", jump.interval))
        stats.detach()
        let after = ProcessClock.memory()
        report.append(String(format: "history memory: %.0f MB RSS before scrolling, %.0f MB after the end; %d line widgets",
                             before.selfMB, after.selfMB, page.lineWidgetCount))
        BenchRun.emit(report)
    }

    private func frames(for seconds: Double, _ step: @escaping @MainActor (Double) -> Void) async -> (work: [Double], interval: [Double]) {
        await BenchRun.frames(stats, on: window, for: seconds, step)
    }
}
