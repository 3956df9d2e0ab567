import ArgumentParser
import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench address-search --rows N`.
struct AddressSearchBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "address-search",
        abstract: "The address bar's history search over N generated pages, typed with real keys (xdotool): key to suggestions drawn, frames, memory.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Generated history rows, in a temporary database removed at the end.", valueName: "N"))
    var rows = 100_000

    @MainActor func runOnMain() throws {
        let rows = max(0, rows)
        try BenchLaunch.run(app) { host, quit in
            host.persistence = { HistorySearchBenchmark.persistence(rows: rows) }
            host.windowShown = { window in HistorySearchBenchmark(window: window, rows: rows, done: quit).start() }
        }
    }
}

/// `skiff-bench address-search --rows N`: the address bar's history search over N generated
/// pages, driven by real keys (xdotool into the X server, as a user's keyboard): Ctrl+L, then words
/// typed at a brisk 8 keys a second. Prints key-to-suggestions latency (from the keystroke's text
/// change to the end of the first frame painted with that text's results), frame times while
/// typing, and memory; then quits.
@MainActor
final class HistorySearchBenchmark {
    let window: MainWindow
    let rows: Int
    let done: @MainActor () -> Void
    let stats = FrameStats()
    /// Texts typed whose suggestions are not drawn yet: when, and how many frames were painted since.
    private var edits: [(text: String, at: Double, frames: Int)] = []
    private var shown: Set<String> = []
    private var latencies: [Double] = []
    private var frameCounts: [Int] = []
    private var roundTrips: [Double] = []
    /// Every text the worker answered while typing, with how long it took (ms).
    private var answers: [(text: String, ms: Double)] = []
    private var typing: [Double] = [], typingFrames: [Int] = [], typingRoundTrips: [Double] = []
    private var typingWork: [Double] = [], typingIntervals: [Double] = [], typingStartIntervals: [Double] = []

    init(window: MainWindow, rows: Int, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.rows = rows
        self.done = done
    }

    /// A temporary database of `rows` generated pages (removed at exit).
    static func persistence(rows: Int) -> BrowserPersistence? {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-\(UUID().uuidString)")
        let locations = DataLocations(dataDirectory: base.appendingPathComponent("data"), stateDirectory: base.appendingPathComponent("state"))
        let started = FrameStats.monotonicNow
        do {
            try DataLocations.createPrivateDirectory(locations.dataDirectory)
            try GeneratedHistory.write(rows: rows, to: locations.browserDatabase)
        } catch {
            FileHandle.standardError.write(Data("history bench: could not generate the history: \(error)\n".utf8))
        }
        generationSeconds = FrameStats.monotonicNow - started
        temporaryDirectory = base
        atexit { HistorySearchBenchmark.removeTemporaryDirectory() }
        return BrowserPersistence.open(locations: locations)
    }

    nonisolated(unsafe) private static var temporaryDirectory: URL?
    nonisolated(unsafe) private static var generationSeconds = 0.0

    nonisolated private static func removeTemporaryDirectory() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func measure() async {
        var report = [String(format: "%@, %d history rows (generated in %.1f s)",
                             BenchLaunch.title("address-bar history search benchmark"), rows, Self.generationSeconds)]
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        let browser = window.browser
        guard let webView = browser.webView else {
            emit(report + ["web pages unavailable (sandbox): nothing measured"])
            return
        }
        webView.loadHTML(BenchPage.html, baseURI: "http://127.0.0.1/")
        let loadStart = FrameStats.monotonicNow
        while webView.isLoading || webView.uri == nil, FrameStats.monotonicNow - loadStart < 20 { await BenchRun.sleep(0.01) }
        await BenchRun.sleep(1.0)
        guard let xid = await xdotool(["search", "--onlyvisible", "--class", "skiff"]).split(separator: "\n").first.map(String.init) else {
            emit(report + ["no X window found for xdotool: nothing measured"])
            return
        }
        _ = await xdotool(["windowraise", xid])
        _ = await xdotool(["windowfocus", "--sync", xid])
        _ = await xdotool(["mousemove", "--window", xid, "300", "400"])

        browser.observeAddressSearch(edited: { [weak self] text in
            self?.edits.append((text, FrameStats.monotonicNow, 0))
        }, answered: { [weak self] text, seconds in
            self?.roundTrips.append(seconds * 1000)
            self?.answers.append((text, seconds * 1000))
        }, shown: { [weak self] text in
            self?.shown.insert(text)
        })
        stats.onPaint = { [weak self] now in self?.painted(at: now) }

        // 1. Ctrl+L ten times (Escape between): the frame that opens the editor, and the empty
        //    text's suggestions.
        var ctrlLWork: [Double] = []
        var ctrlLLatency: [Double] = []
        for _ in 0..<10 {
            reset()
            stats.reset()
            _ = await xdotool(["key", "ctrl+l"])
            await BenchRun.sleep(0.5)
            ctrlLWork.append(stats.workMilliseconds.max() ?? 0)
            ctrlLLatency.append(contentsOf: latencies)
            _ = await xdotool(["key", "Escape"])
            await BenchRun.sleep(0.3)
        }
        report.append(Benchmark.percentileLine("Ctrl+L: costliest frame's work (10 presses)", ctrlLWork))
        report.append(Benchmark.percentileLine("Ctrl+L: to the empty text's suggestions drawn", ctrlLLatency))

        // 2. Typing: word prefixes in and out of order, a rare old page, punctuation; 125 ms a key.
        //    First as typed: GTK pauses the cursor's blinking while keys come, so frames are painted
        //    only when something changes, and a key's frame starts at once. Then with frames asked
        //    for continuously (as while an animation runs), where a key waits for the next tick.
        for continuous in [false, true] {
            reset()
            answers.removeAll()
            stats.reset()
            if continuous { stats.requestContinuousFrames() }
            var superseded = 0
            var found = false
            for text in ["ref deb", "coffee gar", "kernel", "zzq \"%*", "debian"] {
                _ = await xdotool(["key", "ctrl+l"])
                await BenchRun.sleep(0.3)
                reset()
                stats.reset()
                _ = await xdotool(["type", "--delay", "125", text])
                await BenchRun.sleep(0.6)
                if text == "ref deb" { found = browser.suggestionTitles.contains(GeneratedHistory.needleTitle) }
                superseded += edits.count
                typing.append(contentsOf: latencies)
                typingFrames.append(contentsOf: frameCounts)
                typingRoundTrips.append(contentsOf: roundTrips)
                typingWork.append(contentsOf: stats.workMilliseconds)
                typingIntervals.append(contentsOf: stats.intervalMilliseconds)
                typingStartIntervals.append(contentsOf: stats.startIntervalMilliseconds)
                edits.removeAll()
                _ = await xdotool(["key", "Escape"])
                await BenchRun.sleep(0.3)
            }
            if continuous { stats.endContinuousFrames() }
            let pass = continuous ? "typing, frames continuous" : "typing"
            report.append(Benchmark.percentileLine("\(pass): key to its suggestions drawn", typing))
            report.append(Benchmark.percentileLine("\(pass): key to its results ready on the worker", typingRoundTrips))
            let inFirst = typingFrames.filter { $0 <= 1 }.count
            report.append(String(format: "%@: suggestions drawn in the first frame after their key: %d of %d (%.0f %%), at most %d frames after",
                                 pass, inFirst, typingFrames.count, 100 * Double(inFirst) / Double(max(1, typingFrames.count)), typingFrames.max() ?? 0))
            report.append("\(pass): \(typing.count) texts' results drawn, \(superseded) texts never drawn (a newer one came first); "
                          + "\"ref deb\" found the page visited once 200 days ago: \(found ? "yes" : "NO")")
            report.append(Benchmark.percentileLine("\(pass): frame work (update→paint)", typingWork))
            if continuous {
                report.append(Benchmark.percentileLine("\(pass): frame interval, paint end to paint end", typingIntervals))
                report.append("\(pass): frames ending later than 20 ms after the one before: \(typingIntervals.filter { $0 > 20 }.count) of \(typingIntervals.count)")
                report.append(Benchmark.percentileLine("\(pass): frame interval, start to start", typingStartIntervals))
                report.append("\(pass): frames starting later than 20 ms after the one before (a tick skipped): "
                              + "\(typingStartIntervals.filter { $0 > 20 }.count) of \(typingStartIntervals.count)")
            }
            let slowest = answers.sorted { $0.ms > $1.ms }.prefix(4).map { String(format: "\"%@\" %.1f ms", $0.text, $0.ms) }
            report.append("\(pass): slowest searches on the worker: " + slowest.joined(separator: ", "))
            answers.removeAll()
            typing.removeAll()
            typingFrames.removeAll()
            typingRoundTrips.removeAll()
            typingWork.removeAll()
            typingIntervals.removeAll()
            typingStartIntervals.removeAll()
        }
        stats.onPaint = nil
        stats.detach()
        let memory = ProcessClock.memory()
        report.append(String(format: "memory: UI process %.0f MB RSS", memory.selfMB))
        emit(report)
    }

    private func reset() {
        edits.removeAll()
        shown.removeAll()
        latencies.removeAll()
        frameCounts.removeAll()
        roundTrips.removeAll()
    }

    /// A frame was painted: every edit whose results had been handed to the view is now on screen.
    private func painted(at now: Double) {
        for index in edits.indices { edits[index].frames += 1 }
        guard !shown.isEmpty else { return }
        edits.removeAll { edit in
            guard shown.contains(edit.text) else { return false }
            latencies.append((now - edit.at) * 1000)
            frameCounts.append(edit.frames)
            return true
        }
        shown.removeAll()
    }

    private func xdotool(_ args: [String]) async -> String { await XWindow.runWhileDrawing(args) }

    private func emit(_ lines: [String]) { BenchRun.emit(lines) }
}
