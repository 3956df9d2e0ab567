import Foundation

enum FeedURLs {
    /// `text` as an absolute http(s) URL, relative ones resolved against `base`. Other schemes are
    /// refused: a feed must not point Skiff at `file:` pictures or `javascript:` links.
    static func resolve(_ text: String, against base: URL?) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8_192 else { return nil }
        let url = URL(string: trimmed, relativeTo: base)
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
