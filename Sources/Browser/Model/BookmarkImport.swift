import Foundation
import JSONReader

/// Bookmarks read from another browser's file, before they join ours: a flat list in document
/// order, each item naming its folder by index (parents come first), so no reader and no merge
/// ever recurses however deep the file nests. Built only through `addFolder` / `addBookmark`, which
/// keep the limits and count what they leave out.
public struct BookmarkImport: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        /// The index of its folder in `items`; nil for the top of the import.
        public var parent: Int?
        public var title: String
        /// nil for a folder.
        public var uri: String?
        public var added: Date?
    }

    public private(set) var items: [Item] = []
    public var report = BookmarkImportReport()
    /// Each item's folder depth (a top folder is 1), parallel to `items`.
    private var depths: [Int] = []

    public init() {}

    /// A folder under `parent`; returns where its items go: itself, or `parent` when it would be
    /// deeper than `Bookmarks.depthLimit` (flattened, counted) or past the count limit.
    public mutating func addFolder(title: String, parent: Int?, added: Date? = nil) -> Int? {
        let depth = (parent.map { depths[$0] } ?? 0) + 1
        guard depth <= Bookmarks.depthLimit else {
            report.flattenedFolders += 1
            return parent
        }
        guard items.count < Bookmarks.countLimit else {
            report.overLimit += 1
            return parent
        }
        items.append(Item(parent: parent, title: Bookmarks.cleanTitle(title, uri: nil), uri: nil, added: added))
        depths.append(depth)
        report.folders += 1
        return items.count - 1
    }

    /// A bookmark under `parent`, if its address is a page (else counted by scheme) and there is room.
    public mutating func addBookmark(uri rawURI: String, title: String, parent: Int?, added: Date? = nil) {
        let uri = rawURI.trimmingCharacters(in: .whitespacesAndNewlines)
        guard uri.utf8.count <= Bookmarks.uriLimit else {
            report.tooLong += 1
            return
        }
        guard Bookmarks.canBeBookmarked(uri) else {
            report.leftOut[Self.scheme(of: uri), default: 0] += 1
            return
        }
        guard items.count < Bookmarks.countLimit else {
            report.overLimit += 1
            return
        }
        items.append(Item(parent: parent, title: Bookmarks.cleanTitle(title, uri: uri), uri: uri, added: added))
        depths.append(parent.map { depths[$0] } ?? 0)
        report.bookmarks += 1
    }

    /// "javascript:", "data:", … or "no address" for what names no scheme.
    static func scheme(of uri: String) -> String {
        guard let colon = uri.firstIndex(of: ":") else { return uri.isEmpty ? "no address" : "no scheme" }
        let scheme = uri[..<colon]
        guard !scheme.isEmpty, scheme.count <= 20, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return "no scheme" }
        return scheme.lowercased() + ":"
    }
}

/// What an import took and what it left out, for the person who asked for it.
public struct BookmarkImportReport: Sendable, Equatable, CustomStringConvertible {
    public var bookmarks = 0
    public var folders = 0
    /// Addresses that are not pages, by scheme ("javascript:": 3): never imported, only counted.
    public var leftOut: [String: Int] = [:]
    /// Addresses longer than `Bookmarks.uriLimit`.
    public var tooLong = 0
    /// Items past `Bookmarks.countLimit`.
    public var overLimit = 0
    /// Folders deeper than `Bookmarks.depthLimit`, whose items went into the deepest folder allowed.
    public var flattenedFolders = 0

    public init() {}

    public var leftOutCount: Int { leftOut.values.reduce(0, +) + tooLong + overLimit }

    public var description: String {
        var text = "\(bookmarks) \(bookmarks == 1 ? "bookmark" : "bookmarks") in \(folders) \(folders == 1 ? "folder" : "folders")."
        var notes: [String] = []
        for (scheme, count) in leftOut.sorted(by: { $0.key < $1.key }) {
            notes.append("\(count) \(scheme) \(count == 1 ? "address" : "addresses") (not a page)")
        }
        if tooLong > 0 { notes.append("\(tooLong) longer than \(Bookmarks.uriLimit) characters") }
        if overLimit > 0 { notes.append("\(overLimit) past the limit of \(Bookmarks.countLimit) items") }
        if !notes.isEmpty { text += " Left out: " + notes.joined(separator: ", ") + "." }
        if flattenedFolders > 0 {
            text += " \(flattenedFolders) \(flattenedFolders == 1 ? "folder" : "folders") nested deeper than \(Bookmarks.depthLimit) were merged into their parent."
        }
        return text
    }
}

extension Bookmarks {
    /// Adds an import under `folder` (the root when it is not a folder), keeping every limit:
    /// folders that would be too deep here are flattened, what does not fit is left out and counted.
    /// Returns the import's report as it now stands.
    @discardableResult
    public mutating func add(_ imported: BookmarkImport, into folder: UUID = Bookmarks.rootID,
                             now: Date = Date()) -> BookmarkImportReport {
        var report = imported.report
        report.bookmarks = 0
        report.folders = 0
        let top = self[folder]?.isFolder == true ? folder : Self.rootID
        // Where each imported item went, with its depth here (nil: left out).
        var placed: [(id: UUID, depth: Int)?] = []
        placed.reserveCapacity(imported.items.count)
        let topDepth = depth(of: top)
        for item in imported.items {
            let parent: (id: UUID, depth: Int)? = item.parent.map { placed[$0] } ?? (top, topDepth)
            guard let parent else {
                placed.append(nil)
                report.overLimit += 1
                continue
            }
            if let uri = item.uri {
                if case .added(let bookmark) = addBookmark(uri: uri, title: item.title, in: parent.id, added: item.added ?? now) {
                    report.bookmarks += 1
                    placed.append((bookmark.id, parent.depth))
                } else {
                    report.overLimit += 1
                    placed.append(nil)
                }
            } else if parent.depth + 1 > Self.depthLimit {
                report.flattenedFolders += 1
                placed.append(parent)
            } else if case .added(let made) = addFolder(title: item.title, in: parent.id, added: item.added ?? now) {
                report.folders += 1
                placed.append((made.id, parent.depth + 1))
            } else {
                report.overLimit += 1
                placed.append(nil)
            }
        }
        return report
    }
}

/// The size every bookmark file is read up to, and the problem a file that cannot be read gives.
public enum BookmarkFile {
    /// A Netscape HTML or Chromium JSON file bigger than this is refused before it is read: room for
    /// tens of thousands of bookmarks with their icons, not for a file meant to fill memory
    /// (docs/bookmarks.md › Limits).
    public static let sizeLimit = 64 * 1024 * 1024

    static func read(_ url: URL) throws(DataProblem) -> Data {
        switch DataFile.read(url, maximumSize: sizeLimit) {
        case .success(let data): return data
        case .failure(let failure): throw DataProblem(severity: .fatal, file: url.path, message: failure.description)
        }
    }

    static func tooLarge(_ size: Int, file: String) -> DataProblem {
        DataProblem(severity: .fatal, file: file,
                    message: DataFile.Failure.tooLarge(size: size, limit: sizeLimit).description)
    }
}
