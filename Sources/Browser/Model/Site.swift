import Foundation

/// What "a site" is for what the browser remembers per site (zoom, permissions): an address's host,
/// with its port when one is written ("example.org", "127.0.0.1:8080"), lower-cased.
public enum Site {
    /// A site name longer than this (no real host is) is not remembered.
    public static let lengthLimit = 300

    /// The site of a page's address; nil for addresses without a host (about:, file:, data:).
    public static func of(_ uri: String?) -> String? {
        guard let uri, let components = URLComponents(string: uri), let host = components.host, !host.isEmpty else { return nil }
        return key(components.port.map { "\(host):\($0)" } ?? host)
    }

    /// `site` as it is kept: trimmed and lower-cased; nil when blank or too long.
    public static func key(_ site: String) -> String? {
        let trimmed = site.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty, trimmed.count <= lengthLimit else { return nil }
        return trimmed
    }
}
