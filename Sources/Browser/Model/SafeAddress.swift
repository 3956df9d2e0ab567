/// How an address is shown to the user so that what is read is where it goes (docs/where-am-i.md):
///
/// - control characters, bidirectional embeddings, overrides, isolates and marks, invisible and
///   blank characters are shown percent-escaped (`%E2%80%AE`), never obeyed;
/// - other percent-escaped non-ASCII text is shown decoded, for readability (as Firefox does);
///   escaped ASCII (`%20`, `%2F`) stays escaped, since decoding it could change what is read;
/// - a host label is shown in Unicode only when it is safe to (one script, or Latin with the
///   scripts written alongside it in Chinese, Japanese or Korean; no Cyrillic label made only of
///   letters that look Latin under a non-Cyrillic top-level domain; letters, digits, marks and
///   hyphens only); otherwise it is shown as punycode (`xn--…`), the homograph rule of Firefox and
///   Chromium.
public enum SafeAddress {
    /// Only the first 8,192 characters of an address are read (a `data:` link may be 100 MB).
    public static let maximumInput = 8_192
    /// What is shown is cut to 2,048 characters, ending in "…": enough for any address a person reads.
    public static let maximumShown = 2_048

    /// The whole address, made safe to show.
    public static func display(_ uri: String) -> String {
        let scalars = Array(uri.unicodeScalars.prefix(maximumInput + 1))
        let cut = scalars.count > maximumInput
        let input = cut ? Array(scalars.prefix(maximumInput)) : scalars
        var out = ""
        var index = 0
        // scheme ":" ("//" authority)?
        if let colon = input.firstIndex(of: ":"), colon > 0,
           input[..<colon].allSatisfy({ $0.properties.isAlphabetic && $0.isASCII || "+-.".unicodeScalars.contains($0) || ("0"..."9").contains($0) }) {
            out += String(String.UnicodeScalarView(input[...colon]))
            index = colon + 1
            if input.count >= index + 2, input[index] == "/", input[index + 1] == "/" {
                out += "//"
                index += 2
                let end = input[index...].firstIndex { "/?#\\".unicodeScalars.contains($0) } ?? input.count
                out += authority(Array(input[index..<end]))
                index = end
            }
        }
        out += readable(input[index...])
        if cut || out.count > maximumShown { out = String(out.prefix(maximumShown - 1)) + "…" }
        return out
    }

    /// A host name (no scheme, port or path), made safe to show: each label in Unicode or as punycode.
    public static func host(_ host: String) -> String {
        let dots: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]
        let labels = host.unicodeScalars.split(omittingEmptySubsequences: false) { dots.contains($0) }.map { String(String.UnicodeScalarView($0)) }
        let topLevel = labels.last { !$0.isEmpty }.map(unicodeForm) ?? nil
        return labels.map { label($0, topLevel: topLevel) }.joined(separator: ".")
    }

    /// Text that is not an address but comes from a site (a certificate's names, a selection):
    /// the same characters escaped, ordinary spaces kept, cut at `maximumShown`.
    public static func text(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars.prefix(maximumShown) { out += s == " " || !isUnsafe(s) ? String(s) : escaped(s) }
        return out
    }

    /// `userinfo@host:port`: the host by the label rule, the rest escaped.
    private static func authority(_ scalars: [Unicode.Scalar]) -> String {
        var rest = scalars[...]
        var prefix = ""
        if let at = rest.lastIndex(of: "@") {
            prefix = readable(rest[..<at]) + "@"
            rest = rest[(at + 1)...]
        }
        if rest.first == "[" { return prefix + readable(rest) } // an IPv6 literal
        var suffix = ""
        if let colon = rest.lastIndex(of: ":"), rest[(colon + 1)...].allSatisfy({ ("0"..."9").contains($0) }) {
            suffix = readable(rest[colon...])
            rest = rest[..<colon]
        }
        // A host may itself carry escapes; IDNA decodes them before the label rule, and so do we.
        let decoded = percentDecoded(String(String.UnicodeScalarView(rest)))
        return prefix + host(decoded) + suffix
    }

    private static func label(_ label: String, topLevel: String?) -> String {
        guard let unicode = unicodeForm(label) else { return readable(label.unicodeScalars[...]) }
        if unicode.unicodeScalars.allSatisfy(\.isASCII) { return readable(label.unicodeScalars[...]) }
        if HostScripts.isSafeToShow(unicode, topLevel: topLevel) { return unicode }
        if label.lowercased().hasPrefix("xn--") { return label.lowercased() }
        guard let encoded = Punycode.encode(unicode.lowercased()) else { return readable(label.unicodeScalars[...]) }
        return "xn--" + encoded
    }

    /// The Unicode form of a label: decoded if it is punycode; nil if it claims to be and is not.
    private static func unicodeForm(_ label: String) -> String? {
        guard label.lowercased().hasPrefix("xn--") else { return label }
        return Punycode.decode(String(label.dropFirst(4)))
    }

    /// Characters that change how text around them is drawn, or cannot be seen: always escaped.
    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x20, 0x7F...0xA0, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x1680, 0x17B4, 0x17B5, 0x180B...0x180E,
             0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x2800, 0x3000, 0x3164, 0xFE00...0xFE0F,
             0xFEFF, 0xFFA0, 0xFFF0...0xFFFF, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            true
        default:
            false
        }
    }

    private static func escaped(_ s: Unicode.Scalar) -> String {
        Array(String(s).utf8).map { hex($0) }.joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// Escapes unsafe characters, decodes escaped non-ASCII text that is safe to show.
    static func readable(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = ""
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let s = scalars[i]
            guard s == "%" else {
                out += isUnsafe(s) ? escaped(s) : String(s)
                i += 1
                continue
            }
            // A run of %XX escapes: decode what is valid, safe UTF-8 above ASCII; keep the rest as written.
            var bytes: [UInt8] = []
            var originals: [String] = []
            while i + 2 < scalars.endIndex {
                guard scalars[i] == "%", let byte = hexByte(scalars[i + 1], scalars[i + 2]) else { break }
                bytes.append(byte)
                originals.append(String(String.UnicodeScalarView(scalars[i...(i + 2)])))
                i += 3
            }
            if bytes.isEmpty {
                out += "%"
                i += 1
                continue
            }
            out += decodeRun(bytes, originals)
        }
        return out
    }

    private static func readable(_ scalars: Substring.UnicodeScalarView.SubSequence) -> String {
        readable(ArraySlice(Array(scalars)))
    }

    private static func decodeRun(_ bytes: [UInt8], _ originals: [String]) -> String {
        var out = ""
        var k = 0
        while k < bytes.count {
            let lead = bytes[k]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
            if length > 1, k + length <= bytes.count,
               let scalar = String(validating: bytes[k..<(k + length)], as: UTF8.self)?.unicodeScalars.first,
               !isUnsafe(scalar) {
                out.unicodeScalars.append(scalar)
                k += length
            } else {
                out += originals[k].uppercased()
                k += 1
            }
        }
        return out
    }

    private static func hexByte(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> UInt8? {
        guard let high = UInt8(String(a), radix: 16), let low = UInt8(String(b), radix: 16) else { return nil }
        return high << 4 | low
    }

    /// Every %XX decoded as UTF-8 (invalid bytes become U+FFFD, which the label rule refuses).
    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "%", i + 2 < scalars.count, let byte = hexByte(scalars[i + 1], scalars[i + 2]) {
                bytes.append(byte)
                i += 3
            } else {
                bytes.append(contentsOf: Array(String(scalars[i]).utf8))
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
