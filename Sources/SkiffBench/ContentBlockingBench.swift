import ArgumentParser
import Browser
import ContentFilters
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench content-blocking --phase compile|pages` (issue 34, docs/content-blocking.md).
/// compile: Debian's EasyList and EasyPrivacy converted and compiled into a fresh store while the app's
/// window is up, with the main loop's longest stalls meanwhile (a frame can be no shorter than a stall),
/// the process's peak memory, then the compiled store loaded again as later starts load it.
/// pages: with the store compiled, a chapter of the Debian Reference (no ads) and a page that pulls 30
/// resources from ad and tracker hosts, loaded alternately through a loopback proxy (python3's
/// http.server, which answers every host from one folder), with blocking on or off; load times and
/// the memory of the process tree after.
struct ContentBlockingBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "content-blocking",
        abstract: "Compile EasyList and EasyPrivacy into WebKit's store (main-loop stalls, memory, later loads), or load pages with blocking on or off.")
    @OptionGroup var app: Options
    @Option(help: "compile: convert and compile into a fresh store; pages: load pages with --blocking.")
    var phase = "compile"
    @Option(help: "pages: on or off.")
    var blocking = "on"
    @Option(help: "Later starts loading the store (compile), or loads of each page (pages).")
    var runs = 10
    @Option(help: "The store the pages phase uses (made by it if missing).")
    var store = ".build/bench-content-filters"
    @Option(help: "Lists to use instead of Debian's (NAME=PATH, comma-separated): what a change to the lists costs.")
    var lists: String?
    @Option(help: "pages: the folder whose ch02.en.html is the page without ads (a copy of the Debian Reference, changed, to see what costs).")
    var docs = "/usr/share/debian-reference"

    @MainActor func runOnMain() throws {
        let phase = phase, runs = max(3, runs), on = blocking != "off", docs = docs
        let chosen = lists.map { $0.split(separator: ",").compactMap { item -> FilterListFile? in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? FilterLists.describe(name: parts[0], path: parts[1]) : nil
        } }
        let findLists: @Sendable () -> [FilterListFile] = { chosen ?? FilterLists.installed() }
        let folder = phase == "compile"
            ? FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-filters-\(getpid())")
            : URL(fileURLWithPath: store, isDirectory: true)
        guard !FilterLists.installed().isEmpty else {
            throw ValidationError("No filter list is installed: tools/setup.sh installs webext-ublock-origin-chromium, which carries them.")
        }
        // compile: the window's own blocker has no lists, so the start-up of the window is not measured
        // with the compile; the measured one starts once the window is up.
        ContentBlocker.shared = phase == "compile"
            ? ContentBlocker(folder: folder.appendingPathComponent("none")) { [] }
            : ContentBlocker(folder: folder, lists: findLists)
        let stalls = StallWatch()
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in
                ContentBlocker.shared.isEnabled = on
                BenchRun.start({
                    if phase == "compile" {
                        await BenchRun.sleep(1)
                        let blocker = ContentBlocker(folder: folder, lists: findLists)
                        stalls.reset()
                        blocker.isEnabled = true
                        await ContentBlockingBenchmark.compile(blocker, folder: folder, runs: runs, stalls: stalls, lists: findLists)
                        try? FileManager.default.removeItem(at: folder)
                    } else {
                        await ContentBlockingBenchmark.pages(window: window, on: on, runs: runs, docs: docs)
                    }
                }, then: quit)
            }
        }
    }
}

/// The longest gaps between turns of the main loop, from a 5 ms timer: a frame cannot come sooner
/// than the loop is free to draw it.
@MainActor
final class StallWatch {
    private var timer: RepeatingTimer?
    private var last = FrameStats.monotonicNow
    private(set) var gaps: [Double] = []

    init() {
        timer = RepeatingTimer(milliseconds: 5) { [weak self] in
            guard let self else { return }
            let now = FrameStats.monotonicNow
            self.gaps.append((now - self.last) * 1000)
            self.last = now
        }
    }

    func reset() {
        gaps = []
        last = FrameStats.monotonicNow
    }
}

@MainActor
enum ContentBlockingBenchmark {
    static func compile(_ blocker: ContentBlocker, folder: URL, runs: Int, stalls: StallWatch, lists: @escaping @Sendable () -> [FilterListFile]) async {
        var report = [BenchLaunch.title("content-blocking benchmark, compile")]
        for list in lists() { report.append("  \(list.name): \(list.path)") }
        while blocker.status == .preparing || blocker.status == .off { await BenchRun.sleep(0.01) }
        guard blocker.status == .ready, let first = blocker.lastPreparation else {
            return BenchRun.emit(report + ["the filters did not become ready: \(blocker.status)"])
        }
        let gaps = stalls.gaps
        report.append(String(format: "first start: converted and compiled in %.2f s (%@), %d rules in %d chunk(s)", first.seconds, first.plan,
                             blocker.compiled?.report.rulesWritten ?? 0, blocker.filters.count))
        report.append(Benchmark.percentileLine("main loop meanwhile: gap between 5 ms timer turns", gaps))
        report.append("main-loop gaps over 20 ms meanwhile: \(gaps.filter { $0 > 20 }.count)")
        report.append("memory: UI process peak \(Self.status("VmHWM")), now \(Self.status("VmRSS")) (the helper process compiles)")
        var loads: [Double] = []
        for _ in 0..<runs {
            let later = ContentBlocker(folder: folder, lists: lists)
            later.isEnabled = true
            let start = FrameStats.monotonicNow
            while later.status == .preparing { await BenchRun.sleep(0.001) }
            guard later.status == .ready, later.lastPreparation?.plan == "load" else {
                return BenchRun.emit(report + ["a later start did not load the store: \(later.status)"])
            }
            loads.append((FrameStats.monotonicNow - start) * 1000)
        }
        report.append(Benchmark.percentileLine("later start: compiled store loaded (start to filters ready)", loads))
        BenchRun.emit(report)
    }

    static func pages(window: MainWindow, on: Bool, runs: Int, docs: String) async {
        var report = [BenchLaunch.title("content-blocking benchmark, pages") + ", blocking \(on ? "on" : "off")"]
        let blocker = ContentBlocker.shared
        if on {
            let start = FrameStats.monotonicNow
            while blocker.status == .preparing { await BenchRun.sleep(0.01) }
            guard blocker.status == .ready else { return BenchRun.emit(report + ["filters not ready: \(blocker.status)"]) }
            report.append(String(format: "filters ready %.2f s after the window (%@)", FrameStats.monotonicNow - start,
                                 blocker.lastPreparation?.plan ?? "?"))
        }
        let served = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-pages-\(getpid())")
        defer { try? FileManager.default.removeItem(at: served) }
        let pages: (docs: [String], ads: [String])
        do { pages = try writePages(in: served, runs: runs, docs: docs) } catch { return BenchRun.emit(report + ["could not write the pages: \(error)"]) }
        guard let server = LoopbackServer(directory: served) else { return BenchRun.emit(report + ["python3 -m http.server did not start"]) }
        defer { server.stop() }
        let browser = window.browser
        guard let view = browser.webView, let session = view.networkSession else { return BenchRun.emit(report + ["no web view (sandbox)"]) }
        session.useProxy("http://127.0.0.1:\(server.port)")
        var finished: Double?
        view.onLoadChanged { event in if event == .finished { finished = FrameStats.monotonicNow } }
        func load(_ uri: String) async -> Double? {
            finished = nil
            let start = FrameStats.monotonicNow
            browser.load(uri)
            while finished == nil, FrameStats.monotonicNow - start < 30 { await BenchRun.sleep(0.002) }
            return finished.map { ($0 - start) * 1000 }
        }
        _ = await load(pages.ads[0])
        _ = await load(pages.docs[0])
        var docs: [Double] = [], ads: [Double] = []
        // CPU the web and network processes spent on each page: less moved by other work on the
        // machine than the wall clock.
        var docsCPU = 0.0, adsCPU = 0.0
        // Each page is loaded after another of its own site, as a reader goes from page to page: a
        // move to another site may start another web process, which maps the compiled filters afresh.
        for run in 1...runs {
            let before = childrenCPU()
            if let ms = await load(pages.docs[run]) { docs.append(ms) }
            docsCPU += childrenCPU() - before
        }
        _ = await load(pages.ads[0])
        for run in 1...runs {
            let before = childrenCPU()
            if let ms = await load(pages.ads[run]) { ads.append(ms) }
            adsCPU += childrenCPU() - before
        }
        report.append(String(format: "CPU of the child processes per load (user + system): Debian Reference %.0f ms, ad page %.0f ms",
                             docsCPU * 1000 / Double(runs), adsCPU * 1000 / Double(runs)))
        report.append(Benchmark.percentileLine("Debian Reference ch. 2 (304 KB, no ads): load to WebKit's finished", docs))
        report.append(Benchmark.percentileLine("page with 30 ad and tracker resources: load to finished", ads))
        await BenchRun.sleep(1)
        let memory = ProcessClock.memory()
        report.append(String(format: "memory after: UI process %.0f MB, %d child processes %.0f MB, tree %.0f MB RSS; tree %.0f MB PSS (the compiled list's 64 MB file is mapped by several processes)",
                             memory.selfMB, memory.children, memory.childrenMB, memory.selfMB + memory.childrenMB, treePSS()))
        BenchRun.emit(report)
    }

    /// Each page once per run (plus a warm-up), its address and its resources' made unique by the
    /// run, so no load is answered from the cache. Hosts are folders: the proxy's http.server maps
    /// `GET http://host/path` to `http:/host/path` under its folder.
    private static func writePages(in folder: URL, runs: Int, docs: String) throws -> (docs: [String], ads: [String]) {
        let fm = FileManager.default
        let docsHost = folder.appendingPathComponent("http:/skiff-docs.example")
        try fm.createDirectory(at: docsHost, withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: docs) {
            try? fm.copyItem(atPath: docs + "/" + name, toPath: docsHost.appendingPathComponent(name).path)
        }
        let chapter = try String(contentsOf: docsHost.appendingPathComponent("ch02.en.html"), encoding: .utf8)
        // Hosts EasyList and EasyPrivacy list (checked against the installed lists when written).
        let hosts = ["ad.doubleclick.net", "pagead2.googlesyndication.com", "www.google-analytics.com", "securepubads.g.doubleclick.net",
                     "static.criteo.net", "cdn.taboola.com", "widgets.outbrain.com", "sb.scorecardresearch.com", "bat.bing.com", "pixel.quantserve.com"]
        for host in hosts { try fm.createDirectory(at: folder.appendingPathComponent("http:/" + host), withIntermediateDirectories: true) }
        let newsHost = folder.appendingPathComponent("http:/skiff-news.example")
        try fm.createDirectory(at: newsHost, withIntermediateDirectories: true)
        let script = Data("var x = 1;".utf8)
        for host in hosts { try script.write(to: folder.appendingPathComponent("http:/\(host)/r.js")) }
        let text = (0..<40).map { "<p>Paragraph \($0) of the article, words a reader came for.</p>" }.joined()
        var docs: [String] = [], ads: [String] = []
        for run in 0...runs {
            try chapter.write(to: docsHost.appendingPathComponent("ch02-\(run).html"), atomically: true, encoding: .utf8)
            docs.append("http://skiff-docs.example/ch02-\(run).html")
            let resources = (0..<30).map { "<script src=\"http://\(hosts[$0 % hosts.count])/r.js?run=\(run)&n=\($0)\"></script>" }.joined()
            try "<!doctype html><title>News \(run)</title>\(resources)\(text)".write(to: newsHost.appendingPathComponent("news-\(run).html"), atomically: true, encoding: .utf8)
            ads.append("http://skiff-news.example/news-\(run).html")
        }
        return (docs, ads)
    }

    /// User and system CPU seconds of this process's children so far (/proc/PID/stat, fields 14–15).
    private static func childrenCPU() -> Double {
        var pids = Set<String>()
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            let list = (try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? ""
            pids.formUnion(list.split(separator: " ").map(String.init))
        }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return pids.reduce(0.0) { total, pid in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
            guard let close = text.lastIndex(of: ")") else { return total }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return total }
            return total + (user + system) / ticks
        }
    }

    /// The proportional set size of this process and its children, in MB: pages shared between them
    /// (a mapped file, libraries) counted once in all.
    private static func treePSS() -> Double {
        func pss(_ pid: String) -> Double {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix("Pss:") }
            return (line?.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0) / 1024
        }
        var pids = Set<String>()
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            let list = (try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? ""
            pids.formUnion(list.split(separator: " ").map(String.init))
        }
        return pids.reduce(pss("self")) { $0 + pss($1) }
    }

    private static func status(_ key: String) -> String {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
        return line.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
    }
}
