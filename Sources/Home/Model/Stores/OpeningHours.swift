import Foundation

/// One opening on a weekday, in minutes of the day. `end <= start` runs past midnight into the
/// next day ("22:00-02:00"); "00:00-24:00" is the whole day.
public struct OpeningInterval: Sendable, Hashable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public var isOvernight: Bool { end <= start }

    /// "HH:MM-HH:MM", 24-hour, end up to 24:00. Nil if malformed or zero-length.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]),
              start < 1440, start != end else { return nil }
        self.init(start: start, end: end)
    }

    private static func minutes(_ text: Substring) -> Int? {
        let pieces = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].count == 2, pieces[1].count == 2,
              pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(pieces[0]), let minute = Int(pieces[1]), minute < 60 else { return nil }
        guard hour < 24 || (hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }

    /// "6 AM – 9 PM".
    public var label: String {
        if start == 0 && end == 1440 { return "Open 24 hours" }
        return "\(WallClock.timeLabel(minute: start)) – \(WallClock.timeLabel(minute: end))"
    }
}

/// A store's week. Days not listed are closed.
public struct WeeklyHours: Sendable, Hashable {
    public var days: [Weekday: [OpeningInterval]]

    public init(_ days: [Weekday: [OpeningInterval]] = [:]) {
        self.days = days.mapValues { $0.sorted { $0.start < $1.start } }
    }

    public func intervals(on day: Weekday) -> [OpeningInterval] { days[day] ?? [] }

    public var isEmpty: Bool { days.values.allSatisfy(\.isEmpty) }

    /// Monday to Sunday, for the detail page: ("Monday", "6 AM – 9 PM").
    public var lines: [(day: Weekday, text: String)] {
        Weekday.allCases.map { day in
            let intervals = intervals(on: day)
            return (day, intervals.isEmpty ? "Closed" : intervals.map(\.label).joined(separator: ", "))
        }
    }
}

/// Whether a store is open at an instant, and when that changes.
public enum StoreStatus: Sendable, Hashable {
    case open(closesAt: Date)
    /// Open without a break for at least the next week.
    case alwaysOpen
    case closed(opensAt: Date)
    /// No opening at all in the coming week.
    case closedAllWeek

    public var isOpen: Bool {
        switch self {
        case .open, .alwaysOpen: true
        case .closed, .closedAllWeek: false
        }
    }

    /// When the status next changes, if it does within a week.
    public var changesAt: Date? {
        switch self {
        case let .open(date), let .closed(date): date
        case .alwaysOpen, .closedAllWeek: nil
        }
    }
}

/// Opening hours evaluated in the store's own time zone.
public struct StoreClock: Sendable, Hashable {
    public let hours: WeeklyHours
    public let clock: WallClock

    public init(hours: WeeklyHours, timeZone: TimeZone) {
        self.hours = hours
        clock = WallClock(timeZone: timeZone)
    }

    /// The openings from yesterday (whose overnight hours reach into today) to eight days ahead,
    /// as instants, merged where one ends as (or after) the next begins.
    func openings(around now: Date) -> [(start: Date, end: Date)] {
        let today = clock.local(now).day
        var spans: [(start: Date, end: Date)] = []
        for day in (today - 1)...(today + 8) {
            for interval in hours.intervals(on: WallClock.weekday(ofDay: day)) {
                let start = clock.instant(day: day, minute: interval.start)
                let end = interval.isOvernight ? clock.instant(day: day + 1, minute: interval.end)
                                               : clock.instant(day: day, minute: interval.end)
                if end > start { spans.append((start, end)) }
            }
        }
        spans.sort { $0.start < $1.start }
        var merged: [(start: Date, end: Date)] = []
        for span in spans {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    public func status(at now: Date) -> StoreStatus {
        let spans = openings(around: now)
        if let current = spans.first(where: { $0.start <= now && now < $0.end }) {
            return current.end.timeIntervalSince(now) >= 7 * 86_400 ? .alwaysOpen : .open(closesAt: current.end)
        }
        if let next = spans.first(where: { $0.start > now }), next.start.timeIntervalSince(now) <= 8 * 86_400 {
            return .closed(opensAt: next.start)
        }
        return .closedAllWeek
    }

    /// "Open now, closes 9 PM", "Open now, closes 2 AM", "Opens 7 AM tomorrow", "Opens Monday 7 AM".
    public func label(at now: Date) -> String {
        let status = status(at: now)
        let today = clock.local(now).day
        switch status {
        case .alwaysOpen:
            return "Open 24 hours"
        case .closedAllWeek:
            return "Closed this week"
        case let .open(closesAt):
            let (day, minute) = clock.local(closesAt)
            let time = WallClock.timeLabel(minute: minute)
            switch day - today {
            case 0: return "Open now, closes \(time)"
            // After midnight but before noon: the same night, as people say it ("closes 2 AM").
            case 1 where minute < 720: return "Open now, closes \(time)"
            case 1: return "Open now, closes \(time) tomorrow"
            default: return "Open now, closes \(WallClock.weekday(ofDay: day).name) \(time)"
            }
        case let .closed(opensAt):
            let (day, minute) = clock.local(opensAt)
            let time = WallClock.timeLabel(minute: minute)
            switch day - today {
            case 0: return "Opens \(time)"
            case 1: return "Opens \(time) tomorrow"
            default: return "Opens \(WallClock.weekday(ofDay: day).name) \(time)"
            }
        }
    }

    /// The store's weekday now (the detail page marks it).
    public func weekday(at now: Date) -> Weekday { WallClock.weekday(ofDay: clock.local(now).day) }

    /// "2:05 PM" on the store's clock.
    public func localTime(at now: Date) -> String { WallClock.timeLabel(minute: clock.local(now).minute) }
}
