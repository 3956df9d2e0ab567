import Browser
import Gtk
import Today

/// What a program built on SkiffApp other than `skiff` changes about a launch: `skiff-bench`
/// (Sources/SkiffBench) opens the app on generated data, keeps the user's settings out of a measured
/// run and takes over once the window is on screen. `skiff` uses the defaults: the user's data.
@MainActor
public struct AppHost {
    /// The browser's storage instead of the user's (not asked in a private window).
    public var persistence: (@MainActor () -> BrowserPersistence?)?
    /// What the sections read instead of their files.
    public var standIns = StandIns()
    /// Whether the window size and preferences are read and remembered (GSettings).
    public var remembersSettings = true
    /// Builds the first window itself instead of the main window (it must present one: a
    /// GApplication whose activation leaves no window quits).
    public var firstWindow: (@MainActor (Application) -> Void)?
    /// Told once the main window is on screen.
    public var windowShown: (@MainActor (MainWindow) -> Void)?

    public init() {}
}

/// Data a section reads instead of its files (a generated feed of any size).
public struct StandIns: Sendable {
    /// Today's cards instead of `--feed` or the sample.
    public var todayFeed: TodayFeedSource?

    public init(todayFeed: TodayFeedSource? = nil) {
        self.todayFeed = todayFeed
    }
}

extension StandIns {
    /// `cards` generated cards over the sample's pictures: a feed of any size (benches, tests).
    public static func generatedFeed(cards: Int) -> TodayFeedSource {
        .generated(cardCount: cards, imageDirectory: Resources.sampleImages)
    }
}
