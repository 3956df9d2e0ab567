import Foundation
import ListLayout

/// One day of the History view: the pages last visited on a calendar day, as the user's clock reads
/// it. `start` and `count` are positions in the newest-first list of pages the day was grouped from.
public struct HistoryDay: Sendable, Hashable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var start: Int
    public var count: Int

    public init(year: Int, month: Int, day: Int, start: Int, count: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.start = start
        self.count = count
    }

    /// Days since 1970-01-01 of this calendar date (proleptic Gregorian), for "how many days ago".
    public var dayNumber: Int { HistoryDays.dayNumber(year: year, month: month, day: day) }
}

/// Groups history by day and names the days ("Today", "Yesterday", "Monday 16 November"), in a
/// given time zone. Pure: the time zone and "now" are given, never read.
public enum HistoryDays {
    /// `times` newest first (as the store lists pages). Each day's pages stay contiguous, so a day
    /// is a range of that list and the view can page rows in from the store by position.
    ///
    /// The calendar is asked once per day, not once per page: every page at or after the start of
    /// the current day's midnight belongs to it. Where a zone sets its clocks back across midnight,
    /// a later instant can read as an earlier date than the page before it; such a page stays in the
    /// newer page's day (at most the length of the shift away), so no day is ever headed twice.
    public static func group(_ times: [Date], timeZone: TimeZone) -> [HistoryDay] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var days: [HistoryDay] = []
        var dayStart = Date.distantFuture
        for (index, time) in times.enumerated() {
            if time >= dayStart, !days.isEmpty {
                days[days.count - 1].count += 1
                continue
            }
            let date = calendar.dateComponents([.year, .month, .day], from: time)
            let (y, m, d) = (date.year ?? 1970, date.month ?? 1, date.day ?? 1)
            if let last = days.last, dayNumber(year: y, month: m, day: d) >= last.dayNumber {
                days[days.count - 1].count += 1
                continue
            }
            days.append(HistoryDay(year: y, month: m, day: d, start: index, count: 1))
            dayStart = calendar.startOfDay(for: time)
        }
        return days
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
    static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// "Today", "Yesterday", "Monday 16 November" this year, "Monday 16 November 2025" before it.
    /// Days are counted on the calendar, not in 24-hour steps: a DST day is still one day.
    public static func title(_ day: HistoryDay, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let todayNumber = dayNumber(year: today.year ?? 1970, month: today.month ?? 1, day: today.day ?? 1)
        switch todayNumber - day.dayNumber {
        case 0: return "Today"
        case 1: return "Yesterday"
        default:
            // 1970-01-01 was a Thursday (index 3 from Monday).
            let weekday = weekdayNames[((day.dayNumber + 3) % 7 + 7) % 7]
            let name = "\(weekday) \(day.day) \(monthNames[max(0, min(11, day.month - 1))])"
            return day.year == today.year ? name : "\(name) \(day.year)"
        }
    }

    /// "14:05": the time of a visit on the user's 24-hour clock.
    /// Wall-clock arithmetic on the zone's offset at that instant (no calendar: rows are dealt
    /// every frame while the list scrolls).
    public static func time(_ date: Date, timeZone: TimeZone) -> String {
        let local = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        let secondOfDay = ((local % 86_400) + 86_400) % 86_400
        let hour = secondOfDay / 3600, minute = secondOfDay % 3600 / 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// What a row shows under the title: the host ("www.debian.org"), "Local file" for files.
    public static func host(of uri: String) -> String {
        guard let url = URL(string: uri) else { return uri }
        if url.isFileURL { return "Local file" }
        return url.host ?? uri
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// The History view flattened into lines of one height: each day's heading, then its pages. Where a
/// line is and which lines a viewport shows are arithmetic, however many pages there are.
public struct HistoryLayout: Sendable, Equatable {
    public static let lineHeight = 56.0

    public enum Line: Sendable, Hashable {
        case heading(day: Int)
        /// `page` is the page's position in the newest-first list.
        case page(day: Int, page: Int)
    }

    public let days: [HistoryDay]
    /// The heading-then-pages arithmetic, shared with Home's transaction history (and what the
    /// list widget lays out).
    public let grouped: GroupedLineLayout
    public var lineCount: Int { grouped.lineCount }

    public init(days: [HistoryDay]) {
        self.days = days
        grouped = GroupedLineLayout(itemCounts: days.lazy.map(\.count), lineHeight: Self.lineHeight)
    }

    public var contentHeight: Double { grouped.contentHeight }

    public func line(at index: Int) -> Line? {
        guard let position = grouped.position(at: index) else { return nil }
        guard let item = position.item else { return .heading(day: position.group) }
        return .page(day: position.group, page: days[position.group].start + item)
    }

    /// The line showing the page at `position` of the newest-first list.
    public func lineOfPage(_ position: Int) -> Int? {
        guard let day = days.lastIndex(where: { $0.start <= position }), position < days[day].start + days[day].count else { return nil }
        return grouped.itemLine(group: day, item: position - days[day].start)
    }

    /// The nearest page line from `index` going `step` (+1 down, -1 up), skipping headings; if there
    /// is none that way, the nearest the other way; nil when there are no pages.
    public func pageLine(from index: Int, step: Int) -> Int? { grouped.nearestItemLine(from: index, step: step) }

    /// The lines any part of which lies in `top ..< top + height`.
    public func lines(from top: Double, height: Double) -> Range<Int> { grouped.lines(from: top, height: height) }

    public func top(of index: Int) -> Double { grouped.top(of: index) }
}

/// What "Clear History…" offers, as Safari does.
public enum HistoryClearRange: Int, CaseIterable, Sendable {
    case lastHour, today, todayAndYesterday, everything

    public var title: String {
        switch self {
        case .lastHour: "the last hour"
        case .today: "today"
        case .todayAndYesterday: "today and yesterday"
        case .everything: "all history"
        }
    }

    /// The earliest moment cleared (nil: everything ever). "Today" starts at the user's midnight,
    /// or at the day's first moment where a DST change skips midnight.
    public func since(now: Date, timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch self {
        case .lastHour: return now.addingTimeInterval(-3600)
        case .today: return calendar.startOfDay(for: now)
        case .todayAndYesterday:
            let today = calendar.startOfDay(for: now)
            // Noon of yesterday is never skipped by DST; its start of day is yesterday's.
            let noon = calendar.date(byAdding: .hour, value: -12, to: today) ?? today.addingTimeInterval(-12 * 3600)
            return calendar.startOfDay(for: noon)
        case .everything: return nil
        }
    }
}
