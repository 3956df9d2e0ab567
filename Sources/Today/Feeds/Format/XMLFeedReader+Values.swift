import CXML2
import Foundation

/// Values as the formats write them: text types, authors, pictures, `xml:base`.
extension XMLFeedReader {

    /// Whether `xml:base` occurs in `bytes`: it is rare, and resolving each link against the node's
    /// base costs a walk up the tree, so only documents that use it pay for it. Found from each
    /// colon (memchr), a few per item.
    static func containsXMLBase(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress, bytes.count >= 8 else { return false }
        let colon = Int32(UInt8(ascii: ":"))
        var offset = 3
        while offset < bytes.count - 4, let hit = memchr(start + offset, colon, bytes.count - offset) {
            let i = start.distance(to: UnsafeRawPointer(hit))
            if i + 4 < bytes.count, bytes[i - 3] == UInt8(ascii: "x"), bytes[i - 2] == UInt8(ascii: "m"), bytes[i - 1] == UInt8(ascii: "l"),
               bytes[i + 1] == UInt8(ascii: "b"), bytes[i + 2] == UInt8(ascii: "a"), bytes[i + 3] == UInt8(ascii: "s"),
               bytes[i + 4] == UInt8(ascii: "e") {
                return true
            }
            offset = i + 1
        }
        return false
    }

    /// Atom 0.3's `mode`: `escaped` is HTML written as text, `base64` is decoded (then read by its
    /// `type`, often `text/html`), `xml` (the default) as Atom 1.0 reads the type.
    static func atom03Mode(_ node: XMLNodeAccess, _ type: TextType) -> TextType {
        switch node.attributes([.mode])[.mode]?.lowercased() {
        case "escaped": return .html
        // Decoded, read as HTML unless typed otherwise, as the reference parser reads it.
        case "base64": return type == .text ? .html : type
        default: return type
        }
    }

    /// Base64 text (white space allowed) as UTF-8; the text itself when it is not base64.
    static func base64Text(_ text: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        guard let data = Data(base64Encoded: compact) else { return text }
        return String(decoding: data, as: UTF8.self)
    }

    static func textType(_ type: String?) -> TextType {
        switch type?.lowercased() {
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        // Base64 of another media type (`XMLNodeAccess.isBase64`): read as HTML once decoded, as the
        // reference parser does; text/plain and XML types stay text.
        case let type? where type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("xml"): return .html
        default: return .text
        }
    }

    static func html(_ value: String?, _ type: TextType) -> String? {
        guard let value = nonEmpty(value) else { return nil }
        return type == .text ? HTMLText.escapedParagraphs(value) : value
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value, value.contains(where: { !$0.isWhitespace }) else { return nil }
        return value
    }

    /// RSS's `author` is an e-mail address, "joe@example.com (Joe Bloggs)": the name when given.
    /// The person's name in an author as feeds write one: `Name (mail)`, `mail (Name)`,
    /// `Name <mail>` give Name; a name or an address alone is kept as it is.
    static func authorName(_ author: String) -> String {
        func trimmed<S: StringProtocol>(_ text: S) -> String { text.trimmingCharacters(in: .whitespaces) }
        if let open = author.firstIndex(of: "("), let close = author.lastIndex(of: ")"), open < close {
            let inside = trimmed(author[author.index(after: open)..<close])
            let outside = trimmed(author[..<open] + author[author.index(after: close)...])
            if inside.isEmpty { return outside }
            if outside.isEmpty || outside.contains("@") { return inside }
            return inside.contains("@") ? outside : author
        }
        if let open = author.firstIndex(of: "<"), let close = author.lastIndex(of: ">"), open < close {
            let outside = trimmed(author[..<open]).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return outside.isEmpty ? trimmed(author[author.index(after: open)..<close]) : outside
        }
        return author
    }

    /// A file's name as a title: `episode-12_final.mp3` gives "episode-12_final".
    static func fileTitle(_ url: URL) -> String {
        let name = url.deletingPathExtension().lastPathComponent.removingPercentEncoding ?? url.deletingPathExtension().lastPathComponent
        return name.isEmpty || name == "/" ? (url.host ?? url.absoluteString) : name
    }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif"]

    static func isImage(type: String?, medium: String?, url: URL) -> Bool {
        if let medium { return medium.lowercased() == "image" }
        if let type { return type.lowercased().hasPrefix("image/") }
        return imageExtensions.contains(url.pathExtension.lowercased())
    }

    /// The largest by declared area; the first when none declares one.
    static func largest(_ media: [(url: URL, area: Int)]) -> URL? {
        var best: (url: URL, area: Int)?
        for candidate in media where best == nil || candidate.area > best?.area ?? 0 { best = candidate }
        return best?.url
    }
}
