/// HTML's named character references that feeds use: HTML 4's 253 and `&apos;`. (HTML5 has two
/// thousand more; feeds in the wild stay within these.)
enum HTMLEntities {
    /// Latin-1's names, U+00A0 to U+00FF in code order.
    private static let latin1 = """
        nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
        acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml \
        Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde \
        Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig \
        ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide \
        oslash ugrave uacute ucirc uuml yacute thorn yuml
        """
    /// Greek capitals from U+0391 (U+03A2 has no letter) and small letters from U+03B1.
    private static let greekCapitals = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau Upsilon Phi Chi Psi Omega"
    private static let greekSmall = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi chi psi omega"
    private static let others: [String: UInt32] = [
        "quot": 34, "amp": 38, "apos": 39, "lt": 60, "gt": 62, "OElig": 338, "oelig": 339, "Scaron": 352,
        "scaron": 353, "Yuml": 376, "fnof": 402, "circ": 710, "tilde": 732, "thetasym": 977, "upsih": 978, "piv": 982,
        "ensp": 8194, "emsp": 8195, "thinsp": 8201, "zwnj": 8204, "zwj": 8205, "lrm": 8206, "rlm": 8207,
        "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217, "sbquo": 8218, "ldquo": 8220, "rdquo": 8221,
        "bdquo": 8222, "dagger": 8224, "Dagger": 8225, "bull": 8226, "hellip": 8230, "permil": 8240, "prime": 8242,
        "Prime": 8243, "lsaquo": 8249, "rsaquo": 8250, "oline": 8254, "frasl": 8260, "euro": 8364, "image": 8465,
        "weierp": 8472, "real": 8476, "trade": 8482, "alefsym": 8501, "larr": 8592, "uarr": 8593, "rarr": 8594,
        "darr": 8595, "harr": 8596, "crarr": 8629, "lArr": 8656, "uArr": 8657, "rArr": 8658, "dArr": 8659,
        "hArr": 8660, "forall": 8704, "part": 8706, "exist": 8707, "empty": 8709, "nabla": 8711, "isin": 8712,
        "notin": 8713, "ni": 8715, "prod": 8719, "sum": 8721, "minus": 8722, "lowast": 8727, "radic": 8730,
        "prop": 8733, "infin": 8734, "ang": 8736, "and": 8743, "or": 8744, "cap": 8745, "cup": 8746, "int": 8747,
        "there4": 8756, "sim": 8764, "cong": 8773, "asymp": 8776, "ne": 8800, "equiv": 8801, "le": 8804, "ge": 8805,
        "sub": 8834, "sup": 8835, "nsub": 8836, "sube": 8838, "supe": 8839, "oplus": 8853, "otimes": 8855,
        "perp": 8869, "sdot": 8901, "lceil": 8968, "rceil": 8969, "lfloor": 8970, "rfloor": 8971, "lang": 9001,
        "rang": 9002, "loz": 9674, "spades": 9824, "clubs": 9827, "hearts": 9829, "diams": 9830,
    ]

    static let named: [[UInt8]: Unicode.Scalar] = {
        var table: [[UInt8]: Unicode.Scalar] = [:]
        func add(_ names: String, from first: UInt32) {
            for (offset, name) in names.split(separator: " ").enumerated() where name != "-" {
                if let scalar = Unicode.Scalar(first + UInt32(offset)) { table[Array(name.utf8)] = scalar }
            }
        }
        add(latin1, from: 0xA0)
        add(greekCapitals, from: 0x391)
        add(greekSmall, from: 0x3B1)
        for (name, code) in others {
            if let scalar = Unicode.Scalar(code) { table[Array(name.utf8)] = scalar }
        }
        return table
    }()

    /// Legacy names browsers read without the `;` ("AT&amp T", "&copy 2024").
    static let withoutSemicolon: Set<[UInt8]> = Set(["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"].map { Array($0.utf8) })

    /// The character a numeric reference means, as browsers read it: 128–159 are Windows-1252's
    /// (feeds written on Windows say `&#146;` for ’), nothing valid is U+FFFD.
    static func scalar(forCode code: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(code) {
            let windows1252: [UInt32] = [
                0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
                0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161,
                0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
            ]
            return Unicode.Scalar(windows1252[Int(code - 0x80)]) ?? "\u{FFFD}"
        }
        guard code != 0, let scalar = Unicode.Scalar(code) else { return "\u{FFFD}" }
        return scalar
    }
}
