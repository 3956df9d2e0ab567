import Foundation

/// What a response is, from its first bytes (and its Content-Type when they do not say), so that
/// the person adding a feed is told "this is a web page" or "this is a picture" rather than a parse
/// error, and a web page is searched for its feed links (`FeedDiscovery`).
public enum FeedSniffer {
    public enum Kind: Sendable, Hashable {
        /// RSS, RDF or Atom: the root element says so.
        case xmlFeed
        case jsonFeed
        case htmlPage
        /// A picture, with its media type.
        case image(String)
        case empty
        /// Anything else: another XML vocabulary, plain text, JSON that is not a feed.
        case other
    }

    /// Bytes looked at; a feed's root element comes well before, after at most a declaration,
    /// comments and a DOCTYPE.
    static let sniffedBytes = 64 * 1024

    public static func kind(of data: Data, contentType: String? = nil) -> Kind {
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return data.prefix(sniffedBytes).withUnsafeBytes { raw -> Kind in
            let b = raw.bindMemory(to: UInt8.self)
            if let image = imageType(b) { return .image(image) }
            if b.count >= 2, b[0] == 0xFE && b[1] == 0xFF || b[0] == 0xFF && b[1] == 0xFE {
                // UTF-16: libxml2 reads it; the parser decides from the root.
                return .xmlFeed
            }
            // UTF-16 or UTF-32 without a byte-order mark, or EBCDIC: the parser decides from the root.
            if XMLSignature(b) != nil { return .xmlFeed }
            var i = 0
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
            while i < b.count, HTMLText.isSpace(b[i]) { i += 1 }
            guard i < b.count else { return data.isEmpty ? .empty : (mediaType.isEmpty ? .empty : fallback(mediaType)) }
            switch b[i] {
            case UInt8(ascii: "{"):
                return .jsonFeed
            case UInt8(ascii: "<"):
                return markupKind(b, from: i) ?? fallback(mediaType)
            default:
                return fallback(mediaType)
            }
        }
    }

    private static func fallback(_ mediaType: String) -> Kind {
        if mediaType == "text/html" || mediaType == "application/xhtml+xml" { return .htmlPage }
        if mediaType.hasPrefix("image/") { return .image(mediaType) }
        return .other
    }

    /// The kind the first element names (`rss`, `rdf:RDF`, `feed`, `html`, `svg`), past the XML
    /// declaration, processing instructions, comments and the DOCTYPE.
    private static func markupKind(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Kind? {
        var i = start
        // An HTML DOCTYPE says a page, unless the root that follows is a feed's (generators that
        // print a page's header before their RSS).
        var htmlDoctype = false
        while i < b.count {
            guard b[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            guard i + 1 < b.count else { return nil }
            switch b[i + 1] {
            case UInt8(ascii: "?"):
                i = (find(b, "?>", from: i + 2) ?? b.count) + 2
            case UInt8(ascii: "!"):
                if starts(b, at: i + 2, with: "--") {
                    i = (find(b, "-->", from: i + 4) ?? b.count) + 3
                } else {
                    if starts(b, at: i + 2, with: "doctype html") { htmlDoctype = true }
                    i = (find(b, ">", from: i + 2) ?? b.count) + 1
                }
            default:
                var end = i + 1
                while end < b.count, !HTMLText.isSpace(b[end]), b[end] != UInt8(ascii: ">"), b[end] != UInt8(ascii: "/") { end += 1 }
                let name = String(decoding: b[(i + 1)..<end], as: UTF8.self).lowercased()
                let local = name.split(separator: ":").last.map(String.init) ?? name
                switch local {
                case "rss", "rdf", "feed": return .xmlFeed
                case "html", "head", "body": return .htmlPage
                case "svg": return .image("image/svg+xml")
                // Another vocabulary, or an HTML fragment: the Content-Type decides.
                default: return htmlDoctype ? .htmlPage : nil
                }
            }
        }
        return htmlDoctype ? .htmlPage : nil
    }

    private static func imageType(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        func has(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + bytes.count && zip(bytes, b[offset...]).allSatisfy { $0 == $1 }
        }
        if has([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if has([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if has(Array("GIF8".utf8)) { return "image/gif" }
        if has(Array("RIFF".utf8)), has(Array("WEBP".utf8), at: 8) { return "image/webp" }
        if has(Array("ftypavif".utf8), at: 4) { return "image/avif" }
        if has([0x00, 0x00, 0x01, 0x00]) { return "image/vnd.microsoft.icon" }
        return nil
    }

    /// Case-insensitive for letters, as HTML's DOCTYPE is.
    private static func starts(_ b: UnsafeBufferPointer<UInt8>, at offset: Int, with text: String) -> Bool {
        let needle = Array(text.utf8)
        guard offset + needle.count <= b.count else { return false }
        for (k, c) in needle.enumerated() where b[offset + k] | 0x20 != c | 0x20 { return false }
        return true
    }

    private static func find(_ b: UnsafeBufferPointer<UInt8>, _ text: String, from start: Int) -> Int? {
        let needle = Array(text.utf8)
        var i = start
        while i + needle.count <= b.count {
            if starts(b, at: i, with: text) { return i }
            i += 1
        }
        return nil
    }
}
