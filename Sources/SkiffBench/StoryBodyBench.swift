import ArgumentParser
import FeedFormat
import Foundation
import Gtk
import SkiffApp
import Today

/// `skiff-bench story-body --runs N`.
struct StoryBodyBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "story-body",
        abstract: "A story's text shown as GTK labels (Today's way) and as a WebKitWebView body: time from asking to the first frame that shows it, a typical and a long article.")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Runs of each way and length (1–20).", valueName: "N"))
    var runs = 5

    @MainActor func runOnMain() throws {
        let runs = max(1, min(20, runs))
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { _ in StoryBodyBenchmark(runs: runs, done: quit).start() }
        }
    }
}

/// The two bodies docs/feeds.md "Stories" weighs, in a window of the story's reading width. Labels:
/// one per paragraph, set up as StoryView sets them, all at once (StoryView lays out 6,000
/// characters a turn, so the long article's first frame shows its first batch only — measured here
/// both ways). WebKit: a view with scripts off given the sanitised HTML; "shown" is the first frame
/// of the window after its load finished (WebKitGTK has no first-paint signal: the web process may
/// present a frame later still, so this favours WebKit).
@MainActor
final class StoryBodyBenchmark {
    let runs: Int
    let done: @MainActor () -> Void
    private let window = Window()
    private let scroller = ScrolledWindow()
    private let stats = FrameStats()

    init(runs: Int, done: @escaping @MainActor () -> Void) {
        self.runs = runs
        self.done = done
    }

    func start() { BenchRun.start({ await self.measure() }, then: done) }

    /// Paragraphs of about 600 characters, as articles have them.
    static func article(paragraphs: Int) -> String {
        let sentence = "The harbour master, who has kept the tide tables for thirty years, says the channel silts up faster every winter. "
        return (0..<paragraphs).map { "<p>\($0 + 1). " + String(repeating: sentence, count: 5) + "</p>" }.joined(separator: "\n")
    }

    private func measure() async {
        var report = [BenchLaunch.title("story body benchmark") + ", \(runs) runs each"]
        window.title = "Story body — Skiff bench"
        window.setDefaultSize(width: 680, height: 800)
        scroller.setPolicy(horizontal: false, vertical: true)
        window.setChild(scroller)
        window.present()
        await BenchRun.sleep(1)
        guard stats.attach(to: scroller) else { return BenchRun.emit(report + ["no frame clock: nothing measured"]) }
        for (name, count) in [("typical article, 12 paragraphs (7 KB)", 12), ("long article, 200 paragraphs (120 KB)", 200)] {
            let sanitised = ArticleSanitiser.sanitise(Self.article(paragraphs: count), base: nil)
            var labels: [Double] = [], batched: [Double] = [], web: [Double] = [], reused: [Double] = []
            // The first WebKit view starts the web process: measured apart, then views after it.
            var firstWeb: Double?
            for _ in 0..<runs {
                labels.append(await showLabels(sanitised.paragraphs, batch: nil))
                batched.append(await showLabels(sanitised.paragraphs, batch: 6_000))
                let time = await showWebView(sanitised.html)
                if firstWeb == nil { firstWeb = time } else { web.append(time) }
                reused.append(await showInKeptView(sanitised.html))
            }
            report.append("\(name):")
            report.append(Self.line("labels, all at once", labels))
            report.append(Self.line("labels, first 6,000-character batch", batched))
            report.append(String(format: "  WebKitWebView, first view (web process start): %.1f ms", firstWeb ?? 0))
            report.append(Self.line("WebKitWebView, later views", web))
            report.append(Self.line("WebKitWebView kept between stories, HTML replaced", reused))
        }
        window.destroy()
        BenchRun.emit(report)
    }

    static func line(_ what: String, _ values: [Double]) -> String {
        let sorted = values.sorted()
        guard let first = sorted.first, let last = sorted.last else { return "  \(what): none" }
        return String(format: "  %@: median %.1f ms (%.1f–%.1f, %d runs)", what, sorted[sorted.count / 2], first, last, sorted.count)
    }

    /// Milliseconds from creating the body to the end of the first frame painted with it.
    private func painted(after start: Double, until ready: @escaping @MainActor () -> Bool) async -> Double {
        var shown: Double?
        stats.onPaint = { now in if shown == nil, ready() { shown = now } }
        scroller.queueDraw()
        for _ in 0..<3_000 where shown == nil { await BenchRun.sleep(0.005) }
        stats.onPaint = nil
        return ((shown ?? FrameStats.monotonicNow) - start) * 1000
    }

    private func showLabels(_ paragraphs: [String], batch: Int?) async -> Double {
        await settle()
        let start = FrameStats.monotonicNow
        let box = Box(.vertical, spacing: 14)
        var characters = 0
        for text in paragraphs {
            if let batch, characters >= batch { break }
            characters += text.utf8.count
            box.append(StoryParagraph.label(text))
        }
        scroller.setChild(box)
        return await painted(after: start) { box.isMapped }
    }

    private func showWebView(_ html: String) async -> Double {
        await settle()
        let start = FrameStats.monotonicNow
        let view = WebView(ephemeral: true)
        view.runsJavaScript = false
        var finished = false
        view.onLoadChanged { event in if event == .finished { finished = true } }
        view.loadHTML(Self.page(html), baseURI: nil)
        scroller.setChild(view)
        return await painted(after: start) { finished }
    }

    /// One view made (and its web process started) before the clock starts, kept between stories
    /// as a story view would keep it: only the new HTML is loaded.
    private var keptView: WebView?
    private var keptFinished = false

    private func showInKeptView(_ html: String) async -> Double {
        let view: WebView
        if let keptView {
            view = keptView
        } else {
            view = WebView(ephemeral: true)
            view.runsJavaScript = false
            view.onLoadChanged { [weak self] event in if event == .finished { self?.keptFinished = true } }
            keptView = view
            scroller.setChild(view)
            view.loadHTML(Self.page("<p>warm-up</p>"), baseURI: nil)
            for _ in 0..<2_000 where !keptFinished { await BenchRun.sleep(0.005) }
        }
        scroller.setChild(view)
        await BenchRun.sleep(0.3)
        keptFinished = false
        let start = FrameStats.monotonicNow
        view.loadHTML(Self.page(html), baseURI: nil)
        let time = await painted(after: start) { [weak self] in self?.keptFinished == true }
        scroller.setChild(nil)
        return time
    }

    static func page(_ html: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" "
            + "content=\"default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'\"></head><body>\(html)</body></html>"
    }

    /// The previous body gone and drawn away, so each run starts from the same place.
    private func settle() async {
        scroller.setChild(nil)
        await BenchRun.sleep(0.3)
    }
}
