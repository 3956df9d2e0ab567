import Foundation
@_exported import JSONReader

/// Today's name for the shared problem type.
public typealias FeedProblem = DataProblem

/// What `FeedLoader` hands the view: a feed to show (perhaps with problems to mention), or the
/// reason there is nothing to show.
public enum FeedLoadResult: Sendable, Hashable {
    /// `problems` are the warnings and skipped cards or sections, in file order.
    case loaded(Feed, problems: [FeedProblem])
    /// `fatal` says why nothing can be shown; `problems` are the others found before giving up
    /// (for "no cards could be shown", the reason each card was skipped).
    case failed(fatal: FeedProblem, problems: [FeedProblem])

    public var feed: Feed? {
        if case let .loaded(feed, _) = self { return feed }
        return nil
    }

    public var fatalProblem: FeedProblem? {
        if case let .failed(fatal, _) = self { return fatal }
        return nil
    }

    /// Every problem, the fatal one (if any) first.
    public var problems: [FeedProblem] {
        switch self {
        case let .loaded(_, problems): return problems
        case let .failed(fatal, problems): return [fatal] + problems
        }
    }
}

extension DataProblem {
    /// "feed.json, line 8, column 9: expected …" — spelled out for people, not compilers: the
    /// file's name, not its path (the log keeps the path).
    public var readable: String { "\(place): \(message)" }

    /// "feed.json, line 8, column 9".
    public var place: String {
        var place = URL(fileURLWithPath: file).lastPathComponent
        if let line { place += ", line \(line)" }
        if let column { place += ", column \(column)" }
        return place
    }
}
