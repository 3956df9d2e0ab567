import CXML2
import Foundation

/// What is measured of each element, once, from the leaves up: its text (white space collapsed),
/// commas, text inside links, paragraphs and pictures. Removed elements count for nothing.
struct ReaderStats {
    var text = 0
    var commas = 0
    var linkText = 0
    var paragraphs = 0
    var images = 0
    /// Whether a block element (p, div, list, table…) is inside: without one a div is a paragraph.
    var hasBlock = false
    /// Place in document order (ties between scores go to the earlier block).
    var order = 0

    /// The share of the text that is inside links: near 1 for menus and link lists.
    var linkDensity: Double { text == 0 ? 0 : Double(linkText) / Double(text) }
}

/// Scores the blocks of a page by the prose under them and chooses the article (docs/feeds.md,
/// "Reader View"): each paragraph of 25 characters or more scores 1, one per comma and one per
/// 100 characters (at most 3), and gives that to its parent, half to its grandparent and a third
/// of it divided by the level to the three above; a block starts from what its tag and its class
/// or id suggest; its score is then scaled by the share of its text outside links.
struct ReaderScoring {
    /// A pass that found less text than this tries again without the unlikely-name removal
    /// (docs/feeds.md).
    static let retryBelowCharacters = 500
    /// Paragraphs shorter than this score nothing (captions, buttons, dates).
    static let minimumParagraphCharacters = 25
    /// Levels of ancestors a paragraph's score reaches.
    static let ancestorLevels = 5

    /// Removed wherever they are: not prose, or the page's furniture.
    static let removedTags: Set<String> = [
        "script", "style", "noscript", "template", "link", "meta", "head", "iframe", "frame", "object", "embed",
        "form", "button", "input", "select", "textarea", "svg", "canvas", "nav", "aside", "footer", "header", "menu", "dialog",
    ]
    static let removedRoles: Set<String> = [
        "navigation", "complementary", "contentinfo", "banner", "menu", "menubar", "dialog", "alert", "alertdialog", "search",
    ]
    /// Class or id words of blocks that are rarely the article (strict pass only)…
    static let unlikelyHints = [
        "ad-break", "advert", "banner", "breadcrumb", "combx", "comment", "community", "cookie", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "share", "shoutbox",
        "sidebar", "skyscraper", "social", "sponsor", "subscribe", "newsletter", "popup", "promo", "pager",
        "pagination", "navbar", "masthead", "widget",
    ]
    /// …unless they also say they might be.
    static let maybeHints = ["and", "article", "body", "column", "content", "main", "shadow", "post", "entry", "story"]
    /// Names worth 25 points either way.
    static let positiveHints = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "post", "text", "blog", "story"]
    static let negativeHints = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "foot", "footnote", "gdpr", "masthead",
        "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
        "shopping", "tags", "tool", "widget", "nav", "menu",
    ]
    static let blockTags: Set<String> = [
        "p", "div", "section", "article", "main", "blockquote", "pre", "ul", "ol", "dl", "table", "figure",
        "h1", "h2", "h3", "h4", "h5", "h6", "address", "hr",
    ]

    let root: xmlNodePtr
    let strict: Bool
    private(set) var stats: [xmlNodePtr: ReaderStats] = [:]
    private(set) var removed: Set<xmlNodePtr> = []
    private(set) var scores: [xmlNodePtr: Double] = [:]
    private var elements = 0

    init(root: xmlNodePtr, strict: Bool) {
        self.root = root
        self.strict = strict
        _ = measure(root, depth: 0, inLink: false)
    }

    /// The article's blocks: the best candidate, and those of its siblings that belong with it
    /// (nil when nothing on the page reads as prose).
    mutating func choose() -> [xmlNodePtr]? {
        scoreParagraphs()
        var best: (node: xmlNodePtr, score: Double, line: Int)?
        for (node, score) in scores {
            let final = score * (1 - stats[node, default: ReaderStats()].linkDensity)
            scores[node] = final
            let line = stats[node]?.order ?? 0
            // Ties go to the earlier element, so the choice never depends on hashing order.
            if let current = best, final < current.score || (final == current.score && line >= current.line) { continue }
            best = (node, final, line)
        }
        guard let best, best.score > 0 else { return nil }
        return siblings(of: climb(from: best.node))
    }

    func weight(_ node: xmlNodePtr) -> Double {
        let hints = ReaderTree.hints(node)
        guard hints.contains(where: { !$0.isWhitespace }) else { return 0 }
        var weight = 0.0
        if Self.negativeHints.contains(where: hints.contains) { weight -= 25 }
        if Self.positiveHints.contains(where: hints.contains) { weight += 25 }
        return weight
    }

    /// Whether `node` reads as a paragraph: a `p`, `pre` or `td`, or a `div`/`section` holding no block.
    func isParagraph(_ node: xmlNodePtr) -> Bool {
        switch ReaderTree.name(node) {
        case "p", "pre", "td": true
        case "div", "section": !(stats[node]?.hasBlock ?? true)
        default: false
        }
    }

    // MARK: Measuring

    private mutating func measure(_ node: xmlNodePtr, depth: Int, inLink: Bool) -> ReaderStats? {
        guard depth < ReaderExtractor.maximumDepth else { return nil }
        let name = ReaderTree.name(node)
        if isRemoved(node, name: name) {
            removed.insert(node)
            return nil
        }
        var own = ReaderStats()
        elements += 1
        own.order = elements
        let isLink = inLink || name == "a"
        var child = node.pointee.children
        var lastWasSpace = true
        while let current = child {
            defer { child = current.pointee.next }
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                guard let content = current.pointee.content else { continue }
                var pointer = UnsafePointer<UInt8>(content)
                // Characters counted on UTF-8 bytes (no String per text node), runs of space as one.
                var count = 0
                while pointer.pointee != 0 {
                    let byte = pointer.pointee
                    if HTMLText.isSpace(byte) {
                        if !lastWasSpace { count += 1 }
                        lastWasSpace = true
                    } else if byte & 0xC0 != 0x80 {
                        count += 1
                        lastWasSpace = false
                        if byte == UInt8(ascii: ",") { own.commas += 1 }
                        // "，" (U+FF0C) and "،" (U+060C) are commas too.
                        if byte == 0xEF, pointer[1] == 0xBC, pointer[2] == 0x8C { own.commas += 1 }
                        if byte == 0xD8, pointer[1] == 0x8C { own.commas += 1 }
                    }
                    pointer += 1
                }
                own.text += count
                if isLink { own.linkText += count }
            case XML_ELEMENT_NODE:
                let childName = ReaderTree.name(current)
                guard let inner = measure(current, depth: depth + 1, inLink: isLink) else { continue }
                own.text += inner.text
                own.commas += inner.commas
                own.linkText += inner.linkText
                own.paragraphs += inner.paragraphs + (childName == "p" ? 1 : 0)
                own.images += inner.images + (childName == "img" ? 1 : 0)
                own.hasBlock = own.hasBlock || Self.blockTags.contains(childName)
                lastWasSpace = true
            default:
                continue
            }
        }
        stats[node] = own
        return own
    }

    private func isRemoved(_ node: xmlNodePtr, name: String) -> Bool {
        if Self.removedTags.contains(name) { return true }
        if let role = LibXML.attribute(node, "role")?.lowercased(), Self.removedRoles.contains(role) { return true }
        if LibXML.attribute(node, "hidden") != nil || LibXML.attribute(node, "aria-hidden") == "true" { return true }
        guard strict, name != "body", name != "html", name != "article", name != "main", name != "a" else { return false }
        let hints = ReaderTree.hints(node)
        return Self.unlikelyHints.contains(where: hints.contains) && !Self.maybeHints.contains(where: hints.contains)
    }

    // MARK: Scoring

    private mutating func scoreParagraphs() {
        var paragraphs: [xmlNodePtr] = []
        ReaderTree.forEach(root) { node, _ in
            guard !removed.contains(node) else { return false }
            if isParagraph(node) { paragraphs.append(node) }
            return true
        }
        for paragraph in paragraphs {
            guard let own = stats[paragraph], own.text >= Self.minimumParagraphCharacters else { continue }
            let score = 1 + Double(own.commas) + Double(min(own.text / 100, 3))
            var ancestor = paragraph.pointee.parent
            var level = 0
            while let node = ancestor, node.pointee.type == XML_ELEMENT_NODE, level < Self.ancestorLevels {
                if scores[node] == nil { scores[node] = initialScore(node) }
                let divider = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                scores[node, default: 0] += score / divider
                ancestor = node.pointee.parent
                level += 1
            }
        }
    }

    private func initialScore(_ node: xmlNodePtr) -> Double {
        let base: Double = switch ReaderTree.name(node) {
        case "article": 10
        case "div", "main": 5
        case "pre", "td", "blockquote": 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": -5
        default: 0
        }
        return base + weight(node)
    }

    // MARK: Choosing

    /// A better block above the best one: a parent that scores higher (the article's paragraphs were
    /// split between several of its children), or the parent of an only child.
    private func climb(from top: xmlNodePtr) -> xmlNodePtr {
        var top = top
        var lastScore = scores[top] ?? 0
        let threshold = lastScore / 3
        var parent = top.pointee.parent
        while let node = parent, node.pointee.type == XML_ELEMENT_NODE, ReaderTree.name(node) != "body" {
            guard let score = scores[node] else {
                parent = node.pointee.parent
                continue
            }
            if score < threshold { break }
            if score > lastScore {
                top = node
                break
            }
            lastScore = score
            parent = node.pointee.parent
        }
        while let parent = top.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE, ReaderTree.name(parent) != "body",
              elementChildren(of: parent).count == 1 {
            top = parent
        }
        return top
    }

    /// The best block and those of its siblings that score at least a fifth of it (10 at least), or
    /// are paragraphs of prose: longer than 80 characters with few links, or a short linkless
    /// sentence.
    private func siblings(of top: xmlNodePtr) -> [xmlNodePtr] {
        guard let parent = top.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return [top] }
        let topScore = scores[top] ?? 0
        let threshold = max(10, topScore * 0.2)
        let topClass = LibXML.attribute(top, "class") ?? ""
        let children = elementChildren(of: parent)
        let kept = children.map { sibling -> Bool in
            if sibling == top { return true }
            guard !removed.contains(sibling), let own = stats[sibling] else { return false }
            var bonus = 0.0
            if !topClass.isEmpty, LibXML.attribute(sibling, "class") == topClass { bonus = topScore * 0.2 }
            if let score = scores[sibling], score + bonus >= threshold { return true }
            guard isParagraph(sibling) else { return false }
            if own.text > 80 { return own.linkDensity < 0.25 }
            if own.text > 0, own.linkText == 0 {
                let text = ReaderTree.text(sibling)
                return text.contains(". ") || text.hasSuffix(".")
            }
            return false
        }
        // A picture between two kept blocks belongs to the article (text split around a figure).
        guard let first = kept.firstIndex(of: true), let last = kept.lastIndex(of: true) else { return [top] }
        return children.indices.filter { index in
            if kept[index] { return true }
            guard index > first, index < last, let own = stats[children[index]], !removed.contains(children[index]) else { return false }
            return own.images > 0 && own.linkText == 0
        }.map { children[$0] }
    }

    private func elementChildren(of node: xmlNodePtr) -> [xmlNodePtr] {
        var children: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { children.append(current) }
            child = current.pointee.next
        }
        return children
    }
}
