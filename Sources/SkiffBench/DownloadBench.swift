import ArgumentParser
import Browser
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench download --megabytes N`.
struct DownloadBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "A file of N MB downloaded from a loopback server (python3 -m http.server) with a real click: throughput against curl, UI memory, frames.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Size of the file (1–\(DownloadBenchmark.maxMegabytes)); it is sparse on the server's side, written whole on the download's.", valueName: "N"))
    var megabytes = 2048
    @Option(help: ArgumentHelp("A bare WebKitGTK download program (tools/bench/download-floor.c: a web view, a destination, nothing else) run on the same server after curl: WebKit's own ceiling.", valueName: "PATH"))
    var floor: String?

    @MainActor func runOnMain() throws {
        let megabytes = megabytes, floor = floor
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-download-\(getpid())")
        // Where Skiff saves downloads (docs/downloads.md, "Where"), read when each download starts.
        setenv("SKIFF_DOWNLOAD_DIR", folder.appendingPathComponent("saved").path, 1)
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in DownloadBenchmark(window: window, megabytes: megabytes, folder: folder, floor: floor, done: quit).start() }
        }
    }
}

/// A long page on the loopback server with a link to the file fixed over its top; the link is
/// clicked (xdotool), so the download is a clicked one and asks nothing (docs/downloads.md).
/// Before the click the page is scrolled every frame for 4 s (idle scrolling's frame work); for
/// the first 4 s after it, the same (scrolling while it downloads); then nothing moves but the
/// Downloads button's ring. Measured until the file is saved whole under its name: bytes over
/// seconds from the click, the UI process's RSS, the window's frames. Then curl fetches the same
/// file from the same server; the bare WebKit program, if given, runs before Skiff and after curl.
/// The server is ended by its PID; every file is removed (docs/downloads.md, "Throughput").
@MainActor
final class DownloadBenchmark {
    nonisolated static let maxMegabytes = 8192
    let window: MainWindow
    let megabytes: Int
    let folder: URL
    let floor: String?
    let done: @MainActor () -> Void
    let stats = FrameStats()
    static let scrollSeconds = 4.0

    init(window: MainWindow, megabytes: Int, folder: URL, floor: String?, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.megabytes = megabytes
        self.folder = folder
        self.floor = floor
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func measure() async {
        var report = [BenchLaunch.title("download benchmark") + ", \(megabytes) MB from 127.0.0.1"]
        guard (1...Self.maxMegabytes).contains(megabytes) else { return BenchRun.emit(report + ["--megabytes: 1–\(Self.maxMegabytes)"]) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let served = folder.appendingPathComponent("served"), saved = folder.appendingPathComponent("saved")
        let bytes = UInt64(megabytes) << 20
        do {
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
            let file = served.appendingPathComponent("big.bin")
            try Data().write(to: file)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: bytes)
            try handle.close()
            let paragraphs = (0..<400).map { "<p>Paragraph \($0): " + String(repeating: "words to lay out and paint while scrolling ", count: 12) + "</p>" }
            let page = "<!doctype html><title>Download bench</title><body style='margin:0;font:16px/1.5 sans-serif'>"
                + "<a href=big.bin download style='position:fixed;left:0;right:0;top:0;height:300px;display:block;"
                + "font-size:40px;background:#cde'>Download big.bin</a><div style='padding:320px 20px 0'>"
                + paragraphs.joined() + "</div>"
            try Data(page.utf8).write(to: served.appendingPathComponent("index.html"))
        } catch {
            return BenchRun.emit(report + ["could not write the served files: \(error)"])
        }
        guard let server = LoopbackServer(directory: served) else { return BenchRun.emit(report + ["python3 -m http.server did not start"]) }
        defer { server.stop() }
        let browser = window.browser
        guard browser.webView != nil else { return BenchRun.emit(report + ["web pages unavailable (sandbox): nothing measured"]) }
        guard let base = URL(string: "http://127.0.0.1:\(server.port)/"), await PageBench.load(base, in: browser) else {
            return BenchRun.emit(report + ["the page did not load"])
        }
        guard let xid = await PageBench.focus() else { return BenchRun.emit(report + ["no X window found for xdotool: nothing measured"]) }
        // The server's first read of the (sparse) file fills the page cache: whichever download came
        // first paid for it (it was Skiff's, against a warm curl). Read once through the server here,
        // so every download below finds it warm.
        guard await Self.run("/usr/bin/curl", ["-s", "-f", "-o", "/dev/null", "http://127.0.0.1:\(server.port)/big.bin"]).ok else {
            return BenchRun.emit(report + ["curl could not fetch the file"])
        }
        // The floor runs once before Skiff and once after curl: a loaded machine's drift weighs on
        // both sides alike.
        let floorBefore = if let floor { await floorSeconds(floor, port: server.port) } else { Double?.none }
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        guard let webView = browser.webView else { return BenchRun.emit(report + ["the page went away"]) }
        // The browser bench's scroll: the page's own scrolling, set every frame.
        let scroll: @MainActor (Double) -> Void = { t in
            webView.evaluate("document.scrollingElement.scrollTop = \(Int((sin(t * 1.5) * 0.5 + 0.5) * 8000)); 0") { _ in }
        }
        let idle = await BenchRun.frames(stats, on: window.window, for: Self.scrollSeconds, scroll)
        webView.evaluate("document.scrollingElement.scrollTop = 0; 0") { _ in }
        await BenchRun.sleep(0.5)
        let target = saved.appendingPathComponent("big.bin")
        let rssBefore = ProcessClock.memory().selfMB
        let watch = Watch(rss: rssBefore)
        _ = await XWindow.runWhileDrawing(["mousemove", "--window", xid, "400", "150", "click", "1"])
        let clicked = FrameStats.monotonicNow
        // The file is watched every 50 ms while the page scrolls, and after.
        let watcher = Task { @MainActor in
            while FrameStats.monotonicNow - clicked < 600 {
                watch.rssMax = max(watch.rssMax, ProcessClock.memory().selfMB)
                if let size = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? UInt64, size == bytes {
                    watch.finished = FrameStats.monotonicNow
                    return
                }
                await BenchRun.sleep(0.05)
            }
        }
        let busy = await BenchRun.frames(stats, on: window.window, for: Self.scrollSeconds, scroll)
        let scrolledWhileDownloading = watch.finished == nil
        stats.reset()
        await watcher.value
        let ringFrames = stats.workMilliseconds
        let ringSeconds = (watch.finished ?? FrameStats.monotonicNow) - clicked - Self.scrollSeconds
        stats.detach()
        let rssMax = watch.rssMax
        guard let finished = watch.finished else {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: saved.path)) ?? []
            return BenchRun.emit(report + ["the download was not saved whole in 600 s (saved folder holds: \(names))"])
        }
        await BenchRun.sleep(1.0)
        let rssAfter = ProcessClock.memory().selfMB
        try? FileManager.default.removeItem(at: target)
        let seconds = finished - clicked
        report.append(String(format: "Skiff: %.1f s from the click to the file saved whole, %.0f MB/s", seconds, Double(megabytes) / seconds))
        let curlTarget = folder.appendingPathComponent("curl.bin")
        let curlStart = FrameStats.monotonicNow
        let curlOK = await Self.run("/usr/bin/curl", ["-s", "-f", "-o", curlTarget.path, "http://127.0.0.1:\(server.port)/big.bin"]).ok
        let curlSeconds = FrameStats.monotonicNow - curlStart
        try? FileManager.default.removeItem(at: curlTarget)
        report.append(curlOK ? String(format: "curl -o, same server: %.1f s, %.0f MB/s (Skiff at %.0f %% of curl)",
                                      curlSeconds, Double(megabytes) / curlSeconds, 100 * curlSeconds / seconds)
                             : "curl failed")
        if let floor {
            let after = await floorSeconds(floor, port: server.port)
            let runs = [floorBefore, after].compactMap { $0 }
            if runs.isEmpty {
                report.append("bare WebKitGTK download failed")
            } else {
                let mean = runs.reduce(0, +) / Double(runs.count)
                report.append(String(format: "bare WebKitGTK download, same server, before and after Skiff: %@ s, %.0f MB/s on average (Skiff at %.0f %% of it; it at %.0f %% of curl)",
                                     runs.map { String(format: "%.1f", $0) }.joined(separator: " and "), Double(megabytes) / mean,
                                     100 * mean / seconds, 100 * curlSeconds / mean))
            }
        }
        report.append(String(format: "UI process RSS: %.0f MB before, at most %.0f MB while downloading (+%.0f MB), %.0f MB 1 s after",
                             rssBefore, rssMax, rssMax - rssBefore, rssAfter))
        report.append(Benchmark.percentileLine("idle scrolling, before the click: frame work", idle.work))
        report.append(Benchmark.percentileLine("scrolling while downloading\(scrolledWhileDownloading ? "" : " (it finished meanwhile)"): frame work", busy.work))
        if let a = Self.p95(busy.work), let b = Self.p95(idle.work), b > 0 {
            report.append(String(format: "frame work p95 while downloading / idle scrolling's: %.2f×", a / b))
        }
        // The same measure on the bare WebKit window (before and after Skiff): what the engine's download costs a frame.
        report += floorFrames
        report.append(Benchmark.percentileLine(String(format: "the rest of the download (%.0f s, only the ring moves): frame work", max(0, ringSeconds)), ringFrames))
        BenchRun.emit(report)
    }

    /// The bare WebKit program's frame work, scrolling the same page before and while it downloads
    /// ("floor frames: …"), one line per run.
    private var floorFrames: [String] = []

    /// Seconds the bare WebKit program took for the same file, nil when it failed. It shows the same
    /// page and scrolls it as Skiff's is scrolled, before and while it downloads (`floorFrames`).
    private func floorSeconds(_ floor: String, port: Int) async -> Double? {
        let file = folder.appendingPathComponent("floor.bin")
        defer { try? FileManager.default.removeItem(at: file) }
        // "floor: 2048 MB in 12.34 s = 166 MB/s"
        let output = await Self.run(floor, ["http://127.0.0.1:\(port)/big.bin", file.path, "http://127.0.0.1:\(port)/"])
        let lines = output.output.split(separator: "\n")
        floorFrames += lines.filter { $0.hasPrefix("floor frames:") }.map(String.init)
        let words = lines.last { $0.hasPrefix("floor:") }?.split(separator: " ") ?? []
        return words.count > 4 ? Double(words[4]) : nil
    }

    @MainActor
    final class Watch {
        var rssMax: Double
        var finished: Double?
        init(rss: Double) { rssMax = rss }
    }

    static func p95(_ samples: [Double]) -> Double? {
        let s = samples.sorted()
        return s.isEmpty ? nil : s[min(s.count - 1, Int((0.95 * Double(s.count - 1)).rounded()))]
    }

    /// Runs a program to its end without blocking the main loop: whether it exited with 0, and what
    /// it printed (a line or two: more would fill the pipe before it is read).
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) async -> (ok: Bool, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (false, "") }
        while process.isRunning { await BenchRun.sleep(0.01) }
        return (process.terminationStatus == 0, String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}

/// `python3 -u -m http.server 0 --bind 127.0.0.1`, serving `directory`; it picks a free port and says
/// which on its first line. Ended by its PID (`stop`).
@MainActor
final class LoopbackServer {
    let port: Int
    private let process: Process

    init?(directory: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let port = Int(words[index + 1]) else {
            process.terminate()
            return nil
        }
        self.port = port
        self.process = process
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }
}
