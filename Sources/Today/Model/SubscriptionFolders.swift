import Foundation

/// How the Subscriptions window lists feeds by their folder (an OPML import keeps folders,
/// docs/feeds.md "Discovery and OPML"): the feeds in no folder first, then each folder under its name,
/// folders in the order a person sorts names (case and digits as Finder and Files sort them); within
/// a group the feeds keep the order they are given in.
public enum SubscriptionFolders {
    public struct Group<Item> {
        /// nil for the feeds in no folder (listed first, with no heading).
        public let folder: String?
        public let items: [Item]
    }

    public static func grouped<Item>(_ items: [Item], folder: (Item) -> String?) -> [Group<Item>] {
        var loose: [Item] = []
        var byFolder: [String: [Item]] = [:]
        for item in items {
            let name = folder(item)?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let name, !name.isEmpty { byFolder[name, default: []].append(item) } else { loose.append(item) }
        }
        let folders = byFolder.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        return (loose.isEmpty ? [] : [Group(folder: nil, items: loose)])
            + folders.map { Group(folder: $0, items: byFolder[$0] ?? []) }
    }
}
