import Foundation

/// Why a document gave no feed at all. (What a recovering parse skipped is a `FeedFormatProblem`
/// inside a `ParsedFeed` instead.) The descriptions are the messages the Subscriptions view shows.
public enum FeedFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Larger than `FeedFormatLimits.documentBytes`; nothing was parsed.
    case tooLarge(bytes: Int, limit: Int)
    /// Something else than a feed: a web page (look for its feed links with `FeedDiscovery`), a
    /// picture, or anything else.
    case notAFeed(FeedSniffer.Kind)
    /// Looked like a feed but nothing could be read from it; the first error, located.
    case unreadable(line: Int?, message: String)

    public var description: String {
        switch self {
        case let .tooLarge(bytes, limit):
            return "The feed is \(Self.megabytes(bytes)), more than the \(Self.megabytes(limit)) Skiff reads."
        case let .notAFeed(kind):
            switch kind {
            case .htmlPage: return "This address is a web page, not a feed, and the page links to no feed."
            case let .image(type): return "This address is a picture (\(type)), not a feed."
            case .empty: return "The server sent an empty document."
            case .xmlFeed, .jsonFeed, .other:
                return "This is not a feed: Skiff reads RSS, Atom and JSON Feed."
            }
        case let .unreadable(line, message):
            return line.map { "The feed cannot be read (line \($0): \(message))." } ?? "The feed cannot be read (\(message))."
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let value = Double(bytes) / 1_048_576
        return value >= 10 ? "\(Int(value.rounded())) MB" : String(format: "%.1f MB", value)
    }
}
