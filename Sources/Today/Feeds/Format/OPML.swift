import CXML2
import Foundation

/// One subscription of an OPML 2.0 file.
public struct OPMLEntry: Sendable, Hashable {
    public var title: String
    public var xmlURL: URL
    public var htmlURL: URL?
    /// The titles of the outlines it is nested in, joined with " / "; nil at the top level.
    public var folder: String?

    public init(title: String, xmlURL: URL, htmlURL: URL? = nil, folder: String? = nil) {
        self.title = title
        self.xmlURL = xmlURL
        self.htmlURL = htmlURL
        self.folder = folder
    }
}

/// What an OPML file held: the subscriptions to import, and what was left out and why — each told
/// to the user, never dropped without a word (docs/feeds.md, "Discovery and OPML").
public struct OPMLDocument: Sendable, Equatable {
    public var entries: [OPMLEntry] = []
    /// Subscriptions past the first `FeedFormatLimits.opmlEntries`: how many, and the first few.
    public var pastLimit = 0
    public var pastLimitFirst: [String] = []
    /// Entries whose address is not http(s) (`file:`, `javascript:`, `ftp:`), the first few as written.
    public var notWeb = 0
    public var notWebFirst: [String] = []
    /// Subscriptions inside outlines nested deeper than `FeedFormatLimits.opmlDepth`.
    public var tooDeep = 0

    /// How many addresses a notice names.
    static let named = 3

    /// What was left out, a sentence each, for the user.
    public var notices: [String] {
        var notices: [String] = []
        func list(_ first: [String], of count: Int) -> String {
            first.joined(separator: ", ") + (count > first.count ? " and \(count - first.count) more" : "")
        }
        if pastLimit > 0 {
            notices.append("\(Self.number(pastLimit)) \(pastLimit == 1 ? "feed" : "feeds") past the first "
                           + "\(Self.number(FeedFormatLimits.opmlEntries)) of the file were not imported: \(list(pastLimitFirst, of: pastLimit))")
        }
        if notWeb > 0 {
            notices.append("\(Self.number(notWeb)) \(notWeb == 1 ? "entry was" : "entries were") skipped, not web addresses: "
                           + list(notWebFirst, of: notWeb))
        }
        if tooDeep > 0 {
            notices.append("\(Self.number(tooDeep)) \(tooDeep == 1 ? "feed" : "feeds") in folders nested deeper than "
                           + "\(FeedFormatLimits.opmlDepth) levels \(tooDeep == 1 ? "was" : "were") not imported")
        }
        return notices
    }

    static func number(_ n: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: n)) ?? "\(n)"
    }
}

/// Subscription lists in and out, as every feed reader exchanges them (OPML 2.0,
/// http://opml.org/spec2.opml). Limits: docs/feeds.md ("Discovery and OPML").
public enum OPML {
    /// The subscriptions alone.
    public static func read(data: Data) -> Result<[OPMLEntry], FeedFormatError> {
        document(data: data).map(\.entries)
    }

    /// The subscriptions, and what was left out.
    public static func document(data: Data) -> Result<OPMLDocument, FeedFormatError> {
        guard data.count <= FeedFormatLimits.documentBytes else {
            return .failure(.tooLarge(bytes: data.count, limit: FeedFormatLimits.documentBytes))
        }
        guard !data.isEmpty else { return .failure(.notAFeed(.empty)) }
        LibXML.prepare()
        guard let context = xmlNewParserCtxt() else { return .failure(.unreadable(line: nil, message: "not an OPML file")) }
        defer { xmlFreeParserCtxt(context) }
        let document = data.withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap {
                xmlCtxtReadMemory(context, $0.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, LibXML.treeOptions)
            }
        }
        guard let document else { return .failure(.unreadable(line: nil, message: "not an OPML file")) }
        defer { xmlFreeDoc(document) }
        // libxml2 stops at 256 levels and, recovering, hands back the tree cut there, without
        // anything after the cut: the file is refused rather than imported in part without a word.
        if context.pointee.wellFormed == 0, let message = context.pointee.lastError.message,
           String(cString: message).lowercased().contains("depth") {
            return .failure(.unreadable(line: nil, message: "not an OPML file: nested deeper than 256 levels"))
        }
        guard let root = xmlDocGetRootElement(document), LibXML.name(root) == "opml" else {
            return .failure(.unreadable(line: nil, message: "not an OPML file (no <opml> element)"))
        }
        var read = OPMLDocument()
        var seen: Set<URL> = []
        // (outline, folders above it); iterative so that nesting costs no stack. Walked to the end
        // even past the limit, so that what was left out can be counted (bounded by the 10 MB file).
        var pending: [(xmlNodePtr, [String])] = children(of: root, named: "body").flatMap { body in
            children(of: body, named: "outline").map { ($0, [String]()) }
        }.reversed()
        while let (outline, folders) = pending.popLast() {
            if let xml = attribute(outline, caseInsensitive: "xmlUrl") {
                guard folders.count < FeedFormatLimits.opmlDepth else {
                    read.tooDeep += 1
                    continue
                }
                guard let url = FeedURLs.resolve(xml, against: nil) else {
                    read.notWeb += 1
                    if read.notWebFirst.count < OPMLDocument.named { read.notWebFirst.append(HTMLText.collapsed(xml, limit: 80)) }
                    continue
                }
                guard seen.insert(url).inserted else { continue }
                guard read.entries.count < FeedFormatLimits.opmlEntries else {
                    read.pastLimit += 1
                    if read.pastLimitFirst.count < OPMLDocument.named { read.pastLimitFirst.append(url.absoluteString) }
                    continue
                }
                let text = (LibXML.attribute(outline, "text") ?? LibXML.attribute(outline, "title"))
                    .map { HTMLText.collapsed($0, limit: FeedFormatLimits.feedTitleCharacters) }
                read.entries.append(OPMLEntry(title: text.flatMap { $0.isEmpty ? nil : $0 } ?? url.host ?? url.absoluteString,
                                              xmlURL: url,
                                              htmlURL: attribute(outline, caseInsensitive: "htmlUrl").flatMap { FeedURLs.resolve($0, against: nil) },
                                              folder: folders.isEmpty ? nil : folders.joined(separator: " / ")))
            } else {
                let text = (LibXML.attribute(outline, "text") ?? LibXML.attribute(outline, "title"))
                    .map { HTMLText.collapsed($0, limit: FeedFormatLimits.feedTitleCharacters) }
                // Past the depth limit a folder is still walked, to count the feeds left out.
                let inner = folders.count < FeedFormatLimits.opmlDepth ? folders + [text ?? ""].filter { !$0.isEmpty } : folders + [""]
                pending.append(contentsOf: children(of: outline, named: "outline").map { ($0, inner) }.reversed())
            }
        }
        return .success(read)
    }

    /// An OPML 2.0 document listing `entries`, folders as outlines in the order they first appear.
    public static func write(_ entries: [OPMLEntry], title: String = "Skiff subscriptions", now: Date = Date()) -> Data {
        var folders: [String] = []
        var byFolder: [String: [OPMLEntry]] = [:]
        var body = ""
        for entry in entries {
            guard let folder = entry.folder, !folder.isEmpty else { continue }
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(entry)
        }
        func outline(_ entry: OPMLEntry, indent: String) -> String {
            var line = "\(indent)<outline type=\"rss\" text=\"\(escape(entry.title))\" title=\"\(escape(entry.title))\" xmlUrl=\"\(escape(entry.xmlURL.absoluteString))\""
            if let html = entry.htmlURL { line += " htmlUrl=\"\(escape(html.absoluteString))\"" }
            return line + "/>\n"
        }
        for folder in folders {
            body += "    <outline text=\"\(escape(folder))\" title=\"\(escape(folder))\">\n"
            for entry in byFolder[folder] ?? [] { body += outline(entry, indent: "      ") }
            body += "    </outline>\n"
        }
        for entry in entries where entry.folder?.isEmpty ?? true { body += outline(entry, indent: "    ") }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head>
                <title>\(escape(title))</title>
                <dateCreated>\(formatter.string(from: now))</dateCreated>
              </head>
              <body>
            \(body)  </body>
            </opml>

            """
        return Data(text.utf8)
    }

    /// XML attribute text: markup escaped, characters XML 1.0 forbids dropped.
    static func escape(_ text: String) -> String { HTMLText.escape(text, forAttribute: true) }

    private static func children(of node: xmlNodePtr, named name: String) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, LibXML.name(current) == name { found.append(current) }
            child = current.pointee.next
        }
        return found
    }

    /// Exporters disagree on `xmlUrl`'s case (`xmlurl`, `XMLURL`).
    private static func attribute(_ node: xmlNodePtr, caseInsensitive name: String) -> String? {
        if let value = LibXML.attribute(node, name) { return value }
        var property = node.pointee.properties
        while let current = property {
            if let propertyName = current.pointee.name, xmlStrcasecmp(propertyName, name) == 0 {
                return LibXML.attribute(node, String(cString: propertyName))
            }
            property = current.pointee.next
        }
        return nil
    }
}
