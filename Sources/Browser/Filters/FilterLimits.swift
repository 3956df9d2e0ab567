/// The bounds every conversion keeps, whatever the list holds: a list of 100 MB, a million rules or
/// a file of garbage costs bounded time and memory, and what lies past a bound is counted in the
/// report, never silently dropped. Each number's reason is in docs/content-blocking.md › Limits.
public struct FilterLimits: Sendable, Equatable {
    /// Rules in one chunk, one compiled WebKit filter: WebKit's own `maxRuleCount` (150,000 since
    /// 2021; WebKitGTK 2.50 on Debian 12 and 2.52 on Debian 13 have it). A larger JSON array fails
    /// to compile whole with "Too many rules in JSON array".
    public var rulesPerChunk: Int
    /// Rules kept over every list: two full chunks. EasyList and EasyPrivacy make about half of it;
    /// past it, filters are counted (`pastRuleLimit`) and not converted, so memory stays bounded.
    public var maximumRules: Int
    /// Exceptions are copied into every chunk (WebKit's `ignore-previous-rules` reaches only rules
    /// of its own filter), so they may take at most this share of a chunk's rules.
    public var maximumExceptions: Int
    /// The longest line read: EasyList's longest is about 5,500 bytes (a cosmetic filter with
    /// hundreds of domains); a longer line is counted unreadable and skipped to its newline.
    public var maximumLineBytes: Int
    /// The most of one file read: EasyList is 2 MB, EasyPrivacy 1.4 MB. Past it the rest of the
    /// file is not read and its size is counted (`bytesNotRead`).
    public var maximumListBytes: Int
    /// Lines kept as examples for each reason a filter was skipped, for Preferences to show.
    public var examplesPerReason: Int

    public init(rulesPerChunk: Int = 150_000, maximumRules: Int = 300_000, maximumExceptions: Int = 50_000,
                maximumLineBytes: Int = 16_384, maximumListBytes: Int = 32 * 1024 * 1024,
                examplesPerReason: Int = 3) {
        self.rulesPerChunk = max(1, rulesPerChunk)
        self.maximumRules = max(0, maximumRules)
        self.maximumExceptions = max(0, min(maximumExceptions, self.rulesPerChunk / 2))
        self.maximumLineBytes = max(1, maximumLineBytes)
        self.maximumListBytes = max(0, maximumListBytes)
        self.examplesPerReason = max(0, examplesPerReason)
    }

    public static let standard = FilterLimits()
}
