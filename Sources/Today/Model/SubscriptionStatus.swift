import Foundation

/// The Subscriptions view's line under a feed's title: when it was last read and what went wrong,
/// in words ("Updated 2 hours ago", "Not updated yet", "Updated 3 days ago · The server answered 410 Gone").
public enum SubscriptionStatus {
    public static func text(lastFetch: Date?, lastError: String?, now: Date) -> String {
        let updated = lastFetch.map { "Updated \(ago($0, now: now))" } ?? "Not updated yet"
        guard let lastError, !lastError.isEmpty else { return updated }
        return "\(updated) · \(lastError)"
    }

    /// Today's line under the window's title: "Updating…" while a round runs, else when the last fetch
    /// that worked was ("Updated 5 minutes ago"); nil before any worked.
    public static func todayText(lastGood: Date?, refreshing: Bool, now: Date) -> String? {
        if refreshing { return "Updating…" }
        return lastGood.map { "Updated \(ago($0, now: now))" }
    }

    /// Lines of a feed's last parse problems listed under its status; the rest counted.
    public static let problemsListed = 3

    /// "Problems in the feed: line 12: …" — what the last parse skipped or repaired, nil with none.
    public static func problemsText(_ problems: [String]) -> String? {
        guard !problems.isEmpty else { return nil }
        let listed = problems.prefix(problemsListed).map { "• " + $0 }
        let more = problems.count > problemsListed ? ["and \(problems.count - problemsListed) more"] : []
        return (["Problems in the feed:"] + listed + more).joined(separator: "\n")
    }

    /// "Pictures not shown: …" — the feed's pictures that could not be shown in this run (a server's
    /// error, a picture too large or too slow to decode), each with its file's name; the rest counted.
    /// nil with none.
    public static func picturesText(_ problems: [(address: String, reason: String)]) -> String? {
        guard !problems.isEmpty else { return nil }
        let listed = problems.suffix(problemsListed).reversed().map { problem -> String in
            let name = URL(string: problem.address).map(\.lastPathComponent).flatMap { $0.isEmpty || $0 == "/" ? nil : $0 } ?? problem.address
            return "• \(name): \(problem.reason)"
        }
        let more = problems.count > problemsListed ? ["and \(problems.count - problemsListed) more"] : []
        return (["Pictures not shown:"] + listed + more).joined(separator: "\n")
    }

    /// "just now", "5 minutes ago", "1 hour ago", "3 days ago"; a date after `now` is "just now".
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return unit(Int(seconds / 60), "minute")
        case ..<86_400: return unit(Int(seconds / 3600), "hour")
        default: return unit(Int(seconds / 86_400), "day")
        }
    }
}
