import Foundation

/// Plain text out of the HTML that feeds put in titles and summaries, for cards: tags removed,
/// scripts and styles dropped, entities decoded, whitespace collapsed, bounded. A small scanner of
/// our own over UTF-8 bytes, not an HTML parser: it only has to yield readable text, never markup.
enum HTMLText {
    /// The text of `html`, at most `limit` characters (ending "…" when cut). Only what looks like a
    /// tag is removed (`<` then a letter, `/`, `!` or `?`), so "a < b" survives in a title.
    static func plainText(_ html: String, limit: Int) -> String {
        scan(html, limit: limit, stripTags: true)
    }

    /// Text that is already plain (an Atom `type="text"` title): entities left by the XML parser
    /// are not decoded again; only whitespace is collapsed and the length bounded.
    static func collapsed(_ text: String, limit: Int) -> String {
        scan(text, limit: limit, stripTags: false)
    }

    private static func scan(_ text: String, limit: Int, stripTags: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Scanner(input: bytes, limit: limit, stripTags: stripTags)
            scanner.run()
            return scanner.result()
        }
    }

    /// Plain text as HTML, for a story when the feed gives only text (Atom `type="text"`,
    /// JSON Feed `content_text`): escaped, blank lines making paragraphs.
    static func escapedParagraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { "<p>\(escape($0))</p>" }
            .joined(separator: "\n")
    }

    /// Markup characters escaped. `forAttribute` (OPML) also keeps line breaks and tabs through
    /// XML's attribute normalisation and drops the characters XML 1.0 forbids.
    static func escape(_ text: String, forAttribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n" where forAttribute: out += "&#10;"
            case "\t" where forAttribute: out += "&#9;"
            default:
                let forbidden = scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r"
                    || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                if !(forAttribute && (forbidden || scalar == "\r")) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// The `src` of the first `<img>` in `html` that is not a tracking pixel (width or height
    /// given as 1 or 2), entities decoded, unresolved.
    static func firstImageSource(_ html: String) -> String? {
        var html = html
        return html.withUTF8 { b -> String? in
            var i = 0
            while let open = find(b, UInt8(ascii: "<"), from: i) {
                i = open + 1
                guard open + 4 < b.count, b[open + 1] | 0x20 == UInt8(ascii: "i"), b[open + 2] | 0x20 == UInt8(ascii: "m"),
                      b[open + 3] | 0x20 == UInt8(ascii: "g"), isSpace(b[open + 4]) || b[open + 4] == UInt8(ascii: "/") else { continue }
                let attributes = tagAttributes(b, from: open + 4)
                i = attributes.end
                guard let source = attributes.values["src"], !source.isEmpty else { continue }
                let tiny = ["width", "height"].contains { attributes.values[$0].flatMap { Int($0) }.map { $0 <= 2 } ?? false }
                if !tiny { return source }
            }
            return nil
        }
    }

    /// Attributes of a tag starting after its name, names lowercased, values entity-decoded.
    static func tagAttributes(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (values: [String: String], end: Int) {
        var values: [String: String] = [:]
        var i = start
        while i < b.count {
            while i < b.count, isSpace(b[i]) || b[i] == UInt8(ascii: "/") { i += 1 }
            guard i < b.count, b[i] != UInt8(ascii: ">") else { return (values, min(i + 1, b.count)) }
            let nameStart = i
            while i < b.count, !isSpace(b[i]), b[i] != UInt8(ascii: "="), b[i] != UInt8(ascii: ">") { i += 1 }
            let name = String(decoding: b[nameStart..<i].map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self)
            while i < b.count, isSpace(b[i]) { i += 1 }
            var value = ""
            if i < b.count, b[i] == UInt8(ascii: "=") {
                i += 1
                while i < b.count, isSpace(b[i]) { i += 1 }
                if i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                    let quote = b[i]
                    let valueStart = i + 1
                    let valueEnd = find(b, quote, from: valueStart) ?? b.count
                    value = decodeEntities(UnsafeBufferPointer(rebasing: b[valueStart..<valueEnd]))
                    i = min(valueEnd + 1, b.count)
                } else {
                    let valueStart = i
                    while i < b.count, !isSpace(b[i]), b[i] != UInt8(ascii: ">") { i += 1 }
                    value = decodeEntities(UnsafeBufferPointer(rebasing: b[valueStart..<i]))
                }
            }
            if !name.isEmpty, values[name] == nil { values[name] = value }
        }
        return (values, b.count)
    }

    static func decodeEntities(_ b: UnsafeBufferPointer<UInt8>) -> String {
        var scanner = Scanner(input: b, limit: Int.max, stripTags: false, collapse: false)
        scanner.run()
        return scanner.result()
    }

    // MARK: The scanner

    private struct Scanner {
        let input: UnsafeBufferPointer<UInt8>
        let limit: Int
        let stripTags: Bool
        var collapse = true
        var output: [UInt8] = []
        var characters = 0
        var pendingSpace = false
        var truncated = false

        init(input: UnsafeBufferPointer<UInt8>, limit: Int, stripTags: Bool, collapse: Bool = true) {
            self.input = input
            self.limit = limit
            self.stripTags = stripTags
            self.collapse = collapse
            output.reserveCapacity(min(input.count, limit == Int.max ? input.count : limit * 2))
        }

        mutating func run() {
            let b = input
            var i = 0
            while i < b.count, !truncated {
                let c = b[i]
                if c == UInt8(ascii: "<"), stripTags, i + 1 < b.count, let end = skipTag(at: i) {
                    i = end
                } else if c == UInt8(ascii: "&") {
                    i = entity(at: i)
                } else if collapse, isSpace(c) {
                    pendingSpace = true
                    i += 1
                } else {
                    // A run of plain text (no markup, reference or white space), copied at once: a
                    // byte at a time cost a quarter of a feed's parse (BENCHMARKS.md, feed-parse).
                    var end = i + 1
                    while end < b.count {
                        let d = b[end]
                        if d == UInt8(ascii: "<") || d == UInt8(ascii: "&") || collapse && isSpace(d) { break }
                        end += 1
                    }
                    emit(UnsafeBufferPointer(rebasing: b[i..<end]))
                    i = end
                }
            }
        }

        func result() -> String {
            var text = String(decoding: output, as: UTF8.self)
            if truncated {
                while text.last?.isWhitespace == true { text.removeLast() }
                text += "…"
            }
            return text
        }

        private mutating func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
            // A C1 control (U+0080–U+009F: `&#146;` read by the XML parser, or Windows-1252 bytes
            // passed off as Latin-1) is the Windows-1252 character, as HTML5 reads such references;
            // unless it is inside UTF-8 written once more as characters (`&#226;&#128;&#166;`, the
            // three bytes of "…"), which is that character (`HTMLText.doubleEncoded`).
            if Self.containsC1(bytes) {
                let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
                var index = 0
                while index < scalars.count {
                    if let (scalar, length) = HTMLText.doubleEncoded(scalars, at: index) {
                        emitScalar(scalar)
                        index += length
                        continue
                    }
                    let scalar = scalars[index]
                    emitScalar((0x80...0x9F).contains(scalar.value) ? HTMLEntities.scalar(forCode: scalar.value) : scalar)
                    index += 1
                }
                return
            }
            if pendingSpace {
                pendingSpace = false
                if !output.isEmpty { append(UInt8(ascii: " ")) }
            }
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            if characters + count <= limit {
                characters += count
                output.append(contentsOf: bytes)
                return
            }
            // The cut falls inside: character by character, never splitting one.
            for byte in bytes {
                if byte & 0xC0 != 0x80 {
                    guard characters < limit else {
                        truncated = true
                        return
                    }
                    characters += 1
                }
                output.append(byte)
            }
        }

        /// U+0080–U+009F are 0xC2 0x80…0x9F in UTF-8.
        private static func containsC1(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            while i + 1 < bytes.count {
                if bytes[i] == 0xC2, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F { return true }
                i += 1
            }
            return false
        }

        private mutating func append(_ byte: UInt8) {
            guard characters < limit else {
                truncated = true
                return
            }
            characters += 1
            output.append(byte)
        }

        private mutating func emitScalar(_ scalar: Unicode.Scalar) {
            if collapse, scalar.properties.isWhitespace {
                pendingSpace = true
                return
            }
            if pendingSpace {
                pendingSpace = false
                if !output.isEmpty { append(UInt8(ascii: " ")) }
            }
            guard characters < limit else {
                truncated = true
                return
            }
            characters += 1
            UTF8.encode(scalar) { output.append($0) }
        }

        /// Past the tag at `start`, or nil when `<` starts no tag (then it is text).
        private mutating func skipTag(at start: Int) -> Int? {
            let b = input
            let next = b[start + 1]
            if next == UInt8(ascii: "!") {
                if start + 3 < b.count, b[start + 2] == UInt8(ascii: "-"), b[start + 3] == UInt8(ascii: "-") {
                    return (findSequence(Array("-->".utf8), from: start + 4).map { $0 + 3 }) ?? b.count
                }
                return (find(b, UInt8(ascii: ">"), from: start).map { $0 + 1 }) ?? b.count
            }
            let closing = next == UInt8(ascii: "/")
            let nameStart = closing ? start + 2 : start + 1
            guard nameStart < b.count, isLetter(b[nameStart]) || next == UInt8(ascii: "?") else { return nil }
            var nameEnd = nameStart
            var key: UInt64 = 0
            while nameEnd < b.count, isLetter(b[nameEnd]) || isDigit(b[nameEnd]) {
                key = HTMLText.extendKey(key, b[nameEnd], length: nameEnd - nameStart)
                nameEnd += 1
            }
            let end = tagEnd(from: nameEnd)
            if !closing, key == HTMLText.scriptKey || key == HTMLText.styleKey {
                // Their text is code, never the article's.
                let closer = [UInt8(ascii: "<"), UInt8(ascii: "/")] + b[nameStart..<nameEnd].map { $0 | 0x20 }
                return findSequence(closer, from: end, caseInsensitive: true).map { tagEnd(from: $0 + closer.count) } ?? b.count
            }
            if HTMLText.blockTags.contains(key) { pendingSpace = true }
            return end
        }

        /// Past the `>` closing a tag, quotes respected.
        private func tagEnd(from start: Int) -> Int {
            let b = input
            var i = start
            var quote: UInt8 = 0
            while i < b.count {
                let c = b[i]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: ">") {
                    return i + 1
                }
                i += 1
            }
            return b.count
        }

        private func findSequence(_ needle: [UInt8], from start: Int, caseInsensitive: Bool = false) -> Int? {
            let b = input
            guard let first = needle.first, needle.count <= b.count else { return nil }
            var i = start
            while i + needle.count <= b.count {
                if b[i] == first {
                    var k = 1
                    while k < needle.count, (caseInsensitive ? b[i + k] | 0x20 : b[i + k]) == needle[k] { k += 1 }
                    if k == needle.count { return i }
                }
                i += 1
            }
            return nil
        }

        /// Decodes the reference at `start` (`&amp;`, `&#233;`, `&#xE9;`, `&eacute;`) or emits a
        /// lone `&`; returns where text continues.
        private mutating func entity(at start: Int) -> Int {
            let b = input
            var i = start + 1
            if i < b.count, b[i] == UInt8(ascii: "#") {
                i += 1
                let hex = i < b.count && b[i] | 0x20 == UInt8(ascii: "x")
                if hex { i += 1 }
                var value: UInt32 = 0
                var digits = 0
                while i < b.count, let digit = hex ? hexValue(b[i]) : (isDigit(b[i]) ? UInt32(b[i] - 0x30) : nil) {
                    value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)
                    digits += 1
                    i += 1
                }
                guard digits > 0 else {
                    emitAmpersand()
                    return start + 1
                }
                if i < b.count, b[i] == UInt8(ascii: ";") { i += 1 }
                emitScalar(HTMLEntities.scalar(forCode: value))
                return i
            }
            let nameStart = i
            while i < b.count, i - nameStart < 32, isLetter(b[i]) || isDigit(b[i]) { i += 1 }
            let hasSemicolon = i < b.count && b[i] == UInt8(ascii: ";")
            if i > nameStart, let scalar = HTMLEntities.named[Array(b[nameStart..<i])],
               hasSemicolon || HTMLEntities.withoutSemicolon.contains(Array(b[nameStart..<i])) {
                emitScalar(scalar)
                return hasSemicolon ? i + 1 : i
            }
            emitAmpersand()
            return start + 1
        }

        private mutating func emitAmpersand() {
            var amp = UInt8(ascii: "&")
            withUnsafePointer(to: &amp) { emit(UnsafeBufferPointer(start: $0, count: 1)) }
        }
    }

    /// A tag name packed into an integer, six bits per letter or digit, case folded (names up to
    /// ten characters; longer ones get a key no table holds): no array per tag scanned.
    private static func extendKey(_ key: UInt64, _ c: UInt8, length: Int) -> UInt64 {
        guard length < 10 else { return UInt64.max }
        let code = isDigit(c) ? UInt64(c - 0x30) + 27 : UInt64((c | 0x20) - 0x60)
        return key << 6 | code
    }

    private static func key(_ name: String) -> UInt64 {
        name.utf8.enumerated().reduce(0) { extendKey($0, $1.element, length: $1.offset) }
    }

    private static let scriptKey = key("script")
    private static let styleKey = key("style")
    /// Tags that separate words when removed ("<p>One</p><p>Two</p>" is "One Two").
    private static let blockTags: Set<UInt64> = Set([
        "br", "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td", "th",
        "table", "blockquote", "pre", "hr", "section", "article", "header", "footer", "figure", "figcaption",
        "aside", "nav", "main", "img",
    ].map(key))

    private static func find(_ b: UnsafeBufferPointer<UInt8>, _ byte: UInt8, from start: Int) -> Int? {
        var i = start
        while i < b.count {
            if b[i] == byte { return i }
            i += 1
        }
        return nil
    }

    private static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }

    /// `text` without white space at either end; free when there is none (the usual case), unlike
    /// Foundation's trimming, which goes through UTF-16.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return text }
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { start = utf8.index(after: start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
        return String(Substring(utf8[start..<end]))
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}

extension HTMLText {
    /// A UTF-8 sequence read as Latin-1 characters, one of them a C1 control (so it was never meant
    /// as Latin-1 text: nobody writes U+0080–U+009F): the character it encodes, and how many
    /// characters it took. A lead (U+00C2–U+00F4) and its continuations (U+0080–U+00BF).
    static func doubleEncoded(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        let lead = scalars[start].value
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard start + length <= scalars.count else { return nil }
        var bytes = [UInt8(lead)]
        var hasC1 = false
        for scalar in scalars[(start + 1)..<(start + length)] {
            guard (0x80...0xBF).contains(scalar.value) else { return nil }
            if scalar.value <= 0x9F { hasC1 = true }
            bytes.append(UInt8(scalar.value))
        }
        guard hasC1, let decoded = String(validating: bytes, as: UTF8.self)?.unicodeScalars, decoded.count == 1,
              let scalar = decoded.first else { return nil }
        return (scalar, length)
    }
}
