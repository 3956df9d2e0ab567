/// One rule of WebKit's content-blocker format: a trigger (which loads) and an action (what to do).
/// Kept as fields, not JSON, until a chunk is written, so the converter can order, deduplicate and
/// amend rules (element-hiding exceptions change `unless-domain`).
struct ContentRule: Hashable, Sendable {
    enum Action: Hashable, Sendable {
        case block
        case ignorePreviousRules
        case cssDisplayNone(selector: String)
    }

    var urlFilter: String
    var caseSensitive = false
    /// WebKit's resource-type names; empty means every type.
    var resourceTypes: [String] = []
    /// "first-party" or "third-party"; nil means both.
    var loadType: String?
    /// "top-frame" or "child-frame"; nil means both.
    var loadContext: String?
    /// `*`-prefixed domains (the domain and its subdomains, as Adblock Plus means them). A
    /// trigger holds at most one of the two lists (WebKit refuses both).
    var ifDomain: [String] = []
    var unlessDomain: [String] = []
    var action: Action

    /// The rule as WebKit reads it. Keys in a fixed order so equal rules are equal text (the
    /// duplicate check and the tests compare text); absent keys mean WebKit's defaults.
    var json: String {
        var trigger = "\"url-filter\":" + JSONText.quoted(urlFilter)
        if caseSensitive { trigger += ",\"url-filter-is-case-sensitive\":true" }
        if !resourceTypes.isEmpty { trigger += ",\"resource-type\":" + JSONText.array(resourceTypes) }
        if let loadType { trigger += ",\"load-type\":" + JSONText.array([loadType]) }
        if let loadContext { trigger += ",\"load-context\":" + JSONText.array([loadContext]) }
        if !ifDomain.isEmpty { trigger += ",\"if-domain\":" + JSONText.array(ifDomain) }
        if !unlessDomain.isEmpty { trigger += ",\"unless-domain\":" + JSONText.array(unlessDomain) }
        let action: String
        switch self.action {
        case .block: action = "\"type\":\"block\""
        case .ignorePreviousRules: action = "\"type\":\"ignore-previous-rules\""
        case let .cssDisplayNone(selector):
            action = "\"type\":\"css-display-none\",\"selector\":" + JSONText.quoted(selector)
        }
        return "{\"trigger\":{" + trigger + "},\"action\":{" + action + "}}"
    }
}

/// The little JSON writing the rules need: strings and arrays of strings.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func array(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ",") + "]"
    }
}
