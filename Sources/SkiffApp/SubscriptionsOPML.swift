import FeedFormat
import FeedStore
import Foundation
import Gtk

/// "Export Subscriptions…" and "Import Subscriptions…": the subscriptions as an OPML 2.0 file (names
/// as shown, folders kept, docs/feeds.md "Discovery and OPML"), written or read where the file
/// dialog says.
@MainActor
enum SubscriptionsOPML {
    static let suggestedName = "Skiff subscriptions.opml"
    /// What the open dialog shows first: OPML as other readers name it (NetNewsWire `.opml`, some `.xml`).
    static let openFilter = PathChooser.Filter(name: "OPML Files", patterns: ["*.opml", "*.OPML", "*.xml"])

    /// The subscriptions as OPML: the user's name for a feed when it has one, its site, its folder.
    static func document(_ feeds: [StoredFeed], now: Date = Date()) -> Data {
        OPML.write(feeds.map { OPMLEntry(title: $0.displayTitle, xmlURL: $0.url, htmlURL: $0.siteURL, folder: $0.folder) }, now: now)
    }

    private static var home: String { FileManager.default.homeDirectoryForCurrentUser.path }

    /// Asks where to save, then writes the file whole (atomically: a failed write leaves no half
    /// file). `failed` gets what went wrong in words; nothing is called when the user cancels.
    static func export(store: FeedStore, transientFor parent: Widget?, failed: @escaping @MainActor (String) -> Void) {
        let chooser = PathChooser.save(title: "Export Subscriptions", name: suggestedName, folder: home, transientFor: parent)
        // The dialog is kept by its own answer until it has answered.
        var keep: PathChooser? = chooser
        chooser.ask { path in
            keep = nil
            guard let path else { return }
            let name = (path as NSString).lastPathComponent
            do {
                try document(store.feeds()).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                failed("The subscriptions couldn’t be exported to “\(name)”: \(error.localizedDescription)")
            }
        }
        _ = keep
    }

    /// Asks which OPML file to read, then subscribes to its feeds (titles and folders kept, those
    /// already subscribed to left as they are). `told` gets what happened in words when the user
    /// should hear of it: the file could not be read, it held no feed that was not already here, or
    /// some of what it held was left out (past the limit, not web addresses, nested too deep).
    /// Nothing is called when the user cancels, nor when feeds were added (they show as they arrive).
    static func importFile(into updates: FeedUpdates, transientFor parent: Widget?, told: @escaping @MainActor (String) -> Void,
                           added: @escaping @MainActor (Int) -> Void = { _ in }) {
        let chooser = PathChooser.open(title: "Import Subscriptions", folder: home, filter: openFilter, transientFor: parent)
        var keep: PathChooser? = chooser
        chooser.ask { path in
            keep = nil
            guard let path else { return }
            switch updates.importOPML(URL(fileURLWithPath: path)) {
            case .failure(let error):
                told(error.description)
            case .success(let imported):
                // What the file held that was left out is always told, feeds added or not.
                imported.notices.forEach(told)
                if imported.added > 0 {
                    added(imported.added)
                } else if imported.notices.isEmpty {
                    told("“\((path as NSString).lastPathComponent)” has no feed that isn’t already subscribed to.")
                }
            }
        }
        _ = keep
    }
}
