import CXML2
import Foundation

/// The chosen blocks written out as HTML for `ArticleSanitiser`, cleaned on the way: removed
/// elements, blocks named like furniture, link lists and near-empty blocks are left out, and the
/// heading that repeats the title (docs/feeds.md, "Reader View").
enum ReaderWriter {
    /// Blocks judged on their own inside the article (a paragraph never is: it is the prose).
    static let judgedTags: Set<String> = ["div", "section", "ul", "ol", "dl", "table", "figure", "blockquote"]

    static func write(_ blocks: [xmlNodePtr], scoring: ReaderScoring, title: String?) -> String {
        var out = ""
        for block in blocks { write(block, scoring: scoring, title: title, isTop: true, depth: 0, to: &out) }
        return out
    }

    private static func write(_ node: xmlNodePtr, scoring: ReaderScoring, title: String?, isTop: Bool, depth: Int, to out: inout String) {
        guard depth < ReaderExtractor.maximumDepth, !scoring.removed.contains(node) else { return }
        let name = ReaderTree.name(node)
        if !isTop, leftOut(node, name: name, scoring: scoring, title: title) { return }
        out += "<" + name
        var attribute = node.pointee.properties
        while let current = attribute {
            defer { attribute = current.pointee.next }
            guard let key = current.pointee.name.map({ String(cString: $0).lowercased() }),
                  let value = LibXML.attribute(node, key) else { continue }
            // Only what the sanitiser may keep is worth writing.
            guard ["href", "src", "alt", "width", "height", "cite", "datetime", "colspan", "rowspan", "start", "value", "lang", "dir"].contains(key) else { continue }
            out += " \(key)=\"\(HTMLText.escape(value))\""
        }
        out += ">"
        var child = node.pointee.children
        while let current = child {
            defer { child = current.pointee.next }
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { out += HTMLText.escape(String(cString: content)) }
            case XML_ELEMENT_NODE:
                write(current, scoring: scoring, title: title, isTop: false, depth: depth + 1, to: &out)
            default:
                continue
            }
        }
        if !["br", "hr", "img"].contains(name) { out += "</\(name)>" }
    }

    /// Whether a block inside the article is furniture rather than prose.
    private static func leftOut(_ node: xmlNodePtr, name: String, scoring: ReaderScoring, title: String?) -> Bool {
        // The byline is the story's eyebrow, not a paragraph of it.
        if ReaderTree.hints(node).contains("byline") { return true }
        if ["h1", "h2"].contains(name) {
            // The title is the story's header; a heading named like furniture ("Comments") goes.
            if let title, ReaderTree.text(node) == title { return true }
            return scoring.weight(node) < 0
        }
        guard judgedTags.contains(name), let own = scoring.stats[node] else { return false }
        let weight = scoring.weight(node)
        if weight < 0 { return true }
        // Much prose (many commas) stays whatever else it holds.
        guard own.commas < 10 else { return false }
        let isList = name == "ul" || name == "ol" || name == "dl"
        let linkLimit = weight >= 25 || isList ? 0.5 : 0.3
        if own.linkDensity > linkLimit { return true }
        // A block with next to no text and no picture (or a cluster of them: a gallery of ads).
        if own.text < 25, own.images == 0 || own.images > 2, name != "figure" { return true }
        return false
    }
}
