import Foundation

/// Something wrong with a feed file, located for the person who will fix it.
public struct FeedProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable, Comparable {
        /// Noted, and shown anyway: an unknown field, a missing image.
        case warning
        /// A card or section was left out; the rest still shows.
        case skipped
        /// The file could not be used at all.
        case fatal
    }

    public var severity: Severity
    /// The feed file's path.
    public var file: String
    /// 1-based; nil for problems with the file as a whole (missing, unreadable).
    public var line: Int?
    /// Only syntax errors carry a column; the contract's messages are `file:line:`.
    public var column: Int?
    public var message: String

    public init(severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line: message` (`file:line:column:` for syntax errors), the form compilers use, so
    /// terminals and editors can jump to it.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}

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
