/// An element-hiding filter (`##.ad`, `example.com,~shop.example.com##.ad`, `#@#` exceptions) and
/// the other `#…#` forms, which WebKit cannot run and which are counted by what they are.
enum CosmeticFilter {
    enum Parsed: Equatable {
        /// `narrowed`: hidden on fewer sites than the filter names (`DomainCondition.Parsed`).
        case hide(selector: String, DomainCondition, narrowed: Bool)
        /// `#@#`: the hiding of `selector` is lifted on `domains` (every site when empty).
        case exception(selector: String, domains: [String])
        case skipped(SkipReason)
        /// Not a cosmetic filter: an address filter that happens to hold `#`.
        case notCosmetic
    }

    /// Pseudo-classes only Adblock Plus, uBlock Origin or AdGuard's own engines understand.
    private static let proceduralMarkers = [
        ":-abp-", ":has-text(", ":contains(", ":xpath(", ":upward(", ":remove(", ":style(", ":matches-css",
        ":min-text-length(", ":watch-attr(", ":others(", ":matches-path(", ":matches-attr(", ":matches-prop(",
        ":remove-attr(", ":remove-class(", ":if(", ":if-not(", ":nth-ancestor(", ":matches-media(", ":spath(",
    ]

    static func parse(_ line: Substring) -> Parsed {
        // Adblock Plus: a cosmetic filter's domain part holds none of `/ | @ " !` and no `$`;
        // anything else with a `#` is an address filter (`||example.com/#anchor`). A `*` is let
        // through so uBO's `google.*##…` is counted as the wildcard domain it is.
        guard let hash = line.firstIndex(of: "#") else { return .notCosmetic }
        let domainText = line[..<hash]
        guard !domainText.contains(where: { "/|@\"!$".contains($0) }) else { return .notCosmetic }
        let after = line[line.index(after: hash)...]
        let separators: [(String, Kind)] = [
            ("#", .hide), ("@#", .exceptionHide), ("?#", .extended), ("@?#", .extended),
            ("$#", .snippet), ("@$#", .snippet), ("%#", .snippet), ("@%#", .snippet),
        ]
        guard let (marker, kind) = separators.first(where: { after.hasPrefix($0.0) }) else { return .notCosmetic }
        let body = after.dropFirst(marker.count).trimmingSpaces()
        switch kind {
        case .extended: return .skipped(.proceduralCosmetic)
        case .snippet: return .skipped(.scriptInjection)
        case .hide, .exceptionHide: break
        }
        guard !body.isEmpty else { return .skipped(.malformed) }
        if body.hasPrefix("+js(") { return .skipped(.scriptInjection) }
        if body.hasPrefix("^") { return .skipped(.htmlFilter) }
        if proceduralMarkers.contains(where: { body.containsBytes($0) }) { return .skipped(.proceduralCosmetic) }
        if body.containsBytes("{") || body.containsBytes("}") { return .skipped(.invalidSelector) }
        guard !body.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return .skipped(.malformed)
        }

        var domains = DomainCondition.any
        var narrowed = false
        if !domainText.trimmingSpaces().isEmpty {
            switch DomainCondition.parse(domainText, separator: ",") {
            case let .success(parsed):
                domains = parsed.condition
                narrowed = parsed.narrowed
            case let .failure(reason): return .skipped(reason)
            }
        }
        if kind == .exceptionHide {
            // Lifting hiding on fewer sites than named would hide where the list says not to.
            if narrowed { return .skipped(.wildcardDomain) }
            switch domains {
            case .any: return .exception(selector: String(body), domains: [])
            case let .only(names): return .exception(selector: String(body), domains: names)
            // "Hide it again everywhere but here" is no exception WebKit can apply.
            case .except: return .skipped(.cosmeticExceptionNarrowerThanRule)
            }
        }
        return .hide(selector: String(body), domains, narrowed: narrowed)
    }

    private enum Kind { case hide, exceptionHide, extended, snippet }
}
