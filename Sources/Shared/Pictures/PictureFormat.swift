import Foundation

/// The picture formats Today decodes, known by their first bytes, never by the file's name.
///
/// Only raster formats whose decoders in gdk-pixbuf work in time and memory bounded by the pixels the
/// header declares (`PictureLimits.pixels`), chunk by chunk. SVG is refused: an SVG is a program for
/// librsvg, and a 200 KB one with nested entities took Skiff past 3 GB, a 2.5 KB one kept a core busy
/// for over a minute; nothing read from its header bounds either (docs/feed-format.md, "Pictures").
/// So is anything else gdk-pixbuf might recognise on its own (TIFF, ICO, ANI, XPM…): the decoder is
/// chosen from these bytes, not by gdk-pixbuf's own guess.
public enum PictureFormat: String, Sendable, CaseIterable {
    case png
    case jpeg
    case gif
    case webp

    /// gdk-pixbuf's name for the decoder of this format.
    public var decoderName: String { rawValue }

    /// The format `data` begins as, or why it is not one Today decodes, in words for a problem line.
    public static func sniff(_ data: Data) -> Result<PictureFormat, PictureFile.Refusal> {
        let head = [UInt8](data.prefix(16))
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if starts([0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .success(.gif) }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .success(.webp) }
        if head.isEmpty { return .failure(PictureFile.Refusal("the file is empty")) }
        let only = "only PNG, JPEG, WebP and GIF pictures are shown"
        if isMarkup(data) {
            return .failure(PictureFile.Refusal("it is an SVG or other XML or HTML document, not a picture; \(only)"))
        }
        if starts([0x1F, 0x8B]) {
            return .failure(PictureFile.Refusal("it is compressed (gzip, as an SVGZ is), not a picture; \(only)"))
        }
        return .failure(PictureFile.Refusal("it is not a PNG, JPEG, WebP or GIF picture; \(only)"))
    }

    /// Whether `data` starts, after a byte-order mark and white space, with `<`: SVG, XML, HTML.
    private static func isMarkup(_ data: Data) -> Bool {
        var bytes = data.prefix(1024)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // UTF-16 either way round: "<" with a zero byte before or after it.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return bytes.dropFirst(2).contains(UInt8(ascii: "<"))
        }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "<")
    }
}
