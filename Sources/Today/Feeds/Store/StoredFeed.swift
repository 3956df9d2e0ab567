import FeedFormat
import Foundation

/// A subscription's row in `feeds`.
public struct FeedID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (a: FeedID, b: FeedID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "feed \(rawValue)" }
}

public struct StoredFeed: Sendable, Hashable, Identifiable {
    public var id: FeedID
    /// Where it is fetched from; a permanent redirect replaces it.
    public var url: URL
    /// The feed's own title, as last fetched ("" before the first fetch).
    public var title: String
    /// The user's name for it (rename), shown instead of `title`.
    public var userTitle: String?
    public var siteURL: URL?
    public var iconURL: URL?
    /// An OPML outline's folder name; nil at the top level.
    public var folder: String?
    /// Validators of the last full answer, sent back as If-None-Match / If-Modified-Since.
    public var etag: String?
    public var lastModified: String?
    /// SHA-256 of the last body parsed: the same body again parses nothing.
    public var bodyHash: String?
    public var lastFetch: Date?
    /// nil: due now (never fetched).
    public var nextFetch: Date?
    /// Failures in a row since the last fetch that worked (the backoff's exponent).
    public var failureCount: Int
    /// The last failure in words for the Subscriptions view; nil when the last fetch worked.
    public var lastError: String?
    /// What the last parse skipped or repaired, with its line where known (at most
    /// `FeedFormatLimits.problemsKept` and a count); empty when it had none. A 304, an unchanged
    /// body or a failure keeps those of the last parse.
    public var problems: [FeedFormatProblem] = []
    public var suggestedInterval: TimeInterval?
    public var added: Date
    /// Stories of this feed show the article fetched from its page (Reader View), not the summary.
    public var readerView = false

    /// The name to show: the user's, else the feed's, else its host.
    public var displayTitle: String {
        if let userTitle, !userTitle.isEmpty { return userTitle }
        if !title.isEmpty { return title }
        return url.host ?? url.absoluteString
    }

    public func isDue(at now: Date) -> Bool { nextFetch.map { $0 <= now } ?? true }
}

/// What identifies an article across fetches and re-posts: its feed and its identity.
public struct ArticleKey: Hashable, Sendable {
    public var feedID: FeedID
    public var identity: String
    public init(feedID: FeedID, identity: String) {
        self.feedID = feedID
        self.identity = identity
    }
}

public struct StoredArticle: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var feedID: FeedID
    /// guid, else link, else "sha256:" + hash of title and date (`ArticleIdentity`).
    public var identity: String
    public var title: String
    public var summary: String?
    public var contentHTML: String?
    public var author: String?
    public var published: Date?
    public var link: URL?
    public var imageURL: URL?
    /// When this store first saw it; the card's date when the feed gives none.
    public var firstSeen: Date
    public var isRead: Bool
    public var isStarred: Bool
    /// The article Reader View extracted from its page, sanitised (with `contentHTML` only).
    public var readerHTML: String?
    /// The picture its page names (`og:image`), when looked up (`pagePictureChecked`) and found.
    public var pagePictureURL: URL?
    /// When its page was looked up for a picture; nil: never.
    public var pagePictureChecked: Date?
    /// Its audio or video file (a podcast's episode), if it has one.
    public var media: ParsedMedia?

    public var key: ArticleKey { ArticleKey(feedID: feedID, identity: identity) }
    /// The date cards sort and group by.
    public var date: Date { published ?? firstSeen }
}

/// An article's identity: its guid (Atom id, JSON Feed id), else its link, else a hash of its title
/// and date, so the same article fetched twice, or re-posted, is one article (docs/feeds.md, "Storage").
public enum ArticleIdentity {
    /// Longer guids and links are hashed: an identity is a key, not a document (the parser's own
    /// bound on ids, docs/feeds.md: 1,024 characters).
    public static let maximumLength = FeedFormatLimits.guidCharacters

    public static func of(_ article: ParsedArticle) -> String {
        if let guid = article.guid?.trimmingCharacters(in: .whitespacesAndNewlines), !guid.isEmpty {
            return guid.count <= maximumLength ? guid : "sha256:" + SHA256.hex(Array(guid.utf8))
        }
        if let link = article.link?.absoluteString, !link.isEmpty {
            return link.count <= maximumLength ? link : "sha256:" + SHA256.hex(Array(link.utf8))
        }
        let date = (article.published ?? article.updated).map { String(Int64($0.timeIntervalSince1970)) } ?? ""
        return "sha256:" + SHA256.hex(Array((article.title + "\n" + date).utf8))
    }
}
