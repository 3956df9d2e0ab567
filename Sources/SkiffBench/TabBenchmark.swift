import ArgumentParser
import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench tabs --count N`.
struct TabsBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "tabs",
        abstract: "Memory of N tabs of real pages before and after background tabs are suspended, and whether each comes back.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Tabs to open (1–\(TabBenchmark.maxTabs)).", valueName: "N"))
    var count = 20

    @MainActor func runOnMain() throws {
        let count = count
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in TabBenchmark(window: window, tabs: count, churn: nil, done: quit).start() }
        }
    }
}

/// `skiff-bench tab-churn --cycles N`.
struct TabChurnBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "tab-churn", abstract: "N Ctrl+T/Ctrl+W cycles as real key presses, and how much the UI process grew.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Cycles (1–\(TabBenchmark.maxChurn)).", valueName: "N"))
    var cycles = 1000

    @MainActor func runOnMain() throws {
        let cycles = cycles
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in TabBenchmark(window: window, tabs: nil, churn: cycles, done: quit).start() }
        }
    }
}

/// `skiff-bench tabs --private --count 20`: the process tree's memory with that many real pages
/// open, first with every tab keeping its web view, then with background tabs suspended; then
/// every tab is selected again to check that it comes back (back/forward list, scroll position).
///
/// `skiff-bench tab-churn --private --cycles 1000`: that many Ctrl+T/Ctrl+W cycles as real key
/// presses (xdotool, under the same X server; the window's actions when xdotool is missing),
/// and how much the UI process grew.
@MainActor
final class TabBenchmark {
    /// Limits of the options (a larger number is refused with a message, not clamped silently).
    nonisolated static let maxTabs = 100
    nonisolated static let maxChurn = 100_000
    let window: MainWindow
    let tabs: Int?
    let churn: Int?
    let done: @MainActor () -> Void

    init(window: MainWindow, tabs: Int?, churn: Int?, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.tabs = tabs
        self.churn = churn
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    private func sleep(_ seconds: Double) async { await BenchRun.sleep(seconds) }

    private func emit(_ line: String) { BenchRun.emit([line]) }

    private func measure() async {
        emit(BenchLaunch.title("tab benchmark"))
        while !window.window.isMapped { await sleep(0.01) }
        await sleep(0.5)
        guard window.browser.webView != nil else {
            emit("web pages unavailable (sandbox): tab figures skipped")
            return
        }
        if let tabs {
            guard (1...Self.maxTabs).contains(tabs) else { return emit("--count: between 1 and \(Self.maxTabs), not \(tabs)") }
            await measureTabs(tabs)
        }
        if let churn {
            guard (1...Self.maxChurn).contains(churn) else { return emit("--cycles: between 1 and \(Self.maxChurn), not \(churn)") }
            await measureChurn(churn)
        }
    }

    // MARK: Many tabs

    /// Waits until the current tab has loaded (or 20 s).
    private func waitForLoad(_ browser: BrowserView) async {
        let start = Date()
        await sleep(0.05)
        while Date().timeIntervalSince(start) < 20 {
            if let view = browser.webView, !view.isLoading, view.uri != nil, !browser.state.isLoading { return }
            await sleep(0.02)
        }
    }

    private func js(_ view: WebView?, _ script: String) async -> String? {
        guard let view else { return nil }
        return await view.evaluate(script)
    }

    private func measureTabs(_ count: Int) async {
        let browser = window.browser
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-tabs-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let pages = try? BenchTabPages.write(count: count, to: folder) else { return emit("could not write the bench pages to \(folder.path)") }
        browser.tabSuspensionPolicy = .never
        // Each tab: page A, then page B (so Back has somewhere to go), scrolled part-way down.
        var scrolls: [Int] = []
        for i in 0..<count {
            if i > 0 { browser.newTab() }
            browser.load(pages[i].a.absoluteString)
            await waitForLoad(browser)
            browser.load(pages[i].b.absoluteString)
            await waitForLoad(browser)
            let y = 300 + 97 * i
            _ = await js(browser.webView, "window.scrollTo(0, \(y)); 0")
            scrolls.append(y)
        }
        await sleep(3)
        let before = ProcessTree.memory()
        emit(String(format: "%d tabs, none suspended: process tree %.0f MB RSS (UI %.0f MB; %d web processes, %.0f MB each on average; %d processes in all)",
                     count, before.totalMB, before.selfMB, before.webProcesses, before.averageWebProcessMB, before.processes))

        let policy = TabSuspension.Policy()
        browser.tabSuspensionPolicy = policy
        let expected = max(0, count - policy.liveTabs)
        let start = Date()
        while browser.suspendedTabCount < expected && Date().timeIntervalSince(start) < 30 {
            browser.reviewTabSuspension()
            await sleep(0.5)
        }
        await sleep(3)
        let after = ProcessTree.memory()
        emit(String(format: "%d tabs, %d suspended (%d live): process tree %.0f MB RSS (UI %.0f MB; %d web processes; %d processes in all)",
                     count, browser.suspendedTabCount, count - browser.suspendedTabCount, after.totalMB, after.selfMB, after.webProcesses, after.processes))

        // Every tab back, in order: Back must have somewhere to go and the scroll must be where it was.
        var restored = 0
        var problems: [String] = []
        for i in 0..<count {
            let wasSuspended = browser.isTabSuspended(at: i)
            browser.selectTab(at: i)
            await waitForLoad(browser)
            await sleep(0.3)
            let y = Int(Double(await js(browser.webView, "window.scrollY") ?? "") ?? -1)
            let back = browser.backButton.isSensitive
            if back && abs(y - scrolls[i]) <= 2 {
                restored += 1
            } else {
                problems.append("tab \(i + 1)\(wasSuspended ? " (suspended)" : ""): scrollY \(y) not \(scrolls[i]), Back \(back ? "on" : "off")")
            }
        }
        await sleep(3)
        let end = ProcessTree.memory()
        emit("restorable: \(restored) of \(count) tabs came back with Back available and their scroll position" + (problems.isEmpty ? "" : "; " + problems.joined(separator: "; ")))
        emit(String(format: "%d tabs after selecting each once: process tree %.0f MB RSS (%d suspended)",
                     count, end.totalMB, browser.suspendedTabCount))
    }

    // MARK: Tab churn

    private func measureChurn(_ cycles: Int) async {
        let browser = window.browser
        var useKeys = FileManager.default.isExecutableFile(atPath: XWindow.path) && ProcessInfo.processInfo.environment["DISPLAY"] != nil
        if useKeys {
            // Found by a title of its own, then given the keyboard focus, as a user's click would.
            window.window.title = "Skiff tab churn \(getpid())"
            window.window.present()
            var id = ""
            for _ in 0..<50 where id.isEmpty {
                id = await XWindow.runWhileDrawing(["search", "--onlyvisible", "--name", "^Skiff tab churn \(getpid())$"]).split(separator: "\n").first.map(String.init) ?? ""
                if id.isEmpty { await sleep(0.1) }
            }
            if id.isEmpty { useKeys = false } else { await XWindow.runWhileDrawing(["windowfocus", "--sync", id]) }
        }
        emit("tab churn: \(cycles) Ctrl+T/Ctrl+W cycles, " + (useKeys ? "real key presses (xdotool)" : "the window's new-tab/close-tab actions (xdotool missing or the window not found)"))
        /// One batch of cycles, ended when the window is back to one tab.
        func churn(_ n: Int) async {
            var left = n
            while left > 0 {
                let batch = min(left, 100)
                left -= batch
                if useKeys {
                    await XWindow.runWhileDrawing(["key", "--delay", "12"] + Array(repeating: ["ctrl+t", "ctrl+w"], count: batch).flatMap { $0 })
                } else {
                    for _ in 0..<batch {
                        window.actions.activate("new-tab")
                        await sleep(0.005)
                        window.actions.activate("close-tab")
                        await sleep(0.005)
                    }
                }
                let start = Date()
                while browser.tabCount != 1 && Date().timeIntervalSince(start) < 10 { await sleep(0.02) }
            }
            await sleep(1)
        }
        // A warm-up first: caches, fonts and GTK's own first-use allocations are not growth.
        let warmUp = min(50, cycles)
        await churn(warmUp)
        let before = ProcessTree.memory()
        let closuresBefore = LiveCounts.closureBoxes.current, wrappersBefore = LiveCounts.wrappers.current
        let openedBefore = browser.tabsOpenedCount
        await churn(cycles)
        let opened = browser.tabsOpenedCount - openedBefore
        await sleep(2)
        let after = ProcessTree.memory()
        let growth = (after.selfMB - before.selfMB) / max(1, before.selfMB) * 100
        emit(String(format: "tab churn: UI process %.1f MB RSS after %d warm-up cycles, %.1f MB after %d more: %+.1f %%; %d tabs opened and closed, %d open at the end",
                     before.selfMB, warmUp, after.selfMB, cycles, growth, opened, browser.tabCount))
        emit("tab churn: live closure boxes \(closuresBefore) → \(LiveCounts.closureBoxes.current), wrappers \(wrappersBefore) → \(LiveCounts.wrappers.current)")
    }
}

/// Memory of Skiff and every process under it (web, network, bwrap), from /proc.
enum ProcessTree {
    struct Memory {
        var selfMB: Double
        var totalMB: Double
        var processes: Int
        var webProcesses = 0
        var webProcessMB = 0.0
        var averageWebProcessMB: Double { webProcesses == 0 ? 0 : webProcessMB / Double(webProcesses) }
    }

    static func children(of pid: String) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var found: [String] = []
        for task in tasks {
            let list = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            found += list.split(separator: " ").map(String.init)
        }
        return found
    }

    static func memory() -> Memory {
        let me = String(getpid())
        var seen: Set<String> = [me]
        var queue = [me]
        var memory = Memory(selfMB: ProcessClock.rssMB(pid: me), totalMB: 0, processes: 0)
        while let pid = queue.popLast() {
            let rss = ProcessClock.rssMB(pid: pid)
            memory.totalMB += rss
            memory.processes += 1
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            if name.hasPrefix("WebKitWebProces") {
                memory.webProcesses += 1
                memory.webProcessMB += rss
            }
            for child in children(of: pid) where seen.insert(child).inserted { queue.append(child) }
        }
        return memory
    }
}

/// Pages with some weight for the many-tabs figure: long text, a canvas drawn by script, and
/// a few megabytes of script data, as a real article page has. Written as files, so no server.
enum BenchTabPages {
    static func write(count: Int, to folder: URL) throws -> [(a: URL, b: URL)] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var result: [(a: URL, b: URL)] = []
        for i in 0..<count {
            let a = folder.appendingPathComponent("tab\(i)-a.html"), b = folder.appendingPathComponent("tab\(i)-b.html")
            try html(title: "Tab \(i + 1), first page", seed: i * 2).write(to: a, atomically: true, encoding: .utf8)
            try html(title: "Tab \(i + 1), second page", seed: i * 2 + 1).write(to: b, atomically: true, encoding: .utf8)
            result.append((a, b))
        }
        return result
    }

    static func html(title: String, seed: Int) -> String {
        var body = "<!DOCTYPE html><html><head><meta charset=utf-8><title>\(title)</title><style>body{font:16px serif;max-width:46em;margin:auto;padding:1em} canvas{width:100%}</style></head><body><h1>\(title)</h1><canvas id=c width=1600 height=900></canvas>"
        for p in 0..<600 {
            body += "<p>Paragraph \(p) of page \(seed): Skiff keeps only the most recently used tabs' web processes; the rest keep their history, scroll position and a picture.</p>"
        }
        body += """
        <script>
        var c = document.getElementById('c').getContext('2d');
        for (var i = 0; i < 400; i++) { c.fillStyle = 'hsl(' + ((i * 37 + \(seed) * 11) % 360) + ',70%,60%)'; c.fillRect((i * 53) % 1600, (i * 29) % 900, 120, 80); }
        window.benchData = []; for (var j = 0; j < 100000; j++) window.benchData.push({ n: j, s: 'row ' + j });
        </script></body></html>
        """
        return body
    }
}
