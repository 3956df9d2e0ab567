import Foundation

/// Element hiding (`##`), kept out of WebKit's content blocker and given to each page by Skiff
/// (docs/content-blocking.md, "Element hiding"). WebKit parses every hiding rule a page's loads
/// trigger into that page's style sheet, one rule at a time, at every page: EasyList's 13,688 rules
/// for every site made a page without ads load about 40 ms slower, and its 9,600 rules for some
/// sites cost another 25 ms at every page of every other site. Here a page gets:
/// - its site's rules, looked up by its host and the domains above it;
/// - the rules for every site that no class or id selects, a few hundred;
/// - of the rules for every site that need a class or an id (`.ad-banner`, `#sponsor > div`), only
///   those whose class or id the page's elements have, as uBlock Origin does.
/// Immutable once made, and shared by every page (a class, so it is compared by identity).
public final class HidingRules: Sendable {
    /// A rule for every site but `exceptDomains` (and their subdomains).
    struct GenericRule: Sendable, Equatable {
        let selector: String
        let exceptDomains: [String]
    }

    let generic: [GenericRule]
    /// Lower-cased `.class` or `#id` → the generic rules that need it.
    let keyed: [String: [Int]]
    /// Generic rules that need no class or id of their own (`[id^="div-gpt-ad"]`).
    let unkeyed: [Int]
    let siteSelectors: [String]
    /// Domain → the site rules for it and its subdomains.
    let sites: [String: [Int]]
    /// Sites whose pages hide nothing (`@@||site^$document`).
    let unhidden: Set<String>

    /// The longest class or id looked up; a longer one keys no rule of EasyList (its longest is 60).
    public static let maximumTokenLength = 128

    public var isEmpty: Bool { generic.isEmpty && siteSelectors.isEmpty }
    public var ruleCount: Int { generic.count + siteSelectors.count }

    init(generic: [GenericRule], siteRules: [(selector: String, domains: [String])], unhidden: Set<String>) {
        self.generic = generic
        var keyed: [String: [Int]] = [:], unkeyed: [Int] = []
        for (index, rule) in generic.enumerated() {
            if let key = Self.key(of: rule.selector) { keyed[key, default: []].append(index) } else { unkeyed.append(index) }
        }
        self.keyed = keyed
        self.unkeyed = unkeyed
        siteSelectors = siteRules.map(\.selector)
        var sites: [String: [Int]] = [:]
        for (index, rule) in siteRules.enumerated() {
            for domain in rule.domains { sites[domain, default: []].append(index) }
        }
        self.sites = sites
        self.unhidden = unhidden
    }

    /// From the converter's hiding rules (exceptions applied) and page exceptions.
    convenience init(hides: [ContentRule], pageExceptions: [ContentRule]) {
        var generic: [GenericRule] = [], siteRules: [(selector: String, domains: [String])] = []
        for rule in hides {
            guard case let .cssDisplayNone(selector) = rule.action else { continue }
            if rule.ifDomain.isEmpty {
                generic.append(GenericRule(selector: selector, exceptDomains: rule.unlessDomain.map { String($0.dropFirst()) }))
            } else {
                siteRules.append((selector, rule.ifDomain.map { String($0.dropFirst()) }))
            }
        }
        let unhidden = pageExceptions.filter { $0.urlFilter == ".*" }.flatMap { $0.ifDomain.map { String($0.dropFirst()) } }
        self.init(generic: generic, siteRules: siteRules, unhidden: Set(unhidden))
    }

    public static let none = HidingRules(generic: [], siteRules: [], unhidden: [])

    // MARK: A page's rules

    /// Whether pages at `host` hide anything.
    public func hides(onHost host: String) -> Bool {
        !Self.domains(of: host).contains { unhidden.contains($0) }
    }

    /// The selectors a page at `host` gets from its start: its site's and the generic ones that need
    /// no class or id. Empty on a site with a page exception.
    public func siteSelectors(forHost host: String) -> [String] {
        let domains = Self.domains(of: host)
        guard !domains.contains(where: { unhidden.contains($0) }) else { return [] }
        var indices = Set<Int>()
        var selectors: [String] = []
        for domain in domains {
            for index in sites[domain] ?? [] where indices.insert(index).inserted { selectors.append(siteSelectors[index]) }
        }
        for index in unkeyed where applies(generic[index], on: domains) { selectors.append(generic[index].selector) }
        return selectors
    }

    /// The generic selectors that need one of `tokens` (`.class` or `#id`, as the page's script
    /// sends them) and are not in `applied` yet, which they join. Empty on a site with a page exception.
    public func selectors(forTokens tokens: some Sequence<String>, host: String, applied: inout Set<Int>) -> [String] {
        let domains = Self.domains(of: host)
        guard !domains.contains(where: { unhidden.contains($0) }) else { return [] }
        var selectors: [String] = []
        for token in tokens where token.utf8.count <= Self.maximumTokenLength {
            guard let indices = keyed[token.lowercased()] else { continue }
            for index in indices where applies(generic[index], on: domains) && applied.insert(index).inserted {
                selectors.append(generic[index].selector)
            }
        }
        return selectors
    }

    /// The generic selectors `applied` holds, in order (a page's sheets merged into one).
    public func selectors(applied: Set<Int>) -> [String] {
        applied.sorted().map { generic[$0].selector }
    }

    /// A style sheet hiding `selectors`: one rule each, so a selector WebKit cannot parse drops only
    /// its own rule (a list of selectors is dropped whole).
    public static func css(_ selectors: [String]) -> String {
        var css = ""
        css.reserveCapacity(selectors.reduce(0) { $0 + $1.utf8.count + 26 })
        for selector in selectors { css += selector + "{display:none!important}\n" }
        return css
    }

    private func applies(_ rule: GenericRule, on domains: [String]) -> Bool {
        rule.exceptDomains.isEmpty || !rule.exceptDomains.contains { domains.contains($0) }
    }

    /// `host` and every domain above it ("www.news.example", "news.example", "example"): a rule for
    /// a domain is for its subdomains too, as Adblock Plus means it.
    static func domains(of host: String) -> [String] {
        var domains = [host.lowercased()]
        var rest = domains[0][...]
        while let dot = rest.firstIndex(of: ".") {
            rest = rest[rest.index(after: dot)...]
            if !rest.isEmpty { domains.append(String(rest)) }
        }
        return domains
    }

    // MARK: Keys

    /// A class or id (lower-cased, with its `.` or `#`) that an element of the page must have for
    /// `selector` to match anything, or nil when none can be told: a list (`a, b`), an escape, or
    /// only tags and attributes. Classes and ids inside brackets or parentheses (`:not(.x)`) are not
    /// needed and are passed over.
    static func key(of selector: String) -> String? {
        let bytes = Array(selector.utf8)
        var index = 0, depth = 0
        var quote: UInt8?
        var found: String?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C { return nil }  // "\": an escaped name is not read here
            if let open = quote {
                if byte == open { quote = nil }
                index += 1
                continue
            }
            switch byte {
            case 0x22, 0x27: quote = byte
            case 0x28, 0x5B: depth += 1  // ( [
            case 0x29, 0x5D: depth -= 1  // ) ]
            case 0x2C where depth == 0: return nil  // a selector list: each part would need its own key
            case 0x2E, 0x23:  // . #
                guard depth == 0, found == nil else { break }
                var end = index + 1
                while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
                if end > index + 1 { found = String(decoding: bytes[index..<end], as: UTF8.self).lowercased() }
                index = end
                continue
            default: break
            }
            index += 1
        }
        return found
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: return true
        default: return byte >= 0x80
        }
    }
}
