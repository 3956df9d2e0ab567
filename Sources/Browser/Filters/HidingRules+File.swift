import Foundation

/// The hiding rules as they are kept beside WebKit's compiled filters, made with them and loaded
/// with them on later starts: one rule a line, tab-separated (selectors and domains hold no tab or
/// line break: the converter refuses control characters).
///
///     skiff-hiding 1
///     g <TAB> except.example,other.example <TAB> .ad-banner      a rule for every site but some
///     s <TAB> news.example <TAB> #sponsor                        a rule for some sites
///     x <TAB> shop.example                                       a site that hides nothing
extension HidingRules {
    public static func fileName(fingerprint: String) -> String { "skiff-hiding-\(fingerprint).txt" }
    static let header = "skiff-hiding 1"
    /// Far past what the largest lists make (EasyList and EasyPrivacy: 1.1 MB); the rules come from
    /// lines of lists, which are read up to 32 MiB each. A bigger file is not one of ours.
    public static let maximumFileBytes = 128 << 20

    public func encoded() -> Data {
        var text = Self.header + "\n"
        for rule in generic { text += "g\t" + rule.exceptDomains.joined(separator: ",") + "\t" + rule.selector + "\n" }
        var domainsOf = [[String]](repeating: [], count: siteSelectors.count)
        for (domain, indices) in sites.sorted(by: { $0.key < $1.key }) {
            for index in indices { domainsOf[index].append(domain) }
        }
        for (index, selector) in siteSelectors.enumerated() {
            text += "s\t" + domainsOf[index].joined(separator: ",") + "\t" + selector + "\n"
        }
        for domain in unhidden.sorted() { text += "x\t" + domain + "\n" }
        return Data(text.utf8)
    }

    /// nil for anything this version did not write.
    public static func decode(_ data: Data) -> HidingRules? {
        guard data.count <= maximumFileBytes, let text = String(data: data, encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == header[...] else { return nil }
        var generic: [GenericRule] = [], siteRules: [(selector: String, domains: [String])] = [], unhidden = Set<String>()
        for line in lines {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            let domains = fields.count > 1 ? fields[1].split(separator: ",").map(String.init) : []
            switch (fields.first, fields.count) {
            case ("g", 3): generic.append(GenericRule(selector: String(fields[2]), exceptDomains: domains))
            case ("s", 3) where !domains.isEmpty: siteRules.append((String(fields[2]), domains))
            case ("x", 2) where domains.count == 1: unhidden.insert(domains[0])
            default: return nil
            }
        }
        return HidingRules(generic: generic, siteRules: siteRules, unhidden: unhidden)
    }

    /// The rules kept in `folder` for `fingerprint`, nil when missing or not readable.
    public static func read(in folder: URL, fingerprint: String) -> HidingRules? {
        let url = folder.appendingPathComponent(fileName(fingerprint: fingerprint))
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileBytes + 1) else { return nil }
        return decode(data)
    }

    /// Kept in `folder` under `fingerprint` (written beside, then renamed), and the files of other
    /// fingerprints removed.
    public func write(in folder: URL, fingerprint: String) throws {
        try encoded().write(to: folder.appendingPathComponent(Self.fileName(fingerprint: fingerprint)), options: .atomic)
        let mine = Self.fileName(fingerprint: fingerprint)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix("skiff-hiding-") && name.hasSuffix(".txt") && name != mine {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
