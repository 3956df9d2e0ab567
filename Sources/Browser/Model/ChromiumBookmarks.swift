import Foundation
import JSONReader

/// Chromium's (and Google Chrome's, Brave's, Edge's) `Bookmarks` file: JSON with three roots
/// (`bookmark_bar`, `other`, `synced`), each a folder of `{"type": "url" | "folder", "name", "url",
/// "date_added", "children"}`. Read with the shared `JSONParser` (its depth limit, line and column
/// in every message), walked with a stack of our own.
public enum ChromiumBookmarks {
    /// The roots in the order Chromium shows them, with the names its export gives them.
    static let roots: [(key: String, title: String)] = [
        ("bookmark_bar", "Bookmarks bar"), ("other", "Other bookmarks"), ("synced", "Mobile bookmarks"),
    ]
    /// Chromium's dates are microseconds since 1601-01-01; this many seconds lie between that and 1970.
    static let secondsFrom1601To1970: Double = 11_644_473_600

    /// Where Chromium-family browsers keep their default profile's file, under the home folder.
    public static let profilePaths = [
        ".config/chromium/Default/Bookmarks", ".config/google-chrome/Default/Bookmarks",
        ".config/BraveSoftware/Brave-Browser/Default/Bookmarks", ".config/microsoft-edge/Default/Bookmarks",
    ]

    /// The profiles' files found under `home`, in `profilePaths`' order (only regular files: a
    /// folder or a pipe by that name is not offered).
    public static func files(home: URL) -> [URL] {
        profilePaths.map { home.appendingPathComponent($0) }.filter(DataFile.isRegularFile)
    }

    public static func read(contentsOf url: URL) throws(DataProblem) -> BookmarkImport {
        try parse(BookmarkFile.read(url), file: url.path)
    }

    public static func parse(_ data: Data, file: String) throws(DataProblem) -> BookmarkImport {
        guard data.count <= BookmarkFile.sizeLimit else { throw BookmarkFile.tooLarge(data.count, file: file) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw DataProblem(severity: .fatal, file: file, line: error.position.line, column: error.position.column,
                              message: error.message)
        }
        guard let roots = document["roots"], roots.objectMembers != nil else {
            throw DataProblem(severity: .fatal, file: file, line: document.position.line,
                              message: "not a Chromium bookmarks file: it has no \"roots\" object")
        }
        var result = BookmarkImport()
        // (the JSON node, the import folder its items go into)
        var stack: [(node: JSONValue, folder: Int?, rootTitle: String?)] = []
        for root in Self.roots.reversed() {
            guard let node = roots[root.key], let children = node["children"]?.arrayValue, !children.isEmpty else { continue }
            stack.append((node, nil, root.title))
        }
        // Folders are visited in document order: children are pushed in reverse.
        while let (node, parent, rootTitle) = stack.popLast() {
            let title = node["name"]?.stringValue ?? ""
            let added = date(node["date_added"]?.stringValue)
            switch node["type"]?.stringValue {
            case "url":
                result.addBookmark(uri: node["url"]?.stringValue ?? "", title: title, parent: parent, added: added)
            case "folder":
                let folder = result.addFolder(title: rootTitle ?? title, parent: parent, added: added)
                for child in (node["children"]?.arrayValue ?? []).reversed() { stack.append((child, folder, nil)) }
            default:
                continue
            }
        }
        return result
    }

    static func date(_ text: String?) -> Date? {
        guard let text, let microseconds = Double(text.prefix(20)), microseconds > 0 else { return nil }
        let seconds = microseconds / 1_000_000 - secondsFrom1601To1970
        return seconds > 0 && seconds < 32_503_680_000 ? Date(timeIntervalSince1970: seconds) : nil
    }
}
