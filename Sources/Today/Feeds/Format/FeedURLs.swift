import Foundation

enum FeedURLs {
    /// `text` as an absolute http(s) URL, relative ones resolved against `base`. Other schemes are
    /// refused: a feed must not point Skiff at `file:` pictures or `javascript:` links.
    static func resolve(_ text: String, against base: URL?) -> URL? {
        let trimmed = HTMLText.trimmed(text)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8_192 else { return nil }
        // Most links are absolute: parsed once, without a base to combine (a third of a parse's URL work).
        let isAbsolute = trimmed.utf8.starts(with: "https://".utf8) || trimmed.utf8.starts(with: "http://".utf8)
        let url = (isAbsolute ? URL(string: trimmed) : URL(string: trimmed, relativeTo: base))
            ?? trimmed.addingPercentEncoding(withAllowedCharacters: allowed).flatMap { URL(string: $0, relativeTo: base) }
        guard let absolute = url?.absoluteURL, let scheme = absolute.scheme?.lowercased(),
              scheme == "http" || scheme == "https", absolute.host?.isEmpty == false else { return nil }
        return absolute
    }

    /// An id that is a relative reference with a path ("/posts/12", "posts/12", "?p=12"), resolved
    /// against `base` as the reference parser does. An id with a scheme (`tag:`, `urn:`, `http:`),
    /// one that does not resolve to http(s), and a bare word or number ("12": feedparser would make it
    /// `https://host/dir/12`, a page that is not there, and would change the article's identity in
    /// every store that kept it) are kept as written (docs/feeds.md, "Formats").
    static func identifier(_ id: String, against base: URL) -> String {
        guard !hasScheme(id), id.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }),
              let url = URL(string: id, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return id }
        return url.absoluteString
    }

    /// RFC 3986's `scheme ":"` at the start: a letter, then letters, digits, "+", "-" or ".".
    static func hasScheme(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else { return false }
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: ":"): return true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            default: return false
            }
        }
        return false
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.insert(charactersIn: "#%")
        return set
    }()
}
