import CXML2
import Foundation

/// RSS 0.9x, RSS 1.0, RSS 2.0 and Atom 1.0 (and 0.3) through libxml2's streaming reader:
/// network off, entities never substituted, no DTD loaded, libxml2's size and depth limits kept,
/// recovering from ill-formed input with its problems listed (docs/feeds.md).
struct XMLFeedReader {
    private let node: XMLNodeAccess
    private var reader: xmlTextReaderPtr { node.reader }
    private var names: XMLNameTable { node.names }
    private var feedURL: URL { node.feedURL }

    private var format: ParsedFeed.Format?
    private var isAtom = false
    /// The element at each depth of the current path.
    private var path: [(vocabulary: XMLVocabulary, name: XMLLocalName?)] = []

    private var feedTitle = ""
    private var feedTitleType = TextType.html
    private var siteURL: URL?
    private var channelImage: URL?
    private var atomIcon: URL?
    private var atomLogo: URL?
    private var itunesImage: URL?
    private var ttl: TimeInterval?
    private var syPeriod: String?
    private var syFrequency: String?

    private var item: ItemState?
    private var itemDepth = 0
    private var capture: Field?
    private var captureDepth = 0
    private var captureBase: URL?
    private var text: [UInt8] = []

    private var collector: ArticleCollector
    private var unreadableDates = 0
    private var firstUnreadableDate: String?

    enum TextType { case text, html, xhtml }

    private enum Field {
        case feedTitle, feedLink, channelImage, ttl, syPeriod, syFrequency, atomIcon, atomLogo
        case title, link, description, contentEncoded, guid, pubDate, dcDate, rssAuthor, dcCreator, dcTitle
        case published, updated, atomSummary, atomContent, authorName
    }

    private struct ItemState {
        var title: String?
        var titleType = TextType.html
        var dcTitle: String?
        var link: URL?
        var atomAlternate: URL?
        var description: String?
        var contentEncoded: String?
        var atomContent: String?
        var atomContentType = TextType.text
        var atomSummary: String?
        var atomSummaryType = TextType.text
        var guid: String?
        var guidIsPermaLink = true
        var rdfAbout: String?
        var rssAuthor: String?
        var dcCreator: String?
        var authorName: String?
        var pubDate: Date?
        var dcDate: Date?
        var published: Date?
        var updated: Date?
        var media: [(url: URL, area: Int)] = []
        var enclosureImage: URL?
        var itunesImage: URL?
        var contentBase: URL?
    }


    // MARK: Reading

    private static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOWARNING.rawValue
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

    private static func unreadable(_ sink: ErrorSink) -> FeedFormatError {
        sink.problems.first.map { .unreadable(line: $0.line, message: $0.message) } ?? .notAFeed(.empty)
    }

    private init(reader: xmlTextReaderPtr, byValue: Bool, url: URL, hasXMLBase: Bool, now: Date) {
        node = XMLNodeAccess(reader: reader, names: XMLNameTable(reader: reader, byValue: byValue), feedURL: url,
                             hasXMLBase: hasXMLBase)
        collector = ArticleCollector(now: now)
        path.reserveCapacity(32)
        text.reserveCapacity(4_096)
    }

    private enum Outcome { case done, stoppedByError, notAFeed(FeedSniffer.Kind) }
    private enum Advance { case read, skipSubtree, stop(FeedSniffer.Kind) }

    private static let element = Int32(XML_READER_TYPE_ELEMENT.rawValue)
    private static let endElement = Int32(XML_READER_TYPE_END_ELEMENT.rawValue)
    private static let textNode = Int32(XML_READER_TYPE_TEXT.rawValue)
    private static let cdata = Int32(XML_READER_TYPE_CDATA.rawValue)
    private static let whitespace = Int32(XML_READER_TYPE_WHITESPACE.rawValue)
    private static let significantWhitespace = Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue)
    private static let entityReference = Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue)

    private mutating func run() -> Outcome {
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
                // feeds use without declaring, are read from our own table; others are dropped.
                if capture != nil, let name = xmlTextReaderConstName(reader) {
                    let key = Array(UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
                    if let scalar = HTMLEntities.named[key] { text.append(contentsOf: Array(String(scalar).utf8)) }
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

    // MARK: Elements

    private mutating func start(depth: Int) -> Advance {
        let vocabularyPointer = xmlTextReaderConstNamespaceUri(reader)
        var vocabulary = names.vocabulary(vocabularyPointer)
        if isAtom, vocabulary == .atom { vocabulary = .core }
        let name = names.name(xmlTextReaderConstLocalName(reader))
        if path.count > depth { path.removeLast(path.count - depth) }
        path.append((vocabulary, name))

        if depth == 0 { return root(vocabulary: vocabulary, name: name, namespace: vocabularyPointer) }
        guard let name, vocabulary != .other else { return .read }
        let parent = depth >= 1 && path.count >= 2 ? path[path.count - 2] : (vocabulary: XMLVocabulary.other, name: nil)

        if item != nil {
            return itemElement(vocabulary: vocabulary, name: name, depth: depth, parent: parent)
        }
        switch (vocabulary, name) {
        case (.core, .item) where !isAtom, (.core, .entry) where isAtom:
            item = ItemState()
            itemDepth = depth
            if !isAtom, format == .rss10 || format == .rss090 {
                item?.rdfAbout = node.attributes([.about])[.about]
            }
            if format == .rss10, names.isRSS090(vocabularyPointer) { format = .rss090 }
            return .read
        case (.core, .channel):
            if format == .rss10, names.isRSS090(vocabularyPointer) { format = .rss090 }
            return .read
        default:
            break
        }
        let atFeedLevel = isAtom ? depth == 1 : parent.name == .channel && parent.vocabulary == .core
        if parent.vocabulary == .core, parent.name == .image, vocabulary == .core, name == .url {
            begin(.channelImage, depth: depth)
            return .read
        }
        guard atFeedLevel else { return .read }
        switch (vocabulary, name) {
        case (.core, .title):
            feedTitleType = isAtom ? node.textType() : .html
            if feedTitleType == .xhtml {
                feedTitle = node.innerXML()
                return .skipSubtree
            }
            begin(.feedTitle, depth: depth)
        case (.core, .link) where !isAtom:
            begin(.feedLink, depth: depth)
        case (.core, .link) where isAtom:
            let attributes = node.attributes([.rel, .href])
            if siteURL == nil, (attributes[.rel] ?? "alternate") == "alternate", let href = attributes[.href] {
                siteURL = FeedURLs.resolve(href, against: node.base())
            }
        case (.core, .icon): begin(.atomIcon, depth: depth)
        case (.core, .logo): begin(.atomLogo, depth: depth)
        case (.core, .ttl): begin(.ttl, depth: depth)
        case (.sy, .updatePeriod): begin(.syPeriod, depth: depth)
        case (.sy, .updateFrequency): begin(.syFrequency, depth: depth)
        case (.itunes, .image):
            if itunesImage == nil, let href = node.attributes([.href])[.href] { itunesImage = FeedURLs.resolve(href, against: node.base()) }
        default:
            break
        }
        return .read
    }

    private mutating func root(vocabulary: XMLVocabulary, name: XMLLocalName?,
                               namespace: UnsafePointer<xmlChar>?) -> Advance {
        switch (vocabulary, name) {
        case (.core, .rss):
            switch node.attributes([.version])[.version]?.trimmingCharacters(in: .whitespaces) {
            case "0.90": format = .rss090
            case "0.91": format = .rss091
            case "0.92", "0.93", "0.94": format = .rss092
            default: format = .rss20
            }
        case (.rdf, .RDF):
            format = .rss10
        case (.atom, .feed), (.core, .feed):
            format = .atom10
            isAtom = true
            path[0].vocabulary = .core
            if namespace == nil {
                problemsFromReader.append((xmlTextReaderGetParserLineNumber(reader), "An Atom feed without the Atom namespace, read as Atom 1.0"))
            } else if names.isAtom03(namespace) {
                problemsFromReader.append((xmlTextReaderGetParserLineNumber(reader), "An Atom 0.3 feed, read as Atom 1.0"))
            }
        default:
            let local = xmlTextReaderConstLocalName(reader).map { String(cString: $0).lowercased() } ?? ""
            return .stop(local == "html" ? .htmlPage : local == "svg" ? .image("image/svg+xml") : .other)
        }
        return .read
    }

    private var problemsFromReader: [(Int32, String)] = []

    private mutating func itemElement(vocabulary: XMLVocabulary, name: XMLLocalName, depth: Int,
                                      parent: (vocabulary: XMLVocabulary, name: XMLLocalName?)) -> Advance {
        switch (vocabulary, name) {
        case (.media, .content), (.media, .thumbnail):
            let attributes = node.attributes([.url, .type, .medium, .width, .height])
            guard let url = attributes[.url].flatMap({ FeedURLs.resolve($0, against: node.base()) }) else { return .read }
            if name == .thumbnail || Self.isImage(type: attributes[.type], medium: attributes[.medium], url: url) {
                let area = (attributes[.width].flatMap { Int($0) } ?? 0) * (attributes[.height].flatMap { Int($0) } ?? 0)
                item?.media.append((url, max(area, 0)))
            }
            return .read
        case (.core, .source) where isAtom:
            // Another feed's metadata: its title and links are not the entry's.
            return .skipSubtree
        case (.core, .name) where isAtom && parent.name == .author:
            begin(.authorName, depth: depth)
            return .read
        default:
            break
        }
        guard depth == itemDepth + 1 else { return .read }
        switch (vocabulary, name) {
        case (.core, .title):
            item?.titleType = isAtom ? node.textType() : .html
            if item?.titleType == .xhtml {
                item?.title = node.innerXML()
                return .skipSubtree
            }
            begin(.title, depth: depth)
        case (.core, .link) where !isAtom:
            begin(.link, depth: depth)
        case (.core, .link):
            let attributes = node.attributes([.rel, .href, .type])
            guard let href = attributes[.href], let url = FeedURLs.resolve(href, against: node.base()) else { break }
            switch attributes[.rel] ?? "alternate" {
            case "alternate":
                if item?.atomAlternate == nil || attributes[.type] == "text/html" && item?.link == nil {
                    item?.atomAlternate = url
                    if attributes[.type] == "text/html" { item?.link = url }
                }
            case "enclosure":
                if item?.enclosureImage == nil, Self.isImage(type: attributes[.type], medium: nil, url: url) {
                    item?.enclosureImage = url
                }
            default:
                break
            }
        case (.core, .description): begin(.description, depth: depth)
        case (.core, .guid):
            item?.guidIsPermaLink = node.attributes([.isPermaLink])[.isPermaLink]?.lowercased() != "false"
            begin(.guid, depth: depth)
        case (.core, .id): begin(.guid, depth: depth)
        case (.core, .pubDate): begin(.pubDate, depth: depth)
        case (.core, .author) where !isAtom: begin(.rssAuthor, depth: depth)
        case (.core, .published), (.core, .issued), (.core, .created): begin(.published, depth: depth)
        case (.core, .updated), (.core, .modified), (.dc, .modified): begin(.updated, depth: depth)
        case (.core, .summary):
            item?.atomSummaryType = node.textType()
            if item?.atomSummaryType == .xhtml {
                item?.atomSummary = node.innerXML()
                return .skipSubtree
            }
            begin(.atomSummary, depth: depth)
        case (.core, .content) where isAtom:
            let attributes = node.attributes([.type, .src])
            // Out-of-line content (`src`) is a link, not text to show.
            if attributes[.src] != nil { return .skipSubtree }
            item?.atomContentType = Self.textType(attributes[.type])
            item?.contentBase = node.base()
            if item?.atomContentType == .xhtml {
                item?.atomContent = node.innerXML()
                return .skipSubtree
            }
            begin(.atomContent, depth: depth)
        case (.core, .enclosure):
            let attributes = node.attributes([.url, .type])
            if item?.enclosureImage == nil, let url = attributes[.url].flatMap({ FeedURLs.resolve($0, against: node.base()) }),
               Self.isImage(type: attributes[.type], medium: nil, url: url) {
                item?.enclosureImage = url
            }
        case (.content, .encoded):
            item?.contentBase = node.base()
            begin(.contentEncoded, depth: depth)
        case (.dc, .creator): begin(.dcCreator, depth: depth)
        case (.dc, .date): begin(.dcDate, depth: depth)
        case (.dc, .title): begin(.dcTitle, depth: depth)
        case (.itunes, .image):
            if let href = node.attributes([.href])[.href] { item?.itunesImage = FeedURLs.resolve(href, against: node.base()) }
        default:
            break
        }
        return .read
    }

    private mutating func end(depth: Int) {
        if let field = capture, depth == captureDepth {
            capture = nil
            // Trimmed on the bytes: Foundation's trimming goes through UTF-16 and cost more than
            // the rest of the parse together (BENCHMARKS.md, feed-parse).
            var start = 0
            var end = text.count
            while start < end, HTMLText.isSpace(text[start]) { start += 1 }
            while end > start, HTMLText.isSpace(text[end - 1]) { end -= 1 }
            finishField(field, String(decoding: text[start..<end], as: UTF8.self))
        }
        if item != nil, depth == itemDepth {
            finishItem()
        }
    }

    private mutating func begin(_ field: Field, depth: Int) {
        capture = field
        captureDepth = depth
        text.removeAll(keepingCapacity: true)
    }

    /// `trimmed` has no white space at either end.
    private mutating func finishField(_ field: Field, _ trimmed: String) {
        let value = trimmed
        switch field {
        case .feedTitle: feedTitle = value
        case .feedLink: if siteURL == nil { siteURL = FeedURLs.resolve(trimmed, against: feedURL) }
        case .channelImage: if channelImage == nil { channelImage = FeedURLs.resolve(trimmed, against: node.base()) }
        case .atomIcon: atomIcon = FeedURLs.resolve(trimmed, against: node.base())
        case .atomLogo: atomLogo = FeedURLs.resolve(trimmed, against: node.base())
        case .ttl: ttl = Double(trimmed).flatMap { $0 > 0 ? $0 * 60 : nil }
        case .syPeriod: syPeriod = trimmed.lowercased()
        case .syFrequency: syFrequency = trimmed
        case .title: item?.title = value
        case .dcTitle: item?.dcTitle = value
        case .link: if item?.link == nil { item?.link = FeedURLs.resolve(trimmed, against: node.base()) }
        case .description: item?.description = value
        case .contentEncoded: item?.contentEncoded = value
        case .atomContent: item?.atomContent = value
        case .atomSummary: item?.atomSummary = value
        case .guid: if item?.guid == nil, !trimmed.isEmpty { item?.guid = String(trimmed.prefix(FeedFormatLimits.guidCharacters)) }
        case .rssAuthor: item?.rssAuthor = trimmed
        case .dcCreator: item?.dcCreator = trimmed
        case .authorName: if item?.authorName == nil { item?.authorName = trimmed }
        case .pubDate:
            let value = date(trimmed)
            item?.pubDate = value
        case .dcDate:
            let value = date(trimmed)
            item?.dcDate = value
        case .published:
            let value = date(trimmed)
            if item?.published == nil { item?.published = value }
        case .updated:
            let value = date(trimmed)
            if item?.updated == nil { item?.updated = value }
        }
    }

    private mutating func date(_ text: String) -> Date? {
        guard !text.isEmpty else { return nil }
        if let date = FeedDates.parse(text) { return date }
        unreadableDates += 1
        if firstUnreadableDate == nil { firstUnreadableDate = String(text.prefix(60)) }
        return nil
    }

    // MARK: Items

    private mutating func finishItem() {
        guard let state = item else { return }
        item = nil
        capture = nil
        var draft = ArticleDraft()
        draft.titleSource = state.title ?? state.dcTitle ?? ""
        draft.titleIsHTML = state.titleType != .text
        if isAtom {
            draft.contentHTML = Self.html(state.atomContent, state.atomContentType) ?? Self.html(state.atomSummary, state.atomSummaryType)
            draft.summarySource = Self.html(state.atomSummary, state.atomSummaryType) ?? draft.contentHTML
            draft.guid = state.guid
            draft.link = state.link ?? state.atomAlternate
            draft.author = state.authorName
            draft.published = state.published
            draft.updated = state.updated
        } else {
            draft.contentHTML = Self.nonEmpty(state.contentEncoded) ?? Self.nonEmpty(state.description)
            draft.summarySource = Self.nonEmpty(state.description) ?? draft.contentHTML
            draft.guid = state.guid ?? state.rdfAbout.map { String($0.prefix(FeedFormatLimits.guidCharacters)) }
            draft.link = state.link
                ?? (state.guidIsPermaLink ? state.guid.flatMap { FeedURLs.resolve($0, against: nil) } : nil)
            draft.author = state.dcCreator ?? state.rssAuthor.map(Self.rssAuthorName)
            draft.published = state.pubDate ?? state.dcDate
            draft.updated = state.updated
        }
        draft.imageURL = Self.largest(state.media) ?? state.enclosureImage ?? state.itunesImage
        draft.contentBase = state.contentBase ?? feedURL
        collector.add(draft)
    }

    private mutating func finish(format: ParsedFeed.Format, problems: inout ProblemList) -> ParsedFeed {
        if item != nil { finishItem() }
        for (line, message) in problemsFromReader { problems.add(message, line: Int(line)) }
        if unreadableDates > 0, let example = firstUnreadableDate {
            problems.add("\(unreadableDates) \(unreadableDates == 1 ? "date" : "dates") could not be read (\"\(example)\")")
        }
        let title = feedTitleType == .text
            ? HTMLText.collapsed(feedTitle, limit: FeedFormatLimits.feedTitleCharacters)
            : HTMLText.plainText(feedTitle, limit: FeedFormatLimits.feedTitleCharacters)
        let articles = collector.finish(problems: &problems)
        return ParsedFeed(format: format, title: title, siteURL: siteURL,
                          iconURL: atomIcon ?? atomLogo ?? channelImage ?? itunesImage,
                          suggestedInterval: ttl ?? syndicationInterval(), articles: articles)
    }

    /// `sy:updatePeriod` divided by `sy:updateFrequency` (RSS 1.0's syndication module; the
    /// period defaults to daily and the frequency to 1).
    private func syndicationInterval() -> TimeInterval? {
        guard syPeriod != nil || syFrequency != nil else { return nil }
        let period: TimeInterval
        switch syPeriod ?? "daily" {
        case "hourly": period = 3_600
        case "weekly": period = 7 * 86_400
        case "monthly": period = 30 * 86_400
        case "yearly": period = 365 * 86_400
        default: period = 86_400
        }
        let frequency = syFrequency.flatMap { Double($0) }.flatMap { $0 >= 1 ? $0 : nil } ?? 1
        return period / frequency
    }

    // MARK: Helpers

    /// Whether `xml:base` occurs in `bytes`: it is rare, and resolving each link against the node's
    /// base costs a walk up the tree, so only documents that use it pay for it. Found from each
    /// colon (memchr), a few per item.
    private static func containsXMLBase(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let start = bytes.baseAddress, bytes.count >= 8 else { return false }
        let colon = Int32(UInt8(ascii: ":"))
        var offset = 3
        while offset < bytes.count - 4, let hit = memchr(start + offset, colon, bytes.count - offset) {
            let i = start.distance(to: UnsafeRawPointer(hit))
            if i + 4 < bytes.count, bytes[i - 3] == UInt8(ascii: "x"), bytes[i - 2] == UInt8(ascii: "m"), bytes[i - 1] == UInt8(ascii: "l"),
               bytes[i + 1] == UInt8(ascii: "b"), bytes[i + 2] == UInt8(ascii: "a"), bytes[i + 3] == UInt8(ascii: "s"),
               bytes[i + 4] == UInt8(ascii: "e") {
                return true
            }
            offset = i + 1
        }
        return false
    }

    static func textType(_ type: String?) -> TextType {
        switch type?.lowercased() {
        case "html", "text/html": return .html
        case "xhtml", "application/xhtml+xml": return .xhtml
        default: return .text
        }
    }

    private static func html(_ value: String?, _ type: TextType) -> String? {
        guard let value = nonEmpty(value) else { return nil }
        return type == .text ? HTMLText.escapedParagraphs(value) : value
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, value.contains(where: { !$0.isWhitespace }) else { return nil }
        return value
    }

    /// RSS's `author` is an e-mail address, "joe@example.com (Joe Bloggs)": the name when given.
    private static func rssAuthorName(_ author: String) -> String {
        if let open = author.firstIndex(of: "("), let close = author.lastIndex(of: ")"), open < close {
            return String(author[author.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
        }
        return author
    }

    private static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp", "avif"]

    static func isImage(type: String?, medium: String?, url: URL) -> Bool {
        if let medium { return medium.lowercased() == "image" }
        if let type { return type.lowercased().hasPrefix("image/") }
        return imageExtensions.contains(url.pathExtension.lowercased())
    }

    /// The largest by declared area; the first when none declares one.
    private static func largest(_ media: [(url: URL, area: Int)]) -> URL? {
        var best: (url: URL, area: Int)?
        for candidate in media where best == nil || candidate.area > best?.area ?? 0 { best = candidate }
        return best?.url
    }
}

/// What the reader's current node says, apart from the reader's own state (so that reading a node
/// while filling in the item is not an overlapping access).
private struct XMLNodeAccess {
    let reader: xmlTextReaderPtr
    let names: XMLNameTable
    let feedURL: URL
    let hasXMLBase: Bool

    /// The attributes of the current element that are in `wanted`, by local name.
    func attributes(_ wanted: Set<XMLLocalName>) -> [XMLLocalName: String] {
        var values: [XMLLocalName: String] = [:]
        guard xmlTextReaderHasAttributes(reader) == 1 else { return values }
        var status = xmlTextReaderMoveToFirstAttribute(reader)
        while status == 1 {
            if let name = names.name(xmlTextReaderConstLocalName(reader)), wanted.contains(name), values[name] == nil,
               let value = xmlTextReaderConstValue(reader) {
                values[name] = String(cString: value)
            }
            status = xmlTextReaderMoveToNextAttribute(reader)
        }
        xmlTextReaderMoveToElement(reader)
        return values
    }

    /// Atom's `type` of a text construct.
    func textType() -> XMLFeedReader.TextType { XMLFeedReader.textType(attributes([.type])[.type]) }

    /// The current element's children as XML (Atom's `type="xhtml"`).
    func innerXML() -> String {
        guard let inner = xmlTextReaderReadInnerXml(reader) else { return "" }
        defer { skiff_xml_free(inner) }
        return String(cString: inner)
    }

    /// The current node's base: its `xml:base` chain over the feed's address.
    func base() -> URL {
        guard hasXMLBase, let uri = xmlTextReaderBaseUri(reader) else { return feedURL }
        defer { skiff_xml_free(uri) }
        return URL(string: String(cString: uri)) ?? feedURL
    }
}

/// libxml2's errors during one parse, with their lines.
private final class ErrorSink {
    var problems: [FeedFormatProblem] = []

    func add(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, problems.count < FeedFormatLimits.problemsKept else { return }
        let message = error.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.code)"
        problems.append(FeedFormatProblem(line: error.line > 0 ? Int(error.line) : nil, message: message))
    }
}
