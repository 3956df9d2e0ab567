import ArgumentParser
import Browser
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench find --megabytes N --runs R`.
struct FindBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find in page on a generated page of N MB, a word typed letter by letter with real keys (xdotool): key to match count, frames, memory.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Size of the generated page (1–\(FindBenchmark.maxMegabytes)).", valueName: "N"))
    var megabytes = 5
    @Option(help: ArgumentHelp("Times the word is typed (1–20).", valueName: "R"))
    var runs = 3

    @MainActor func runOnMain() throws {
        let megabytes = megabytes, runs = runs
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in FindBenchmark(window: window, megabytes: megabytes, runs: runs, done: quit).start() }
        }
    }
}

/// Ctrl+F on a long page, then `GeneratedPages.needle` typed a letter at a time: for each letter,
/// from the key press reaching the window to WebKit's answer (the find controller's "found-text",
/// which the find bar's count renders) and to the end of the first frame painted after it.
@MainActor
final class FindBenchmark {
    nonisolated static let maxMegabytes = 50
    let window: MainWindow
    let megabytes: Int
    let runs: Int
    let done: @MainActor () -> Void
    let stats = FrameStats()
    /// The letter's key press being waited for, and when WebKit answered it.
    private var pressedAt: Double?
    private var answeredAt: Double?
    private var toAnswer: [Double] = [], toPaint: [Double] = []
    /// Key → answer by the query's length (the first letter matches far more often than the word).
    private var byLength: [Int: [Double]] = [:]
    private var length = 0

    init(window: MainWindow, megabytes: Int, runs: Int, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.megabytes = megabytes
        self.runs = runs
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func measure() async {
        var report = [BenchLaunch.title("find-in-page benchmark") + ", \(megabytes) MB page"]
        guard (1...Self.maxMegabytes).contains(megabytes), (1...20).contains(runs) else {
            return BenchRun.emit(report + ["--megabytes: 1–\(Self.maxMegabytes), --runs: 1–20"])
        }
        let browser = window.browser
        guard browser.webView != nil else { return BenchRun.emit(report + ["web pages unavailable (sandbox): nothing measured"]) }
        let url: URL
        do { url = try GeneratedPages.write(GeneratedPages.longText(bytes: megabytes << 20), name: "find") } catch {
            return BenchRun.emit(report + ["could not write the page: \(error)"])
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let loadStart = FrameStats.monotonicNow
        guard await PageBench.load(url, in: browser) else { return BenchRun.emit(report + ["the page did not load in 30 s"]) }
        report.append(String(format: "page loaded in %.1f s (file: URL)", FrameStats.monotonicNow - loadStart - 1.0))
        guard let controller = browser.webView?.findController else { return BenchRun.emit(report + ["no find controller"]) }
        controller.onFound { [weak self] _ in self?.answered() }
        controller.onNotFound { [weak self] in self?.answered() }
        guard await PageBench.focus() != nil else { return BenchRun.emit(report + ["no X window found for xdotool: nothing measured"]) }
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        PageBench.watchKeys(on: window.window) { [weak self] keyval, modifiers, at in
            // Letters only: Ctrl+F (which searches the last word again) and Escape are not typing.
            if keyval >= 0x61 && keyval <= 0x7a, !modifiers.contains(.control) { self?.pressedAt = at; self?.answeredAt = nil }
        }
        stats.onPaint = { [weak self] now in
            guard let self, let pressed = self.pressedAt, self.answeredAt != nil else { return }
            self.toPaint.append((now - pressed) * 1000)
            self.pressedAt = nil
        }
        let memoryBefore = ProcessClock.memory()
        var work: [Double] = []
        var unanswered = 0
        for _ in 0..<runs {
            _ = await XWindow.runWhileDrawing(["key", "ctrl+f"])
            await BenchRun.sleep(0.5)
            stats.reset()
            for (index, letter) in GeneratedPages.needle.enumerated() {
                length = index + 1
                _ = await XWindow.runWhileDrawing(["key", String(letter)])
                let sent = FrameStats.monotonicNow
                while pressedAt != nil, FrameStats.monotonicNow - sent < 5 { await BenchRun.sleep(0.002) }
                if pressedAt != nil { unanswered += 1; pressedAt = nil }
                await BenchRun.sleep(0.15)
            }
            work.append(contentsOf: stats.workMilliseconds)
            _ = await XWindow.runWhileDrawing(["key", "Escape"])
            await BenchRun.sleep(0.5)
        }
        stats.onPaint = nil
        stats.detach()
        let memory = ProcessClock.memory()
        report.append(Benchmark.percentileLine("key → WebKit's match count (found-text), \(runs) × \(GeneratedPages.needle.count) letters", toAnswer))
        report.append(Benchmark.percentileLine("key → first frame painted after the count", toPaint))
        let lengths = byLength.keys.sorted().map { n in
            String(format: "%d: %.0f", n, (byLength[n] ?? []).sorted()[(byLength[n] ?? []).count / 2])
        }
        report.append("key → match count, median by letters typed (ms): " + lengths.joined(separator: ", "))
        report.append("letters without an answer in 5 s: \(unanswered)")
        report.append(Benchmark.percentileLine("frame work (update→paint) while typing", work))
        report.append(String(format: "memory: UI process %.0f MB RSS (%.0f before typing), web processes %.0f MB",
                             memory.selfMB, memoryBefore.selfMB, memory.childrenMB))
        BenchRun.emit(report)
    }

    private func answered() {
        guard let pressed = pressedAt, answeredAt == nil else { return }
        let now = FrameStats.monotonicNow
        answeredAt = now
        toAnswer.append((now - pressed) * 1000)
        byLength[length, default: []].append((now - pressed) * 1000)
    }
}
