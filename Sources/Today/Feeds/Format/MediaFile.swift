import Foundation

/// What kind of file an enclosure, `media:content` or attachment is, and how long it lasts
/// (docs/feeds.md, "Formats").
enum MediaFile {
    /// Extensions taken as audio or video when the feed gives no type, or one that says nothing
    /// (`application/octet-stream`, `binary/octet-stream`: what many servers call every file).
    static let audioExtensions: Set<String> = ["mp3", "m4a", "aac", "ogg", "oga", "opus", "flac", "wav"]
    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv"]

    /// The file as the article's media, or nil for a picture, a document or anything unknown.
    /// `medium` is Media RSS's; `type` the MIME type of any format.
    static func media(url: URL, type: String?, medium: String? = nil, duration: TimeInterval? = nil) -> ParsedMedia? {
        let type = type.map(HTMLText.trimmed).flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let kind: ParsedMedia.Kind
        switch medium?.lowercased() {
        case "audio": kind = .audio
        case "video": kind = .video
        case .some(let other) where other != "": return nil
        default:
            if let type, type.hasPrefix("audio/") {
                kind = .audio
            } else if let type, type.hasPrefix("video/") {
                kind = .video
            } else if type.map({ !isTelling($0) }) ?? true {
                let fileExtension = url.pathExtension.lowercased()
                if audioExtensions.contains(fileExtension) {
                    kind = .audio
                } else if videoExtensions.contains(fileExtension) {
                    kind = .video
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        let telling = type.flatMap { $0.hasPrefix("audio/") || $0.hasPrefix("video/") ? $0 : nil }
        return ParsedMedia(url: url, kind: kind, mimeType: telling, duration: duration.flatMap(bounded))
    }

    /// A type that names a kind of file of its own (an image, a PDF), as opposed to the generic ones.
    private static func isTelling(_ type: String) -> Bool {
        !(type.hasPrefix("application/octet-stream") || type.hasPrefix("binary/") || type == "application/x-unknown")
    }

    /// `itunes:duration` and its kin: "SS", "MM:SS" or "HH:MM:SS", each with a fraction of a second;
    /// the first part may be as large as it likes ("75:30"), the later ones are under 60. Nil for
    /// anything else, for zero (which says nothing) and over `FeedFormatLimits.mediaDuration`.
    static func duration(_ text: String) -> TimeInterval? {
        let parts = HTMLText.trimmed(text).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total: TimeInterval = 0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || isLast && $0 == ".") }),
                  part.filter({ $0 == "." }).count <= 1, let value = Double(part), value.isFinite else { return nil }
            if index > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return bounded(total)
    }

    static func bounded(_ seconds: TimeInterval) -> TimeInterval? {
        seconds.isFinite && seconds > 0 && seconds <= FeedFormatLimits.mediaDuration ? seconds : nil
    }
}
