import Foundation

/// An article's audio or video file (a podcast's episode): the card says which and how long, the story
/// plays it (docs/feeds.md, "Cards and stories").
public struct CardMedia: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case audio, video }
    public var kind: Kind
    /// http(s) only: the parser keeps no other.
    public var url: URL
    public var mimeType: String?
    /// Seconds; nil when the feed does not say.
    public var duration: TimeInterval?

    public init(kind: Kind, url: URL, mimeType: String? = nil, duration: TimeInterval? = nil) {
        self.kind = kind
        self.url = url
        self.mimeType = mimeType
        self.duration = duration
    }

    /// "Audio · 42 min", "Video · 1 h 5 min", "Audio · 45 s", or "Audio" when the length is not known.
    public var label: String {
        let name = kind == .audio ? "Audio" : "Video"
        guard let duration, duration >= 1 else { return name }
        return "\(name) · \(Self.length(duration))"
    }

    /// A length as people say it: whole minutes (rounded), hours and minutes past an hour, seconds
    /// under a minute.
    static func length(_ seconds: TimeInterval) -> String {
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        let minutes = Int((seconds / 60).rounded())
        guard minutes >= 60 else { return "\(minutes) min" }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}
