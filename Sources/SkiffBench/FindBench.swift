import ArgumentParser
import Browser
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench find --megabytes N --runs R [--floor PATH]`.
struct FindBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find in page on a generated page of N MB, a word typed letter by letter with real keys (xdotool): key to first match, to the count, frames, memory.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Size of the generated page (1–\(FindBenchmark.maxMegabytes)).", valueName: "N"))
    var megabytes = 5
    @Option(help: ArgumentHelp("Times the word is typed (1–20).", valueName: "R"))
    var runs = 3
    @Option(help: ArgumentHelp("The engine's floor (tools/bench/find-floor.c, built by make bench), run on the same page after Skiff.", valueName: "PATH"))
    var floor: String?

    @MainActor func runOnMain() throws {
        let megabytes = megabytes, runs = runs, floor = floor
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in FindBenchmark(window: window, megabytes: megabytes, runs: runs, floor: floor, done: quit).start() }
        }
    }
}

/// Ctrl+F on a long page, then `GeneratedPages.needle` typed a letter at a time, measured from the key
/// press reaching the window: to the first match shown (the find bar's answer to the key: "1 of …",
/// "1 of 1" or "No matches"), to the end of the first frame painted after it, and to the count
/// ("1 of 278"). Typed: one xdotool process, a key every 150 ms; paused: the next letter once the
/// count is shown.
@MainActor
final class FindBenchmark {
    nonisolated static let maxMegabytes = 50
    let window: MainWindow
    let megabytes: Int
    let runs: Int
    let floor: String?
    let done: @MainActor () -> Void
    let stats = FrameStats()
    /// The letter's key press being followed, when WebKit last answered, and what was seen since.
    private var pressedAt: Double?
    private var lastAnswerAt = 0.0
    private var shownAt: Double?
    private var painted = false
    private var keyTimes: [Double] = []
    /// What the bar said at each paused letter's first answer.
    private var pausedTexts: [String] = []
    private var toFirstTyped: [Double] = [], toFirstPaused: [Double] = [], toPaint: [Double] = [], toCount: [Double] = []
    /// Key → first match and → count by the query's length.
    private var firstByLength: [Int: [Double]] = [:], countByLength: [Int: [Double]] = [:]

    init(window: MainWindow, megabytes: Int, runs: Int, floor: String?, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.megabytes = megabytes
        self.runs = runs
        self.floor = floor
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
        controller.onFound { [weak self] _ in self?.lastAnswerAt = FrameStats.monotonicNow }
        controller.onNotFound { [weak self] in self?.lastAnswerAt = FrameStats.monotonicNow }
        guard await PageBench.focus() != nil else { return BenchRun.emit(report + ["no X window found for xdotool: nothing measured"]) }
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        PageBench.watchKeys(on: window.window) { [weak self] keyval, modifiers, at in
            // Letters only: Ctrl+F (which searches the last word again) and Escape are not typing.
            guard keyval >= 0x61 && keyval <= 0x7a, !modifiers.contains(.control), let self else { return }
            self.keyTimes.append(at)
            self.pressedAt = at
            self.shownAt = nil
            self.painted = false
        }
        stats.onPaint = { [weak self] now in
            guard let self, let pressed = self.pressedAt, self.shownAt != nil, !self.painted else { return }
            self.painted = true
            self.toPaint.append((now - pressed) * 1000)
        }
        let memoryBefore = ProcessClock.memory()
        var work: [Double] = []
        var unanswered = 0
        for run in 0...runs {
            _ = await XWindow.runWhileDrawing(["key", "ctrl+f"])
            await BenchRun.sleep(0.5)
            // Each run from an empty field, as the figures recorded since 205257a were.
            _ = await XWindow.runWhileDrawing(["key", "ctrl+a", "BackSpace"])
            await BenchRun.sleep(0.3)
            stats.reset()
            if run < runs {
                unanswered += await typeWord()
            } else {
                unanswered += await typeWordPausing()
            }
            work.append(contentsOf: stats.workMilliseconds)
            _ = await XWindow.runWhileDrawing(["key", "Escape"])
            await BenchRun.sleep(0.5)
        }
        stats.onPaint = nil
        stats.detach()
        let memory = ProcessClock.memory()
        let letters = GeneratedPages.needle.count
        report.append(Benchmark.percentileLine("typed (xdotool type --delay 150, \(runs) × \(letters) letters): key → first match shown (the find bar's answer)", toFirstTyped))
        report.append(Benchmark.percentileLine("paused (the next letter once the count is shown, 1 × \(letters) letters): key → first match shown", toFirstPaused))
        report.append("paused, key → first match by letter (ms): " + toFirstPaused.map { String(format: "%.0f", $0) }.joined(separator: ", ")
                      + "; the bar then said: " + pausedTexts.joined(separator: " | "))
        report.append(Benchmark.percentileLine("both: key → first frame painted after the first match", toPaint))
        report.append(Benchmark.percentileLine("key → count shown (each letter when paused; the last letter when typed)", toCount))
        report.append("key → first match, median by letters typed (ms): " + Self.medians(firstByLength))
        report.append("key → count, median by letters typed (ms): " + Self.medians(countByLength))
        report.append("letters whose first match was never shown (typed over before WebKit answered, or no answer in 10 s): \(unanswered)")
        report.append(Benchmark.percentileLine("frame work (update→paint) while typing", work))
        report.append(String(format: "memory: UI process %.0f MB RSS (%.0f before typing), web processes %.0f MB",
                             memory.selfMB, memoryBefore.selfMB, memory.childrenMB))
        if let floor {
            report.append("the engine alone (find-floor: a bare WebKit window, the same page, \(runs) × \(letters) prefixes, from the call):")
            report += await PageBench.floor(floor, ["find", url.path, GeneratedPages.needle, String(runs)])
        }
        BenchRun.emit(report)
    }

    /// The word typed by one xdotool process, a key every 150 ms whatever the answers: for each key,
    /// the time to its first match (a key typed over before it was answered has none); for the last,
    /// to the count. Returns the letters without a first match.
    private func typeWord() async -> Int {
        let letters = GeneratedPages.needle.count
        keyTimes = []
        guard let typing = XWindow.start(["type", "--delay", "150", GeneratedPages.needle]) else { return letters }
        var shown = 0
        var lastShown = -1
        let start = FrameStats.monotonicNow
        while FrameStats.monotonicNow - start < 30 {
            let n = keyTimes.count, text = window.browser.findCountText
            if n > 0, lastShown < n - 1, !text.isEmpty, lastAnswerAt >= keyTimes[n - 1] {
                let ms = (lastAnswerAt - keyTimes[n - 1]) * 1000
                toFirstTyped.append(ms)
                firstByLength[n, default: []].append(ms)
                shownAt = lastAnswerAt
                lastShown = n - 1
                shown += 1
            }
            if n == letters, lastShown == n - 1, !text.contains("…"), !typing.isRunning {
                let ms = (lastAnswerAt - keyTimes[n - 1]) * 1000
                toCount.append(ms)
                countByLength[n, default: []].append(ms)
                break
            }
            await BenchRun.sleep(0.001)
        }
        if typing.isRunning { typing.terminate() }
        await BenchRun.sleep(0.15)
        return letters - shown
    }

    /// The word a letter at a time, the next once the count of the last is shown.
    private func typeWordPausing() async -> Int {
        var missing = 0
        for (index, letter) in GeneratedPages.needle.enumerated() {
            pressedAt = nil
            _ = await XWindow.runWhileDrawing(["key", String(letter)])
            let sent = FrameStats.monotonicNow
            while pressedAt == nil, FrameStats.monotonicNow - sent < 5 { await BenchRun.sleep(0.001) }
            guard pressedAt != nil else { missing += 1; continue }
            if let first = await follow(until: { !$0.isEmpty }) {
                pausedTexts.append("\(window.browser.findQuery): \(window.browser.findCountText)")
                toFirstPaused.append(first)
                firstByLength[index + 1, default: []].append(first)
            } else { missing += 1 }
            if let count = await follow(until: { !$0.isEmpty && !$0.contains("…") }) {
                toCount.append(count)
                countByLength[index + 1, default: []].append(count)
            }
            await BenchRun.sleep(0.15)
        }
        return missing
    }

    /// Waits (10 s at most) for the find bar's count to satisfy `shown`; the time from the key to the
    /// answer that made it so, in ms.
    private func follow(until shown: (String) -> Bool) async -> Double? {
        let start = FrameStats.monotonicNow
        while FrameStats.monotonicNow - start < 10 {
            if let pressed = pressedAt, shown(window.browser.findCountText) {
                if shownAt == nil { shownAt = lastAnswerAt }
                return (lastAnswerAt - pressed) * 1000
            }
            await BenchRun.sleep(0.001)
        }
        return nil
    }

    private static func medians(_ byLength: [Int: [Double]]) -> String {
        byLength.keys.sorted().map { n in
            let samples = (byLength[n] ?? []).sorted()
            return String(format: "%d: %.0f", n, samples[samples.count / 2])
        }.joined(separator: ", ")
    }
}
