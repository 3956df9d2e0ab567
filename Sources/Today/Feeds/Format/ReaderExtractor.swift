import CXML2
import Foundation

/// Reader View: the article of a web page, found by scoring its blocks by how much prose they hold
/// (the approach of Mozilla's Readability, which GNOME Web's reader mode runs; our own code), then
/// written out through `ArticleSanitiser` so a story shows it as it shows a feed's content. The
/// scoring, the limits and the decisions: docs/feeds.md, "Reader View".
public enum ReaderExtractor {
    /// Bytes of page read (docs/feeds.md "Reader View": 5 MB); a larger page is refused, and the
    /// fetcher stops reading there.
    public static let maximumPageBytes = 5 * 1024 * 1024
    /// Characters of text below which what was found is not an article (docs/feeds.md).
    public static let minimumArticleCharacters = 200
    /// Elements deeper than this are not looked into: libxml2's HTML parser stops building the
    /// tree at 256 anyway (docs/feeds.md), and the walks recurse once per level.
    static let maximumDepth = FeedFormatLimits.elementDepth

    public struct Article: Sendable, Hashable {
        public var title: String?
        public var byline: String?
        /// The article, sanitised (ArticleSanitiser): what is stored and shown.
        public var html: String
        public var paragraphs: [String]
        /// The article was longer than the sanitiser reads (`ArticleSanitiser.maximumInputBytes`) and was cut.
        public var truncated: Bool
    }

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case empty
        case noArticle

        public var description: String {
            switch self {
            case .tooLarge(let bytes):
                "the page is \(bytes / 1_048_576) MB, more than the \(ReaderExtractor.maximumPageBytes / 1_048_576) MB Reader View reads"
            case .empty: "the page is empty"
            case .noArticle: "no article was found on the page"
            }
        }
    }

    /// The article of `data` (an HTML page fetched from `url`, whose HTTP `charset` is given if any).
    public static func extract(_ data: Data, url: URL?, httpCharset: String? = nil) -> Result<Article, Failure> {
        guard data.count <= maximumPageBytes else { return .failure(.tooLarge(bytes: data.count)) }
        guard data.contains(where: { !HTMLText.isSpace($0) }), let document = ReaderPage.parse(data, url: url, httpCharset: httpCharset),
              let root = xmlDocGetRootElement(document) else {
            return .failure(.empty)
        }
        defer { xmlFreeDoc(document) }
        let metadata = ReaderMetadata.read(root)
        // First with the unlikely blocks (comments, sidebars, menus by their class or id) taken out;
        // a page whose article itself wears such a name gets a second, trusting pass.
        var best: Article?
        for strict in [true, false] {
            var scoring = ReaderScoring(root: root, strict: strict)
            guard let chosen = scoring.choose() else { continue }
            let html = ReaderWriter.write(chosen, scoring: scoring, title: metadata.title)
            let sanitised = ArticleSanitiser.sanitise(html, base: url)
            let article = Article(title: metadata.title, byline: metadata.byline, html: sanitised.html, paragraphs: sanitised.paragraphs,
                                  truncated: sanitised.truncated)
            if best.map({ $0.characters < article.characters }) ?? true { best = article }
            if article.characters >= ReaderScoring.retryBelowCharacters { break }
        }
        guard let best, best.characters >= minimumArticleCharacters else { return .failure(.noArticle) }
        return .success(best)
    }
}

extension ReaderExtractor.Article {
    var characters: Int { paragraphs.reduce(0) { $0 + $1.count } }
}

/// The page's title and author, from its metadata or its headings.
struct ReaderMetadata {
    var title: String?
    var byline: String?

    static func read(_ root: xmlNodePtr) -> ReaderMetadata {
        var documentTitle: String?, ogTitle: String?, author: String?, bylineText: String?
        var headings: [String] = []
        ReaderTree.forEach(root) { node, _ in
            let name = ReaderTree.name(node)
            switch name {
            case "title" where documentTitle == nil:
                documentTitle = ReaderTree.text(node)
            case "meta":
                let key = (LibXML.attribute(node, "property") ?? LibXML.attribute(node, "name"))?.lowercased()
                let content = LibXML.attribute(node, "content").map { HTMLText.collapsed($0, limit: FeedFormatLimits.titleCharacters) }
                if key == "og:title", ogTitle == nil { ogTitle = content }
                if key == "author" || key == "article:author", author == nil, content?.contains("://") == false { author = content }
            case "h1":
                if headings.count < 4 { headings.append(ReaderTree.text(node)) }
            default:
                if bylineText == nil, LibXML.attribute(node, "rel")?.lowercased() == "author"
                    || ReaderTree.hints(node).contains("byline") {
                    let text = ReaderTree.text(node)
                    if !text.isEmpty, text.count < 100 { bylineText = text }
                }
            }
            return true
        }
        // A site's <title> is "Headline | Site": the page's own h1 (or og:title) is the headline.
        let title = headings.first { !$0.isEmpty && (documentTitle?.contains($0) ?? false) }
            ?? ogTitle?.nilIfEmpty
            ?? documentTitle.map(stripSiteName)?.nilIfEmpty
            ?? headings.first?.nilIfEmpty
        let byline = (author ?? bylineText).map { HTMLText.collapsed($0, limit: FeedFormatLimits.feedTitleCharacters) }
        return ReaderMetadata(title: title.map { HTMLText.collapsed($0, limit: FeedFormatLimits.titleCharacters) }, byline: byline)
    }

    /// "Headline | Site" or "Headline – Site" → "Headline", unless that leaves too little.
    static func stripSiteName(_ title: String) -> String {
        for separator in [" | ", " – ", " — ", " - ", " :: ", " » "] {
            if let range = title.range(of: separator, options: .backwards) {
                let head = String(title[..<range.lowerBound])
                if head.split(separator: " ").count >= 3 { return head }
            }
        }
        return title
    }
}

/// Walks over libxml2's tree, with the depth bound every walk keeps.
enum ReaderTree {
    /// Calls `body` for each element under and including `node`, depth-first, in document order;
    /// `body` returns whether to look inside.
    static func forEach(_ node: xmlNodePtr, depth: Int = 0, _ body: (xmlNodePtr, Int) -> Bool) {
        guard node.pointee.type == XML_ELEMENT_NODE, depth < ReaderExtractor.maximumDepth, body(node, depth) else { return }
        var child = node.pointee.children
        while let current = child {
            forEach(current, depth: depth + 1, body)
            child = current.pointee.next
        }
    }

    static func name(_ node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
    }

    /// The element's text with white space collapsed (scripts and styles left out).
    static func text(_ node: xmlNodePtr) -> String {
        var out = ""
        appendText(node, to: &out, depth: 0)
        return HTMLText.collapsed(out, limit: 100_000)
    }

    private static func appendText(_ node: xmlNodePtr, to out: inout String, depth: Int) {
        guard depth < ReaderExtractor.maximumDepth else { return }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                out += String(cString: content)
            } else if current.pointee.type == XML_ELEMENT_NODE, !["script", "style", "noscript", "template"].contains(name(current)) {
                out += " "
                appendText(current, to: &out, depth: depth + 1)
            }
            child = current.pointee.next
        }
    }

    /// The element's class and id, lower-cased, for the name hints.
    static func hints(_ node: xmlNodePtr) -> String {
        let classes = LibXML.attribute(node, "class") ?? ""
        let id = LibXML.attribute(node, "id") ?? ""
        return (classes + " " + id).lowercased()
    }
}
