import CXML2
import Foundation

/// RSS 0.9x, RSS 1.0, RSS 2.0 and Atom 1.0 (and 0.3) through libxml2's streaming reader:
/// network off, entities never substituted, no DTD loaded, libxml2's size and depth limits kept,
/// recovering from ill-formed input with its problems listed (docs/feeds.md).
struct XMLFeedReader {
    let node: XMLNodeAccess
    var reader: xmlTextReaderPtr { node.reader }
    var names: XMLNameTable { node.names }
    var feedURL: URL { node.feedURL }

    var format: ParsedFeed.Format?
    var isAtom = false
    /// The root's namespace when a `feed` root is in one Skiff does not know (Atom's drafts):
    /// its elements are read as Atom's.
    var foreignAtomNamespace: String?
    /// The element at each depth of the current path.
    var path: [(vocabulary: XMLVocabulary, name: XMLLocalName?)] = []

    var feedTitle = ""
    var feedTitleType = TextType.html
    /// RSS's `dc:title` of the channel: its title when it has no `title`.
    var feedDCTitle = ""
    var siteURL: URL?
    var channelImage: URL?
    var atomIcon: URL?
    var atomLogo: URL?
    var itunesImage: URL?
    var ttl: TimeInterval?
    var syPeriod: String?
    var syFrequency: String?

    var item: ItemState?
    var itemDepth = 0
    var capture: Field?
    var captureDepth = 0
    var captureBase: URL?
    /// The text being read is base64 (Atom 0.3's `mode="base64"`, Atom 1.0's non-text `type`).
    var captureBase64 = false
    var text: [UInt8] = []

    var collector: ArticleCollector
    /// Bytes of declared entities' text read so far (`internalEntity`).
    var entityBytes = 0
    var unreadableDates = 0
    var firstUnreadableDate: String?
    /// Notes on the document's dialect (Atom without its namespace, Atom 0.3), with their lines.
    var problemsFromReader: [(Int32, String)] = []

    enum TextType { case text, html, xhtml }

    enum Field {
        case feedTitle, feedDCTitle, feedLink, channelImage, ttl, syPeriod, syFrequency, atomIcon, atomLogo
        case title, link, description, contentEncoded, guid, pubDate, dcDate, rssAuthor, dcCreator, otherAuthor, dcTitle
        case published, issued, updated, atomSummary, atomContent, authorName
        case itunesTitle, mediaTitle, itunesSummary, itunesSubtitle, mediaDescription, dcDescription, fullitem
        case itunesDuration
    }

    struct ItemState {
        var title: String?
        var titleType = TextType.html
        var dcTitle: String?
        var link: URL?
        /// RSS's `<link>` text, resolved when the article is kept (`DraftLink`).
        var rssLink: (text: String, base: URL)?
        var atomAlternate: URL?
        var description: String?
        /// Other places feeds put an item's text: `dc:description`, an XHTML `body`, `fullitem`.
        var dcDescription: String?
        var xhtmlBody: String?
        var fullitem: String?
        var contentEncoded: String?
        var atomContent: String?
        var atomContentType = TextType.text
        var atomSummary: String?
        var atomSummaryType = TextType.text
        var guid: String?
        var guidIsPermaLink = true
        /// The base of the `id` / `guid` element, for a relative one.
        var guidBase: URL?
        var rdfAbout: String?
        var rssAuthor: String?
        var dcCreator: String?
        /// `dc:author`, `itunes:author`: read when neither `dc:creator` nor `author` is there.
        var otherAuthor: String?
        var authorName: String?
        var pubDate: Date?
        var dcDate: Date?
        var published: Date?
        /// Atom 0.3's `issued` and `created` (and `dcterms:issued`/`created`): after Atom 1.0's `published`.
        var issued: Date?
        var updated: Date?
        var media: [(url: URL, area: Int)] = []
        var enclosureImage: URL?
        /// The first enclosure that is not a picture (a podcast's audio, a video), from `enclosure`
        /// or `media:content`: the article's link when it has none.
        var enclosure: URL?
        /// The first audio or video file, whichever element gave it; its duration, when it has none
        /// of its own, is the item's `itunes:duration`.
        var mediaFile: ParsedMedia?
        var itunesDuration: TimeInterval?
        /// A podcast's or media feed's own title and summary, read when the item has none.
        var itunesTitle: String?
        var mediaTitle: String?
        var itunesSummary: String?
        var itunesSubtitle: String?
        var mediaDescription: String?
        var itunesImage: URL?
        var contentBase: URL?
    }


    // MARK: Reading

    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// Reads `bytes` (already bounded and, when UTF-8, valid); `encoding` overrides the document's
    /// own declaration (nil: the declaration, else UTF-8).
    ///
    /// libxml2's streaming reader stops at the first well-formedness error (it has no recovery),
    /// so an ill-formed feed is read a second time by the recovering tree parser and walked with
    /// the same code: only broken feeds pay for the tree (docs/feeds.md, "Formats").
    static func read(_ bytes: UnsafeRawBufferPointer, url: URL, encoding: String?, now: Date,
                     problems: inout ProblemList) -> Result<ParsedFeed, FeedFormatError> {
        LibXML.prepare()
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            return .failure(.notAFeed(.empty))
        }
        let hasXMLBase = containsXMLBase(bytes)
        // An encoding chosen here (the HTTP charset, or windows-1252 for a declared Latin-1) must
        // not be switched back by the declaration.
        let options = encoding == nil ? options : options | Int32(XML_PARSE_IGNORE_ENC.rawValue)
        let sink = ErrorSink()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue().add(error.pointee)
        }
        return withExtendedLifetime(sink) { () -> Result<ParsedFeed, FeedFormatError> in
            guard let streaming = xmlReaderForMemory(base, Int32(bytes.count), url.absoluteString, encoding, options) else {
                return .failure(.unreadable(line: nil, message: "libxml2 could not start reading"))
            }
            xmlTextReaderSetStructuredErrorHandler(streaming, handler, context)
            var state = XMLFeedReader(reader: streaming, byValue: false, url: url, hasXMLBase: hasXMLBase, now: now)
            var outcome = state.run()
            xmlFreeTextReader(streaming)
            if case .stoppedByError = outcome {
                // The recovering parse reports every problem again, and more.
                sink.problems.removeAll()
                // UTF-16 and UTF-32 have zero bytes around each ASCII one: not for a byte repair.
                let asciiCompatible = bytes.count >= 2 && bytes[0] != 0 && bytes[1] != 0 && bytes[0] != 0xFE && bytes[0] != 0xFF
                let repaired = asciiCompatible ? RecoveryRepair.repaired(bytes) : nil
                xmlSetStructuredErrorFunc(context, handler)
                let document = repaired.map { repaired in
                    repaired.bytes.withUnsafeBufferPointer { buffer in
                        buffer.baseAddress.flatMap {
                            xmlReadMemory(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                                          url.absoluteString, encoding, options)
                        }
                    }
                } ?? xmlReadMemory(base, Int32(bytes.count), url.absoluteString, encoding, options)
                xmlSetStructuredErrorFunc(nil, nil)
                if let line = repaired?.bareAmpersandLine { problems.add("An unescaped “&” was read as text", line: line) }
                guard let document else {
                    return .failure(unreadable(sink))
                }
                defer { xmlFreeDoc(document) }
                guard let walker = xmlReaderWalker(document) else { return .failure(unreadable(sink)) }
                defer { xmlFreeTextReader(walker) }
                state = XMLFeedReader(reader: walker, byValue: true, url: url, hasXMLBase: hasXMLBase, now: now)
                outcome = state.run()
            }
            for problem in sink.problems { problems.add(problem.message, line: problem.line) }
            if case let .notAFeed(kind) = outcome { return .failure(.notAFeed(kind)) }
            guard let format = state.format else { return .failure(unreadable(sink)) }
            return .success(state.finish(format: format, problems: &problems))
        }
    }

    static func unreadable(_ sink: ErrorSink) -> FeedFormatError {
        sink.problems.first.map { .unreadable(line: $0.line, message: $0.message) } ?? .notAFeed(.empty)
    }

    init(reader: xmlTextReaderPtr, byValue: Bool, url: URL, hasXMLBase: Bool, now: Date) {
        node = XMLNodeAccess(reader: reader, names: XMLNameTable(reader: reader, byValue: byValue), feedURL: url,
                             hasXMLBase: hasXMLBase)
        collector = ArticleCollector(now: now)
        path.reserveCapacity(32)
        text.reserveCapacity(4_096)
    }

    /// The text of an entity the document declares itself (`<!ENTITY id "tag:example.com,">`), when it
    /// is plain text: no markup, no reference to another entity (so no billion laughs), at most
    /// `FeedFormatLimits.entityCharacters` bytes, and all such texts together within
    /// `FeedFormatLimits.entityExpansion` bytes a document (docs/feeds.md, "Limits").
    mutating func internalEntity(_ name: UnsafePointer<xmlChar>) -> [UInt8]? {
        guard let document = xmlTextReaderCurrentDoc(reader), let entity = xmlGetDocEntity(document, name),
              entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let content = entity.pointee.content else { return nil }
        let length = Int(xmlStrlen(content))
        guard length <= FeedFormatLimits.entityCharacters, entityBytes + length <= FeedFormatLimits.entityExpansion else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: content, count: length))
        guard !bytes.contains(UInt8(ascii: "&")), !bytes.contains(UInt8(ascii: "<")) else { return nil }
        entityBytes += length
        return bytes
    }

    enum Outcome { case done, stoppedByError, notAFeed(FeedSniffer.Kind) }
    enum Advance { case read, skipSubtree, stop(FeedSniffer.Kind) }

    static let element = Int32(XML_READER_TYPE_ELEMENT.rawValue)
    static let endElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
    static let textNode = Int32(XML_READER_TYPE_TEXT.rawValue)
    static let cdata = Int32(XML_READER_TYPE_CDATA.rawValue)
    static let whitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
    static let significantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
    static let entityReference = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)

    mutating func run() -> Outcome {
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            var advance = Advance.read
            switch xmlTextReaderNodeType(reader) {
            case Self.element:
                let depth = Int(xmlTextReaderDepth(reader))
                advance = start(depth: depth)
                if case .read = advance, xmlTextReaderIsEmptyElement(reader) == 1 { end(depth: depth) }
            case Self.endElement:
                end(depth: Int(xmlTextReaderDepth(reader)))
            case Self.textNode, Self.cdata, Self.whitespace, Self.significantWhitespace:
                if capture != nil, let value = xmlTextReaderConstValue(reader) {
                    text.append(contentsOf: UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
                }
            case Self.entityReference:
                // Never expanded by libxml2 (no XML_PARSE_NOENT): HTML's names, which RSS 0.91
                // feeds use without declaring, are read from our own table; others stay as written
                // (`&doesnotexist;`), as the reference parser and a browser show them.
                if capture != nil, let name = xmlTextReaderConstName(reader) {
                    let key = Array(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
                    if let scalar = HTMLEntities.named[key] {
                        text.append(contentsOf: Array(String(scalar).utf8))
                    } else if let value = internalEntity(name) {
                        text.append(contentsOf: value)
                    } else {
                        text.append(UInt8(ascii: "&"))
                        text.append(contentsOf: key)
                        text.append(UInt8(ascii: ";"))
                    }
                }
            default:
                break
            }
            switch advance {
            case .read: status = xmlTextReaderRead(reader)
            case .skipSubtree: status = xmlTextReaderNext(reader)
            case let .stop(kind): return .notAFeed(kind)
            }
        }
        return status < 0 ? .stoppedByError : .done
    }
}
