import ArgumentParser
import FeedFormat
import FeedStore
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench today-stored --articles 10000 --runs 5`: issue 28's figure "Today with 10,000 stored
/// articles: first frame within 1.1× of the sample's". Seeds a feeds database with N articles (10
/// feeds, dated over the last 30 days, none due for a fetch), then runs, interleaved, fresh processes
/// of this bench showing Today on it and on an empty one (the sample): process start → the first frame
/// painted with the cards (stored articles, or the sample's). Medians and their ratio.
/// `--seed-only FILE` writes the database and quits (tools/bench/today-wheel.py --stored-articles).
struct TodayStoredBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "today-stored",
        abstract: "Today on N stored articles against the sample: process start → first frame with cards, in fresh processes.")
    @Option(help: ArgumentHelp("Stored articles.", valueName: "N")) var articles = 10_000
    @Option(help: "Runs of each (interleaved).") var runs = 5
    @Option(help: ArgumentHelp("Write the seeded database to FILE and quit.", valueName: "FILE")) var seedOnly: String?
    /// One measured process: Today on this database (empty: the sample), the figure printed as a line.
    @Option(help: .hidden) var child: String?
    /// The child's database holds articles: it waits for their cards, not the sample's.
    @Flag(help: .hidden) var expectArticles = false
    @Option(help: .hidden) var windowSize = "1280x800"

    @MainActor func runOnMain() throws {
        if let child { return try measureChild(database: child) }
        if let seedOnly {
            try Self.seed(articles: articles, at: URL(fileURLWithPath: seedOnly))
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-today-stored-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = folder.appendingPathComponent("stored.sqlite")
        let seeding = Date()
        try Self.seed(articles: articles, at: stored)
        BenchRun.emit([BenchLaunch.title("today-stored: \(articles) articles"),
                       String(format: "seeded in %.0f ms", Date().timeIntervalSince(seeding) * 1000)])
        var sample: [Double] = [], withArticles: [Double] = []
        for run in 1...max(1, runs) {
            // A new empty database each run: the sample, as a new user sees it.
            let empty = folder.appendingPathComponent("empty-\(run).sqlite")
            guard let s = try measure(database: empty, articles: false), let a = try measure(database: stored, articles: true) else {
                throw ValidationError("a run gave no figure")
            }
            sample.append(s)
            withArticles.append(a)
            BenchRun.emit([String(format: "run %d: sample %.0f ms, %d stored articles %.0f ms", run, s, articles, a)])
        }
        let ratio = Self.median(withArticles) / Self.median(sample)
        BenchRun.emit([String(format: "process start → first frame with cards, median of %d: sample %.0f ms, %d stored articles %.0f ms; ratio %.2f (target ≤ 1.10)",
                              runs, Self.median(sample), articles, Self.median(withArticles), ratio)])
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// Runs a child process of this bench on `database` and reads its figure.
    private func measure(database: URL, articles: Bool) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL?.path ?? "") {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = ["today-stored", "--child", database.path, "--window-size", windowSize] + (articles ? ["--expect-articles"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("first-cards-frame ") }) else { return nil }
        return Double(line.dropFirst("first-cards-frame ".count))
    }

    /// In the child: Today on `database`; once its cards are on screen (the stored articles', else the
    /// sample's), the next painted frame's time since the process started.
    @MainActor private func measureChild(database: String) throws {
        let options = try Options.parse(["--private", "--section", "today", "--window-size", windowSize, "--feeds-database", database])
        let expected = expectArticles
        try BenchLaunch.run(options) { host, quit in
            host.windowShown = { window in
                let stats = FrameStats()
                BenchRun.start({
                    while !stats.attach(to: window.window) { await BenchRun.sleep(0.001) }
                    while true {
                        let first = window.today.visibleCards.first?.title
                        if let first, !expected || first.hasPrefix(Self.titlePrefix) { break }
                        await BenchRun.sleep(0.001)
                    }
                    let asked = FrameStats.monotonicNow
                    var painted: Double?
                    stats.onPaint = { time in if painted == nil, time >= asked { painted = time } }
                    window.window.queueDraw()
                    while painted == nil { await BenchRun.sleep(0.001) }
                    if let painted, let start = ProcessClock.processStartMonotonic() {
                        BenchRun.emit(["first-cards-frame \((painted - start) * 1000)"])
                    }
                }, then: quit)
            }
        }
    }

    static let titlePrefix = "Stored article"

    /// N articles in 10 feeds, newest now, one every few minutes back over 30 days; no feed due for
    /// a fetch for a day (the bench reads, it does not fetch).
    static func seed(articles count: Int, at url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        guard let store = FeedStore.open(at: url).store else { throw ValidationError("the feeds database could not be opened at \(url.path)") }
        defer { try? store.close() }
        let now = Date()
        let feeds = 10
        let step = 30 * 86_400 / Double(max(1, count))
        for f in 0..<feeds {
            guard let address = URL(string: "http://127.0.0.1:9/feed\(f).xml") else { continue }
            let feed = try store.addFeed(url: address, now: now)
            let items = stride(from: f, to: count, by: feeds).map { n in
                ParsedArticle(guid: "urn:stored:\(n)", link: URL(string: "http://127.0.0.1:9/\(n).html"),
                              title: "\(titlePrefix) \(n): a headline of the usual length", summary: "The summary of article \(n), a sentence or two as feeds give.",
                              contentHTML: "<p>The text of article \(n).</p>", published: now.addingTimeInterval(-Double(n) * step))
            }
            try store.recordFetch(feed.id, FetchRecord(.parsed(ParsedFeed(format: .rss20, title: "Feed \(f)", articles: items)),
                                                       fetchedAt: now, nextFetch: now.addingTimeInterval(86_400)))
        }
    }
}
