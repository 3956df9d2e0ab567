import Foundation
import JSONReader

/// Reads a subscription's document, whatever its format: JSON Feed when it is JSON, else RSS or
/// Atom through libxml2. Formats, limits and decisions: docs/feeds.md.
public enum FeedParser {
    /// - Parameters:
    ///   - url: the feed's address: the base for relative links (under any `xml:base`).
    ///   - httpCharset: the `charset` of the response's Content-Type, used when the document
    ///     declares no encoding of its own (docs/feeds.md, "Formats").
    public static func parse(data: Data, url: URL, httpCharset: String?) -> Result<ParsedFeed, FeedFormatError> {
        parse(data: data, url: url, httpCharset: httpCharset, now: Date())
    }

    /// `now` bounds dates in the future (`FeedFormatLimits.futureTolerance`).
    public static func parse(data: Data, url: URL, httpCharset: String?, now: Date) -> Result<ParsedFeed, FeedFormatError> {
        guard data.count <= FeedFormatLimits.documentBytes else {
            return .failure(.tooLarge(bytes: data.count, limit: FeedFormatLimits.documentBytes))
        }
        var problems = ProblemList()
        let result: Result<ParsedFeed, FeedFormatError>
        switch FeedSniffer.kind(of: data) {
        case .jsonFeed:
            result = JSONFeedReader.read(data, url: url, now: now, problems: &problems)
        case .xmlFeed,
             .other where startsWithMarkup(data):
            result = readXML(data, url: url, httpCharset: httpCharset, now: now, problems: &problems)
        case let kind:
            return .failure(.notAFeed(kind))
        }
        return result.map { feed in
            var feed = feed
            feed.problems = problems.all
            return feed
        }
    }

    private static func readXML(_ data: Data, url: URL, httpCharset: String?, now: Date,
                                problems: inout ProblemList) -> Result<ParsedFeed, FeedFormatError> {
        let choice = encoding(of: data, httpCharset: httpCharset)
        var data = data
        if choice.blankDeclaration { data = blankingDeclaration(data) }
        if choice.isUTF8 {
            let invalid = data.withUnsafeBytes { UTF8Validation.firstInvalidOffset(in: $0.bindMemory(to: UInt8.self)) }
            if let offset = invalid {
                let bytes = [UInt8](data)
                let line = UTF8Validation.position(ofOffset: offset, in: bytes).line
                problems.add("The feed is not valid UTF-8; unreadable bytes are shown as \u{FFFD}", line: line)
                data = Data(String(decoding: bytes, as: UTF8.self).utf8)
            }
        }
        let result = data.withUnsafeBytes { bytes in
            XMLFeedReader.read(bytes, url: url, encoding: choice.override, now: now, problems: &problems)
        }
        if case .failure(.unreadable) = result, let charset = choice.override {
            // A charset libxml2 does not know: read as the document says instead.
            var retryProblems = ProblemList()
            retryProblems.add("Unknown character set \"\(charset)\" in the server's answer; read as UTF-8")
            let retry = data.withUnsafeBytes { bytes in
                XMLFeedReader.read(bytes, url: url, encoding: nil, now: now, problems: &retryProblems)
            }
            if case .success = retry {
                problems = retryProblems
                return retry
            }
        }
        return result
    }

    private static func startsWithMarkup(_ data: Data) -> Bool {
        data.first { !HTMLText.isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF } == UInt8(ascii: "<")
    }

    /// Which encoding libxml2 should use: a byte-order mark or the XML declaration wins (a
    /// document that names its encoding knows it best); else the HTTP charset; else UTF-8.
    /// `override` is passed to libxml2 only in the HTTP case, or for a declared name libxml2 does
    /// not take as written (`CharsetNames`); `isUTF8` asks for validation first; `blankDeclaration`
    /// for a declaration libxml2 would refuse (`encoding="437"`).
    static func encoding(of data: Data, httpCharset: String?) -> (override: String?, isUTF8: Bool, blankDeclaration: Bool) {
        let head = [UInt8](data.prefix(256))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return (nil, true, false) }
        if let signature = XMLSignature(head) {
            if signature == .ebcdic { return (CharsetNames.ebcdicEncoding(head), false, false) }
            return (signature.libxml2Name, false, false)
        }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.first == 0 || head.count > 1 && head[1] == 0 {
            return (nil, false, false)
        }
        if let declared = declaredEncoding(head) {
            return (windows1252Superset(declared) ?? CharsetNames.replacement(for: declared), isUTF8(declared),
                    CharsetNames.declarationIsInvalid(declared))
        }
        if let charset = httpCharset?.trimmingCharacters(in: CharacterSet(charactersIn: " \"'")), !charset.isEmpty, !isUTF8(charset) {
            return (windows1252Superset(charset) ?? CharsetNames.replacement(for: charset) ?? charset, false, false)
        }
        return (nil, true, false)
    }

    /// The document with its XML declaration turned into spaces (its lines kept), for a declaration
    /// libxml2 would stop at; the encoding is then given to libxml2 apart.
    private static func blankingDeclaration(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        guard bytes.starts(with: Array("<?xml".utf8)),
              let end = (0..<min(bytes.count - 1, 512)).first(where: { bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") })
        else { return data }
        for index in 0...(end + 1) where bytes[index] != 0x0A { bytes[index] = 0x20 }
        return Data(bytes)
    }

    /// Latin-1 and ASCII as browsers read them (WHATWG Encoding): windows-1252, whose 0x80–0x9F are
    /// the curly quotes and dashes that feeds written on Windows declare as ISO-8859-1. Nil: as named.
    static func windows1252Superset(_ name: String) -> String? {
        ["iso-8859-1", "iso8859-1", "latin1", "l1", "us-ascii", "ascii"].contains(name.lowercased()) ? "windows-1252" : nil
    }

    static func isUTF8(_ name: String) -> Bool {
        ["utf-8", "utf8"].contains(name.lowercased())
    }

    /// `encoding="…"` of `<?xml … ?>` at the very start.
    private static func declaredEncoding(_ head: [UInt8]) -> String? {
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return nil }
        let declaration = text[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        let value = rest.prefix { $0 != quote }
        return value.isEmpty ? nil : String(value)
    }
}
