/// `#@#` exceptions applied to the hiding rules they name. WebKit has no "do not hide this
/// selector here", so an exception is folded into the rule itself, as far as one trigger's single
/// domain list can say it:
/// - `#@#.ad` (everywhere): the rules hiding `.ad` are dropped;
/// - `shop.example#@#.ad` against `##.ad` or `~news.example##.ad`: the site joins `unless-domain`;
/// - against `shop.example,news.example##.ad`: the site leaves `if-domain` (the rule goes when none
///   is left);
/// - against `example##.ad`, where the exception is a subdomain of the rule's domain: that would
///   need `if-domain` and `unless-domain` together, so the exception is counted
///   (`cosmeticExceptionNarrowerThanRule`) and the rule kept whole.
enum CosmeticExceptions {
    static func apply(_ exceptions: [HideException], to hides: [StoredRule], reports: inout [ListReport],
                      examplesPerReason: Int) -> [StoredRule] {
        guard !exceptions.isEmpty else { return hides }
        var bySelector: [String: [Int]] = [:]
        for (index, exception) in exceptions.enumerated() { bySelector[exception.selector, default: []].append(index) }
        var narrower = Set<Int>()
        var kept: [StoredRule] = []
        kept.reserveCapacity(hides.count)
        for var stored in hides {
            guard case let .cssDisplayNone(selector) = stored.rule.action, let indices = bySelector[selector] else {
                kept.append(stored)
                continue
            }
            var dropped = false
            for index in indices {
                let exception = exceptions[index]
                if exception.domains.isEmpty {
                    dropped = true
                    break
                }
                if stored.rule.ifDomain.isEmpty {
                    let added = exception.domains.map { "*" + $0 }.filter { !stored.rule.unlessDomain.contains($0) }
                    stored.rule.unlessDomain += added
                    continue
                }
                let names = stored.rule.ifDomain.map { String($0.dropFirst()) }
                let remaining = names.filter { name in
                    !exception.domains.contains { DomainCondition.isSameOrSubdomain(name, of: $0) }
                }
                if exception.domains.contains(where: { domain in
                    remaining.contains { domain != $0 && DomainCondition.isSameOrSubdomain(domain, of: $0) }
                }) {
                    narrower.insert(index)
                }
                if remaining.isEmpty {
                    dropped = true
                    break
                }
                stored.rule.ifDomain = remaining.map { "*" + $0 }
            }
            if !dropped { kept.append(stored) }
        }
        for (index, exception) in exceptions.enumerated() {
            if narrower.contains(index) {
                var lines = reports[exception.list].skipped[.cosmeticExceptionNarrowerThanRule, default: SkippedLines()]
                lines.count += 1
                if lines.examples.count < examplesPerReason { lines.examples.append(exception.line) }
                reports[exception.list].skipped[.cosmeticExceptionNarrowerThanRule] = lines
            } else {
                reports[exception.list].filtersConverted += 1
            }
        }
        return kept
    }
}
