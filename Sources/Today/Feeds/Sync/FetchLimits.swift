import FeedFormat
import Foundation

/// The limits of fetching feeds (docs/feeds.md, "Fetching"). Tests pass smaller ones.
public struct FeedFetchLimits: Sendable, Equatable {
    /// Fetches under way at once (docs/feeds.md: 4), so 200 subscriptions don't open 200 connections.
    public var concurrentFetches: Int
    /// Seconds for one fetch, redirects and body included (docs/feeds.md: 30 s).
    public var timeout: Double
    /// Bytes of body after decoding: what the parser reads at most (`FeedFormatLimits.documentBytes`,
    /// docs/feeds.md: 10 MB).
    public var maximumBytes: Int
    /// Redirects followed in a row (docs/feeds.md: 5).
    public var maximumRedirects: Int

    public init(concurrentFetches: Int = 4, timeout: Double = 30, maximumBytes: Int = FeedFormatLimits.documentBytes, maximumRedirects: Int = 5) {
        self.concurrentFetches = concurrentFetches
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
    }

    public static let standard = FeedFetchLimits()

    /// What feeds are asked to be, most wanted first.
    static let accept = "application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, "
        + "application/json;q=0.8, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5"
}
