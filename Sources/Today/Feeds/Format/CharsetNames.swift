/// Encoding names as feeds declare them, mapped to what libxml2 and iconv accept (docs/feeds.md,
/// "Formats"): a code page by its number alone (`encoding="437"`, which XML's grammar refuses: a
/// name starts with a letter), Python's aliases that generators wrote, and EBCDIC declarations, which
/// libxml2 reads but then fails to switch to (`cp500`).
enum CharsetNames {
    /// Python's names for the Mac code pages that glibc's iconv spells otherwise; `ibm039` is
    /// Python's alias of EBCDIC code page 037. (macgreek and macturkish have no iconv converter.)
    private static let aliases: [String: String] = [
        "maciceland": "MAC-IS", "maclatin2": "MAC-CENTRALEUROPE", "maccentraleurope": "MAC-CENTRALEUROPE",
        "macroman": "MACINTOSH", "mac-roman": "MACINTOSH", "ibm039": "IBM037", "cp039": "IBM037",
    ]

    /// The name to give libxml2 instead of the declared one, nil to let libxml2 read the declaration.
    static func replacement(for declared: String) -> String? {
        let name = declared.lowercased()
        if let alias = aliases[name] { return alias }
        if name.first?.isNumber == true, name.allSatisfy({ $0.isASCII && $0.isNumber }) { return "CP" + name }
        return nil
    }

    /// Whether libxml2 would refuse the declaration itself (a name not starting with a letter): the
    /// declaration is then blanked before parsing, the encoding given apart.
    static func declarationIsInvalid(_ declared: String) -> Bool {
        guard let first = declared.unicodeScalars.first else { return true }
        return !(first.isASCII && first.properties.isAlphabetic)
    }

    /// The `encoding` of an EBCDIC document's declaration, read through the characters a
    /// declaration uses, which every EBCDIC code page places alike; `IBM037` when none is declared.
    static func ebcdicEncoding(_ head: [UInt8]) -> String {
        var text = ""
        for byte in head.prefix(200) {
            guard let character = ebcdic(byte) else { break }
            text.append(character)
            if text.hasSuffix("?>") { break }
        }
        guard let key = text.range(of: "encoding") else { return "IBM037" }
        var rest = text[key.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return "IBM037" }
        rest = rest.dropFirst()
        let name = String(rest.prefix { $0 != quote }).replacingOccurrences(of: "_", with: "-")
        return name.isEmpty ? "IBM037" : replacement(for: name) ?? name
    }

    private static func ebcdic(_ byte: UInt8) -> Character? {
        switch byte {
        case 0x81...0x89: Character(Unicode.Scalar(byte - 0x81 + 0x61))
        case 0x91...0x99: Character(Unicode.Scalar(byte - 0x91 + 0x6A))
        case 0xA2...0xA9: Character(Unicode.Scalar(byte - 0xA2 + 0x73))
        case 0xC1...0xC9: Character(Unicode.Scalar(byte - 0xC1 + 0x41))
        case 0xD1...0xD9: Character(Unicode.Scalar(byte - 0xD1 + 0x4A))
        case 0xE2...0xE9: Character(Unicode.Scalar(byte - 0xE2 + 0x53))
        case 0xF0...0xF9: Character(Unicode.Scalar(byte - 0xF0 + 0x30))
        case 0x40: " "
        case 0x4B: "."
        case 0x4C: "<"
        case 0x60: "-"
        case 0x6D: "_"
        case 0x6E: ">"
        case 0x6F: "?"
        case 0x7D: "'"
        case 0x7E: "="
        case 0x7F: "\""
        default: nil
        }
    }
}
