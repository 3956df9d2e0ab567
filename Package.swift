// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Skiff",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "skiff", targets: ["Skiff"]),
        // The benchmarks (make bench): never shipped (debian/rules builds --product skiff).
        .executable(name: "skiff-bench", targets: ["SkiffBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // C interop: the only place C headers and macros are touched.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4",
                       providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CWebKit", pkgConfig: "webkitgtk-6.0",
                       providers: [.apt(["libwebkitgtk-6.0-dev"])]),
        // GTK 4's print dialog (gtk4-unix-print: its own include path).
        .systemLibrary(name: "CGtkUnixPrint", path: "Sources/CGtkUnixPrint", pkgConfig: "gtk4-unix-print",
                       providers: [.apt(["libgtk-4-dev"])]),
        // HTTP for Home's history (libsoup 3: the GLib main loop's own HTTP client).
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0",
                       providers: [.apt(["libsoup-3.0-dev"])]),
        // Today's feeds: RSS, Atom, OPML and the HTML pages feeds are discovered in.
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        // The passwords of HTTP logins the user asked to remember, in the desktop's Secret Service.
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1",
                       providers: [.apt(["libsecret-1-dev"])]),
        // The member card's QR code (Home's Scan tab).
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),

        // Typed, @MainActor Swift layer over the GLib/GTK/WebKit we use.
        .target(name: "Gtk", dependencies: [
            "CGtk", "CWebKit", "CSoup", "CGtkUnixPrint", "CSecret", "Motion",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Pure Swift animation kit: no GTK, time injected.
        .target(name: "Motion"),

        // Each section is a pure model (imports no GTK, tested without a display)
        // and thin GTK views over it. Splitting them into targets makes the rule a compile error.
        .target(name: "BrowserModel", dependencies: ["Motion", "ListLayout", "JSONReader"], path: "Sources/Browser/Model"),
        // History, open tabs and their WebKit session state in SQLite (GRDB, WAL).
        .target(name: "BrowserStore", dependencies: [
            "BrowserModel", "StoreSupport", "JSONReader",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Browser/Store"),
        // Adblock Plus filter lists (EasyList, EasyPrivacy from Debian's uBlock Origin packages)
        // converted to WebKit content-blocker JSON: Foundation only, so it is tested without a display
        // and the Browser's views only hand its chunks to WebKit (docs/content-blocking.md).
        .target(name: "ContentFilters", path: "Sources/Browser/Filters"),
        .target(name: "Browser", dependencies: [
            "Gtk", "Motion", "BrowserModel", "BrowserStore", "ContentFilters", "ListLayout", "VirtualList", "JSONReader",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Browser/View"),

        // What every section's data files share: the JSON reader with line/column, the problem
        // type, and the guarded file read.
        .target(name: "JSONReader", path: "Sources/Shared/JSONReader"),
        // What every SQLite store shares: damaged files moved aside, errors worded for people.
        .target(name: "StoreSupport", dependencies: [
            .product(name: "GRDB", package: "GRDB.swift"),
        ], path: "Sources/Shared/StoreSupport"),
        // The arithmetic of a virtualised list of headed groups in lines of one height
        // (Home's transaction history, the browser's History view).
        .target(name: "ListLayout", path: "Sources/Shared/ListLayout"),
        // The virtualised list widget over that arithmetic (pooled lines, roving focus, scroll),
        // shared by both histories without Home and Browser depending on each other.
        .target(name: "VirtualList", dependencies: ["Gtk", "ListLayout"], path: "Sources/Shared/VirtualList"),
        // Pictures from disk, read and decoded within limits off the main thread (Today's feed
        // pictures, Home's tiles and pages).
        .target(name: "Pictures", dependencies: [
            "Gtk", "JSONReader", .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Shared/Pictures"),

        // Today's subscriptions: reading every feed format (pure, no GTK) and keeping feeds,
        // articles and their states in SQLite.
        .target(name: "FeedFormat", dependencies: ["CXML2", "JSONReader"], path: "Sources/Today/Feeds/Format"),
        .target(name: "FeedStore", dependencies: [
            "FeedFormat", "StoreSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Today/Feeds/Store"),
        // Fetching feeds politely (conditional GET, schedule, four at once) into the store; the
        // parser is injected. Apart from the Today view so it is tested without a display.
        .target(name: "FeedSync", dependencies: [
            "Gtk", "FeedFormat", "FeedStore", "StoreSupport",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Today/Feeds/Sync"),
        .target(name: "TodayModel", dependencies: ["Motion", "JSONReader"], path: "Sources/Today/Model"),
        .target(name: "Today", dependencies: [
            "Gtk", "Motion", "TodayModel", "Pictures",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Today/View"),

        // Home: the rewards app (tabs with their own navigation, header snap, rewards tile,
        // history over HTTP, scan, order, gift, stores). Pure model + thin views.
        .target(name: "HomeModel", dependencies: ["Motion", "JSONReader", "ListLayout"], path: "Sources/Home/Model"),
        .target(name: "Home", dependencies: [
            "Gtk", "Motion", "HomeModel", "JSONReader", "CQREncode", "ListLayout", "VirtualList", "Pictures",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Home/View"),

        // Stars: the parallax star field over the real zodiac. Pure model + thin views.
        .target(name: "StarsModel", dependencies: ["Motion", "JSONReader"], path: "Sources/Stars/Model"),
        .target(name: "Stars", dependencies: [
            "Gtk", "Motion", "StarsModel",
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/Stars/View"),

        // The application: GtkApplication, command line, window, section switcher.
        .target(name: "SkiffApp", dependencies: [
            "Gtk", "Browser", "BrowserModel", "BrowserStore", "ContentFilters", "Today", "TodayModel", "FeedFormat", "FeedStore", "FeedSync", "Home", "HomeModel", "Stars", "StarsModel", "Pictures",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "Skiff", dependencies: ["SkiffApp", "Gtk"]),
        // skiff-bench: every benchmark, by name, over the app SkiffApp builds (HACKING.md, "Benchmarking").
        .executableTarget(name: "SkiffBench", dependencies: [
            "SkiffApp", "Gtk", "Browser", "BrowserModel", "BrowserStore", "Today", "TodayModel", "Home", "HomeModel", "Stars", "StarsModel",
            "FeedFormat", "FeedStore", "FeedSync", "ContentFilters",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Sources/SkiffBench"),

        // feed-corpus: the parser's reading of a public corpus of feeds as JSON, for
        // tools/feed-corpus.py (make feed-corpus; docs/feeds.md, "The public corpus"). FeedFormat only,
        // so it builds in seconds; never shipped (make release/deb and debian/rules build --product skiff).
        .executableTarget(name: "feed-corpus", dependencies: ["FeedFormat"], path: "tools/feed-corpus"),

        // Shared by the display tests: the display requirement and a loopback HTTP server.
        .target(name: "TestSupport", dependencies: ["Gtk"], path: "Tests/TestSupport"),
        // A fake 60 Hz clock for the model tests (no GTK).
        .target(name: "TestClock", path: "Tests/TestClock"),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "TestClock"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "Motion", "TestSupport"]),
        .testTarget(name: "BrowserTests", dependencies: ["BrowserModel", "Motion", "TestClock", "JSONReader"]),
        .testTarget(name: "ContentFiltersTests", dependencies: ["ContentFilters"]),
        .testTarget(name: "BrowserStoreTests", dependencies: ["BrowserStore", "BrowserModel", "TestSupport"], exclude: ["KillRestoreHelper.md"]),
        .testTarget(name: "JSONReaderTests", dependencies: ["JSONReader"]),
        .testTarget(name: "TodayModelTests", dependencies: ["TodayModel", "Pictures", "Motion", "TestSupport", "TestClock"]),
        .testTarget(name: "FeedFormatTests", dependencies: ["FeedFormat", "TestSupport"]),
        .testTarget(name: "FeedStoreTests", dependencies: ["FeedStore", "FeedFormat", "TestSupport"]),
        .testTarget(name: "FeedSyncTests", dependencies: ["FeedSync", "FeedStore", "FeedFormat", "Gtk", "TestSupport"]),
        .testTarget(name: "HomeModelTests", dependencies: ["HomeModel", "Motion", "JSONReader", "TestSupport", "TestClock"]),
        .testTarget(name: "StarsModelTests", dependencies: ["StarsModel", "Motion", "TestSupport", "TestClock"]),
        .testTarget(name: "SkiffTests", dependencies: [
            "SkiffApp", "Browser", "BrowserModel", "BrowserStore", "Today", "TodayModel", "FeedStore", "Home", "HomeModel", "Stars", "StarsModel", "Gtk", "TestSupport", "Pictures",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
