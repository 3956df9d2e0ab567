import Foundation

/// What the user typed into the address bar, resolved to something to load.
///
/// Decided (the original lower-cased everything, prepended http:// and broke paths and queries):
/// case is kept; a known scheme is loaded as written; hosts with a dot and a letter TLD get
/// https://; localhost, *.localhost, *.local and IP addresses get http:// (local servers rarely
/// have TLS); absolute and home-relative paths become file: URIs; anything else is a search.
public enum AddressInput {
    public enum Resolution: Equatable, Sendable {
        case url(String)
        case search(query: String, url: String)

        public var uri: String {
            switch self {
            case .url(let u): u
            case .search(_, let u): u
            }
        }
    }

    /// Schemes loaded exactly as typed.
    static let knownSchemes: Set<String> = ["http", "https", "file", "about", "data", "blob", "view-source"]
    static let searchEndpoint = "https://duckduckgo.com/?q="

    public static func resolve(_ typed: String, homeDirectory: String = NSHomeDirectory()) -> Resolution? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }

        if let scheme = scheme(of: text), knownSchemes.contains(scheme.lowercased()) {
            return .url(text)
        }
        if text.hasPrefix("/") || text.hasPrefix("~/") {
            let path = text.hasPrefix("~/") ? homeDirectory + String(text.dropFirst(1)) : text
            return .url(URL(fileURLWithPath: path).absoluteString)
        }
        if !text.contains(where: \.isWhitespace), let (host, rest) = splitHost(text), isHost(host) {
            let local = isLocal(host)
            return .url((local ? "http://" : "https://") + host + rest)
        }
        return search(text)
    }

    public static func search(_ query: String) -> Resolution {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=?#")
        let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query
        return .search(query: query, url: searchEndpoint + encoded)
    }

    /// "https" for "https://x", nil for "localhost:8080" (a port is digits, a scheme never is).
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isLetter,
              candidate.allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }) else { return nil }
        let after = text[text.index(after: colon)...]
        // "localhost:8080/x" and "example.com:443" are host:port, not scheme:rest.
        if let firstAfter = after.first, firstAfter.isNumber,
           after.prefix(while: \.isNumber).count == after.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).count {
            return nil
        }
        return String(candidate)
    }

    /// Splits "host[:port]" from the path, query and fragment; nil if the port is not a number.
    static func splitHost(_ text: String) -> (host: String, rest: String)? {
        var authorityEnd = text.endIndex
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            authorityEnd = text[close...].firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        } else {
            authorityEnd = text.firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        }
        let authority = String(text[..<authorityEnd])
        let rest = String(text[authorityEnd...])
        var host = authority
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.allSatisfy(\.isNumber), let n = Int(port), n <= 65535 else { return nil }
            host = String(authority[..<colon])
        }
        guard !host.isEmpty else { return nil }
        return (authority.isEmpty ? host : authority, rest)
    }

    static func isHost(_ authority: String) -> Bool {
        let host = hostOnly(authority)
        if host.hasPrefix("[") && host.hasSuffix("]") { return host.count > 2 }
        if host.lowercased() == "localhost" { return true }
        if isIPv4(host) { return true }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return false }
        guard labels.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return false }
        guard let tld = labels.last, tld.count >= 2, tld.allSatisfy(\.isLetter) else { return false }
        return true
    }

    static func isLocal(_ authority: String) -> Bool {
        let host = hostOnly(authority).lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") || host.hasSuffix(".local")
            || isIPv4(host) || host.hasPrefix("[")
    }

    static func hostOnly(_ authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        if let colon = authority.lastIndex(of: ":") { return String(authority[..<colon]) }
        return authority
    }

    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isNumber) && (Int(p) ?? 256) <= 255
        }
    }
}
