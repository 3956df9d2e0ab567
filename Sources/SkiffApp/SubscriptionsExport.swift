import FeedFormat
import FeedStore
import Foundation
import Gtk

/// "Export Subscriptions…": the subscriptions as an OPML 2.0 file (names as shown, folders kept,
/// docs/feeds.md "Discovery and OPML"), written where the save dialog says.
@MainActor
enum SubscriptionsExport {
    static let suggestedName = "Skiff subscriptions.opml"

    /// The subscriptions as OPML: the user's name for a feed when it has one, its site, its folder.
    static func document(_ feeds: [StoredFeed], now: Date = Date()) -> Data {
        OPML.write(feeds.map { OPMLEntry(title: $0.displayTitle, xmlURL: $0.url, htmlURL: $0.siteURL, folder: $0.folder) }, now: now)
    }

    /// Asks where to save, then writes the file whole (atomically: a failed write leaves no half
    /// file). `failed` gets what went wrong in words; nothing is called when the user cancels.
    static func ask(store: FeedStore, transientFor parent: Widget?, failed: @escaping @MainActor (String) -> Void) {
        let folder = FileManager.default.homeDirectoryForCurrentUser.path
        let chooser = SaveFileChooser(title: "Export Subscriptions", name: suggestedName, folder: folder, transientFor: parent)
        // The dialog is kept by its own answer until it has answered.
        var keep: SaveFileChooser? = chooser
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
}
