import Foundation

/// A calendar month of the history, as the user's clock reads it.
public struct HistoryMonth: Sendable, Hashable {
    public var year: Int
    public var month: Int
    /// Newest first.
    public var transactions: [HistoryTransaction]

    public init(year: Int, month: Int, transactions: [HistoryTransaction]) {
        self.year = year
        self.month = month
        self.transactions = transactions
    }
}

/// Groups transactions by the real calendar month they happened in, in a given time zone.
/// (The seed hard-coded three months; a history spans whatever months it spans.)
public enum HistoryGrouping {
    /// Months newest first, rows in each newest first; equal times keep the response's order.
    ///
    /// Months are keyed, not found by walking the sorted rows: where a zone once put its clocks
    /// back across midnight on the 1st, a later instant can fall in an earlier month, and walking
    /// would then make two groups for one month.
    public static func group(_ transactions: [HistoryTransaction], timeZone: TimeZone) -> [HistoryMonth] {
        var buckets: [Int: [(index: Int, transaction: HistoryTransaction)]] = [:]
        for (index, t) in transactions.enumerated() {
            let local = CivilDate.local(t.processedAt, in: timeZone)
            buckets[local.year * 12 + (local.month - 1), default: []].append((index, t))
        }
        return buckets.keys.sorted(by: >).map { key in
            let rows = (buckets[key] ?? []).sorted { a, b in
                a.transaction.processedAt != b.transaction.processedAt
                    ? a.transaction.processedAt > b.transaction.processedAt
                    : a.index < b.index
            }
            return HistoryMonth(year: key / 12, month: key % 12 + 1, transactions: rows.map(\.transaction))
        }
    }
}

/// The words History shows. English, as the rest of Skiff.
public enum HistoryText {
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]

    /// "July" in the current year, "July 2025" before it (a year of history crosses New Year).
    public static func monthTitle(_ month: HistoryMonth, now: Date, timeZone: TimeZone) -> String {
        let name = monthNames[max(0, min(11, month.month - 1))]
        return month.year == CivilDate.local(now, in: timeZone).year ? name : "\(name) \(month.year)"
    }

    /// "150 Stars redeemed" (the seed's wording); "1 Star earned".
    public static func rowTitle(_ t: HistoryTransaction) -> String {
        "\(t.amount.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) \(t.amount == 1 ? "Star" : "Stars") \(t.type)"
    }

    /// "Jul 17": the day in the user's time zone.
    public static func rowDate(_ t: HistoryTransaction, timeZone: TimeZone) -> String {
        let local = CivilDate.local(t.processedAt, in: timeZone)
        return "\(monthNames[local.month - 1].prefix(3)) \(local.day)"
    }

    /// "updated just now", "updated 5 minutes ago", "updated 3 hours ago", "updated yesterday",
    /// "updated Jul 17", "updated Jul 17, 2025".
    public static func updated(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "updated just now" }
        if seconds < 3600 {
            let m = Int(seconds / 60)
            return "updated \(m) \(m == 1 ? "minute" : "minutes") ago"
        }
        let then = CivilDate.local(date, in: timeZone), today = CivilDate.local(now, in: timeZone)
        let dayGap = CivilDate.daysSinceEpoch(year: today.year, month: today.month, day: today.day)
            - CivilDate.daysSinceEpoch(year: then.year, month: then.month, day: then.day)
        if dayGap == 0 {
            let h = Int(seconds / 3600)
            return "updated \(h) \(h == 1 ? "hour" : "hours") ago"
        }
        if dayGap == 1 { return "updated yesterday" }
        let day = "\(monthNames[then.month - 1].prefix(3)) \(then.day)"
        return then.year == today.year ? "updated \(day)" : "updated \(day), \(then.year)"
    }
}
