import ArgumentParser
import Browser
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench zoom --megabytes N --steps S [--floor PATH]`.
struct ZoomBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "zoom",
        abstract: "Ctrl+plus S times (real keys, xdotool) on a generated documentation chapter of N MB: the longest frame of each zoom step.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Size of the generated chapter (1–\(ZoomBenchmark.maxMegabytes)).", valueName: "N"))
    var megabytes = 2
    @Option(help: ArgumentHelp("Zoom steps (1–8).", valueName: "S"))
    var steps = 5
    @Option(help: ArgumentHelp("The engine's floor (tools/bench/find-floor.c, built by make bench), run on the same page after Skiff.", valueName: "PATH"))
    var floor: String?

    @MainActor func runOnMain() throws {
        let megabytes = megabytes, steps = steps, floor = floor
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in ZoomBenchmark(window: window, megabytes: megabytes, steps: steps, floor: floor, done: quit).start() }
        }
    }
}

/// Each Ctrl+plus, then 2 s: the window's frames (work from update to paint, FrameStats) and the
/// page's own frames (the interval between its requestAnimationFrame callbacks, which a relayout in
/// the web process delays), both as they come: a frame over 50 ms is a visible hitch (#27).
@MainActor
final class ZoomBenchmark {
    nonisolated static let maxMegabytes = 20
    /// The page logs the interval between its animation frames into `skiffGaps`.
    static let frameLog = "var skiffGaps=[],skiffLast=0;function skiffTick(t){if(skiffLast)skiffGaps.push(t-skiffLast);"
        + "skiffLast=t;requestAnimationFrame(skiffTick)}requestAnimationFrame(skiffTick);"
    let window: MainWindow
    let megabytes: Int
    let steps: Int
    let floor: String?
    let done: @MainActor () -> Void
    let stats = FrameStats()

    init(window: MainWindow, megabytes: Int, steps: Int, floor: String?, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.megabytes = megabytes
        self.steps = steps
        self.floor = floor
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func measure() async {
        var report = [BenchLaunch.title("page zoom benchmark") + ", \(megabytes) MB chapter"]
        guard (1...Self.maxMegabytes).contains(megabytes), (1...8).contains(steps) else {
            return BenchRun.emit(report + ["--megabytes: 1–\(Self.maxMegabytes), --steps: 1–8"])
        }
        let browser = window.browser
        guard browser.webView != nil else { return BenchRun.emit(report + ["web pages unavailable (sandbox): nothing measured"]) }
        let url: URL
        do { url = try GeneratedPages.write(GeneratedPages.chapter(bytes: megabytes << 20, script: Self.frameLog), name: "zoom") } catch {
            return BenchRun.emit(report + ["could not write the page: \(error)"])
        }
        defer { try? FileManager.default.removeItem(at: url) }
        guard await PageBench.load(url, in: browser, settle: 2.0) else { return BenchRun.emit(report + ["the page did not load in 30 s"]) }
        guard let view = browser.webView else { return BenchRun.emit(report + ["no page"]) }
        if let height = await view.evaluate("String(document.documentElement.scrollHeight)") { report.append("page height at 100 %: \(height) px") }
        guard await PageBench.focus() != nil else { return BenchRun.emit(report + ["no X window found for xdotool: nothing measured"]) }
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        var allWork: [Double] = [], allPage: [Double] = []
        for step in 1...steps {
            let before = view.zoomLevel
            _ = await view.evaluate("skiffGaps.length=0;''")
            stats.reset()
            _ = await XWindow.runWhileDrawing(["key", "ctrl+plus"])
            await BenchRun.sleep(2.0)
            let work = stats.workMilliseconds, intervals = stats.intervalMilliseconds
            let gaps = (await view.evaluate("skiffGaps.join(',')") ?? "").split(separator: ",").compactMap { Double($0) }
            allWork += work
            allPage += gaps
            report.append(String(format: "step %d (zoom %.0f %% → %.0f %%): window frames %d, work max %.1f ms, p95 %.1f ms, interval max %.1f ms; page frames %d, interval max %.1f ms, p95 %.1f ms",
                                 step, before * 100, view.zoomLevel * 100, work.count, work.max() ?? 0, Self.p95(work), intervals.max() ?? 0,
                                 gaps.count, gaps.max() ?? 0, Self.p95(gaps)))
        }
        stats.detach()
        report.append(Benchmark.percentileLine("all steps: window frame work (update→paint)", allWork))
        report.append(Benchmark.percentileLine("all steps: page frame interval (requestAnimationFrame)", allPage))
        report.append("window frames over 50 ms of work: \(allWork.filter { $0 > 50 }.count); page frames over 50 ms apart: \(allPage.filter { $0 > 50 }.count)")
        let memory = ProcessClock.memory()
        report.append(String(format: "memory: UI process %.0f MB RSS, web processes %.0f MB", memory.selfMB, memory.childrenMB))
        if let floor {
            report.append("the engine alone (find-floor: a bare WebKit window, the same page, webkit_web_view_set_zoom_level in the same steps):")
            report += await PageBench.floor(floor, ["zoom", url.path, String(steps)])
        }
        BenchRun.emit(report)
    }

    static func p95(_ samples: [Double]) -> Double {
        let s = samples.sorted()
        return s.isEmpty ? 0 : s[min(s.count - 1, Int((0.95 * Double(s.count - 1)).rounded()))]
    }
}
