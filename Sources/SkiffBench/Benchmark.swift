import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench browser|today|stars|home`: start-up time, frame-time percentiles while a page scrolls and the loading
/// line animates, and memory of the UI and web processes. Prints a report and quits.
@MainActor
final class Benchmark {
    static let scrollSeconds = 4.0
    static let chromeSeconds = 3.0
    let window: MainWindow
    let url: String?
    let done: @MainActor () -> Void
    let stats = FrameStats()

    init(window: MainWindow, url: String?, done: @escaping @MainActor () -> Void) {
        self.window = window
        self.url = url
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    func sleep(_ seconds: Double) async { await BenchRun.sleep(seconds) }

    private func measure() async {
        var report: [String] = [BenchLaunch.title("benchmark")]
        // Wait for the first frame of the window.
        while !stats.attach(to: window.window) { await sleep(0.005) }
        while stats.firstPaint == nil { await sleep(0.002) }
        let processStart = ProcessClock.processStartMonotonic()
        if let first = stats.firstPaint, let processStart {
            report.append(String(format: "start-up: process start → first frame  %.0f ms", (first - processStart) * 1000))
        }

        if window.stack.visibleChildName == Section.today.rawValue {
            await measureToday(report: report)
            return
        }
        if window.stack.visibleChildName == Section.stars.rawValue {
            await measureStars(report: report)
            return
        }
        if window.stack.visibleChildName == Section.home.rawValue {
            await measureHome(report: report)
            return
        }

        let browser = window.browser
        guard let webView = browser.webView else {
            report.append("web pages unavailable (sandbox): frame figures skipped")
            emit(report)
            return
        }
        let loadStart = FrameStats.monotonicNow
        if url == nil { webView.loadHTML(BenchPage.html, baseURI: "http://127.0.0.1/") }
        while browser.state.isLoading || webView.isLoading || (webView.uri == nil) {
            await sleep(0.005)
            if FrameStats.monotonicNow - loadStart > 20 { break }
        }
        report.append(String(format: "page load (%@): %.0f ms", url == nil ? "built-in 400-paragraph page" : "given URL", (FrameStats.monotonicNow - loadStart) * 1000))
        if let processStart {
            report.append(String(format: "start-up: process start → page loaded  %.0f ms", (FrameStats.monotonicNow - processStart) * 1000))
        }

        // 1. Scroll the page every frame while the loading line animates, as a user scrolling a
        //    page that is still loading would.
        browser.apply(.loadStarted(uri: nil))
        let scrolling = await frames(for: Self.scrollSeconds) { t in
            let y = Int((sin(t * 1.5) * 0.5 + 0.5) * 8000)
            webView.evaluate("document.scrollingElement.scrollTop = \(y); 0") { _ in }
            browser.apply(.progress(t / Self.scrollSeconds))
        }
        browser.apply(.finished)
        report.append(Self.percentileLine("scrolling page: frame work (update→paint)", scrolling.work))
        report.append(Self.percentileLine("scrolling page: frame interval", scrolling.interval))

        // 2. Skiff's own chrome alone: the loading line restarting over a still page.
        let chrome = await frames(for: Self.chromeSeconds) { t in
            let cycle = t.truncatingRemainder(dividingBy: 1.0)
            if cycle < 1.0 / 60 { browser.apply(.loadStarted(uri: nil)) }
            browser.apply(cycle > 0.8 ? .finished : .progress(cycle))
        }
        report.append(Self.percentileLine("loading line only: frame work (update→paint)", chrome.work))
        report.append(Self.percentileLine("loading line only: frame interval", chrome.interval))
        let memory = ProcessClock.memory()
        report.append(String(format: "memory, 1 tab: UI process %.0f MB RSS; web and network processes %.0f MB RSS (%d processes)",
                             memory.selfMB, memory.childrenMB, memory.children))

        // 3. The toolbar collapsing and expanding under a scripted pan, five times.
        let collapse = await frames(for: 5.0) { t in
            let cycle = t.truncatingRemainder(dividingBy: 1.0)
            let down = Int(t) % 2 == 0
            if cycle < 1.0 / 60 { browser.perform(.panBegan) }
            if cycle < 0.3 { browser.perform(.panned(dy: down ? 2 : -2)) }
            if cycle >= 0.3 && cycle < 0.3 + 1.0 / 60 { browser.perform(.panEnded) }
        }
        report.append(Self.percentileLine("toolbar collapse/expand: frame work", collapse.work))
        report.append(Self.percentileLine("toolbar collapse/expand: frame interval", collapse.interval))

        // 4. A tab swipe back and forth between two tabs, and a new-tab overscroll.
        browser.openTabs(count: 2, html: BenchPage.html)
        await sleep(1.5)
        let swipe = await frames(for: 4.0) { t in
            let cycle = t.truncatingRemainder(dividingBy: 1.0)
            let direction: Double = browser.currentTabIndex == 0 ? -1 : 1
            if cycle < 1.0 / 60 { browser.perform(.dragBegan) }
            if cycle < 0.35 { browser.perform(.dragged(translation: direction * cycle * 900)) }
            if cycle >= 0.35 && cycle < 0.35 + 1.0 / 60 { browser.perform(.dragEnded(translation: direction * 0.35 * 900)) }
        }
        report.append(Self.percentileLine("tab swipe: frame work", swipe.work))
        report.append(Self.percentileLine("tab swipe: frame interval", swipe.interval))
        browser.selectTab(at: browser.tabCount - 1)
        await sleep(1.0)
        let tabsBefore = browser.tabCount
        let overscroll = await frames(for: 1.5) { t in
            if t < 1.0 / 60 { browser.perform(.dragBegan) }
            if t < 0.5 { browser.perform(.dragged(translation: -t * 1400)) }
            if t >= 0.5 && t < 0.5 + 1.0 / 60 { browser.perform(.dragEnded(translation: -0.5 * 1400)) }
        }
        report.append(Self.percentileLine("new-tab overscroll: frame work", overscroll.work))
        report.append(Self.percentileLine("new-tab overscroll: frame interval", overscroll.interval))
        report.append("new-tab overscroll: \(browser.tabCount - tabsBefore) tab created")
        await measureStartPage(into: &report)
        stats.detach()

        // 5. Memory with 5 and 20 tabs of the bench page.
        for count in [5, 20] {
            browser.openTabs(count: count, html: BenchPage.html)
            await sleep(Double(count) * 0.25 + 2)
            let m = ProcessClock.memory()
            report.append(String(format: "memory, %d tabs: UI process %.0f MB RSS; web and network processes %.0f MB RSS (%d processes)",
                                 browser.tabCount, m.selfMB, m.childrenMB, m.children))
        }

        // 6. The tab overview over those 20 tabs: opened and closed four times (Ctrl+Shift+O).
        report += await measureTabOverview(browser)
        emit(report)
    }

    /// The Today grid: scrolling at a reading pace, then a jump through the whole feed to show
    /// that memory does not grow with how far the user has scrolled.
    private func measureToday(report start: [String]) async {
        var report = start
        let today = window.today
        while today.visibleCards.isEmpty && today.errorMessage == nil { await sleep(0.005) }
        report.append("today: \(Int(today.contentHeight)) px of content, \(today.cardWidgetCount) card widgets on screen")
        await sleep(0.5)
        let before = ProcessClock.memory()
        let height = today.contentHeight
        let scrolling = await frames(for: Self.scrollSeconds) { t in
            // 1,500 px/s, down and back: a brisk touchpad scroll, the same for every feed size.
            let travel = min(height, 3000)
            today.perform(.scrolled(to: (1 - cos(t * 1500 / travel * .pi)) / 2 * travel))
        }
        report.append(Self.percentileLine("today scrolling: frame work (update→paint)", scrolling.work))
        report.append(Self.percentileLine("today scrolling: frame interval", scrolling.interval))
        let jump = await frames(for: 3.0) { t in today.perform(.scrolled(to: height * min(1, t / 2.8))) }
        report.append(Self.percentileLine("today jump to the end: frame work", jump.work))
        stats.detach()
        let after = ProcessClock.memory()
        report.append(String(format: "today memory: %.0f MB RSS before scrolling, %.0f MB after scrolling to the end (%d images decoded)",
                             before.selfMB, after.selfMB, today.decodedImageCount))
        emit(report)
    }

    /// Runs `step` on every frame for `seconds` with frames requested continuously, and returns
    /// what those frames cost.
    func frames(for seconds: Double, _ step: @escaping @MainActor (Double) -> Void) async -> (work: [Double], interval: [Double]) {
        await BenchRun.frames(stats, on: window.window, for: seconds, step)
    }

    func emit(_ lines: [String]) { BenchRun.emit(lines) }

    static func percentileLine(_ name: String, _ samples: [Double]) -> String {
        guard !samples.isEmpty else { return "\(name): no frames" }
        let s = samples.sorted()
        func p(_ q: Double) -> Double { s[min(s.count - 1, Int((q * Double(s.count - 1)).rounded()))] }
        return String(format: "%@: n=%d  p50 %.2f ms  p95 %.2f ms  p99 %.2f ms  max %.2f ms",
                      name, s.count, p(0.5), p(0.95), p(0.99), s.last ?? 0)
    }
}

/// Process timing and memory from /proc.
enum ProcessClock {
    /// This process's start on the monotonic clock (CLOCK_MONOTONIC, which /proc uses for starttime).
    static func processStartMonotonic() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Field 22 overall is starttime; after the ")" the first field is field 3.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func rssMB(pid: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kb / 1024
        }
        return 0
    }

    static func memory() -> (selfMB: Double, childrenMB: Double, children: Int) {
        var total = 0.0, count = 0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var seen = Set<String>()
        for task in tasks {
            let list = (try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? ""
            for pid in list.split(separator: " ").map(String.init) where !seen.contains(pid) {
                seen.insert(pid)
                total += rssMB(pid: pid)
                count += 1
            }
        }
        return (rssMB(pid: "self"), total, count)
    }
}

extension BrowserView {
    /// New tabs showing `html` until there are `count` (for the memory figure with many tabs).
    func openTabs(count: Int, html: String) {
        while tabCount < count {
            newTab()
            cancelEditing()
            webView?.loadHTML(html, baseURI: "http://127.0.0.1/")
        }
    }
}

enum BenchPage {
    static let html: String = {
        var body = "<!DOCTYPE html><html><head><title>Skiff bench page</title><style>body{font:16px sans-serif;max-width:46em;margin:auto;padding:1em}</style></head><body>"
        for i in 0..<400 {
            body += "<h3>Section \(i)</h3><p>Skiff renders this paragraph \(i) with WebKitGTK while the benchmark scrolls the document every frame and the loading line animates along the address bar.</p>"
        }
        return body + "</body></html>"
    }()
}
