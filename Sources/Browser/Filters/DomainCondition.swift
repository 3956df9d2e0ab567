/// The sites a filter applies on (`$domain=a.com|~b.com`, `a.com,~b.com##…`) as the one domain list
/// a WebKit trigger may hold: `if-domain` or `unless-domain`, each domain `*`-prefixed because
/// Adblock Plus means a domain and all its subdomains.
enum DomainCondition: Equatable {
    case any
    case only([String])
    case except([String])

    /// The condition, and whether domains with a wildcard were left out of it.
    struct Parsed: Equatable {
        let condition: DomainCondition
        let narrowed: Bool
    }

    /// Reads `separator`-separated domains, `~` marking exceptions. uBO's `amazon.*` (the name
    /// under every public suffix) has no WebKit form: among sites a filter applies on it is left
    /// out, so the rule applies on fewer sites than the filter names, never on more (`narrowed`);
    /// among exceptions, or alone, the filter is skipped.
    static func parse(_ text: Substring, separator: Character) -> Result<Parsed, SkipReason> {
        var included: [String] = []
        var excluded: [String] = []
        var wildcards = 0
        for part in text.split(separator: separator, omittingEmptySubsequences: true) {
            var name = part.trimmingSpaces()
            let negated = name.hasPrefix("~")
            if negated { name = name.dropFirst() }
            guard !name.isEmpty else { return .failure(.malformed) }
            guard name.unicodeScalars.allSatisfy(\.isASCII) else { return .failure(.nonASCII) }
            if name.containsBytes("*") || name.hasPrefix("/") {
                if negated { return .failure(.wildcardDomain) }
                wildcards += 1
                continue
            }
            guard name.allSatisfy(isDomainCharacter) else { return .failure(.malformed) }
            let lowered = name.lowercased()
            if negated { excluded.append(lowered) } else { included.append(lowered) }
        }
        if wildcards > 0 && included.isEmpty { return .failure(.wildcardDomain) }
        return condition(included: included, excluded: excluded).map { Parsed(condition: $0, narrowed: wildcards > 0) }
    }

    private static func condition(included: [String], excluded: [String]) -> Result<DomainCondition, SkipReason> {
        if included.isEmpty && excluded.isEmpty { return .failure(.malformed) }
        if included.isEmpty { return .success(.except(unique(excluded).map { "*" + $0 })) }
        // An exception outside every included domain changes nothing (the filter does not apply
        // there anyway); one inside an included domain needs both lists, which WebKit refuses.
        for name in excluded where included.contains(where: { isSameOrSubdomain(name, of: $0) }) {
            return .failure(.mixedDomains)
        }
        return .success(.only(unique(included).map { "*" + $0 }))
    }

    static func isSameOrSubdomain(_ name: String, of parent: String) -> Bool {
        name == parent || name.hasSuffix("." + parent)
    }

    private static func isDomainCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return (ascii >= 0x61 && ascii <= 0x7A) || (ascii >= 0x41 && ascii <= 0x5A)
            || (ascii >= 0x30 && ascii <= 0x39) || "-._".contains(character)
            // An IPv6 address as a host: `[::1]`.
            || "[]:".contains(character)
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
