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

    @MainActor func runOnMain() throws {
        let megabytes = megabytes
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-download-\(getpid())")
        // Where Skiff saves downloads (docs/downloads.md, "Where"), read when each download starts.
        setenv("SKIFF_DOWNLOAD_DIR", folder.appendingPathComponent("saved").path, 1)
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in DownloadBenchmark(window: window, megabytes: megabytes, folder: folder, done: quit).start() }
        }
    }
}

/// A page on the loopback server whose whole window is a link to the file; the link is clicked
/// (xdotool), so the download is a clicked one and asks nothing (docs/downloads.md). Measured until
/// the file is saved whole under its name: bytes over seconds from the click, the UI process's
/// RSS every 250 ms, the window's frames as they come. Then curl fetches the same file from the
/// same server. The server is ended by its PID; every file is removed.
@MainActor
final class DownloadBenchmark {
    nonisolated static let maxMegabytes = 8192
    let window: MainWindow
    let megabytes: Int
    let folder: URL
    let done: @MainActor () -> Void
    let stats = FrameStats()

    init(window: MainWindow, megabytes: Int, folder: URL, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.megabytes = megabytes
        self.folder = folder
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
            let page = "<!doctype html><title>Download bench</title><a href=big.bin download "
                + "style='position:fixed;inset:0;display:block;font-size:40px'>Download big.bin</a>"
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
        while !stats.attach(to: window.window) { await BenchRun.sleep(0.005) }
        let target = saved.appendingPathComponent("big.bin")
        let rssBefore = ProcessClock.memory().selfMB
        var rssMax = rssBefore
        stats.reset()
        _ = await XWindow.runWhileDrawing(["mousemove", "--window", xid, "400", "400", "click", "1"])
        let clicked = FrameStats.monotonicNow
        var finished: Double?
        while FrameStats.monotonicNow - clicked < 600 {
            rssMax = max(rssMax, ProcessClock.memory().selfMB)
            if let size = (try? FileManager.default.attributesOfItem(atPath: target.path))?[.size] as? UInt64, size == bytes {
                finished = FrameStats.monotonicNow
                break
            }
            await BenchRun.sleep(0.25)
        }
        let work = stats.workMilliseconds
        stats.detach()
        guard let finished else {
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
        let curlOK = await Self.run("/usr/bin/curl", ["-s", "-f", "-o", curlTarget.path, "http://127.0.0.1:\(server.port)/big.bin"])
        let curlSeconds = FrameStats.monotonicNow - curlStart
        try? FileManager.default.removeItem(at: curlTarget)
        report.append(curlOK ? String(format: "curl -o, same server: %.1f s, %.0f MB/s (Skiff at %.0f %% of curl)",
                                      curlSeconds, Double(megabytes) / curlSeconds, 100 * curlSeconds / seconds)
                             : "curl failed")
        report.append(String(format: "UI process RSS: %.0f MB before, at most %.0f MB while downloading (+%.0f MB), %.0f MB 1 s after",
                             rssBefore, rssMax, rssMax - rssBefore, rssAfter))
        report.append(Benchmark.percentileLine("frame work (update→paint) while downloading", work))
        BenchRun.emit(report)
    }

    /// Runs a program to its end without blocking the main loop; true when it exited with 0.
    static func run(_ path: String, _ arguments: [String]) async -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        do { try process.run() } catch { return false }
        while process.isRunning { await BenchRun.sleep(0.01) }
        return process.terminationStatus == 0
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
