import ArgumentParser
import Foundation
import SkiffApp
import Today

/// `skiff-bench browser|today|stars|home`: start-up, frame times while the section moves under
/// scripted input, and memory (Benchmark.swift and its extensions); prints a report and quits.
protocol SectionBench: MainActorBench {
    static var section: Section { get }
    var app: Options { get }
    /// Today's cards instead of the sample (the `today` bench only).
    var todayFeed: TodayFeedSource? { get }
}

extension SectionBench {
    var todayFeed: TodayFeedSource? { nil }

    @MainActor func runOnMain() throws {
        var options = app
        options.section = Self.section
        let url = options.url, feed = todayFeed
        try BenchLaunch.run(options) { host, quit in
            host.standIns.todayFeed = feed
            host.windowShown = { window in Benchmark(window: window, url: url, done: quit).start() }
        }
    }
}

struct BrowserBench: SectionBench {
    static let configuration = CommandConfiguration(
        commandName: "browser",
        abstract: "Start-up, a page scrolled while the loading line runs, the toolbar collapsing, tab swipes, the start page, the tab overview, memory with 1, 5 and 20 tabs.")
    static let section = Section.browser
    @OptionGroup var app: Options
}

struct TodayBench: SectionBench {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Today's grid scrolled at a reading pace and swept to the end; memory.")
    static let section = Section.today
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("N generated cards (the sample's pictures, repeated) instead of the feed.", valueName: "N"))
    var generatedFeed: Int?
    var todayFeed: TodayFeedSource? { generatedFeed.map { StandIns.generatedFeed(cards: $0) } }
}

struct StarsBench: SectionBench {
    static let configuration = CommandConfiguration(
        commandName: "stars", abstract: "The star field dragged, flung and jumped six signs; its textures and memory.")
    static let section = Section.stars
    @OptionGroup var app: Options
}

struct HomeBench: SectionBench {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "Home's header snapping, the rewards tile opening and closing, pages pushed and popped.")
    static let section = Section.home
    @OptionGroup var app: Options
}

/// `skiff-bench app`: the app with generated data and nothing measured inside, for the benches that
/// measure from outside with real input (tools/bench/today-wheel.py).
struct AppWithStandIns: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "The app on generated data, measured from outside (tools/bench/today-wheel.py).")
    @OptionGroup var app: Options
    @Option(help: ArgumentHelp("Today shows N generated cards instead of the feed.", valueName: "N"))
    var generatedFeed: Int?

    @MainActor func runOnMain() throws {
        let feed = generatedFeed.map { StandIns.generatedFeed(cards: $0) }
        try BenchLaunch.run(app) { host, _ in host.standIns.todayFeed = feed }
    }
}
