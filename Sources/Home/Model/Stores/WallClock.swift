import Foundation

/// Wall-clock arithmetic in one IANA time zone, by civil day numbers (days since 1970-01-01) and
/// minutes of the day, so that "Saturday 22:00" can be turned into the instant the store's clock
/// shows it — across DST changes — without a Calendar's locale-dependent week rules.
public struct WallClock: Sendable, Hashable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The local civil day number and minute of the day at `instant`.
    public func local(_ instant: Date) -> (day: Int, minute: Int) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        let day = Int((Double(seconds) / 86_400).rounded(.down))
        return (day, (seconds - day * 86_400) / 60)
    }

    /// Monday = 0 … Sunday = 6 (day 0, 1970-01-01, was a Thursday).
    public static func weekday(ofDay day: Int) -> Weekday {
        Weekday.allCases[((day + 3) % 7 + 7) % 7]
    }

    /// The first instant the clock shows `minute` (0…1440) on local `day`. A time the clock skips
    /// (spring forward) is the moment it jumps past it; a time it shows twice (fall back) is the
    /// first showing.
    public func instant(day: Int, minute: Int) -> Date {
        let wall = day * 86_400 + minute * 60
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall - 86_400)))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall + 86_400)))
        let candidates = Set([wall - before, wall - after]).filter { candidate in
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(candidate))) == wall - candidate
        }
        if let first = candidates.min() { return Date(timeIntervalSince1970: TimeInterval(first)) }
        // In a gap: the clock jumps from before `wall` to after it at the transition. Find it.
        var low = min(wall - before, wall - after), high = max(wall - before, wall - after)
        let offsetAtLow = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(low)))
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(middle))) == offsetAtLow {
                low = middle
            } else {
                high = middle
            }
        }
        return Date(timeIntervalSince1970: TimeInterval(high))
    }

    /// "7 AM", "9:30 PM", "noon", "midnight".
    public static func timeLabel(minute: Int) -> String {
        let minute = ((minute % 1440) + 1440) % 1440
        if minute == 0 { return "midnight" }
        if minute == 720 { return "noon" }
        let hour = minute / 60, rest = minute % 60
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        let suffix = hour < 12 ? "AM" : "PM"
        return rest == 0 ? "\(twelve) \(suffix)" : "\(twelve):\(rest < 10 ? "0" : "")\(rest) \(suffix)"
    }
}

public enum Weekday: Int, Sendable, Hashable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The key in stores.json and the name on the detail page.
    public var key: String { String(describing: self) }
    public var name: String { key.prefix(1).uppercased() + key.dropFirst() }
}
