import CXML2
import Foundation

/// Each element met: which field of the feed or the item it fills (RSS, RDF, Atom and their modules).
extension XMLFeedReader {

    mutating func start(depth: Int) -> Advance {
        let vocabularyPointer = xmlTextReaderConstNamespaceUri(reader)
        var vocabulary = names.vocabulary(vocabularyPointer)
        if isAtom, vocabulary == .atom { vocabulary = .core }
        if vocabulary == .other, let foreign = foreignAtomNamespace, let uri = vocabularyPointer,
           strcmp(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), foreign) == 0 {
            vocabulary = .core
        }
        var name = names.name(xmlTextReaderConstLocalName(reader))
        if name == nil, vocabulary == .core, !isAtom {
            name = names.nameIgnoringCase(xmlTextReaderConstLocalName(reader))
        }
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
            if format == .cdf {
                // CDF's item: its page and date are attributes.
                item?.link = node.attribute("HREF").flatMap { FeedURLs.resolve($0, against: node.base()) }
                if let modified = node.attribute("LASTMOD") {
                    let value = date(modified)
                    item?.updated = value
                }
            }
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
            feedTitleType = isAtom ? Self.atom03Mode(node, node.textType()) : .html
            if feedTitleType == .xhtml {
                feedTitle = node.innerXML()
                return .skipSubtree
            }
            begin(.feedTitle, depth: depth)
            if isAtom { captureBase64 = node.isBase64() }
        case (.core, .link) where !isAtom:
            begin(.feedLink, depth: depth)
        case (.dc, .title) where !isAtom:
            begin(.feedDCTitle, depth: depth)
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

    mutating func root(vocabulary: XMLVocabulary, name: XMLLocalName?,
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
        case (.core, .channel):
            // A CHANNEL root is CDF: TITLE, ABSTRACT and ITEMs, read as RSS 0.9x's names in any case.
            format = .cdf
            siteURL = node.attribute("HREF").flatMap { FeedURLs.resolve($0, against: node.base()) }
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
            if local == "feed", let namespace {
                // Atom's drafts and forks named their own namespaces (`http://purl.org/pie/`, Echo's):
                // a `feed` root is Atom whatever its namespace, as the reference parser reads it.
                format = .atom10
                isAtom = true
                path[0].vocabulary = .core
                foreignAtomNamespace = String(cString: namespace)
                problemsFromReader.append((xmlTextReaderGetParserLineNumber(reader),
                                           "An Atom feed in an unknown namespace (\(String(cString: namespace).prefix(80))), read as Atom 1.0"))
                return .read
            }
            return .stop(local == "html" ? .htmlPage : local == "svg" ? .image("image/svg+xml") : .other)
        }
        return .read
    }

    mutating func itemElement(vocabulary: XMLVocabulary, name: XMLLocalName, depth: Int,
                                      parent: (vocabulary: XMLVocabulary, name: XMLLocalName?)) -> Advance {
        switch (vocabulary, name) {
        case (.media, .content), (.media, .thumbnail):
            let attributes = node.attributes([.url, .type, .medium, .width, .height, .duration])
            guard let url = attributes[.url].flatMap({ FeedURLs.resolve($0, against: node.base()) }) else { return .read }
            if name == .thumbnail || Self.isImage(type: attributes[.type], medium: attributes[.medium], url: url) {
                let area = (attributes[.width].flatMap { Int($0) } ?? 0) * (attributes[.height].flatMap { Int($0) } ?? 0)
                item?.media.append((url, max(area, 0)))
            } else {
                if item?.enclosure == nil { item?.enclosure = url }
                if item?.mediaFile == nil {
                    item?.mediaFile = MediaFile.media(url: url, type: attributes[.type], medium: attributes[.medium],
                                                      duration: attributes[.duration].flatMap(MediaFile.duration))
                }
            }
            return .read
        // Also inside `media:group`, at any depth.
        case (.media, .title):
            begin(.mediaTitle, depth: depth)
            return .read
        case (.media, .description):
            begin(.mediaDescription, depth: depth)
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
            item?.titleType = isAtom ? Self.atom03Mode(node, node.textType()) : .html
            if item?.titleType == .xhtml {
                item?.title = node.innerXML()
                return .skipSubtree
            }
            begin(.title, depth: depth)
            if isAtom { captureBase64 = node.isBase64() }
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
                if Self.isImage(type: attributes[.type], medium: nil, url: url) {
                    if item?.enclosureImage == nil { item?.enclosureImage = url }
                } else {
                    if item?.enclosure == nil { item?.enclosure = url }
                    if item?.mediaFile == nil { item?.mediaFile = MediaFile.media(url: url, type: attributes[.type]) }
                }
            default:
                break
            }
        case (.core, .description): begin(.description, depth: depth)
        case (.core, .abstract) where format == .cdf: begin(.description, depth: depth)
        case (.dc, .description): begin(.dcDescription, depth: depth)
        case (.xhtml, .body) where !isAtom, (.core, .body) where !isAtom:
            if item?.xhtmlBody == nil { item?.xhtmlBody = node.innerXML() }
            return .skipSubtree
        case (.core, .fullitem): begin(.fullitem, depth: depth)
        case (.core, .guid):
            item?.guidIsPermaLink = node.attributes([.isPermaLink])[.isPermaLink]?.lowercased() != "false"
            if item?.guid == nil { item?.guidBase = node.base() }
            begin(.guid, depth: depth)
        case (.core, .id):
            if item?.guid == nil { item?.guidBase = node.base() }
            begin(.guid, depth: depth)
        case (.core, .pubDate): begin(.pubDate, depth: depth)
        case (.core, .author) where !isAtom: begin(.rssAuthor, depth: depth)
        case (.core, .published): begin(.published, depth: depth)
        case (.core, .issued), (.core, .created): begin(.issued, depth: depth)
        case (.core, .updated), (.core, .modified), (.dc, .modified): begin(.updated, depth: depth)
        case (.core, .summary):
            item?.atomSummaryType = Self.atom03Mode(node, node.textType())
            if item?.atomSummaryType == .xhtml {
                item?.atomSummary = node.innerXML()
                return .skipSubtree
            }
            begin(.atomSummary, depth: depth)
            captureBase64 = node.isBase64()
        case (.core, .content) where isAtom:
            let attributes = node.attributes([.type, .src, .mode])
            // Out-of-line content (`src`) is a link, not text to show.
            if attributes[.src] != nil { return .skipSubtree }
            item?.atomContentType = Self.atom03Mode(node, Self.textType(attributes[.type]))
            item?.contentBase = node.base()
            if item?.atomContentType == .xhtml {
                item?.atomContent = node.innerXML()
                return .skipSubtree
            }
            begin(.atomContent, depth: depth)
            captureBase64 = node.isBase64()
        case (.core, .enclosure):
            let attributes = node.attributes([.url, .type])
            if let url = attributes[.url].flatMap({ FeedURLs.resolve($0, against: node.base()) }) {
                if Self.isImage(type: attributes[.type], medium: nil, url: url) {
                    if item?.enclosureImage == nil { item?.enclosureImage = url }
                } else {
                    if item?.enclosure == nil { item?.enclosure = url }
                    if item?.mediaFile == nil { item?.mediaFile = MediaFile.media(url: url, type: attributes[.type]) }
                }
            }
        case (.itunes, .title): begin(.itunesTitle, depth: depth)
        case (.itunes, .summary): begin(.itunesSummary, depth: depth)
        case (.itunes, .subtitle): begin(.itunesSubtitle, depth: depth)
        case (.itunes, .duration): begin(.itunesDuration, depth: depth)
        case (.content, .encoded):
            item?.contentBase = node.base()
            begin(.contentEncoded, depth: depth)
        case (.dc, .creator): begin(.dcCreator, depth: depth)
        case (.dc, .author), (.itunes, .author): begin(.otherAuthor, depth: depth)
        case (.dc, .date): begin(.dcDate, depth: depth)
        // Dublin Core terms in RSS (`dcterms:issued`, `dcterms:created`).
        case (.dc, .issued), (.dc, .created): begin(.issued, depth: depth)
        case (.dc, .title): begin(.dcTitle, depth: depth)
        case (.itunes, .image):
            if let href = node.attributes([.href])[.href] { item?.itunesImage = FeedURLs.resolve(href, against: node.base()) }
        default:
            break
        }
        return .read
    }

    mutating func end(depth: Int) {
        if let field = capture, depth == captureDepth {
            capture = nil
            // Trimmed on the bytes: Foundation's trimming goes through UTF-16 and cost more than
            // the rest of the parse together (BENCHMARKS.md, feed-parse).
            var start = 0
            var end = text.count
            while start < end, HTMLText.isSpace(text[start]) { start += 1 }
            while end > start, HTMLText.isSpace(text[end - 1]) { end -= 1 }
            let value = String(decoding: text[start..<end], as: UTF8.self)
            finishField(field, captureBase64 ? Self.base64Text(value) : value)
        }
        if item != nil, depth == itemDepth {
            finishItem()
        }
    }

    mutating func begin(_ field: Field, depth: Int) {
        capture = field
        captureDepth = depth
        captureBase64 = false
        text.removeAll(keepingCapacity: true)
    }

    /// `trimmed` has no white space at either end.
    mutating func finishField(_ field: Field, _ trimmed: String) {
        let value = trimmed
        switch field {
        case .feedTitle: feedTitle = value
        case .feedDCTitle: if feedDCTitle.isEmpty { feedDCTitle = value }
        case .feedLink: if siteURL == nil { siteURL = FeedURLs.resolve(trimmed, against: feedURL) }
        case .channelImage: if channelImage == nil { channelImage = FeedURLs.resolve(trimmed, against: node.base()) }
        case .atomIcon: atomIcon = FeedURLs.resolve(trimmed, against: node.base())
        case .atomLogo: atomLogo = FeedURLs.resolve(trimmed, against: node.base())
        case .ttl: ttl = Double(trimmed).flatMap { $0 > 0 ? $0 * 60 : nil }
        case .syPeriod: syPeriod = trimmed.lowercased()
        case .syFrequency: syFrequency = trimmed
        case .title: item?.title = value
        case .dcTitle: item?.dcTitle = value
        case .link: if item?.rssLink == nil, !trimmed.isEmpty { item?.rssLink = (trimmed, node.base()) }
        case .description: item?.description = value
        case .contentEncoded: item?.contentEncoded = value
        case .atomContent: item?.atomContent = value
        case .atomSummary: item?.atomSummary = value
        case .dcDescription: if item?.dcDescription == nil, !trimmed.isEmpty { item?.dcDescription = trimmed }
        case .fullitem: if item?.fullitem == nil, !trimmed.isEmpty { item?.fullitem = trimmed }
        case .guid: if item?.guid == nil, !trimmed.isEmpty { item?.guid = String(trimmed.prefix(FeedFormatLimits.guidCharacters)) }
        // When an element repeats, the first wins (a second dc:creator is a co-author).
        case .rssAuthor: if item?.rssAuthor == nil, !trimmed.isEmpty { item?.rssAuthor = trimmed }
        case .dcCreator: if item?.dcCreator == nil, !trimmed.isEmpty { item?.dcCreator = trimmed }
        case .otherAuthor: if item?.otherAuthor == nil, !trimmed.isEmpty { item?.otherAuthor = trimmed }
        case .authorName: if item?.authorName == nil { item?.authorName = trimmed }
        case .itunesTitle: if item?.itunesTitle == nil, !trimmed.isEmpty { item?.itunesTitle = trimmed }
        case .mediaTitle: if item?.mediaTitle == nil, !trimmed.isEmpty { item?.mediaTitle = trimmed }
        case .itunesSummary: if item?.itunesSummary == nil, !trimmed.isEmpty { item?.itunesSummary = trimmed }
        case .itunesSubtitle: if item?.itunesSubtitle == nil, !trimmed.isEmpty { item?.itunesSubtitle = trimmed }
        case .mediaDescription: if item?.mediaDescription == nil, !trimmed.isEmpty { item?.mediaDescription = trimmed }
        case .itunesDuration: if item?.itunesDuration == nil { item?.itunesDuration = MediaFile.duration(trimmed) }
        case .pubDate:
            let value = date(trimmed)
            if item?.pubDate == nil { item?.pubDate = value }
        case .dcDate:
            let value = date(trimmed)
            if item?.dcDate == nil { item?.dcDate = value }
        case .published:
            let value = date(trimmed)
            if item?.published == nil { item?.published = value }
        case .issued:
            let value = date(trimmed)
            if item?.issued == nil { item?.issued = value }
        case .updated:
            let value = date(trimmed)
            if item?.updated == nil { item?.updated = value }
        }
    }

    mutating func date(_ text: String) -> Date? {
        guard !text.isEmpty else { return nil }
        if let date = FeedDates.parse(text) { return date }
        unreadableDates += 1
        if firstUnreadableDate == nil { firstUnreadableDate = String(text.prefix(60)) }
        return nil
    }
}
