/// An address filter (`||ads.example^$script,third-party`, `@@…` exceptions) as WebKit rules.
enum NetworkFilter {
    /// Where a filter's rules go in a chunk (see `FilterConverter` for the order and why).
    enum Kind: Equatable {
        case block
        case exception
        /// `@@||site^$document`: nothing blocked or hidden on the site's pages.
        case pageException
    }

    enum Parsed: Equatable {
        /// `narrowed`: converted for fewer sites than the filter names (`DomainCondition.Parsed`).
        case rules([ContentRule], Kind, narrowed: Bool = false)
        case skipped(SkipReason)
    }

    /// Adblock Plus's resource types, by the names (and uBO's aliases) lists use.
    private static let typeNames: [String: ABPType] = [
        "script": .script, "image": .image, "stylesheet": .stylesheet, "css": .stylesheet,
        "object": .object, "object-subrequest": .object, "xmlhttprequest": .xmlhttprequest, "xhr": .xmlhttprequest,
        "subdocument": .subdocument, "frame": .subdocument, "font": .font, "media": .media,
        "popup": .popup, "websocket": .websocket, "ping": .ping, "beacon": .ping, "other": .other,
        "webrtc": .webrtc, "document": .document, "doc": .document,
    ]

    enum ABPType: CaseIterable {
        case script, image, stylesheet, object, xmlhttprequest, subdocument, font, media, popup
        case websocket, ping, other, webrtc, document

        /// What a filter with only negated types covers: every type a filter without types does
        /// in Adblock Plus (not pop-ups, not whole pages).
        static let implied: Set<ABPType> = Set(allCases).subtracting([.popup, .document])

        /// WebKit's name; nil for frames (a rule of their own) and for what WebKit never loads:
        /// WebKitGTK 6 has no plug-ins (`object`) and no content blocking of WebRTC.
        var webKitName: String? {
            switch self {
            case .script: return "script"
            case .image: return "image"
            case .stylesheet: return "style-sheet"
            case .xmlhttprequest: return "fetch"
            case .font: return "font"
            case .media: return "media"
            case .popup: return "popup"
            case .websocket: return "websocket"
            case .ping: return "ping"
            case .other: return "other"
            case .document: return "document"
            case .subdocument, .object, .webrtc: return nil
            }
        }
    }

    /// WebKit's resource types in one order, so equal rules are equal text.
    private static let webKitOrder = ["document", "image", "style-sheet", "script", "font", "fetch",
                                      "websocket", "media", "popup", "ping", "other"]

    static func parse(_ line: Substring) -> Parsed {
        var body = line
        let isException = body.hasPrefix("@@")
        if isException { body = body.dropFirst(2) }
        guard !body.isEmpty else { return .skipped(.malformed) }

        var pattern = body
        var optionText: Substring?
        if let dollar = body.lastIndex(of: "$") {
            let tail = body[body.index(after: dollar)...]
            if looksLikeOptions(tail) {
                pattern = body[..<dollar]
                optionText = tail
            }
        }
        guard !pattern.contains(where: { $0 == " " || $0 == "\t" }) else { return .skipped(.malformed) }

        var caseSensitive = false
        var loadType: String?
        var domains = DomainCondition.any
        var narrowed = false
        var included = Set<ABPType>()
        var excluded = Set<ABPType>()
        for option in optionText?.split(separator: ",") ?? [] {
            let negated = option.hasPrefix("~")
            let nameAndValue = negated ? option.dropFirst() : option
            let name: Substring
            var value: Substring?
            if let equals = nameAndValue.firstIndex(of: "=") {
                name = nameAndValue[..<equals]
                value = nameAndValue[nameAndValue.index(after: equals)...]
            } else {
                name = nameAndValue
            }
            let lowered = name.lowercased()
            switch lowered {
            case "third-party", "3p":
                loadType = negated ? "first-party" : "third-party"
            case "first-party", "1p":
                loadType = negated ? "third-party" : "first-party"
            case "match-case":
                caseSensitive = !negated
            case "domain", "from":
                guard let value, !negated else { return .skipped(.malformed) }
                switch DomainCondition.parse(value, separator: "|") {
                case let .success(parsed):
                    domains = parsed.condition
                    narrowed = parsed.narrowed
                case let .failure(reason): return .skipped(reason)
                }
            default:
                guard let type = typeNames[lowered], value == nil else { return .skipped(.option(lowered)) }
                if negated { excluded.insert(type) } else { included.insert(type) }
            }
        }

        let types: Set<ABPType>? = if included.isEmpty && excluded.isEmpty {
            nil
        } else {
            (included.isEmpty ? ABPType.implied : included).subtracting(excluded)
        }

        if isException, let types, types.contains(.document) {
            guard types == [.document] else { return .skipped(.documentExceptionNotForASite) }
            return pageException(pattern, loadType: loadType, domains: domains)
        }

        let urlFilter: String
        switch URLPattern.translate(pattern) {
        case let .filter(filter): urlFilter = filter
        case .everything:
            // Every address of some types (EasyPrivacy's `$ping,third-party`) or on some sites is
            // a filter; every address of every type on every site is a mistake in the list.
            var onSomeSites = false
            if case .only = domains { onSomeSites = true }
            guard types != nil || onSomeSites else { return .skipped(.matchesEverything) }
            urlFilter = ".*"
        case let .skipped(reason): return .skipped(reason)
        }

        var template = ContentRule(urlFilter: urlFilter, caseSensitive: caseSensitive, loadType: loadType,
                                   action: isException ? .ignorePreviousRules : .block)
        switch domains {
        case .any: break
        case let .only(names): template.ifDomain = names
        case let .except(names): template.unlessDomain = names
        }
        guard let types else { return .rules([template], isException ? .exception : .block, narrowed: narrowed) }

        var rules: [ContentRule] = []
        let names = Set(types.compactMap(\.webKitName))
        if !names.isEmpty {
            var rule = template
            rule.resourceTypes = webKitOrder.filter(names.contains)
            rules.append(rule)
        }
        // Frames are WebKit's "document" loads in a child frame; the load context belongs to the
        // whole trigger, so frames get a rule of their own unless whole pages are blocked anyway.
        if types.contains(.subdocument) && !types.contains(.document) {
            var rule = template
            rule.resourceTypes = ["document"]
            rule.loadContext = "child-frame"
            rules.append(rule)
        }
        guard !rules.isEmpty else { return .skipped(.noWebKitResourceType) }
        return .rules(rules, isException ? .exception : .block, narrowed: narrowed)
    }

    /// `@@||example.com^$document`: every rule ignored on pages of the site, through `if-domain`
    /// (the main document's domain), so only a pattern naming a whole site can be said.
    private static func pageException(_ pattern: Substring, loadType: String?, domains: DomainCondition) -> Parsed {
        guard loadType == nil, domains == .any, pattern.hasPrefix("||") else {
            return .skipped(.documentExceptionNotForASite)
        }
        var host = pattern.dropFirst(2)
        if host.hasSuffix("^") { host = host.dropLast() }
        if host.hasSuffix("/") { host = host.dropLast() }
        guard !host.isEmpty else { return .skipped(.documentExceptionNotForASite) }
        guard host.unicodeScalars.allSatisfy(\.isASCII) else { return .skipped(.nonASCII) }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else {
            return .skipped(.documentExceptionNotForASite)
        }
        let rule = ContentRule(urlFilter: ".*", ifDomain: ["*" + host.lowercased()], action: .ignorePreviousRules)
        return .rules([rule], .pageException)
    }

    /// Whether the text after a filter's last `$` is a list of options (`~name` or `name=value`,
    /// separated by commas) rather than part of the address pattern.
    private static func looksLikeOptions(_ tail: Substring) -> Bool {
        guard !tail.isEmpty else { return false }
        for option in tail.split(separator: ",", omittingEmptySubsequences: false) {
            var name = option.hasPrefix("~") ? option.dropFirst() : option
            if let equals = name.firstIndex(of: "=") { name = name[..<equals] }
            guard !name.isEmpty,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else { return false }
        }
        return true
    }
}
