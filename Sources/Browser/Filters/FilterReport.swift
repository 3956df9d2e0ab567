/// What a conversion did with each list, for Preferences ("the lists in use with their dates and
/// rule counts", what was skipped) and for tests. Codable, so it can be kept beside the compiled
/// filters and shown on later starts, which load them without converting again.
public struct FilterReport: Sendable, Equatable, Codable {
    public var lists: [ListReport]
    /// Distinct rules written over every chunk (an exception copied into several chunks counts once).
    public var rulesWritten: Int
    public var chunkCount: Int

    /// Skipped lines of every list, by reason.
    public var skipped: [SkipReason: SkippedLines] {
        var total: [SkipReason: SkippedLines] = [:]
        for list in lists {
            for (reason, lines) in list.skipped {
                total[reason, default: SkippedLines()].merge(lines)
            }
        }
        return total
    }
}

/// One list's lines, as read and as converted.
public struct ListReport: Sendable, Equatable, Codable {
    public let name: String
    /// Every line read, comments and blanks included.
    public var linesRead = 0
    /// Filters that became at least one rule (a filter for frames and other types makes two), and
    /// element-hiding exceptions applied to the hiding rules they name.
    public var filtersConverted = 0
    /// Of `filtersConverted`, those converted for fewer sites than they name: uBO's `amazon.*`
    /// domains have no WebKit form and are left out of `if-domain`, the filter's other sites kept.
    public var filtersNarrowed = SkippedLines()
    /// Rules of this list in the chunks.
    public var rulesWritten = 0
    /// Lines that are not filters (comments, `[Adblock Plus 2.0]`, blanks).
    public var linesIgnored = 0
    public var skipped: [SkipReason: SkippedLines] = [:]
    /// Filters past `FilterLimits.maximumRules` or `.maximumExceptions`: read, not converted.
    public var pastRuleLimit = 0
    /// Bytes past `FilterLimits.maximumListBytes`, not read.
    public var bytesNotRead = 0
    /// Why the file could not be read at all, worded for people; nil when it was read.
    public var failure: String?

    public init(name: String) { self.name = name }

    /// Lines that were not filters at all (`SkipReason.isUnreadable`).
    public var unreadableLines: Int {
        skipped.filter { $0.key.isUnreadable }.reduce(0) { $0 + $1.value.count }
    }

    /// Filters counted because WebKit cannot express them (every skip that is not unreadable).
    public var unsupportedFilters: Int {
        skipped.filter { !$0.key.isUnreadable }.reduce(0) { $0 + $1.value.count }
    }
}

/// How many lines were skipped for one reason, and the first few of them.
public struct SkippedLines: Sendable, Equatable, Codable {
    public var count = 0
    public var examples: [String] = []

    public init(count: Int = 0, examples: [String] = []) {
        self.count = count
        self.examples = examples
    }

    mutating func merge(_ other: SkippedLines) {
        count += other.count
        examples.append(contentsOf: other.examples)
    }
}
