import Foundation

/// What people type in Add Feed, as the addresses to try, in order (docs/feeds.md, "Subscribing").
public enum FeedAddress {
    /// - `https://…` and `http://…` as typed; `feed://x` is `http://x`, `feeds://x` is `https://x`,
    ///   `feed:https://x` is `https://x` (the feed: scheme browsers once handed to readers);
    /// - no scheme: https first; for this computer and addresses written as numbers (`localhost`,
    ///   `127.0.0.1:8080/feed`, `192.168.1.5`, `[::1]`), where servers mostly speak plain HTTP, http
    ///   after it, as the Browser does;
    /// - anything else (another scheme, spaces, no host) gives no address.
    public static func candidates(_ typed: String) -> [URL] {
        var text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return [] }
        let lower = text.lowercased()
        if lower.hasPrefix("feed:") || lower.hasPrefix("feeds:") {
            let secure = lower.hasPrefix("feeds:")
            let rest = String(text.dropFirst(secure ? 6 : 5))
            if rest.lowercased().hasPrefix("http://") || rest.lowercased().hasPrefix("https://") {
                text = rest
            } else if rest.hasPrefix("//") {
                text = (secure ? "https:" : "http:") + rest
            } else {
                return []
            }
        }
        if text.contains("://") {
            return web(text).map { [$0] } ?? []
        }
        guard let secure = web("https://" + text), let host = secure.host else { return [] }
        guard isLocalOrNumeric(host), let plain = web("http://" + text) else { return [secure] }
        return [secure, plain]
    }

    private static func web(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    private static func isLocalOrNumeric(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if name.contains(":") { return true }
        return !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
}
