import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk

/// `skiff --bench --generated-history-rows N`: the address bar's history search over N generated
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
    private var edits: [(text: String, at: Double)] = []
    private var shown: Set<String> = []
    private var latencies: [Double] = []

    init(window: MainWindow, rows: Int, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.rows = rows
        self.done = done
    }

    /// A temporary database of `--generated-history-rows` pages (removed at exit), or nil without it.
    static func persistence(options: Options) -> BrowserPersistence? {
        guard options.bench, let rows = options.generatedHistoryRows else { return nil }
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
        previousPathLine = timePreviousPath(locations.browserDatabase)
        temporaryDirectory = base
        atexit { HistorySearchBenchmark.removeTemporaryDirectory() }
        return BrowserPersistence.open(locations: locations)
    }

    nonisolated(unsafe) private static var temporaryDirectory: URL?
    nonisolated(unsafe) private static var generationSeconds = 0.0
    nonisolated(unsafe) private static var previousPathLine = ""

    /// What the address bar did before the index, on the main thread after every visit and at each
    /// Ctrl+L: the 500 most visited rows read (`history(matching: "", limit: 500)`), then ranked.
    /// Timed directly, 7 runs, for the before/after comparison in BENCHMARKS.md.
    private static func timePreviousPath(_ url: URL) -> String {
        guard case .opened(let store) = DiskBrowsingStore.open(at: url) else { return "previous path: database not opened" }
        defer { try? store.close() }
        var read: [Double] = [], rank: [Double] = []
        for _ in 0..<7 {
            let t0 = FrameStats.monotonicNow
            let items = (try? store.history(matching: "", limit: 500)) ?? []
            let t1 = FrameStats.monotonicNow
            _ = Suggestions.rank(text: "deb", history: items, openTabs: [], now: Date())
            let t2 = FrameStats.monotonicNow
            read.append((t1 - t0) * 1000)
            rank.append((t2 - t1) * 1000)
        }
        read.sort()
        rank.sort()
        return String(format: "previous path (500 most visited read on the main thread, then ranked), timed directly: read median %.1f ms, rank median %.2f ms",
                      read[3], rank[3])
    }
    nonisolated private static func removeTemporaryDirectory() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func measure() async {
        var report = [String(format: "Skiff %@ address-bar history search benchmark, %d history rows (generated in %.1f s)",
                             Options.version, rows, Self.generationSeconds)]
        report.append(Self.previousPathLine)
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
            self?.edits.append((text, FrameStats.monotonicNow))
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
        reset()
        stats.reset()
        stats.requestContinuousFrames()
        var superseded = 0
        var found = false
        for text in ["ref deb", "coffee gar", "kernel", "zzq \"%*", "debian"] {
            _ = await xdotool(["key", "ctrl+l"])
            await BenchRun.sleep(0.3)
            _ = await xdotool(["type", "--delay", "125", text])
            await BenchRun.sleep(0.6)
            if text == "ref deb" { found = browser.suggestionTitles.contains(GeneratedHistory.needleTitle) }
            superseded += edits.count
            edits.removeAll()
            _ = await xdotool(["key", "Escape"])
            await BenchRun.sleep(0.3)
        }
        stats.endContinuousFrames()
        report.append(Benchmark.percentileLine("typing: key to its suggestions drawn", latencies))
        report.append("typing: \(latencies.count) texts' results drawn, \(superseded) texts never drawn (a newer one came first); "
                      + "\"ref deb\" found the page visited once 200 days ago: \(found ? "yes" : "NO")")
        report.append(Benchmark.percentileLine("typing: frame work (update→paint)", stats.workMilliseconds))
        report.append(Benchmark.percentileLine("typing: frame interval", stats.intervalMilliseconds))
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
    }

    /// A frame was painted: every edit whose results had been handed to the view is now on screen.
    private func painted(at now: Double) {
        guard !shown.isEmpty else { return }
        edits.removeAll { edit in
            guard shown.contains(edit.text) else { return false }
            latencies.append((now - edit.at) * 1000)
            return true
        }
        shown.removeAll()
    }

    /// Runs xdotool while the main loop keeps turning.
    private func xdotool(_ args: [String]) async -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return "" }
        while process.isRunning { await BenchRun.sleep(0.005) }
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    private func emit(_ lines: [String]) {
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
