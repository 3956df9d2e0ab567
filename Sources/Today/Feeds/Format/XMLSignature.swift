/// What the first four bytes of an XML document with no byte-order mark say of its encoding, where
/// they are not ASCII-compatible (XML 1.0, appendix F): `<` or `<?` in two or four bytes a
/// character, or `<?xm` in EBCDIC. Read by `FeedSniffer` (it is XML) and `FeedParser` (which
/// encoding libxml2 is told).
enum XMLSignature {
    case utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian, ebcdic

    init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let head = Array(bytes.prefix(4))
        guard head.count == 4 else { return nil }
        switch (head[0], head[1], head[2], head[3]) {
        case (0, 0x3C, 0, 0x3F): self = .utf16BigEndian
        case (0x3C, 0, 0x3F, 0): self = .utf16LittleEndian
        case (0, 0, 0, 0x3C): self = .utf32BigEndian
        case (0x3C, 0, 0, 0): self = .utf32LittleEndian
        case (0x4C, 0x6F, 0xA7, 0x94): self = .ebcdic
        default: return nil
        }
    }

    /// The encoding to name to libxml2, nil where it finds it itself: left alone, it reads UTF-32
    /// as UTF-16 and stops at the first character; EBCDIC's code page is in its declaration.
    var libxml2Name: String? {
        switch self {
        case .utf32BigEndian: "UTF-32BE"
        case .utf32LittleEndian: "UTF-32LE"
        case .utf16BigEndian, .utf16LittleEndian, .ebcdic: nil
        }
    }
}
