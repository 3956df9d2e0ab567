import Foundation

/// A strict RFC 8259 recursive-descent parser that records the position of every value and key.
///
/// Strict on purpose: a feed that only some readers accept is a bug waiting to happen, so
/// comments, trailing commas, single quotes, leading zeros and lone surrogates are all errors,
/// each with a message that says what was expected. A leading UTF-8 byte-order mark is skipped
/// because common Windows editors write one.
public struct JSONParser {
    /// Nesting deeper than this is refused with an error instead of risking the stack: each
    /// level is a recursive call, and no feed comes anywhere near it.
    public static let defaultMaximumDepth = 512

    public static func parse(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data), maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8), maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// Parses `data` whole, checking every byte, but keeps the elements of the arrays found under
    /// `deferring` (object keys from the top, array levels not counted: `["sections", "cards"]` is
    /// the `cards` array of each of the `sections`) only as marks, each parsed again alone when
    /// asked (`JSONDocument.elements(of:)`). So a document of a million cards never holds a million
    /// trees at once: only the bytes, a mark a card, and the tree of the card being read.
    public static func parseDocument(_ data: consuming Data, deferring path: [String],
                                     maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONDocument {
        // The bytes copied once and the file's Data let go: a 64 MB feed is not held twice.
        let bytes = [UInt8](consume data)
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.deferredPath = path
        let root = try parser.parseDocument()
        return JSONDocument(root: root, bytes: bytes, deferred: parser.deferred, maximumDepth: maximumDepth)
    }

    /// The value that starts at `mark`, parsed alone (a deferred element, checked before).
    static func parseValue(in bytes: [UInt8], at mark: JSONMark, maximumDepth: Int) throws(JSONError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        parser.index = mark.index
        parser.line = mark.position.line
        parser.column = mark.position.column
        parser.depth = mark.depth
        return try parser.parseValue(expected: "a value")
    }

    private let bytes: [UInt8]
    private let maximumDepth: Int
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    /// The object keys from the top to the value being parsed, and the arrays whose elements are
    /// kept as marks (`parseDocument(_:deferring:)`), by the array's position.
    private var keys: [String] = []
    private var deferredPath: [String]?
    private var deferred: [SourcePosition: [JSONMark]] = [:]
    private var memberValue = false
    /// False while a deferred element is checked: every rule is applied and every mistake found,
    /// but no string, number or container is made (the element is parsed again when read).
    private var building = true

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = max(1, maximumDepth)
    }

    // MARK: Document

    private mutating func parseDocument() throws(JSONError) -> JSONValue {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw JSONError(position: position, message: "the file is UTF-16 text; save it as UTF-8")
        }
        if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
            let byte = String(format: "0x%02X", bytes[offset])
            throw JSONError(position: UTF8Validation.position(ofOffset: offset, in: bytes),
                            message: "the file is not valid UTF-8 (byte \(byte))")
        }
        if bytes.starts(with: UTF8Validation.byteOrderMark) {
            index = UTF8Validation.byteOrderMark.count
        }
        skipWhitespace()
        guard !isAtEnd else {
            throw JSONError(position: position, message: "the file is empty")
        }
        let value = try parseValue(expected: "a value")
        skipWhitespace()
        guard isAtEnd else {
            throw JSONError(position: position,
                            message: "unexpected \(describeCurrent()) after the end of the top-level value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(expected: String) throws(JSONError) -> JSONValue {
        guard let byte = current else {
            throw error("expected \(expected), found end of file")
        }
        // Whether this value is an object member's (a deferred array is a member's, not an element's).
        let isMember = memberValue
        memberValue = false
        switch byte {
        case ascii("{"): return try parseObject()
        case ascii("["): return try parseArray(defersElements: isMember && deferredPath == keys)
        case ascii("\""):
            let start = position
            return JSONValue(.string(try parseString()), at: start)
        case ascii("-"), ascii("0")...ascii("9"): return try parseNumber()
        case ascii("t"): return try parseLiteral("true", .bool(true))
        case ascii("f"): return try parseLiteral("false", .bool(false))
        case ascii("n"): return try parseLiteral("null", .null)
        case ascii("/"): throw error("comments are not allowed in JSON")
        case ascii("'"): throw error("expected \(expected), found \"'\" (JSON strings use double quotes)")
        default: throw error("expected \(expected), found \(describeCurrent())")
        }
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        let start = position
        try enterContainer()
        advance()  // {
        var members: [JSONMember] = []
        var memberCount = 0
        skipWhitespace()
        if current == ascii("}") {
            advance()
            depth -= 1
            return JSONValue(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            guard current == ascii("\"") else {
                if current == ascii("}"), memberCount > 0 {
                    throw error("expected a key in double quotes, found '}' (JSON does not allow a trailing comma)")
                }
                if current == ascii("'") {
                    throw error("expected a key in double quotes, found \"'\" (JSON strings use double quotes)")
                }
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard current == ascii(":") else {
                throw error("expected ':' after object key, found \(describeCurrent())")
            }
            advance()
            skipWhitespace()
            if deferredPath != nil { keys.append(key) }
            memberValue = true
            let value = try parseValue(expected: "a value after ':'")
            if deferredPath != nil { keys.removeLast() }
            memberCount += 1
            if building { members.append(JSONMember(key: key, keyPosition: keyPosition, value: value)) }
            skipWhitespace()
            if current == ascii(",") {
                advance()
                continue
            }
            if current == ascii("}") {
                advance()
                break
            }
            throw error("expected ',' or '}' after object member, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(.object(members), at: start)
    }

    private mutating func parseArray(defersElements: Bool = false) throws(JSONError) -> JSONValue {
        let start = position
        try enterContainer()
        advance()  // [
        var elements: [JSONValue] = []
        var count = 0
        skipWhitespace()
        if current == ascii("]") {
            advance()
            depth -= 1
            return JSONValue(.array(elements), at: start)
        }
        while true {
            skipWhitespace()
            if current == ascii("]"), count > 0 {
                throw error("expected a value, found ']' (JSON does not allow a trailing comma)")
            }
            count += 1
            if defersElements {
                // Checked now, kept as where it starts: parsed again alone when it is read.
                deferred[start, default: []].append(JSONMark(index: index, position: position, depth: depth))
                building = false
                _ = try parseValue(expected: "a value")
                building = true
            } else {
                let element = try parseValue(expected: "a value")
                if building { elements.append(element) }
            }
            skipWhitespace()
            if current == ascii(",") {
                advance()
                continue
            }
            if current == ascii("]") {
                advance()
                break
            }
            throw error("expected ',' or ']' after array element, found \(describeCurrent())")
        }
        depth -= 1
        return JSONValue(.array(elements), at: start)
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        if depth > maximumDepth {
            throw error("arrays and objects are nested more than \(maximumDepth) levels deep")
        }
    }

    private mutating func parseLiteral(_ word: String, _ kind: JSONValue.Kind) throws(JSONError) -> JSONValue {
        let start = position
        for expectedByte in word.utf8 {
            guard current == expectedByte else {
                throw JSONError(position: start, message: "expected \(word), found \(describeWord())")
            }
            advance()
        }
        return JSONValue(kind, at: start)
    }

    private mutating func parseNumber() throws(JSONError) -> JSONValue {
        let start = position
        let startIndex = index
        if current == ascii("-") { advance() }
        guard let first = current, isDigit(first) else {
            throw error("expected a digit after '-', found \(describeCurrent())")
        }
        advance()
        if first == ascii("0") {
            if let next = current, isDigit(next) {
                throw JSONError(position: start, message: "numbers cannot have leading zeros")
            }
        } else {
            skipDigits()
        }
        if current == ascii(".") {
            advance()
            guard let next = current, isDigit(next) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())")
            }
            skipDigits()
        }
        if current == ascii("e") || current == ascii("E") {
            advance()
            if current == ascii("+") || current == ascii("-") { advance() }
            guard let next = current, isDigit(next) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits()
        }
        guard building else { return JSONValue(.null, at: start) }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        // Well-formed but beyond a Double (1e400) is not a syntax error: it reads as ±infinity,
        // which `numberValue` refuses, so a validator skips only what holds it ("a number too
        // large"), not the whole file.
        let number = Double(text) ?? (text.hasPrefix("-") ? -Double.infinity : .infinity)
        return JSONValue(.number(number), at: start)
    }

    /// Parses a string whose opening quote is the current byte.
    private mutating func parseString() throws(JSONError) -> String {
        let start = position
        advance()  // "
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else {
                throw JSONError(position: start, message: "this string is never closed")
            }
            switch byte {
            case ascii("\""):
                advance()
                return building ? String(decoding: buffer, as: UTF8.self) : ""
            case ascii("\\"):
                try parseEscape(into: &buffer)
            case ascii("\n"), ascii("\r"):
                throw error("a string cannot contain a line break (is a closing '\"' missing?)")
            case 0..<0x20:
                throw error("control character \(String(format: "U+%04X", Int(byte))) must be escaped in a string")
            default:
                // A run of plain characters in one go: no line breaks can occur in it, so only
                // the column needs keeping.
                let runStart = index
                var end = index
                var scalars = 0
                while end < bytes.count {
                    let plain = bytes[end]
                    if plain < 0x20 || plain == 0x22 || plain == 0x5C { break }
                    if plain & 0xC0 != 0x80 { scalars += 1 }
                    end += 1
                }
                if building { buffer.append(contentsOf: bytes[runStart..<end]) }
                index = end
                column += scalars
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONError) {
        let escapeStart = position
        advance()  // backslash
        guard let byte = current else {
            throw JSONError(position: escapeStart, message: "this string is never closed")
        }
        let simple: UInt8?
        switch byte {
        case ascii("\""): simple = ascii("\"")
        case ascii("\\"): simple = ascii("\\")
        case ascii("/"): simple = ascii("/")
        case ascii("b"): simple = 0x08
        case ascii("f"): simple = 0x0C
        case ascii("n"): simple = ascii("\n")
        case ascii("r"): simple = ascii("\r")
        case ascii("t"): simple = ascii("\t")
        case ascii("u"): simple = nil
        default:
            throw JSONError(position: escapeStart, message: "invalid escape '\\\(describeScalar(at: index))' in a string")
        }
        advance()
        if let simple {
            buffer.append(simple)
            return
        }
        let unit = try parseHexQuad(escapeStart: escapeStart)
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by an escaped low surrogate.
            guard current == ascii("\\"), peek(ahead: 1) == ascii("u") else {
                throw JSONError(position: escapeStart, message: "unpaired surrogate \\u\(hex(unit)) in a string")
            }
            let lowStart = position
            advance()
            advance()
            let low = try parseHexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONError(position: escapeStart, message: "unpaired surrogate \\u\(hex(unit)) in a string")
            }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONError(position: escapeStart, message: "unpaired surrogate \\u\(hex(unit)) in a string")
        default:
            scalarValue = unit
        }
        // Surrogates are excluded above, so every remaining value is a valid scalar.
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw JSONError(position: escapeStart, message: "invalid escape \\u\(hex(unit)) in a string")
        }
        buffer.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHexQuad(escapeStart: SourcePosition) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = hexDigitValue(byte) else {
                throw JSONError(position: escapeStart, message: "expected 4 hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            advance()
        }
        return value
    }

    // MARK: Cursor

    private var isAtEnd: Bool { index >= bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func peek(ahead offset: Int) -> UInt8? {
        let target = index + offset
        return target < bytes.count ? bytes[target] : nil
    }

    /// Moves past one byte, keeping line and column: columns count scalars (continuation bytes
    /// do not advance them); "\r\n", "\n" and a lone "\r" each end a line.
    private mutating func advance() {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        index += 1
        if byte == ascii("\n") || (byte == ascii("\r") && current != ascii("\n")) {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
              byte == ascii(" ") || byte == ascii("\t") || byte == ascii("\n") || byte == ascii("\r") {
            advance()
        }
    }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { advance() }
    }

    private func error(_ message: String) -> JSONError {
        JSONError(position: position, message: message)
    }

    // MARK: Describing what was found

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte == ascii("\n") || byte == ascii("\r") { return "a line break" }
        return "'\(describeScalar(at: index))'"
    }

    /// The scalar starting at `offset` (the input is valid UTF-8 by now), control characters as U+XXXX.
    private func describeScalar(at offset: Int) -> String {
        guard offset < bytes.count else { return "" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[offset..<end], as: UTF8.self)
        if let scalar = text.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
            return String(format: "U+%04X", Int(scalar.value))
        }
        return text
    }

    /// The run of letters at the cursor, for "expected true, found 'tru'".
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, isLetter(bytes[end]) { end += 1 }
        var begin = index
        while begin > 0, isLetter(bytes[begin - 1]) { begin -= 1 }
        if begin == end { return describeCurrent() }
        return "'\(String(decoding: bytes[begin..<end], as: UTF8.self))'"
    }

    private func hex(_ value: UInt32) -> String { String(format: "%04X", Int(value)) }
}

@inline(__always) private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(truncatingIfNeeded: character.value) }
@inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
@inline(__always) private func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

private func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: return UInt32(byte - 0x30)
    case 0x41...0x46: return UInt32(byte - 0x41 + 10)
    case 0x61...0x66: return UInt32(byte - 0x61 + 10)
    default: return nil
    }
}

/// UTF-8 checks done once up front, so the parser can then treat bytes as trusted text and a bad
/// byte gets its own precise message instead of a confusing syntax error. Public for the feed
/// reader, which checks XML feeds the same way before libxml2 sees them.
public enum UTF8Validation {
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Offset of the first byte that does not start a well-formed UTF-8 sequence (overlong forms,
    /// surrogates and values above U+10FFFF included), or nil when the whole input is valid.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while i < count {
            // Eight ASCII bytes at a time: most of a feed is ASCII (the feed parser checks 2 MB feeds).
            while i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < count else { break }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return i
            }
            guard i + length <= count, (lower...upper).contains(bytes[i + 1]) else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// Line and column of a byte offset, counted the way the parser counts them.
    public static func position(ofOffset offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        var i = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        while i < min(offset, bytes.count) {
            let byte = bytes[i]
            let next: UInt8? = i + 1 < bytes.count ? bytes[i + 1] : nil
            if byte == 0x0A || (byte == 0x0D && next != 0x0A) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }
}
