import BrowserModel
import Foundation
import GRDB
import JSONReader

/// Firefox's bookmarks, read from its `places.sqlite` (tables `moz_bookmarks`, `moz_places`).
///
/// Firefox holds the file with an exclusive lock while it runs, and its latest changes sit in the
/// `-wal` beside it, so the file and its log are copied into a folder of our own first and the copy
/// is opened; Firefox's own file is only ever read. The rows are read in one bounded query and the
/// tree walked with a stack, each row at most once (a damaged file's cycle ends the walk, not the
/// stack).
public enum FirefoxBookmarks {
    /// A `places.sqlite` (with its log) bigger than this is not copied: it also holds the history,
    /// which Firefox expires to fit the disk (docs/bookmarks.md › Limits).
    public static let sizeLimit = 512 * 1024 * 1024
    /// Rows read at most: the count limit and room for the separators and roots we skip.
    static let rowLimit = Bookmarks.countLimit + 10_000

    /// Firefox's roots, by their fixed guids, in the order its Library shows them, with its names.
    static let roots: [(guid: String, title: String)] = [
        ("menu________", "Bookmarks Menu"), ("toolbar_____", "Bookmarks Toolbar"),
        ("unfiled_____", "Other Bookmarks"), ("mobile______", "Mobile Bookmarks"),
    ]
    static let bookmarkType = 1
    static let folderType = 2

    /// Where Firefox keeps its profiles under the home folder (Debian's package, the Snap, the Flatpak).
    static let profileFolders = [".mozilla/firefox", "snap/firefox/common/.mozilla/firefox", ".var/app/org.mozilla.firefox/.mozilla/firefox"]

    /// Every profile's `places.sqlite` found under `home`, the most recently changed first.
    public static func placesFiles(home: URL) -> [URL] {
        let manager = FileManager.default
        var found: [(url: URL, modified: Date)] = []
        for folder in profileFolders {
            let base = home.appendingPathComponent(folder)
            guard let profiles = try? manager.contentsOfDirectory(at: base, includingPropertiesForKeys: nil) else { continue }
            for profile in profiles.prefix(100) {
                let places = profile.appendingPathComponent("places.sqlite")
                guard DataFile.isRegularFile(places) else { continue }
                let modified = (try? manager.attributesOfItem(atPath: places.path)[.modificationDate] as? Date) ?? .distantPast
                found.append((places, modified))
            }
        }
        return found.sorted { $0.modified > $1.modified }.map(\.url)
    }

    public static func read(places url: URL) throws(DataProblem) -> BookmarkImport {
        func problem(_ message: String) -> DataProblem { DataProblem(severity: .fatal, file: url.path, message: message) }
        let manager = FileManager.default
        guard DataFile.isRegularFile(url) else { throw problem("this is not a Firefox profile's places.sqlite (not a regular file)") }
        let wal = URL(fileURLWithPath: url.path + "-wal")
        let size = [url, wal].compactMap { try? manager.attributesOfItem(atPath: $0.path)[.size] as? Int }.reduce(0, +)
        guard size <= sizeLimit else {
            throw problem(DataFile.Failure.tooLarge(size: size, limit: sizeLimit).description)
        }
        let folder = manager.temporaryDirectory.appendingPathComponent("skiff-places-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("places.sqlite")
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try manager.copyItem(at: url, to: copy)
            if DataFile.isRegularFile(wal) { try manager.copyItem(at: wal, to: URL(fileURLWithPath: copy.path + "-wal")) }
        } catch {
            throw problem("could not be copied to be read (\(error.localizedDescription))")
        }
        let tree: BookmarkImport?
        do {
            // Read-write on our copy only: SQLite replays the copied log into it on opening.
            let queue = try DatabaseQueue(path: copy.path)
            defer { try? queue.close() }
            tree = try queue.read { db in
                guard try db.tableExists("moz_bookmarks"), try db.tableExists("moz_places") else { return nil }
                return try readTree(db)
            }
        } catch {
            throw problem("could not be read as a Firefox places database (\(error))")
        }
        guard let tree else { throw problem("not a Firefox places database: it has no moz_bookmarks and moz_places tables") }
        return tree
    }

    struct Row {
        var id: Int64
        var type: Int
        var title: String
        var added: Date?
        var uri: String?
    }

    static func readTree(_ db: Database) throws -> BookmarkImport {
        var rootIDs: [(id: Int64, title: String)] = []
        for root in roots {
            if let id = try Int64.fetchOne(db, sql: "SELECT id FROM moz_bookmarks WHERE guid = ?", arguments: [root.guid]) {
                rootIDs.append((id, root.title))
            }
        }
        // An address is cut one character past the limit: enough to count it as too long, never read whole.
        // Tags are folders too (under "tags________") repeating bookmarks found elsewhere: left out.
        let cursor = try GRDB.Row.fetchCursor(db, sql: """
            SELECT b.id, b.type, b.parent, substr(b.title, 1, ?) AS title, b.dateAdded, substr(p.url, 1, ?) AS url
            FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk
            WHERE b.type IN (?, ?)
              AND b.parent NOT IN (SELECT id FROM moz_bookmarks WHERE guid = 'tags________')
              AND b.parent NOT IN (SELECT id FROM moz_bookmarks WHERE parent IN
                                   (SELECT id FROM moz_bookmarks WHERE guid = 'tags________'))
            ORDER BY b.parent, b.position LIMIT ?
            """, arguments: [Bookmarks.titleLimit * 4, Bookmarks.uriLimit + 1, bookmarkType, folderType, rowLimit])
        var children: [Int64: [Row]] = [:]
        while let row = try cursor.next() {
            guard let id = row["id"] as Int64?, let parent = row["parent"] as Int64? else { continue }
            let microseconds = (row["dateAdded"] as Int64?) ?? 0
            let added = microseconds > 0 ? Date(timeIntervalSince1970: Double(microseconds) / 1_000_000) : nil
            children[parent, default: []].append(Row(id: id, type: (row["type"] as Int?) ?? 0,
                                                     title: (row["title"] as String?) ?? "", added: added, uri: row["url"] as String?))
        }
        var result = BookmarkImport()
        var visited = Set<Int64>()
        for (id, title) in rootIDs {
            guard let items = children[id], !items.isEmpty, visited.insert(id).inserted else { continue }
            let top = result.addFolder(title: title, parent: nil)
            // (row, the import folder it goes into); reversed so the stack pops in document order.
            var stack: [(Row, Int?)] = items.reversed().map { ($0, top) }
            while let (row, parent) = stack.popLast() {
                guard visited.insert(row.id).inserted else { continue }
                if row.type == folderType {
                    let folder = result.addFolder(title: row.title, parent: parent, added: row.added)
                    stack.append(contentsOf: (children[row.id] ?? []).reversed().map { ($0, folder) })
                } else {
                    result.addBookmark(uri: row.uri ?? "", title: row.title, parent: parent, added: row.added)
                }
            }
        }
        return result
    }
}
