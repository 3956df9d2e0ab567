/// What an ill-formed feed's bytes need before libxml2's recovering parse, which otherwise loses text:
///
/// - A bare `&` in a link or a title ("?a=1&b=2", "Fish & chips"), the most common flaw: libxml2 drops
///   it and the letters after it. It becomes `&#38;`.
/// - Every named reference after the first error: libxml2 stops substituting entity references once
///   a document is known to be ill-formed, even `&amp;`, so a link's `&amp;` vanishes after an
///   earlier, unrelated error. Names it knows (XML's five, HTML's) become numeric references, which
///   it still reads; other names stay as written, their `&` escaped.
///
/// - `&#X41;` (a capital X), which XML does not allow and libxml2 turns into the text `X41;`: the
///   decimal reference.
///
/// CDATA sections are left alone (their `&` is literal). Nothing but characters on a line is
/// changed, so libxml2's line numbers stay right.
enum RecoveryRepair {
    /// The repaired bytes and the line of the first bare `&` (nil when there was none), or nil when
    /// nothing needed repair.
    static func repaired(_ b: UnsafeRawBufferPointer) -> (bytes: [UInt8], bareAmpersandLine: Int?)? {
        var output: [UInt8] = []
        var changed = false
        var bareLine: Int?
        var line = 1
        var copied = 0
        var i = 0
        let cdataStart = Array("<![CDATA[".utf8)
        func replace(_ start: Int, _ end: Int, with code: UInt32) {
            if !changed {
                changed = true
                output.reserveCapacity(b.count + 1_024)
            }
            output.append(contentsOf: b[copied..<start])
            output.append(contentsOf: Array("&#\(code);".utf8))
            copied = end
        }
        while i < b.count {
            let c = b[i]
            if c == 0x0A {
                line += 1
            } else if c == UInt8(ascii: "<"), starts(b, at: i, with: cdataStart) {
                var end = i + cdataStart.count
                while end + 2 < b.count, !(b[end] == UInt8(ascii: "]") && b[end + 1] == UInt8(ascii: "]") && b[end + 2] == UInt8(ascii: ">")) {
                    if b[end] == 0x0A { line += 1 }
                    end += 1
                }
                i = end
                continue
            } else if c == UInt8(ascii: "&") {
                switch reference(b, at: i) {
                case .character:
                    break
                case let .capitalHex(end, code):
                    replace(i, end, with: code)
                case let .named(end, name):
                    if let scalar = HTMLEntities.named[name] {
                        replace(i, end, with: scalar.value)
                    } else {
                        // A name nobody declared stays as written (`&doesnotexist;`), as browsers show it.
                        replace(i, i + 1, with: 38)
                    }
                case .none:
                    if bareLine == nil { bareLine = line }
                    replace(i, i + 1, with: 38)
                }
            }
            i += 1
        }
        guard changed else { return nil }
        output.append(contentsOf: b[copied...])
        return (output, bareLine)
    }

    private enum Reference {
        /// `&#123;` or `&#x1F;`.
        case character
        /// `&#X1F;`: XML wants a small x, and libxml2 drops `&#` and keeps the rest as text
        /// (`X41;`); browsers read it. It becomes the decimal reference.
        case capitalHex(end: Int, code: UInt32)
        /// `&name;`, ending at `end` (past the `;`).
        case named(end: Int, name: [UInt8])
        case none
    }

    private static func reference(_ b: UnsafeRawBufferPointer, at start: Int) -> Reference {
        var i = start + 1
        guard i < b.count else { return .none }
        if b[i] == UInt8(ascii: "#") {
            i += 1
            let hex = i < b.count && (b[i] == UInt8(ascii: "x") || b[i] == UInt8(ascii: "X"))
            if hex { i += 1 }
            let digitsStart = i
            while i < b.count, i - digitsStart < 8, isDigit(b[i]) || hex && isHexLetter(b[i]) { i += 1 }
            guard i > digitsStart, i < b.count, b[i] == UInt8(ascii: ";") else { return .none }
            if hex, b[digitsStart - 1] == UInt8(ascii: "X"),
               let code = UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: b[digitsStart..<i]), as: UTF8.self), radix: 16) {
                return .capitalHex(end: i + 1, code: code)
            }
            return .character
        }
        guard isLetter(b[i]) || b[i] == UInt8(ascii: "_") || b[i] >= 0x80 else { return .none }
        let nameStart = i
        while i < b.count, i - start < 64, isLetter(b[i]) || isDigit(b[i]) || b[i] == UInt8(ascii: "_") || b[i] == UInt8(ascii: "-")
            || b[i] == UInt8(ascii: ".") || b[i] >= 0x80 { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: ";") else { return .none }
        return .named(end: i + 1, name: Array(b[nameStart..<i]))
    }

    private static func starts(_ b: UnsafeRawBufferPointer, at offset: Int, with needle: [UInt8]) -> Bool {
        guard offset + needle.count <= b.count else { return false }
        for (k, c) in needle.enumerated() where b[offset + k] != c { return false }
        return true
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isHexLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
}
