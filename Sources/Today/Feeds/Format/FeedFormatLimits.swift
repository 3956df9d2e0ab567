import Foundation

/// Every bound the feed reader applies to what strangers' servers send. Each value is explained in
/// docs/feeds.md ("Limits"); change both together.
public enum FeedFormatLimits {
    /// A feed, OPML file or HTML page larger than this is refused before parsing (docs/feeds.md).
    public static let documentBytes = 10 * 1024 * 1024
    /// Articles kept per parse: the newest by date, the rest dropped with a problem (docs/feeds.md).
    public static let articlesPerFeed = 500
    /// Characters of an article's plain-text title; longer ones end with "…" (docs/feeds.md).
    public static let titleCharacters = 300
    /// Characters of a feed's title (docs/feeds.md).
    public static let feedTitleCharacters = 200
    /// Characters of an article's plain-text summary, the card's subtitle (docs/feeds.md).
    public static let summaryCharacters = 400
    /// Characters of a guid/id kept as the article's identity (docs/feeds.md).
    public static let guidCharacters = 1_024
    /// Problems listed per parse; the rest are counted in one last line (docs/feeds.md).
    public static let problemsKept = 50
    /// Element nesting libxml2 accepts without XML_PARSE_HUGE, which Skiff never sets: a deeper
    /// document stops there with a problem (docs/feeds.md).
    public static let elementDepth = 256
    /// A date later than the parse time by more than this is taken as the parse time (docs/feeds.md).
    public static let futureTolerance: TimeInterval = 24 * 60 * 60
    /// Dates before 1990-01-01 (older than the web's feeds; in practice the Unix epoch or a zero
    /// written by a broken generator) are dropped (docs/feeds.md).
    public static let earliestDate = Date(timeIntervalSince1970: 631_152_000)
    /// A media file's duration longer than this (7 days) is taken as unknown: no episode lasts a week,
    /// so it is a generator's mistake (milliseconds written as seconds) (docs/feeds.md).
    public static let mediaDuration: TimeInterval = 7 * 24 * 60 * 60
    /// The longest text of an entity a document declares that is read in its place, and all such texts
    /// together in one document: a plain-text entity (no markup, no other entity) is read, bounded so
    /// that references cannot amplify a document (docs/feeds.md).
    public static let entityCharacters = 1_024
    public static let entityExpansion = 1_048_576
    /// Subscriptions read from one OPML file (docs/feeds.md).
    public static let opmlEntries = 5_000
    /// Folders inside folders in one OPML file (docs/feeds.md); feeds deeper are counted and told.
    public static let opmlDepth = 32
    /// Feeds listed from one HTML page by discovery (docs/feeds.md).
    public static let discoveredFeeds = 20
}
