/// Why a line of a filter list became no rule. Every line that is not a comment, a header or blank
/// and is not converted is counted under exactly one of these: what WebKit cannot express is
/// counted, never approximated by a rule that blocks more or less than the filter says.
public enum SkipReason: Error, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    // Unreadable: not a filter at all.
    /// Not UTF-8.
    case notUTF8
    /// Longer than `FilterLimits.maximumLineBytes`.
    case tooLong
    /// Control characters, spaces in an address filter, `@@` with nothing after it, options that
    /// do not parse.
    case malformed

    // Filters WebKit cannot express.
    /// An option WebKit has no equivalent for (`$csp`, `$redirect`, `$rewrite`, `$removeparam`,
    /// `$generichide`, `$important`, `$badfilter`, …), or one this converter does not know; its name.
    case option(String)
    /// Only resource types WebKit never loads (`$object`: WebKitGTK 6 has no plug-ins; `$webrtc`).
    case noWebKitResourceType
    /// A `/regular expression/` outside WebKit's subset (alternation, `{n}` counts, `\d`-style
    /// classes, anchors inside, look-arounds).
    case regexOutsideWebKitSubset
    /// Characters outside ASCII in an address pattern or a domain (WebKit wants punycode).
    case nonASCII
    /// `$domain=a.com|~b.a.com`: a domain and an exception inside it; a WebKit trigger has either
    /// `if-domain` or `unless-domain`, never both.
    case mixedDomains
    /// uBO's `example.*` (the name under every public suffix), which WebKit's domain lists cannot
    /// hold, as the only site, as an exception (`~example.*`) or in a `#@#`. Beside other sites it
    /// is left out and the filter converted for those (`ListReport.filtersNarrowed`).
    case wildcardDomain
    /// A filter with no address pattern, no type and no domain: it would block every load.
    case matchesEverything
    /// `@@…$document` for less than a whole site (a path, a wildcard): WebKit's exception for a
    /// page is by its domain.
    case documentExceptionNotForASite
    /// uBO's `##+js(…)` scriptlets, ABP's `#$#` snippets, AdGuard's `#%#` scripts.
    case scriptInjection
    /// `#?#` extended CSS and procedural selectors (`:-abp-has`, `:has-text`, `:xpath`, `:upward`,
    /// `:remove`, `:style`, …).
    case proceduralCosmetic
    /// `##^…` or `$$…`: filtering the page's HTML before it is parsed.
    case htmlFilter
    /// A selector with `{` or `}`: a style, not a selector.
    case invalidSelector
    /// `sub.a.com#@#sel` against `a.com##sel`: hiding on a site except one of its subdomains needs
    /// both `if-domain` and `unless-domain`.
    case cosmeticExceptionNarrowerThanRule
    /// Inside a `!#if` block for another blocker (`ext_ublock`, `cap_html_filtering`).
    case preprocessorExcluded
    /// The same rule as one already written (the lists overlap).
    case duplicate

    /// Counted as unreadable rather than as a filter WebKit cannot express.
    public var isUnreadable: Bool {
        switch self {
        case .notUTF8, .tooLong, .malformed: return true
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .notUTF8: return "not UTF-8"
        case .tooLong: return "line too long"
        case .malformed: return "not a filter"
        case let .option(name): return "option $\(name)"
        case .noWebKitResourceType: return "resource type WebKit never loads"
        case .regexOutsideWebKitSubset: return "regular expression WebKit cannot run"
        case .nonASCII: return "non-ASCII pattern or domain"
        case .mixedDomains: return "domain and exception inside it"
        case .wildcardDomain: return "domain with a wildcard"
        case .matchesEverything: return "would block every load"
        case .documentExceptionNotForASite: return "page exception for less than a site"
        case .scriptInjection: return "script injection"
        case .proceduralCosmetic: return "procedural element hiding"
        case .htmlFilter: return "HTML filtering"
        case .invalidSelector: return "not a CSS selector"
        case .cosmeticExceptionNarrowerThanRule: return "hiding exception narrower than its rule"
        case .preprocessorExcluded: return "for another blocker (!#if)"
        case .duplicate: return "duplicate"
        }
    }
}
