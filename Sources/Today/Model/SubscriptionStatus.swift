import Foundation

/// The Subscriptions view's line under a feed's title: when it was last read and what went wrong,
/// in words ("Updated 2 hours ago", "Not updated yet", "Updated 3 days ago · The server answered 410 Gone").
public enum SubscriptionStatus {
    public static func text(lastFetch: Date?, lastError: String?, now: Date) -> String {
        let updated = lastFetch.map { "Updated \(ago($0, now: now))" } ?? "Not updated yet"
        guard let lastError, !lastError.isEmpty else { return updated }
        return "\(updated) · \(lastError)"
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
