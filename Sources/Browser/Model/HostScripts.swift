/// Which writing systems a host label uses, and whether showing it in Unicode is safe: the
/// mixed-script rule of Firefox and Chromium ("moderately restrictive", UTS #39), with the
/// scripts told apart by their Unicode blocks (no ICU in the model). docs/where-am-i.md.
enum HostScripts {
    enum Script: Hashable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, thai, georgian
        case hangul, hiragana, katakana, bopomofo, han
        /// Any other script, by its 128-character block: two different ones never mix.
        case other(UInt32)
    }

    /// Latin with the scripts written alongside it in Japanese, Chinese and Korean: the only mixes allowed.
    private static let allowedMixes: [Set<Script>] = [
        [.latin, .han, .hiragana, .katakana],
        [.latin, .han, .bopomofo],
        [.latin, .han, .hangul],
    ]

    /// Cyrillic letters that look like Latin ones: a label made only of these (`аррӏе`) reads as a Latin name.
    private static let latinLookalikes = Set("аеорсухіјѕԁӏһԛԝьвкмнтпгѵ".unicodeScalars)

    static func isSafeToShow(_ label: String, topLevel: String?) -> Bool {
        var scripts = Set<Script>()
        for scalar in label.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isMark = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
            guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || isMark || scalar == "-" else { return false }
            if SafeAddress.isUnsafe(scalar) { return false }
            if let script = script(of: scalar) { scripts.insert(script) }
        }
        if scripts.count > 1 && !allowedMixes.contains(where: { scripts.isSubset(of: $0) }) { return false }
        if scripts == [.cyrillic] {
            let letters = label.unicodeScalars.filter { $0.properties.isAlphabetic }
            let topLevelIsCyrillic = topLevel.map { tld in tld.unicodeScalars.contains { script(of: $0) == .cyrillic } } ?? false
            if !topLevelIsCyrillic && letters.allSatisfy({ latinLookalikes.contains(String($0).lowercased().unicodeScalars.first ?? $0) }) {
                return false
            }
        }
        return true
    }

    /// The script of a letter; nil for characters every script shares (ASCII digits, the hyphen)
    /// and combining marks, which take the script of the letter before them.
    static func script(of scalar: Unicode.Scalar) -> Script? {
        let v = scalar.value
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return nil }
        switch v {
        case 0x30...0x39, 0x2D: return nil
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x250...0x2AF, 0x1E00...0x1EFF, 0x2C60...0x2C7F,
             0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFF21...0xFF3A, 0xFF41...0xFF5A:
            return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x530...0x58F: return .armenian
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0xE00...0xE7F: return .thai
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return .georgian
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        case 0x3040...0x309F: return .hiragana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x3100...0x312F, 0x31A0...0x31BF: return .bopomofo
        case 0x2E80...0x2FDF, 0x3005, 0x3007, 0x3021...0x3029, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF:
            return .han
        default: return .other(v >> 7)
        }
    }
}
