import CXML2

/// Process-wide libxml2 setup, done once before any document is read.
enum LibXML {
    private static let ready: Void = {
        xmlInitParser()
        // No document Skiff reads (feeds, OPML, HTML pages) may make libxml2 open a file or a URL,
        // whatever a DOCTYPE says; libxml2's loader is replaced by one that refuses everything.
        skiff_xml_install_entity_refusal()
    }()

    static func prepare() { _ = ready }

    /// Feeds, OPML and pages are parsed with the network off, entities never substituted, no DTD
    /// loaded, libxml2's size limits kept (no XML_PARSE_HUGE) and errors collected, not printed.
    static let treeOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_RECOVER.rawValue | XML_PARSE_NOWARNING.rawValue
        | XML_PARSE_NOERROR.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOCDATA.rawValue)

    /// The value of attribute `name` of `node`, or nil.
    static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { skiff_xml_free(value) }
        return String(cString: value)
    }

    /// `node`'s name (OPML's few elements; the feed reader compares interned pointers instead).
    static func name(_ node: xmlNodePtr) -> String? {
        node.pointee.name.map { String(cString: $0) }
    }
}
