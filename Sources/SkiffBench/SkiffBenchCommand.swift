import ArgumentParser

/// `skiff-bench NAME [OPTIONS]`: Skiff's benchmarks, built on `SkiffApp` but kept out of the shipped
/// `skiff`. Each bench is a subcommand named for what it measures; `skiff-bench --help` lists them and
/// `skiff-bench NAME --help` its options. A new bench is a `ParsableCommand` in its own file here,
/// added to `benches` (HACKING.md, "Benchmarking").
struct SkiffBenchCommand: ParsableCommand {
    static let benches: [ParsableCommand.Type] = [
        BrowserBench.self, TodayBench.self, StarsBench.self, HomeBench.self, HomeHistoryBench.self,
        AddressSearchBench.self, HistoryViewBench.self, TabsBench.self, TabChurnBench.self,
        AppWithStandIns.self, FeedParseBench.self, FeedRefreshBench.self, TodayRefreshBench.self, TodayStoredBench.self,
        FindBench.self, ZoomBench.self, DownloadBench.self, StoryBodyBench.self, ContentFiltersBench.self,
        ContentBlockingBench.self,
        PasswordsBench.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "skiff-bench",
        abstract: "Skiff's benchmarks: each runs the app (or one part of it), measures, prints a report and quits.",
        discussion: "make bench runs them all (Makefile); BENCHMARKS.md holds the figures.",
        subcommands: benches,
        // Without a bench's name it is the app on generated data (`app`), so that harnesses written
        // for `skiff` (../shared/perf/peer_run.py --scene today) can run it with --generated-feed.
        defaultSubcommand: AppWithStandIns.self)
}
