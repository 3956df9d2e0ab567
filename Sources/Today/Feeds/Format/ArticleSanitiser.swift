import CXML2
import Foundation

/// An article's HTML as a story may show it: what was published, parsed by libxml2's forgiving HTML
/// parser and written out again from an allow-list, so nothing that runs, loads a frame, submits,
/// styles from afar or tracks the reader survives; and the same content as paragraphs of text.
/// The rules and limits: docs/feeds.md "Cards and stories".
public enum ArticleSanitiser {
    /// Bytes of HTML read per article; the rest is left out (and `truncated` says so). An article
    /// longer than this is a book, or an attack.
    public static let maximumInputBytes = 1_000_000
    /// Elements nested deeper than this are flattened into their text (libxml2 refuses deeper
    /// than 256 anyway; this keeps the walk's recursion small on any stack).
    public static let maximumDepth = 128

    public struct Result: Sendable, Hashable {
        /// Well-formed HTML of allowed elements and attributes only; links and pictures absolute,
        /// pictures lazy and sent without a referrer.
        public var html: String
        /// The text, one string per block (paragraph, heading, list item, quote…).
        public var paragraphs: [String]
        /// Whether the input was longer than `maximumInputBytes` and cut.
        public var truncated: Bool
        /// The pictures a story shows between its paragraphs (http(s) only, at most
        /// `maximumPictures`, none that declares itself smaller than `minimumPictureSide`).
        public var pictures: [Picture] = []
    }

    /// A picture of the article, placed after `afterParagraph` paragraphs of the text.
    public struct Picture: Sendable, Hashable {
        public var address: String
        public var alternative: String?
        /// What the article declares (`width`, `height`), in CSS pixels: the shape shown until it is decoded.
        public var width: Int?
        public var height: Int?
        public var afterParagraph: Int
    }

    /// Pictures a story shows at most; the rest of the article's are left out (docs/feeds.md).
    public static let maximumPictures = 20
    /// A picture declared narrower or lower than this is a spacer or a tracking pixel, not shown.
    public static let minimumPictureSide = 32

    /// Kept, with their allowed attributes (besides the global `title`, `lang` and `dir`).
    static let allowed: [String: Set<String>] = [
        "a": ["href"], "img": ["src", "alt", "width", "height"],
        "p": [], "br": [], "hr": [], "div": [], "span": [], "section": [], "article": [], "header": [], "footer": [],
        "aside": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
        "blockquote": ["cite"], "q": ["cite"], "pre": [], "code": [], "kbd": [], "samp": [], "var": [],
        "em": [], "strong": [], "b": [], "i": [], "u": [], "s": [], "sub": [], "sup": [], "small": [], "mark": [],
        "cite": [], "abbr": [], "time": ["datetime"], "del": ["cite", "datetime"], "ins": ["cite", "datetime"],
        "ul": [], "ol": ["start", "reversed"], "li": ["value"], "dl": [], "dt": [], "dd": [],
        "figure": [], "figcaption": [],
        "table": [], "caption": [], "thead": [], "tbody": [], "tfoot": [], "tr": [],
        "th": ["colspan", "rowspan", "scope"], "td": ["colspan", "rowspan"],
    ]
    static let globalAttributes: Set<String> = ["title", "lang", "dir"]

    /// Dropped with everything inside them: what runs, embeds, asks for input, styles or fetches.
    /// Any other element not allowed is unwrapped: its text stays.
    static let dropped: Set<String> = [
        "script", "style", "link", "meta", "base", "head", "title", "noscript", "template",
        "iframe", "frame", "frameset", "object", "embed", "applet", "param", "portal",
        "form", "input", "button", "select", "option", "optgroup", "textarea", "datalist", "output", "dialog",
        "svg", "math", "canvas", "audio", "video", "source", "track", "map", "area",
    ]
    static let voidElements: Set<String> = ["br", "hr", "img"]
    /// Dropped elements that HTML says have no content, but that libxml2's parser may give children
    /// (`<embed src=…> <b>text</b>`: the text becomes the embed's): those children are the text that
    /// follows, and are read. `object`'s children are its fallback, which HTML shows when the object is
    /// not: read too, less its `param`s.
    static let droppedButNotTheirChildren: Set<String> = [
        "embed", "link", "meta", "base", "input", "param", "source", "track", "area", "object", "applet",
    ]
    /// Elements that end a paragraph of the text.
    static let blocks: Set<String> = [
        "p", "div", "section", "article", "header", "footer", "aside", "h1", "h2", "h3", "h4", "h5", "h6",
        "blockquote", "pre", "ul", "ol", "li", "dl", "dt", "dd", "figure", "figcaption", "table", "caption",
        "tr", "hr", "body", "html",
    ]
    static let numericAttributes: Set<String> = ["width", "height", "colspan", "rowspan", "start", "value"]

    /// - Parameter base: the article's (or else the feed's) address: relative links and pictures
    ///   are resolved against it; without one they are dropped.
    public static func sanitise(_ html: String, base: URL?) -> Result {
        // libxml2 set up once, with its loader refusing every external entity and DTD.
        LibXML.prepare()
        var bytes = Array(html.utf8)
        let truncated = bytes.count > maximumInputBytes
        if truncated {
            var end = maximumInputBytes
            // Cut before a continuation byte, so the parser sees whole characters.
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.removeSubrange(end...)
        }
        guard !bytes.isEmpty else { return Result(html: "", paragraphs: [], truncated: truncated) }
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), nil, "UTF-8", options)
                }
            } ?? nil
        }
        guard let document else { return Result(html: "", paragraphs: [], truncated: truncated) }
        defer { xmlFreeDoc(document) }
        var writer = Writer(base: base)
        var node = document.pointee.children
        while let current = node {
            writer.walk(current, depth: 0)
            node = current.pointee.next
        }
        writer.endParagraph()
        return Result(html: writer.html, paragraphs: writer.paragraphs, truncated: truncated, pictures: writer.pictures)
    }

    /// A link or picture address made absolute, or nil when it is not one to keep.
    static func resolve(_ value: String, base: URL?, picture: Bool) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard !trimmed.isEmpty else { return nil }
        let lower = trimmed.lowercased()
        if picture, lower.hasPrefix("data:") {
            // Inline pictures in raster formats only: an SVG can carry script and external references.
            let kinds = ["data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp"]
            return kinds.contains(where: lower.hasPrefix) ? trimmed : nil
        }
        guard let url = URL(string: trimmed, relativeTo: base)?.absoluteURL, let scheme = url.scheme?.lowercased() else { return nil }
        let schemes: Set<String> = picture ? ["http", "https"] : ["http", "https", "mailto"]
        guard schemes.contains(scheme) else { return nil }
        if scheme != "mailto", url.host?.isEmpty ?? true { return nil }
        return url.absoluteString
    }

    struct Writer {
        let base: URL?
        var html = ""
        var paragraphs: [String] = []
        var pictures: [Picture] = []
        private var line = ""
        private var preformatted = 0

        init(base: URL?) { self.base = base }

        mutating func walk(_ node: xmlNodePtr, depth: Int) {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = node.pointee.content else { return }
                text(String(cString: content))
            case XML_ELEMENT_NODE:
                element(node, depth: depth)
            case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_FRAG_NODE:
                children(of: node, depth: depth)
            default:
                // Comments, processing instructions, doctypes, entity declarations: nothing to show.
                return
            }
        }

        private mutating func children(of node: xmlNodePtr, depth: Int) {
            var child = node.pointee.children
            while let current = child {
                walk(current, depth: depth + 1)
                child = current.pointee.next
            }
        }

        private mutating func element(_ node: xmlNodePtr, depth: Int) {
            guard let rawName = node.pointee.name else { return }
            let name = String(cString: rawName).lowercased()
            if ArticleSanitiser.dropped.contains(name) {
                if ArticleSanitiser.droppedButNotTheirChildren.contains(name), depth < ArticleSanitiser.maximumDepth {
                    children(of: node, depth: depth)
                }
                return
            }
            let isBlock = ArticleSanitiser.blocks.contains(name)
            if isBlock { endParagraph() }
            guard depth < ArticleSanitiser.maximumDepth, let allowedAttributes = ArticleSanitiser.allowed[name] else {
                // Unknown (or too deep): unwrapped, the text kept.
                children(of: node, depth: depth)
                if isBlock { endParagraph() }
                return
            }
            var attributes = self.attributes(of: node, name: name, allowed: allowedAttributes)
            if name == "img" {
                // A picture without an address it may load is nothing at all.
                guard attributes.contains(where: { $0.0 == "src" }) else { return }
                attributes += [("loading", "lazy"), ("referrerpolicy", "no-referrer")]
                picture(attributes)
            }
            if name == "a", attributes.contains(where: { $0.0 == "href" }) {
                attributes.append(("rel", "noopener noreferrer"))
            }
            html += "<" + name
            for (key, value) in attributes { html += " \(key)=\"\(HTMLText.escape(value))\"" }
            html += ">"
            if name == "br" { line += "\n" }
            guard !ArticleSanitiser.voidElements.contains(name) else { return }
            if name == "pre" { preformatted += 1 }
            children(of: node, depth: depth)
            if name == "pre" { preformatted -= 1 }
            html += "</\(name)>"
            if isBlock { endParagraph() }
        }

        /// A picture the story may show: after the paragraph being read if it has text yet, else before it.
        private mutating func picture(_ attributes: [(String, String)]) {
            func value(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }
            guard pictures.count < ArticleSanitiser.maximumPictures, let address = value("src"),
                  address.lowercased().hasPrefix("http") else { return }
            let width = value("width").flatMap { Int($0) }, height = value("height").flatMap { Int($0) }
            if let side = [width, height].compactMap({ $0 }).min(), side < ArticleSanitiser.minimumPictureSide { return }
            let alternative = value("alt")?.trimmingCharacters(in: .whitespacesAndNewlines)
            let begun = !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            pictures.append(Picture(address: address, alternative: alternative?.isEmpty == false ? alternative : nil,
                                    width: width, height: height, afterParagraph: paragraphs.count + (begun ? 1 : 0)))
        }

        private func attributes(of node: xmlNodePtr, name: String, allowed: Set<String>) -> [(String, String)] {
            var kept: [(String, String)] = []
            var attribute = node.pointee.properties
            while let current = attribute {
                defer { attribute = current.pointee.next }
                guard let rawKey = current.pointee.name else { continue }
                let key = String(cString: rawKey).lowercased()
                guard allowed.contains(key) || ArticleSanitiser.globalAttributes.contains(key),
                      !kept.contains(where: { $0.0 == key }) else { continue }
                var value = ""
                var piece = current.pointee.children
                while let text = piece {
                    if let content = text.pointee.content { value += String(cString: content) }
                    piece = text.pointee.next
                }
                switch key {
                case "href", "cite":
                    guard let url = ArticleSanitiser.resolve(value, base: base, picture: false) else { continue }
                    value = url
                case "src":
                    guard let url = ArticleSanitiser.resolve(value, base: base, picture: true) else { continue }
                    value = url
                case _ where ArticleSanitiser.numericAttributes.contains(key):
                    guard !value.isEmpty, value.count <= 6, value.allSatisfy(\.isASCII), value.allSatisfy(\.isNumber) else { continue }
                case "dir":
                    guard ["ltr", "rtl", "auto"].contains(value.lowercased()) else { continue }
                default:
                    break
                }
                kept.append((key, value))
            }
            return kept
        }

        private mutating func text(_ value: String) {
            html += HTMLText.escape(value)
            if preformatted > 0 {
                line += value
                return
            }
            // Runs of white space read as one space, as a browser shows them.
            var collapsed = ""
            var lastWasSpace = line.last.map { $0 == " " || $0 == "\n" } ?? true
            for character in value {
                if character.isWhitespace {
                    if !lastWasSpace { collapsed.append(" ") }
                    lastWasSpace = true
                } else {
                    collapsed.append(character)
                    lastWasSpace = false
                }
            }
            line += collapsed
        }

        mutating func endParagraph() {
            let trimmed = line.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { paragraphs.append(trimmed) }
            line = ""
        }
    }
}
