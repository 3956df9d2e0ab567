import ArgumentParser
import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench history-view --pages N`.
struct HistoryViewBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "history-view",
        abstract: "The History window (Ctrl+H) over N generated pages: time to list, real wheel clicks, a sweep to the end, memory.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Generated pages, in a temporary database removed at the end (at most 2,000,000).", valueName: "N"))
    var pages = 100_000

    @MainActor func runOnMain() throws {
        let options = app, pages = pages
        try BenchLaunch.run(options) { host, quit in
            host.firstWindow = { application in HistoryViewBenchmark(application: application, options: options, pages: pages, done: quit).start() }
        }
    }
}

/// `skiff-bench history-view --pages 100000`: a temporary database of that many pages (one
/// every 5 minutes back from now, so a year of days), the browser over it, and the History window:
/// time from Ctrl+H to the list and to its rows, frame times while real wheel clicks (xdotool)
/// scroll it and while it is swept to the end, and memory. The database is removed at the end.
@MainActor
final class HistoryViewBenchmark {
    let application: Application
    let options: Options
    let pages: Int
    let done: @MainActor () -> Void
    let stats = FrameStats()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-history-view-bench-\(getpid())")
    var main: MainWindow?
    var locations: DataLocations {
        DataLocations(dataDirectory: folder.appendingPathComponent("data"), stateDirectory: folder.appendingPathComponent("state"))
    }

    init(application: Application, options: Options, pages: Int, done: @escaping @MainActor () -> Void) {
        self.application = application
        self.options = options
        self.pages = max(0, min(pages, 2_000_000))
        self.done = done
    }

    /// The window first, synchronously: a GApplication whose activation leaves no window quits.
    /// Its database starts empty; the pages are written into it (another connection) before Ctrl+H.
    func start() {
        try? DataLocations.createPrivateDirectory(locations.dataDirectory)
        let main = MainWindow(window: ApplicationWindow(application: application), options: options, sandbox: WebSandbox.probe(),
                              persistence: BrowserPersistence.open(locations: locations))
        self.main = main
        main.window.present()
        BenchRun.start({ await self.measure() }, then: { [weak self] in
            self?.main?.historyWindow?.window.destroy()
            self?.main?.window.destroy()
            if let folder = self?.folder { try? FileManager.default.removeItem(at: folder) }
            self?.done()
        })
    }

    static let words = ["river", "stone", "garden", "cloud", "paper", "engine", "window", "market", "silver", "autumn",
                        "harbour", "violin", "lantern", "meadow", "kernel", "coffee", "planet", "letter", "bicycle", "museum"]

    private func measure() async {
        var report = [BenchLaunch.title("History view benchmark")]
        guard let main else { return }
        let now = Date()
        let made = FrameStats.monotonicNow
        do {
            guard let store = DiskBrowsingStore.open(at: locations.browserDatabase).store else { throw CocoaError(.fileWriteUnknown) }
            let w = Self.words
            try store.importHistory((0..<pages).map { i in
                HistoryVisit(uri: "https://\(w[i % 20])\(i % 997).example/\(w[(i / 20) % 20])/\(i)",
                             title: "\(w[(i * 7) % 20].capitalized) \(w[(i * 3 + 1) % 20]) \(w[(i / 7) % 20]) \(i)",
                             visitCount: 1 + i % 3, lastVisit: now.addingTimeInterval(Double(-300 * i)))
            })
            try store.close()
        } catch {
            report.append("history view bench: the database could not be made: \(error)")
            return emit(report)
        }
        report.append(String(format: "history view: %d pages written in %.0f ms (not part of the figures below)", pages,
                             (FrameStats.monotonicNow - made) * 1000))
        await BenchRun.sleep(1.0)

        // 1. Ctrl+H to the list on screen, and to every row on screen filled in.
        let opened = FrameStats.monotonicNow
        main.actions.activate("history")
        guard let history = main.historyWindow else { return emit(report + ["history view: no window"]) }
        while !history.isLoaded { await BenchRun.sleep(0.001) }
        let listed = FrameStats.monotonicNow
        while history.shownLineLabels.contains("Loading") || history.shownLineLabels.isEmpty { await BenchRun.sleep(0.001) }
        report.append(String(format: "history view: Ctrl+H → days listed %.0f ms, → rows on screen filled %.0f ms (%d pages, %.0f px of lines)",
                             (listed - opened) * 1000, (FrameStats.monotonicNow - opened) * 1000, pages, history.listContentHeight))
        while !stats.attach(to: history.window) { await BenchRun.sleep(0.005) }
        await BenchRun.sleep(0.5)
        let before = ProcessClock.memory()

        // 2. Real wheel clicks over the list: 120 notches, 25 ms apart (a fast flick of the wheel).
        let id = XWindow.find(title: "History")
        var wheel: Process?
        if let id {
            _ = XWindow.run(["mousemove", "--window", id, "300", "300"])
            wheel = XWindow.start(["click", "--repeat", "120", "--delay", "25", "5"])
        }
        let wheelStart = history.listOffset
        let wheeling = await frames(history.window, for: 3.5) { _ in }
        while wheel?.isRunning == true { await BenchRun.sleep(0.01) }
        report.append(id == nil ? "history wheel: xdotool or the window not found, skipped"
                                : String(format: "history wheel (120 notches, real input): scrolled %.0f px", history.listOffset - wheelStart))
        report.append(Benchmark.percentileLine("history wheel: frame work (update→paint)", wheeling.work))
        report.append(Benchmark.percentileLine("history wheel: frame interval", wheeling.interval))

        // 3. A sweep from the top to the last page in 3 s (a scrollbar drag): every frame new rows.
        let height = history.listContentHeight
        let sweep = await frames(history.window, for: 3.0) { t in history.scrollList(to: height * min(1, t / 2.8)) }
        report.append(Benchmark.percentileLine("history sweep to the end: frame work", sweep.work))
        report.append(Benchmark.percentileLine("history sweep to the end: frame interval", sweep.interval))
        stats.detach()
        let after = ProcessClock.memory()
        report.append(String(format: "history view memory: %.0f MB RSS before scrolling, %.0f MB at the end; %d line widgets",
                             before.selfMB, after.selfMB, history.listWidgetCount))
        emit(report)
    }

    private func frames(_ window: Window, for seconds: Double, _ step: @escaping @MainActor (Double) -> Void) async -> (work: [Double], interval: [Double]) {
        await BenchRun.frames(stats, on: window, for: seconds, step)
    }

    private func emit(_ lines: [String]) { BenchRun.emit(lines) }
}

/// xdotool from the benchmarks: real keys, pointer and wheel input to their windows.
enum XWindow {
    static let path = "/usr/bin/xdotool"

    static func start(_ args: [String]) -> Process? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        process.standardOutput = Pipe()
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        return process
    }

    static func run(_ args: [String]) -> String {
        guard let process = start(args), let pipe = process.standardOutput as? Pipe else { return "" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `run` while the main loop keeps turning (frames go on being drawn); gives up after `timeout`.
    @MainActor @discardableResult
    static func runWhileDrawing(_ args: [String], timeout: Double = 120) async -> String {
        guard let process = start(args), let pipe = process.standardOutput as? Pipe else { return "" }
        let started = Date()
        while process.isRunning && Date().timeIntervalSince(started) < timeout { await BenchRun.sleep(0.005) }
        if process.isRunning { process.terminate() }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    static func find(title: String) -> String? {
        run(["search", "--onlyvisible", "--name", "^\(title)$"]).split(separator: "\n").first.map(String.init)
    }
}
