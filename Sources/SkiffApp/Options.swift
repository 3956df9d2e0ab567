import ArgumentParser
import BrowserModel
import Foundation

/// `--window-size 1280x800`
public struct WindowSize: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    static let minimum = (width: 360, height: 300)
    static let maximum = 16384

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (Self.minimum.width...Self.maximum).contains(w), (Self.minimum.height...Self.maximum).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public var description: String { "\(width)x\(height)" }
    public var defaultValueDescription: String { description }
}

/// The sections Skiff ships. Only sections that work are listed.
public enum Section: String, CaseIterable, ExpressibleByArgument, Sendable {
    case browser, today, home, stars

    public var title: String {
        switch self { case .browser: "Browser"; case .today: "Today"; case .home: "Home"; case .stars: "Stars" }
    }
    public var iconName: String {
        switch self {
        case .browser: "web-browser-symbolic"; case .today: "view-grid-symbolic"
        case .home: "go-home-symbolic"; case .stars: "starred-symbolic"
        }
    }
}

/// `--search 'https://example.org/?q=%s'`: refused unless it is an http(s) URL with `%s`.
public struct SearchTemplate: ExpressibleByArgument, Sendable {
    public let engine: SearchEngine
    public init?(argument: String) {
        guard let engine = SearchEngine(name: "Custom", template: argument) else { return nil }
        self.engine = engine
    }
}

public struct Options: ParsableArguments, Sendable {
    public static let version = "0.1.0"

    @Argument(help: "A web address, host name, file path or search to open in the Browser.")
    public var url: String?

    @Option(help: ArgumentHelp("The section to show first.", valueName: Section.allCases.map(\.rawValue).joined(separator: "|")))
    public var section: Section = .browser

    // Unconditional: "-1x-1" is a size to refuse by name, not a missing value followed by an option.
    @Option(name: .customLong("window-size"), parsing: .unconditional,
            help: ArgumentHelp("The window's initial size, WIDTHxHEIGHT (at least 360x300; default: the size it had when last closed, else 1100x760).", valueName: "WxH"))
    public var windowSizeArgument: WindowSize?

    /// The size asked for on the command line, else the default (the app may restore a remembered one).
    public var windowSize: WindowSize {
        get { windowSizeArgument ?? WindowSize(width: 1100, height: 760) }
        set { windowSizeArgument = newValue }
    }

    @Flag(help: "Run web pages without WebKit's sandbox, where the system refuses the namespaces it needs. Less safe.")
    public var noWebSandbox = false

    @Option(help: ArgumentHelp("A Today feed (JSON) to show instead of the sample. See docs/feed-format.md.", valueName: "FILE"))
    public var feed: String?

    @Option(help: ArgumentHelp("Subscribe to a feed (or a site's feed) in Today, and show Today.", valueName: "URL"))
    public var subscribe: String?

    @Option(name: .customLong("import-opml"), help: ArgumentHelp("Subscribe to the feeds of an OPML file (from another reader), and show Today.", valueName: "FILE"))
    public var importOPML: String?

    /// The content blocker's helper (FilterCompilation.swift): compile these lists into this folder and exit.
    @Option(name: .customLong("compile-content-filters"), help: .hidden)
    public var compileContentFilters: String?
    @Option(name: .customLong("filter-list"), help: .hidden)
    public var filterLists: [String] = []

    /// Where Today's subscriptions are kept instead of the data folder's feeds.sqlite (tests, private windows).
    @Option(name: .customLong("feeds-database"), help: .hidden)
    public var feedsDatabase: String?

    /// Where pictures from feeds are cached instead of `$XDG_CACHE_HOME/skiff/pictures` (tests, screenshots).
    @Option(name: .customLong("picture-cache"), help: .hidden)
    public var pictureCache: String?

    /// The picture cache's size in bytes instead of 200 MB (tests only: a small one shows eviction).
    @Option(name: .customLong("picture-cache-limit"), help: .hidden)
    public var pictureCacheLimit: Int?

    @Option(help: ArgumentHelp("The search engine for what the address bar does not read as an address: an http(s) URL with %s where the words go (default DuckDuckGo).", valueName: "URL"))
    public var search: SearchTemplate?

    @Flag(name: [.customLong("private"), .customLong("ephemeral")],
          help: "A private window: no cookies, cache, history or tabs are written to disk (also Ctrl+Shift+N).")
    public var isPrivate = false

    @Option(name: .customLong("rewards-url"),
            help: ArgumentHelp("The rewards server whose transaction history Home shows (an http or https URL answering with docs/home-format.md's History JSON). Without it, Home shows its bundled sample.", valueName: "URL"))
    public var rewardsURL: RewardsURL?

    public init() {}
}
