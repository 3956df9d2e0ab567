import Foundation

/// What the user typed into the address bar, resolved to something to load.
///
/// Decided (the original lower-cased everything, prepended http:// and broke paths and queries):
/// - Case, paths, queries and fragments are kept exactly as typed.
/// - A known scheme is loaded as written.
/// - A bare host with a dot and a letter TLD ("example.com/a?b") is tried over https first, with an
///   http fallback for the view to use when https can't connect (see `Resolution.httpFallbackURI`).
/// - localhost, *.localhost, *.local and IP addresses (IPv4, bracketed or bare IPv6) get http://:
///   local servers rarely have TLS. A bare IPv6 literal can't carry a port ("::1:8080" is itself
///   an address), so a port needs brackets: "[::1]:8080". Zone IDs ("fe80::1%eth0") aren't
///   supported by URLs in WebKit and become a search.
/// - Absolute and home-relative paths ("/tmp/a b", "~/notes.txt", "~") become file: URIs.
/// - `javascript:` is refused, in any case and behind leading spaces, tabs or `view-source:`: code
///   pasted there runs inside the current page, with its cookies and logins (the "paste this into
///   your address bar" scam).
/// - `data:` is loaded as typed: WebKit gives a data: page an opaque origin of its own, so it can't
///   reach the current page or any site's cookies, and Firefox and Chrome allow typed data: too.
///   Pages that *navigate* to data: are the danger, and that is WebKit's policy, not the address bar's.
/// - Anything else is a search with the configured engine.
public enum AddressInput {
    public enum Resolution: Equatable, Sendable {
        /// Load this URI as it is.
        case url(String)
        /// A bare host: load `https`, and if it can't connect, `httpFallback`.
        case httpsFirst(String, httpFallback: String)
        case search(query: String, url: String)
        /// Not loaded; show `message` to the user.
        case refused(message: String)

        /// What to load, or nil when the input was refused.
        public var uri: String? {
            switch self {
            case .url(let u): u
            case .httpsFirst(let u, _): u
            case .search(_, let u): u
            case .refused: nil
            }
        }

        /// The http:// address to load instead when loading `uri` (https) fails before any response
        /// arrives: the TLS handshake fails (WebKit's load-failed-with-tls-errors) or the connection
        /// is refused, reset or times out. Not after an HTTP error status (the server answered over
        /// https), not when the host name doesn't resolve (http would fail the same way), not after
        /// the user stopped the load or went elsewhere meanwhile, and only once per typed address.
        /// Nil for everything the user typed with a scheme: they asked for that scheme.
        public var httpFallbackURI: String? {
            if case .httpsFirst(_, let fallback) = self { return fallback }
            return nil
        }
    }

    /// Shown when `javascript:` is typed; the view puts it where the user is looking (the address bar).
    public static let javascriptRefusal =
        "JavaScript typed into the address bar isn't run: code pasted there could act as you on the open page."

    /// The longest text the address bar takes, in characters (docs/address-bar.md). GTK's entry
    /// would cut a longer paste silently at 65,535; the bar stops at this length, and text of this
    /// length or more is refused with `tooLongRefusal` instead of loading something cut short.
    public static let lengthLimit = 60_000
    public static let tooLongRefusal =
        "That address is too long for the address bar (60,000 characters or more), so it was cut when pasted and isn't opened. Open it from a file or a link instead."

    /// Schemes loaded exactly as typed.
    static let knownSchemes: Set<String> = ["http", "https", "file", "about", "data", "blob", "view-source"]

    public static func resolve(
        _ typed: String,
        homeDirectory: String = NSHomeDirectory(),
        searchEngine: SearchEngine = .duckDuckGo
    ) -> Resolution? {
        // Counted in UTF-16 units first: cheap, and never below the character count.
        if typed.utf16.count >= lengthLimit, typed.count >= lengthLimit { return .refused(message: tooLongRefusal) }
        let text = typed.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(.controlCharacters))
        guard !text.isEmpty else { return nil }

        if isJavaScript(text) { return .refused(message: javascriptRefusal) }
        if let scheme = scheme(of: text), knownSchemes.contains(scheme.lowercased()) {
            return .url(text)
        }
        if text == "~" || text.hasPrefix("/") || text.hasPrefix("~/") {
            let path = text.hasPrefix("~") ? homeDirectory + String(text.dropFirst(1)) : text
            return .url(URL(fileURLWithPath: path).absoluteString)
        }
        guard !text.contains(where: \.isWhitespace) else { return search(text, engine: searchEngine) }
        if let (address, rest) = splitBareIPv6(text) {
            return .url("http://[" + address + "]" + rest)
        }
        if let (host, rest) = splitHost(text), isHost(host) {
            if isLocal(host) { return .url("http://" + host + rest) }
            return .httpsFirst("https://" + host + rest, httpFallback: "http://" + host + rest)
        }
        return search(text, engine: searchEngine)
    }

    public static func search(_ query: String, engine: SearchEngine = .duckDuckGo) -> Resolution {
        .search(query: query, url: engine.url(for: query))
    }

    /// Whether WebKit would treat `text` as a javascript: URL. WebKit (like the URL standard) drops
    /// tabs and newlines anywhere and leading controls and spaces, so "java\tscript:" counts too;
    /// view-source: is peeled because it wraps another URL.
    static func isJavaScript(_ text: String) -> Bool {
        var rest = Substring(text.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
        rest = rest.drop(while: { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } })
        while rest.lowercased().hasPrefix("view-source:") {
            rest = rest.dropFirst("view-source:".count).drop(while: { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } })
        }
        return rest.lowercased().hasPrefix("javascript:")
    }

    /// "https" for "https://x", nil for "localhost:8080" (a port is digits, a scheme never is).
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) else { return nil }
        let after = text[text.index(after: colon)...]
        // "localhost:8080/x" and "example.com:443" are host:port, not scheme:rest.
        if let firstAfter = after.first, isDigit(firstAfter),
           after.prefix(while: isDigit).count == after.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).count {
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
            guard !port.isEmpty, port.allSatisfy(isDigit), let n = Int(port), n <= 65535 else { return nil }
            host = String(authority[..<colon])
        }
        guard !host.isEmpty else { return nil }
        return (authority, rest)
    }

    /// "fe80::1/x" → ("fe80::1", "/x"): an unbracketed IPv6 address with no port.
    static func splitBareIPv6(_ text: String) -> (address: String, rest: String)? {
        let end = text.firstIndex(where: { "/?#".contains($0) }) ?? text.endIndex
        let address = String(text[..<end])
        guard address.contains(":"), isIPv6(address) else { return nil }
        return (address, String(text[end...]))
    }

    static func isHost(_ authority: String) -> Bool {
        let host = hostOnly(authority)
        if host.hasPrefix("[") && host.hasSuffix("]") { return isIPv6(String(host.dropFirst().dropLast())) }
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
            !p.isEmpty && p.count <= 3 && p.allSatisfy(isDigit) && (Int(p) ?? 256) <= 255
        }
    }

    /// RFC 4291 text form: eight groups of 1–4 hex digits, one "::" standing for one or more zero
    /// groups, and optionally a dotted IPv4 address as the last 32 bits ("::ffff:10.0.0.1").
    static func isIPv6(_ address: String) -> Bool {
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String, mayEndInIPv4: Bool) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            var count = 0
            for (i, piece) in pieces.enumerated() {
                if mayEndInIPv4 && i == pieces.count - 1 && piece.contains(".") {
                    // Unlike a bare IPv4 host, the embedded form allows no leading zeros ("01"):
                    // inet_pton and the URL standard both refuse them.
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
                    guard isIPv4(String(piece)), octets.allSatisfy({ $0 == "0" || !$0.hasPrefix("0") }) else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
                    count += 1
                }
            }
            return count
        }
        if halves.count == 1 {
            return groups(address, mayEndInIPv4: true) == 8
        }
        guard let head = groups(halves[0], mayEndInIPv4: false),
              let tail = groups(halves[1], mayEndInIPv4: true) else { return false }
        return head + tail <= 7
    }

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isWholeNumber }
}

/// Where searches go: a URL template whose `%s` is replaced by the percent-encoded query.
public struct SearchEngine: Equatable, Sendable {
    public static let placeholder = "%s"
    public static let duckDuckGo = SearchEngine(checkedName: "DuckDuckGo", template: "https://duckduckgo.com/?q=%s")

    public let name: String
    public let template: String

    /// Nil unless the template is an http(s) URL containing `%s` — a search must never become a
    /// javascript: or file: load.
    public init?(name: String, template: String) {
        let lower = template.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), template.contains(Self.placeholder) else {
            return nil
        }
        self.init(checkedName: name, template: template)
    }

    private init(checkedName name: String, template: String) {
        self.name = name
        self.template = template
    }

    /// Every character that could end or split the query parameter ("&", "=", "+" which forms
    /// read as a space, "#", ";") is encoded, so the engine receives exactly what was typed.
    public func url(for query: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=?#;")
        let encoded = query.addingPercentEncoding(withAllowedCharacters: allowed) ?? query
        return template.replacingOccurrences(of: Self.placeholder, with: encoded)
    }
}
