import CXML2
import Foundation

/// What the reader's current node says, apart from the reader's own state (so that reading a node
/// while filling in the item is not an overlapping access).
struct XMLNodeAccess {
    let reader: xmlTextReaderPtr
    let names: XMLNameTable
    let feedURL: URL
    let hasXMLBase: Bool

    /// The attributes of the current element that are in `wanted`, by local name (the first of each).
    func attributes(_ wanted: [XMLLocalName]) -> XMLAttributes {
        var values = XMLAttributes()
        guard xmlTextReaderHasAttributes(reader) == 1 else { return values }
        var status = xmlTextReaderMoveToFirstAttribute(reader)
        while status == 1 {
            if let name = names.name(xmlTextReaderConstLocalName(reader)), wanted.contains(name), values[name] == nil,
               let value = xmlTextReaderConstValue(reader) {
                values.pairs.append((name, String(cString: value)))
            }
            status = xmlTextReaderMoveToNextAttribute(reader)
        }
        xmlTextReaderMoveToElement(reader)
        return values
    }

    /// Whether an Atom text construct's text is base64: Atom 0.3's `mode="base64"`, or Atom 1.0's
    /// `type` naming a media type that is neither text nor XML (RFC 4287 §4.1.3.3), such as
    /// `application/octet-stream`.
    func isBase64() -> Bool {
        let values = attributes([.type, .mode])
        if values[.mode]?.lowercased() == "base64" { return true }
        guard let type = values[.type]?.lowercased(), type.contains("/") else { return false }
        return !(type.hasPrefix("text/") || type.hasSuffix("/xml") || type.hasSuffix("+xml"))
    }

    /// An attribute by its exact name, for the rare formats whose names are not interned (CDF's `HREF`).
    func attribute(_ name: String) -> String? {
        guard let value = name.withCString({ xmlTextReaderGetAttribute(reader, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) })
        else { return nil }
        defer { skiff_xml_free(value) }
        return String(cString: value)
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
final class ErrorSink {
    var problems: [FeedFormatProblem] = []

    func add(_ error: xmlError) {
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue, problems.count < FeedFormatLimits.problemsKept else { return }
        let message = error.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "error \(error.code)"
        problems.append(FeedFormatProblem(line: error.line > 0 ? Int(error.line) : nil, message: message))
    }
}

/// An element's few wanted attributes: a list searched in order, not a dictionary (an element has two
/// or three; hashing them was a tenth of parsing a feed, BENCHMARKS.md feed-parse).
struct XMLAttributes {
    fileprivate(set) var pairs: [(name: XMLLocalName, value: String)] = []

    subscript(name: XMLLocalName) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }
}
