import CXML2
import Foundation

/// A fetched web page as libxml2's HTML parser reads it for Reader View: bounded, decoded in the
/// encoding a browser would pick, parsed with the network off (docs/feeds.md, "Reader View").
enum ReaderPage {
    /// Which encoding to read the page in, as the HTML standard orders it: a byte-order mark, then
    /// the HTTP `charset`, then a `<meta charset>` (or `http-equiv` Content-Type) in the first
    /// 1,024 bytes, else UTF-8. Latin-1 and ASCII are read as windows-1252, as browsers do.
    static func encoding(of data: Data, httpCharset: String?) -> String {
        let head = [UInt8](data.prefix(1_024))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        if head.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        if head.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        let named = httpCharset?.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")).nilIfEmpty ?? metaCharset(head)
        guard let named else { return "UTF-8" }
        if FeedParser.isUTF8(named) { return "UTF-8" }
        return FeedParser.windows1252Superset(named) ?? named
    }

    /// The charset a `<meta>` names in `head`: `charset="…"` or `content="text/html; charset=…"`.
    /// A scan of bytes (the parser has not run yet), case-insensitive.
    static func metaCharset(_ head: [UInt8]) -> String? {
        let text = String(decoding: head, as: UTF8.self).lowercased()
        var rest = text[...]
        while let meta = rest.range(of: "<meta") {
            let tagEnd = rest[meta.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let tag = rest[meta.upperBound..<tagEnd]
            if let charset = tag.range(of: "charset=") {
                let value = tag[charset.upperBound...].drop { $0 == "\"" || $0 == "'" || $0 == " " }
                let name = value.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ":" || $0 == "." }
                if !name.isEmpty { return String(name) }
            }
            rest = rest[tagEnd...]
        }
        return nil
    }

    /// The parsed page, or nil when libxml2 gives no document (nothing but markup noise). The
    /// encoding is always named to libxml2: left to guess, it reads the rest of a UTF-8 page as
    /// Latin-1 from the first invalid byte; told, it shows U+FFFD for the bad bytes only.
    static func parse(_ data: Data, url: URL?, httpCharset: String?) -> htmlDocPtr? {
        LibXML.prepare()
        let encoding = encoding(of: data, httpCharset: httpCharset)
        // A charset chosen here wins over any later <meta>: HTML_PARSE_IGNORE_ENC.
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_COMPACT.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        // A charset libxml2 (iconv) does not know is read as UTF-8 rather than not at all.
        let name = knows(encoding) ? encoding : "UTF-8"
        return data.withUnsafeBytes { raw in
            raw.baseAddress.flatMap {
                htmlReadMemory($0.assumingMemoryBound(to: CChar.self), Int32(raw.count), url?.absoluteString, name, options)
            }
        }
    }
}

extension ReaderPage {
    /// Whether libxml2 (through iconv) can read `encoding`.
    static func knows(_ encoding: String) -> Bool {
        guard let handler = xmlFindCharEncodingHandler(encoding) else { return false }
        xmlCharEncCloseFunc(handler)
        return true
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
