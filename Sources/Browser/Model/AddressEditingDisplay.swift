import Foundation

extension AddressEditing {
    /// The text the address bar shows: the full address while editing (the view selects it all), otherwise
    /// the short domain Safari shows.
    public static func displayText(uri: String?, isEditing: Bool) -> String {
        guard let uri else { return "" }
        return isEditing ? uri : displayDomain(uri: uri)
    }

    /// What each tab's bar shows while not editing, in tab order: the domain, and the page's title
    /// beside it when another tab shows the same domain, so tabs on one site can be told apart in
    /// the pager. Each address is parsed once.
    public static func barTexts(for tabs: [(uri: String?, title: String?)]) -> [String] {
        let domains = tabs.map { displayText(uri: $0.uri, isEditing: false) }
        var counts: [String: Int] = [:]
        for domain in domains { counts[domain, default: 0] += 1 }
        return zip(domains, tabs).map { domain, tab in
            guard (counts[domain] ?? 0) > 1, let title = tab.title?.trimmingCharacters(in: .whitespacesAndNewlines),
                  !title.isEmpty, title != domain else { return domain }
            return "\(domain) — \(title)"
        }
    }

    /// The short form of an address:
    /// - web addresses show the host, lower-cased, without `www.`, user info, path, query or fragment;
    /// - the port is kept only for `localhost` and IP literals (local servers are told apart by port; on a
    ///   named site the port is noise); IPv6 literals keep their brackets;
    /// - `file:` shows the file name (percent-decoded), or `/` for the root;
    /// - addresses without a host (`about:blank`, `data:`…) are shown as they are.
    ///
    /// Parsed by hand rather than with `URLComponents`, whose handling of IPv6 brackets and odd input
    /// differs between Foundation versions.
    public static func displayDomain(uri: String) -> String {
        let trimmed = uri.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let colon = trimmed.firstIndex(of: ":") else { return trimmed }
        let scheme = trimmed[..<colon].lowercased()
        let rest = trimmed[trimmed.index(after: colon)...]

        if scheme == "file" {
            // A file's name is shown decoded, so its control and bidi characters are escaped:
            // "invoice\u{202E}fdp.html" must not read as "invoicelmth.pdf" (SafeAddress).
            return SafeAddress.text(fileName(fromFileURIRest: rest))
        }
        guard rest.hasPrefix("//") else { return trimmed }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex(where: { "/?#".contains($0) }) ?? afterSlashes.endIndex
        var authority = afterSlashes[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            authority = authority[authority.index(after: at)...]
        }
        guard let (host, port) = splitHostPort(authority), !host.isEmpty else { return trimmed }

        if host.hasPrefix("[") {
            return port.map { "\(host):\($0)" } ?? host
        }
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        if isIPv4(name) || name == "localhost" {
            return port.map { "\(name):\($0)" } ?? name
        }
        // Only a "www." label in front of a real domain: "www.com" stays as it is.
        if name.hasPrefix("www."), name.dropFirst(4).contains(".") {
            name.removeFirst(4)
        }
        // Internationalised names in their script, unless the label mixes scripts (punycode then).
        let shown = SafeAddress.host(name)
        return shown
    }

    private static func splitHostPort(_ authority: Substring) -> (host: String, port: String?)? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let host = String(authority[...close]).lowercased()
            let after = authority[authority.index(after: close)...]
            let port = after.hasPrefix(":") ? String(after.dropFirst()) : nil
            return (host, port.flatMap { $0.isEmpty ? nil : $0 })
        }
        if let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard port.allSatisfy(\.isASCIIDigit) else { return (String(authority), nil) }
            return (String(authority[..<colon]), port.isEmpty ? nil : String(port))
        }
        return (String(authority), nil)
    }

    private static func fileName(fromFileURIRest rest: Substring) -> String {
        var path = rest
        // file://host/path and file:///path: the path starts at the first slash after the authority.
        if path.hasPrefix("//") {
            let afterSlashes = path.dropFirst(2)
            path = afterSlashes[(afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex)...]
        }
        if let end = path.firstIndex(where: { "?#".contains($0) }) {
            path = path[..<end]
        }
        let name = path.split(separator: "/").last.map(String.init) ?? "/"
        return name.removingPercentEncoding ?? name
    }

    private static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCIIDigit) && (Int(part) ?? 256) <= 255
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
