import Foundation

/// A subscription's document as read from the network or a file, whatever its format (RSS 0.9x,
/// RSS 1.0, RSS 2.0, Atom 1.0, JSON Feed 1.0/1.1): what the store keeps and the cards show.
/// Limits and formats: docs/feeds.md.
public struct ParsedFeed: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// `cdf`: Microsoft's Channel Definition Format (1997), the feeds Internet Explorer 4 read.
        case rss090, rss091, rss092, rss10, rss20, atom10, jsonFeed10, jsonFeed11, cdf
    }

    public var format: Format
    public var title: String
    /// The site the feed belongs to (RSS `<link>`, Atom `rel="alternate"`, JSON Feed `home_page_url`).
    public var siteURL: URL?
    /// The feed's own picture or icon (RSS `<image>`, Atom `<icon>`/`<logo>`, JSON Feed `icon`/`favicon`).
    public var iconURL: URL?
    /// How often the publisher says to look again, when it says (RSS `<ttl>`, `sy:updatePeriod` ×
    /// `sy:updateFrequency`), in seconds, before the schedule's clamps.
    public var suggestedInterval: TimeInterval?
    /// Newest first as the document lists them, at most `FeedFormatLimits.articlesPerFeed`.
    public var articles: [ParsedArticle]
    /// What a recovering parse skipped or repaired, with the line where known.
    public var problems: [FeedFormatProblem]

    public init(format: Format, title: String, siteURL: URL? = nil, iconURL: URL? = nil,
                suggestedInterval: TimeInterval? = nil, articles: [ParsedArticle], problems: [FeedFormatProblem] = []) {
        self.format = format
        self.title = title
        self.siteURL = siteURL
        self.iconURL = iconURL
        self.suggestedInterval = suggestedInterval
        self.articles = articles
        self.problems = problems
    }
}

public struct ParsedArticle: Sendable, Hashable {
    /// guid / Atom id / JSON Feed id, as given (trimmed); nil when the document has none.
    public var guid: String?
    /// Absolute, resolved against `xml:base` and the feed's address.
    public var link: URL?
    /// Plain text: HTML entities decoded and tags stripped.
    public var title: String
    /// Plain text for the card's subtitle (summary, description), bounded.
    public var summary: String?
    /// The article's HTML as published (content:encoded, Atom content, content_html), not yet sanitised.
    public var contentHTML: String?
    public var author: String?
    /// Publication date (pubDate, dc:date, published, date_published; else updated).
    public var published: Date?
    public var updated: Date?
    /// The card's picture, chosen in the order docs/feeds.md gives (media:content / media:thumbnail,
    /// an image enclosure, JSON Feed image / banner_image, the first <img> in the content).
    public var imageURL: URL?
    /// The item's audio or video file (a podcast's episode, a media feed's clip): the first such
    /// enclosure, `media:content` or JSON Feed attachment (docs/feeds.md, "Formats").
    public var media: ParsedMedia?

    public init(guid: String? = nil, link: URL? = nil, title: String, summary: String? = nil,
                contentHTML: String? = nil, author: String? = nil, published: Date? = nil, updated: Date? = nil,
                imageURL: URL? = nil, media: ParsedMedia? = nil) {
        self.guid = guid
        self.link = link
        self.title = title
        self.summary = summary
        self.contentHTML = contentHTML
        self.author = author
        self.published = published
        self.updated = updated
        self.imageURL = imageURL
        self.media = media
    }
}

/// An article's audio or video file, for the card to say so (with its length) and the story to play it.
public struct ParsedMedia: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case audio, video }

    /// Absolute, http(s) only, resolved like the article's links.
    public var url: URL
    public var kind: Kind
    /// As the feed gives it (`audio/mpeg`); nil when it gives none or one that says nothing.
    public var mimeType: String?
    /// Seconds; nil when unknown, unreadable or over `FeedFormatLimits.mediaDuration`.
    public var duration: TimeInterval?

    public init(url: URL, kind: Kind, mimeType: String? = nil, duration: TimeInterval? = nil) {
        self.url = url
        self.kind = kind
        self.mimeType = mimeType
        self.duration = duration
    }
}

/// Something in a feed that was skipped or repaired; shown in Today's problems bar and the
/// Subscriptions view.
public struct FeedFormatProblem: Sendable, Hashable, CustomStringConvertible {
    public var line: Int?
    public var message: String

    public init(line: Int? = nil, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
