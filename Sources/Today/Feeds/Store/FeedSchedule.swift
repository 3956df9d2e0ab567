import Foundation

/// When to fetch a feed next: pure, the time given. docs/feeds.md, "Fetching", holds every figure.
public enum FeedSchedule {
    /// With nothing said by the server or the feed (docs/feeds.md, "Fetching": 1 hour).
    public static let defaultInterval: TimeInterval = 60 * 60
    /// Never sooner than this, whatever a server or feed asks (docs/feeds.md: 15 minutes).
    public static let minimumInterval: TimeInterval = 15 * 60
    /// Never later than this, backoff and Retry-After included (docs/feeds.md: 24 hours).
    public static let maximumInterval: TimeInterval = 24 * 60 * 60

    /// What the last fetch said about the next one.
    public struct Hints: Sendable, Equatable {
        /// Cache-Control max-age, in seconds.
        public var maxAge: TimeInterval?
        /// The feed's own `<ttl>` / `sy:updatePeriod`, in seconds (`ParsedFeed.suggestedInterval`).
        public var suggestedInterval: TimeInterval?
        /// Retry-After, in seconds from now (sent with 429 and 503).
        public var retryAfter: TimeInterval?

        public init(maxAge: TimeInterval? = nil, suggestedInterval: TimeInterval? = nil, retryAfter: TimeInterval? = nil) {
            self.maxAge = maxAge
            self.suggestedInterval = suggestedInterval
            self.retryAfter = retryAfter
        }
    }

    /// The interval after a fetch that worked: the longer of max-age and the feed's suggestion (both
    /// ask us to come back no sooner), else the default; clamped to 15 min…24 h.
    public static func regularInterval(_ hints: Hints) -> TimeInterval {
        let asked = [hints.maxAge, hints.suggestedInterval].compactMap { $0 }.filter { $0.isFinite && $0 > 0 }
        return clamp(asked.max() ?? defaultInterval)
    }

    /// The interval after `failures` failures in a row (0: the last fetch worked): the regular
    /// interval doubled for each failure after the first, and never sooner than a Retry-After.
    public static func interval(failures: Int, _ hints: Hints) -> TimeInterval {
        var interval = regularInterval(hints)
        if failures > 1 {
            // 2^(failures-1), computed without overflowing: past 24 h the clamp decides anyway.
            interval *= pow(2, Double(min(failures - 1, 16)))
        }
        if let retryAfter = hints.retryAfter, retryAfter.isFinite { interval = max(interval, retryAfter) }
        return clamp(interval)
    }

    public static func nextFetch(now: Date, failures: Int, _ hints: Hints) -> Date {
        now.addingTimeInterval(interval(failures: failures, hints))
    }

    static func clamp(_ interval: TimeInterval) -> TimeInterval { min(maximumInterval, max(minimumInterval, interval)) }

    // MARK: Reading the headers

    /// `max-age` from a Cache-Control header; nil when absent, malformed, or the response says not
    /// to be reused (`no-store`, `no-cache`: then the default applies, not "at once").
    public static func maxAge(cacheControl: String?) -> TimeInterval? {
        guard let cacheControl else { return nil }
        var maxAge: TimeInterval?
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first else { continue }
            if name == "no-store" || name == "no-cache" { return nil }
            if name == "max-age", parts.count == 2, let seconds = Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))), seconds >= 0 {
                maxAge = TimeInterval(seconds)
            }
        }
        return maxAge
    }

    /// Retry-After as seconds from `now`: a number of seconds, or an HTTP date (RFC 9110 §10.2.3:
    /// IMF-fixdate, and the obsolete RFC 850 and asctime forms). nil when unreadable; a date in the
    /// past is 0.
    public static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if value.allSatisfy(\.isASCII) && value.allSatisfy(\.isNumber) { return Int(value).map(TimeInterval.init) ?? maximumInterval }
        guard let date = httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP date in any of its three forms (RFC 9110 §5.6.7).
    public static func httpDate(_ value: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value.replacingOccurrences(of: "  ", with: " ")) { return date }
        }
        return nil
    }
}
