// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Skiff",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "skiff", targets: ["Skiff"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C interop: the only place C headers and macros are touched.
        .systemLibrary(name: "CGtk", pkgConfig: "gtk4",
                       providers: [.apt(["libgtk-4-dev"])]),
        .systemLibrary(name: "CWebKit", pkgConfig: "webkitgtk-6.0",
                       providers: [.apt(["libwebkitgtk-6.0-dev"])]),

        // Typed, @MainActor Swift layer over the GLib/GTK/WebKit we use.
        .target(name: "Gtk", dependencies: [
            "CGtk", "CWebKit", "Motion",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Pure Swift animation kit: no GTK, time injected.
        .target(name: "Motion"),

        // Browser section: pure model (tested without a display) + thin GTK views.
        .target(name: "Browser", dependencies: [
            "Gtk", "Motion",
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The application: GtkApplication, command line, window, section switcher.
        .target(name: "SkiffApp", dependencies: [
            "Gtk", "Browser",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "Skiff", dependencies: ["SkiffApp"]),

        // Shared by the display tests: the display requirement and a loopback HTTP server.
        .target(name: "TestSupport", dependencies: ["Gtk"], path: "Tests/TestSupport"),
        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "Motion", "TestSupport"]),
        .testTarget(name: "BrowserTests", dependencies: ["Browser", "Gtk"]),
        .testTarget(name: "SkiffTests", dependencies: ["SkiffApp", "Browser", "Gtk", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
