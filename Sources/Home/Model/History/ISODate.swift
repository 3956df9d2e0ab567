import Foundation

/// Reads the ISO 8601 timestamps the history sends ("2020-07-17T12:56:27-04:00").
///
/// Written out instead of `ISO8601DateFormatter` because it runs off the main thread on every row
/// of a response (a formatter is neither Sendable nor cheap on Linux) and because it must refuse
/// what a formatter would quietly accept: a timestamp without a zone names no instant, so it is an
/// error, not "probably local time".
public enum ISODate {
    /// Accepts `YYYY-MM-DDTHH:MM:SS`, optional fraction (`.123`), then `Z` or `±HH:MM` / `±HHMM`.
    /// A space may stand for the `T` (RFC 3339 allows it). Years 1900…9999.
    public static func parse(_ text: String) -> Date? {
        var scanner = ByteScanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
              let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
              let day = scanner.digits(2) else { return nil }
        guard scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || scanner.take(UInt8(ascii: " ")),
              let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
              let minute = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
              let second = scanner.digits(2) else { return nil }
        var fraction = 0.0
        if scanner.take(UInt8(ascii: ".")) {
            var scale = 0.1
            var count = 0
            while let d = scanner.digit() {
                fraction += Double(d) * scale
                scale /= 10
                count += 1
            }
            guard count > 0, count <= 9 else { return nil }
        }
        let offset: Int
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let h = scanner.digits(2) else { return nil }
            _ = scanner.take(UInt8(ascii: ":"))
            guard let m = scanner.digits(2), h <= 23, m <= 59 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd,
              (1900...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Double(days * 86400 + hour * 3600 + minute * 60 + min(second, 59) - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}

/// Proleptic Gregorian calendar arithmetic on whole days (Howard Hinnant's algorithms), so month
/// grouping needs no `Calendar` per row.
public enum CivilDate {
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given date (negative before it).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = month
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The (year, month, day) of a day count from 1970-01-01.
    public static func date(fromDaysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The calendar date of `date` as a clock in `timeZone` shows it (daylight saving included).
    public static func local(_ date: Date, in timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        let seconds = date.timeIntervalSince1970.rounded(.down) + Double(timeZone.secondsFromGMT(for: date))
        let days = Int((seconds / 86400).rounded(.down))
        return Self.date(fromDaysSinceEpoch: days)
    }
}

private struct ByteScanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 48)
    }

    mutating func digits(_ count: Int) -> Int? {
        var value = 0
        for _ in 0..<count {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }

    mutating func sign() -> Int? {
        if take(UInt8(ascii: "+")) { return 1 }
        if take(UInt8(ascii: "-")) { return -1 }
        return nil
    }
}
