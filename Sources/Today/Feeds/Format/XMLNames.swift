import CXML2

/// Local names the feed reader acts on. Each is interned once per reader in libxml2's dictionary,
/// where the parser keeps every element and attribute name, so that a node's name is recognised by
/// comparing pointers: no Swift String per node.
enum XMLLocalName: String, CaseIterable {
    case rss, RDF, channel, item, feed, entry
    case title, link, description, guid, pubDate, author, enclosure, image, url, ttl
    case encoded, creator, date, modified, issued, created
    case content, thumbnail, group, subtitle, body, fullitem, duration, abstract
    case updatePeriod, updateFrequency
    case id, published, updated, summary, name, icon, logo, source
    // Attributes.
    case about, href, rel, type, medium, width, height, isPermaLink, version, src, mode
}

/// The vocabularies a feed mixes. `core` is the feed's own: RSS (no namespace, RSS 1.0, RSS 0.90,
/// UserLand's), or Atom in an Atom document.
enum XMLVocabulary {
    case core, atom, content, dc, media, itunes, sy, rdf, xhtml, other

    static let uris: [(String, XMLVocabulary)] = [
        ("http://purl.org/rss/1.0/", .core),
        ("http://my.netscape.com/rdf/simple/0.9/", .core),
        ("http://backend.userland.com/rss2", .core),
        ("http://backend.userland.com/rss", .core),
        ("http://www.w3.org/2005/Atom", .atom),
        ("http://purl.org/atom/ns#", .atom),
        ("http://purl.org/rss/1.0/modules/content/", .content),
        ("http://purl.org/dc/elements/1.1/", .dc),
        ("http://purl.org/dc/terms/", .dc),
        ("http://search.yahoo.com/mrss/", .media),
        ("http://search.yahoo.com/mrss", .media),
        ("http://www.itunes.com/dtds/podcast-1.0.dtd", .itunes),
        // As Apple's own early documentation capitalised it; namespaces are compared as written.
        ("http://www.itunes.com/DTDs/Podcast-1.0.dtd", .itunes),
        ("http://purl.org/rss/1.0/modules/syndication/", .sy),
        ("http://www.w3.org/1999/02/22-rdf-syntax-ns#", .rdf),
        ("http://www.w3.org/1999/xhtml", .xhtml),
    ]
}

/// The interned names of one reader. A reader walking a tree (the recovering parse of an
/// ill-formed feed) has its own dictionary, apart from the tree's; it compares by value instead.
struct XMLNameTable {
    private var names: [UnsafePointer<xmlChar>: XMLLocalName] = [:]
    private var vocabularies: [UnsafePointer<xmlChar>: XMLVocabulary] = [:]
    private let atom03: UnsafePointer<xmlChar>?
    private let rss090: UnsafePointer<xmlChar>?
    private let byValue: Bool
    private static let namesByValue = Dictionary(uniqueKeysWithValues: XMLLocalName.allCases.map { ($0.rawValue, $0) })
    private static let vocabulariesByValue = Dictionary(XMLVocabulary.uris, uniquingKeysWith: { first, _ in first })
    private static let atom03URI = "http://purl.org/atom/ns#"
    private static let rss090URI = "http://my.netscape.com/rdf/simple/0.9/"

    init(reader: xmlTextReaderPtr, byValue: Bool) {
        self.byValue = byValue
        func intern(_ text: String) -> UnsafePointer<xmlChar>? {
            text.withCString { xmlTextReaderConstString(reader, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
        }
        if !byValue {
            for name in XMLLocalName.allCases {
                if let pointer = intern(name.rawValue) { names[pointer] = name }
            }
            for (uri, vocabulary) in XMLVocabulary.uris {
                if let pointer = intern(uri) { vocabularies[pointer] = vocabulary }
            }
        }
        atom03 = byValue ? nil : intern(Self.atom03URI)
        rss090 = byValue ? nil : intern(Self.rss090URI)
    }

    private static let namesByLowercase = Dictionary(XMLLocalName.allCases.map { ($0.rawValue.lowercased(), $0) },
                                                     uniquingKeysWith: { first, _ in first })

    /// `<Title>`, `<TiTlE>`: RSS generators that wrote names as they pleased. Only asked for an RSS
    /// name not found as written; a String is made only for one with a capital letter (most unknown
    /// names are lower case: `comments`, `category`), so a common feed pays a byte scan.
    func nameIgnoringCase(_ pointer: UnsafePointer<xmlChar>?) -> XMLLocalName? {
        guard let pointer else { return nil }
        var byte = pointer
        var hasCapital = false
        while byte.pointee != 0 {
            if byte.pointee >= UInt8(ascii: "A"), byte.pointee <= UInt8(ascii: "Z") {
                hasCapital = true
                break
            }
            byte += 1
        }
        guard hasCapital else { return nil }
        return Self.namesByLowercase[String(cString: pointer).lowercased()]
    }

    func name(_ pointer: UnsafePointer<xmlChar>?) -> XMLLocalName? {
        guard let pointer else { return nil }
        return byValue ? Self.namesByValue[String(cString: pointer)] : names[pointer]
    }

    func vocabulary(_ pointer: UnsafePointer<xmlChar>?) -> XMLVocabulary {
        guard let pointer else { return .core }
        return (byValue ? Self.vocabulariesByValue[String(cString: pointer)] : vocabularies[pointer]) ?? .other
    }

    func isAtom03(_ pointer: UnsafePointer<xmlChar>?) -> Bool { matches(pointer, atom03, Self.atom03URI) }
    func isRSS090(_ pointer: UnsafePointer<xmlChar>?) -> Bool { matches(pointer, rss090, Self.rss090URI) }

    private func matches(_ pointer: UnsafePointer<xmlChar>?, _ interned: UnsafePointer<xmlChar>?, _ value: String) -> Bool {
        guard let pointer else { return false }
        return byValue ? String(cString: pointer) == value : pointer == interned
    }
}
