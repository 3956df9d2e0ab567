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

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.insert(charactersIn: "#%")
        return set
    }()
}
