import FeedStore
import Foundation
import Gtk
import HomeModel
import Logging

/// What Skiff remembers between launches, in GSettings (data/io.github.skiff.Skiff.gschema.xml).
///
/// Installed, the schema is compiled by `make install` into the system's schema folder. Run from
/// the build tree, Skiff compiles `data/` with glib-compile-schemas into its cache folder
/// (`$XDG_CACHE_HOME/skiff/schemas-<hash of the schema>`) and reads it from there, even when an
/// older one is installed: the values still live in the user's real settings backend (dconf), so
/// they survive the switch to an installed Skiff. A key the schema lacks reads as unset.
@MainActor
public final class SkiffSettings {
    private let store: GSettingsStore
    private static let logger = Logger(label: "skiff.settings")

    init(store: GSettingsStore) { self.store = store }

    /// The app's settings, or nil (logged) when no schema can be found or compiled.
    public static func open() -> SkiffSettings? {
        // Run from a build tree, its own schema wins over an installed one, which may be older
        // and lack keys this build reads.
        let directories = compileFromDataDirectory().map { [$0] } ?? []
        guard let store = GSettingsStore.open(schemaID: SkiffApplication.id, directories: directories) else {
            logger.warning("settings schema \(SkiffApplication.id) is not installed: the window size and Home tab are not remembered")
            return nil
        }
        return SkiffSettings(store: store)
    }

    var windowSize: WindowSize {
        get {
            let width = store.int("window-width"), height = store.int("window-height")
            return WindowSize(argument: "\(width)x\(height)") ?? WindowSize(width: 1100, height: 760)
        }
        set {
            store.setInt("window-width", newValue.width)
            store.setInt("window-height", newValue.height)
        }
    }

    var windowMaximized: Bool {
        get { store.bool("window-maximized") }
        set { store.setBool("window-maximized", newValue) }
    }

    var homeTab: HomeTab {
        get { HomeTab(rawValue: store.string("home-tab")) ?? .home }
        set { store.setString("home-tab", newValue.rawValue) }
    }

    /// Which articles Today shows, chosen in its sidebar or beside its Refresh button.
    var todayView: ArticleSelection {
        get { ArticleSelection(rawValue: store.string("today-view")) ?? .all }
        set { store.setString("today-view", newValue.rawValue) }
    }

    /// The search engine chosen in Preferences (its template), nil for the default.
    public var searchTemplate: String? {
        get { let value = store.string("search-engine"); return value.isEmpty ? nil : value }
        set { store.setString("search-engine", newValue ?? "") }
    }

    /// Inspect Element in the page's menu (Preferences → Developer tools).
    public var developerTools: Bool {
        get { store.bool("developer-tools") }
        set { store.setBool("developer-tools", newValue) }
    }

    /// The content blocker's EasyList and EasyPrivacy (Preferences → Block ads and trackers).
    public var blocksAdsAndTrackers: Bool {
        get { store.bool("block-ads-and-trackers") }
        set { store.setBool("block-ads-and-trackers", newValue) }
    }

    /// Zoom scales the text only (Preferences → Zoom text only).
    public var zoomTextOnly: Bool {
        get { store.bool("zoom-text-only") }
        set { store.setBool("zoom-text-only", newValue) }
    }

    /// Downloads ask where to go (Preferences → Ask where to save).
    public var askWhereToSave: Bool {
        get { store.bool("ask-where-to-save") }
        set { store.setBool("ask-where-to-save", newValue) }
    }

    func sync() { GSettingsStore.sync() }

    /// Compiles the source tree's schema into the cache folder when it is newer than the compiled
    /// one. Returns the folder, or nil when there is no schema or no compiler.
    private static func compileFromDataDirectory() -> String? {
        guard let data = Resources.dataDirectory() else { return nil }
        let xml = data.appendingPathComponent("\(SkiffApplication.id).gschema.xml")
        let fm = FileManager.default
        guard fm.fileExists(atPath: xml.path) else { return nil }
        let base = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? fm.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        // One folder per version of the schema (FNV-1a of its text): two build trees with
        // different keys never overwrite each other's compiled schema, which GLib would then
        // be asked for keys it does not have.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (try? Data(contentsOf: xml)) ?? Data() { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let target = base.appendingPathComponent("skiff/schemas-\(String(hash, radix: 16))")
        if fm.fileExists(atPath: target.appendingPathComponent("gschemas.compiled").path) { return target.path }
        let tool = ["/usr/bin/glib-compile-schemas", "/usr/local/bin/glib-compile-schemas"].first { fm.isExecutableFile(atPath: $0) }
        guard let tool else { return nil }
        do {
            try fm.createDirectory(at: target, withIntermediateDirectories: true)
            // Only our schema: the data folder holds nothing else that is a schema.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["--strict", "--targetdir=\(target.path)", data.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0 ? target.path : nil
        } catch {
            logger.warning("could not compile the settings schema: \(error)")
            return nil
        }
    }
}
