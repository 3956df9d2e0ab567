import CXML2
import Foundation

/// A feed a web page links to with `<link rel="alternate" type="…">`.
public struct DiscoveredFeed: Sendable, Hashable {
    public var url: URL
    public var title: String?
    /// The link's media type, lowercased: `application/rss+xml`, `application/atom+xml`,
    /// `application/feed+json` or `application/json`.
    public var type: String

    public init(url: URL, title: String?, type: String) {
        self.url = url
        self.title = title
        self.type = type
    }
}

/// Finds the feeds a site's page announces, so that adding "example.org" adds its feed
/// (docs/feeds.md, "Discovery and OPML").
public enum FeedDiscovery {
    static let feedTypes: Set<String> = ["application/rss+xml", "application/atom+xml", "application/feed+json", "application/json"]

    /// The page's feed links in page order, resolved against its `<base href>` and `pageURL`,
    /// without repeats, at most `FeedFormatLimits.discoveredFeeds`.
    public static func feedLinks(inHTML data: Data, pageURL: URL) -> [DiscoveredFeed] {
        var found: [DiscoveredFeed] = []
        var seen: Set<URL> = []
        walk(data, pageURL: pageURL) { node, name, base in
            if xmlStrcasecmp(name, "link") == 0, let feed = feedLink(node, base: base), seen.insert(feed.url).inserted {
                found.append(feed)
            }
            return found.count < FeedFormatLimits.discoveredFeeds
        }
        return found
    }

    /// The picture a page names for sharing, which stands for an article without one in its feed:
    /// `<meta property="og:image">` (or `og:image:url`, `og:image:secure_url`), else
    /// `<meta name="twitter:image">`; resolved against the page, http(s) only (docs/feeds.md,
    /// "Pictures from the network"). Reads what it is given: the fetcher gives only the page's head.
    public static func sharedPicture(inHTML data: Data, pageURL: URL) -> URL? {
        var openGraph: URL?
        var twitter: URL?
        walk(data, pageURL: pageURL) { node, name, base in
            guard xmlStrcasecmp(name, "meta") == 0,
                  let content = LibXML.attribute(node, "content"), let url = FeedURLs.resolve(content, against: base) else { return true }
            let property = (LibXML.attribute(node, "property") ?? LibXML.attribute(node, "name"))?.lowercased()
            switch property {
            case "og:image", "og:image:url", "og:image:secure_url": openGraph = openGraph ?? url
            case "twitter:image", "twitter:image:src": twitter = twitter ?? url
            default: break
            }
            return openGraph == nil
        }
        return openGraph ?? twitter
    }

    /// The site's icon its page names: `<link rel="apple-touch-icon">` (a PNG of 180 px, sharp at any size
    /// Skiff draws), else a `rel="icon"` (or "shortcut icon") that is not an SVG — a PNG first; resolved
    /// against the page, http(s) only. nil: the page names none (the caller tries `/favicon.ico`).
    public static func iconLink(inHTML data: Data, pageURL: URL) -> URL? {
        var touch: URL?
        var icons: [(url: URL, png: Bool)] = []
        walk(data, pageURL: pageURL) { node, name, base in
            guard xmlStrcasecmp(name, "link") == 0, let rel = LibXML.attribute(node, "rel")?.lowercased(),
                  let href = LibXML.attribute(node, "href"), let url = FeedURLs.resolve(href, against: base) else { return true }
            let tokens = rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            let type = LibXML.attribute(node, "type")?.lowercased() ?? ""
            let path = url.path.lowercased()
            if tokens.contains("apple-touch-icon") || tokens.contains("apple-touch-icon-precomposed") {
                touch = touch ?? url
            } else if tokens.contains("icon"), type != "image/svg+xml", !path.hasSuffix(".svg") {
                icons.append((url, type == "image/png" || path.hasSuffix(".png")))
            }
            return touch == nil
        }
        return touch ?? icons.first(where: \.png)?.url ?? icons.first?.url
    }

    /// Visits every element of the page in document order with the base address in force (`<base href>`),
    /// until `visit` returns false.
    private static func walk(_ data: Data, pageURL: URL, _ visit: (xmlNodePtr, UnsafePointer<xmlChar>, URL) -> Bool) {
        guard data.count <= FeedFormatLimits.documentBytes, !data.isEmpty else { return }
        LibXML.prepare()
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_COMPACT.rawValue)
        let document = data.withUnsafeBytes { bytes in
            bytes.baseAddress.flatMap {
                htmlReadMemory($0.assumingMemoryBound(to: CChar.self), Int32(bytes.count), pageURL.absoluteString, nil, options)
            }
        }
        guard let document else { return }
        defer { xmlFreeDoc(document) }
        var base = pageURL
        // Depth-first over the tree without recursion: a page may nest deeply.
        var node = xmlDocGetRootElement(document)
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name {
                if xmlStrcasecmp(name, "base") == 0, let href = LibXML.attribute(current, "href"),
                   let url = URL(string: href.trimmingCharacters(in: .whitespaces), relativeTo: pageURL)?.absoluteURL {
                    base = url
                } else if !visit(current, name, base) {
                    return
                }
            }
            node = next(after: current)
        }
    }

    private static func feedLink(_ node: xmlNodePtr, base: URL) -> DiscoveredFeed? {
        guard let rel = LibXML.attribute(node, "rel")?.lowercased(),
              rel.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains("alternate"),
              let type = LibXML.attribute(node, "type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              feedTypes.contains(type),
              let href = LibXML.attribute(node, "href"), let url = FeedURLs.resolve(href, against: base) else { return nil }
        let title = LibXML.attribute(node, "title").map { HTMLText.collapsed($0, limit: FeedFormatLimits.feedTitleCharacters) }
        return DiscoveredFeed(url: url, title: title?.isEmpty == false ? title : nil, type: type)
    }

    private static func next(after node: xmlNodePtr) -> xmlNodePtr? {
        if let child = node.pointee.children, node.pointee.type == XML_ELEMENT_NODE { return child }
        var current: xmlNodePtr? = node
        while let here = current {
            if let sibling = here.pointee.next { return sibling }
            current = here.pointee.parent
            if current?.pointee.type != XML_ELEMENT_NODE { return nil }
        }
        return nil
    }
}
