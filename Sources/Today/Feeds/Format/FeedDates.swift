import Foundation

/// Feed dates, read by hand: RFC 822/2822 (RSS) with the variants found in the wild, and
/// RFC 3339/ISO 8601 (Atom, JSON Feed, dc:date). No formatter or calendar per call: a feed of a
/// thousand items reads a thousand dates. Variants and decisions: docs/feeds.md ("Dates").
public enum FeedDates {
    /// Either form, whichever the text looks like; nil when neither reads.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            var start = 0
            while start < bytes.count, isSpace(bytes[start]) { start += 1 }
            var end = bytes.count
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            guard end > start else { return nil }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if slice.count >= 10, isDigit(slice[0]), slice[4] == UInt8(ascii: "-") || slice[4] == UInt8(ascii: "/"),
               let date = rfc3339(slice) {
                return date
            }
            if slice.count >= 4, isDigit(slice[0]), isDigit(slice[1]), let date = iso8601Other(slice) { return date }
            return rfc822(slice)
        }
    }

    // MARK: RFC 3339

    /// `2003-12-13T18:30:02Z`, with fractional seconds, `+01:00`/`+0100`/`+01`, `t` or a space as
    /// separator, no zone (taken as UTC), or a date alone (midnight UTC).
    static func rfc3339(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        // "2006/09/15 08:19:53 EDT": slashes for dashes, both of them.
        let separator: Unicode.Scalar = b.count > 4 && b[4] == UInt8(ascii: "/") ? "/" : "-"
        guard let year = number(b, &i, digits: 4), expect(b, &i, separator),
              let month = number(b, &i, digits: 2), expect(b, &i, separator),
              let day = number(b, &i, digits: 2) else { return nil }
        return clockAndZone(b, from: i, year: year, month: month, day: day)
    }

    /// What follows a date: nothing (midnight UTC), or `T`/`t`/space, the time, and a zone (`Z`, an
    /// offset, a name as RFC 822 has them, or none: UTC).
    static func clockAndZone(_ b: UnsafeBufferPointer<UInt8>, from start: Int, year: Int, month: Int, day: Int) -> Date? {
        var i = start
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset = 0
        if i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ") {
            i += 1
            guard let h = number(b, &i, digits: 2), expect(b, &i, ":"), let m = number(b, &i, digits: 2) else { return nil }
            hour = h
            minute = m
            if i < b.count, b[i] == UInt8(ascii: ":") {
                i += 1
                guard let s = number(b, &i, digits: 2) else { return nil }
                second = s
                if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                    i += 1
                    var scale = 0.1
                    while i < b.count, isDigit(b[i]) {
                        fraction += Double(b[i] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        i += 1
                    }
                }
            }
            while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
            if i < b.count {
                switch b[i] {
                case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                    i += 1
                case UInt8(ascii: "+"), UInt8(ascii: "-"):
                    let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let zh = number(b, &i, digits: 2) else { return nil }
                    var zm = 0
                    if i < b.count, b[i] == UInt8(ascii: ":") { i += 1 }
                    if i < b.count {
                        guard let m = number(b, &i, digits: 2) else { return nil }
                        zm = m
                    }
                    guard zh <= 23, zm <= 59 else { return nil }
                    offset = sign * (zh * 3600 + zm * 60)
                default:
                    var end = i
                    while end < b.count, isLetter(b[end]) { end += 1 }
                    guard end == b.count, let zone = namedZone(UnsafeBufferPointer(rebasing: b[i..<end])) else { return nil }
                    offset = zone
                    i = end
                }
            }
        }
        guard i == b.count else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                    offset: offset, fraction: fraction)
    }

    /// The other ISO 8601 and W3C-DTF forms feeds use: a year alone (`2003`: 1 January), a year and
    /// a month (`2003-12`), an ordinal date (`2003-335`: the 335th day), the basic form
    /// (`20031201`, `20031201T103000Z`), and two-digit years (`03-12-01`, as RFC 2822 reads them).
    static func iso8601Other(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        func digitsRun(from k: Int) -> Int {
            var n = k
            while n < b.count, isDigit(b[n]) { n += 1 }
            return n - k
        }
        let leading = digitsRun(from: 0)
        switch leading {
        case 4:
            guard let year = number(b, &i, digits: 4) else { return nil }
            if i == b.count { return date(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0, offset: 0, fraction: 0) }
            guard expect(b, &i, "-") else { return nil }
            switch digitsRun(from: i) {
            case 2:
                guard let month = number(b, &i, digits: 2), i == b.count else { return nil }
                return date(year: year, month: month, day: 1, hour: 0, minute: 0, second: 0, offset: 0, fraction: 0)
            case 3:
                guard let ordinal = number(b, &i, digits: 3) else { return nil }
                let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
                guard ordinal >= 1, ordinal <= (leap ? 366 : 365) else { return nil }
                var month = 1, day = ordinal
                while day > daysIn(month: month, year: year) {
                    day -= daysIn(month: month, year: year)
                    month += 1
                }
                return clockAndZone(b, from: i, year: year, month: month, day: day)
            default:
                return nil
            }
        case 8:
            guard let year = number(b, &i, digits: 4), let month = number(b, &i, digits: 2), let day = number(b, &i, digits: 2) else { return nil }
            guard i < b.count, b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") else {
                return i == b.count ? date(year: year, month: month, day: day, hour: 0, minute: 0, second: 0, offset: 0, fraction: 0) : nil
            }
            // The basic form's time, `103000` or `1030`, written out with colons for the usual reader.
            let t = i + 1
            let run = digitsRun(from: t)
            guard run == 4 || run == 6 else { return clockAndZone(b, from: i, year: year, month: month, day: day) }
            var text = Array(b[t..<(t + 2)]) + [UInt8(ascii: ":")] + Array(b[(t + 2)..<(t + 4)])
            if run == 6 { text += [UInt8(ascii: ":")] + Array(b[(t + 4)..<(t + 6)]) }
            text = [UInt8(ascii: "T")] + text + Array(b[(t + run)...])
            return text.withUnsafeBufferPointer { clockAndZone($0, from: 0, year: year, month: month, day: day) }
        case 2:
            guard b.count >= 8, let yy = number(b, &i, digits: 2), expect(b, &i, "-"),
                  let month = number(b, &i, digits: 2), expect(b, &i, "-"), let day = number(b, &i, digits: 2) else { return nil }
            return clockAndZone(b, from: i, year: fullYear(yy, digits: 2), month: month, day: day)
        default:
            return nil
        }
    }

    // MARK: RFC 822

    /// `Sun, 06 Nov 1994 08:49:37 GMT` and what generators write instead: no weekday or a wrong
    /// one (never checked), no seconds, one-digit days and hours, 2-digit years, full month names,
    /// `06-Nov-94` (RFC 850), asctime's `Sun Nov  6 08:49:37 1994`, named zones, military letters,
    /// numeric offsets with or without a colon, or no zone (UTC).
    static func rfc822(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        var day: Int?, month: Int?, year: Int?
        var hour = 0, minute = 0, second = 0
        var haveTime = false
        var offset = 0
        var i = 0
        while i < b.count {
            let c = b[i]
            if isSpace(c) || c == UInt8(ascii: ",") || c == UInt8(ascii: "-") && !haveTime {
                i += 1
                continue
            }
            // An RFC 822 comment, "(Pacific Standard Time)", ends what is read.
            if c == UInt8(ascii: "(") { break }
            var end = i
            if isDigit(c) {
                while end < b.count, isDigit(b[end]) || b[end] == UInt8(ascii: ":") || b[end] == UInt8(ascii: ".") { end += 1 }
                let token = UnsafeBufferPointer(rebasing: b[i..<end])
                if token.contains(UInt8(ascii: ":")) {
                    guard !haveTime, let time = clock(token) else { return nil }
                    (hour, minute, second) = time
                    haveTime = true
                } else {
                    guard token.count <= 4, let value = integer(token) else { return nil }
                    // The day comes first (before or after the month); the year after it, in
                    // two digits or four, wherever the time is.
                    if token.count <= 2, day == nil {
                        day = value
                    } else if year == nil {
                        year = fullYear(value, digits: token.count)
                    } else {
                        return nil
                    }
                }
            } else if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                end = i + 1
                while end < b.count, isDigit(b[end]) || b[end] == UInt8(ascii: ":") { end += 1 }
                guard haveTime, let zone = numericZone(UnsafeBufferPointer(rebasing: b[(i + 1)..<end])) else { return nil }
                offset = c == UInt8(ascii: "-") ? -zone : zone
            } else if isLetter(c) {
                while end < b.count, isLetter(b[end]) || b[end] == UInt8(ascii: ".") { end += 1 }
                let word = UnsafeBufferPointer(rebasing: b[i..<end])
                // "Etc/GMT", as the tz database names UTC: the zone is what follows the slash.
                if haveTime, end < b.count, b[end] == UInt8(ascii: "/"), lowercased(word, word.count) == Array("etc".utf8) {
                    i = end + 1
                    continue
                }
                if month == nil, let m = monthNumber(word) {
                    month = m
                } else if haveTime, let zone = namedZone(word) {
                    offset = zone
                    // "GMT+0100": the offset that follows counts from GMT.
                } else if month == nil && !haveTime {
                    // A weekday, right or wrong: never checked.
                } else {
                    return nil
                }
            } else {
                return nil
            }
            i = end
        }
        guard let day, let month, let year else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset, fraction: 0)
    }

    // MARK: Pieces

    private static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                             offset: Int, fraction: Double) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              hour < 24 || minute == 0 && second == 0 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        // A leap second (":60") is read as the next second; feeds never need it more precisely.
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's civil algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// RFC 2822 §4.3: two-digit years below 50 are 20xx, the others 19xx; three digits add 1900.
    private static func fullYear(_ value: Int, digits: Int) -> Int {
        switch digits {
        case ...2: return value < 50 ? 2000 + value : 1900 + value
        case 3: return 1900 + value
        default: return value
        }
    }

    private static func clock(_ token: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        var parts: [Int] = []
        var value = 0
        var digits = 0
        for c in token {
            if c == UInt8(ascii: ":") {
                guard digits > 0 else { return nil }
                parts.append(value)
                value = 0
                digits = 0
            } else if c == UInt8(ascii: ".") {
                break
            } else {
                value = value * 10 + Int(c - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 2 else { return nil }
            }
        }
        guard digits > 0 else { return nil }
        parts.append(value)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        return (parts[0], parts[1], parts.count == 3 ? parts[2] : 0)
    }

    /// `0500`, `05:00`, `05`, `5` (hours).
    private static func numericZone(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits: [Int] = []
        for c in token where c != UInt8(ascii: ":") { digits.append(Int(c - UInt8(ascii: "0"))) }
        switch digits.count {
        case 1, 2:
            let hours = digits.reduce(0) { $0 * 10 + $1 }
            return hours <= 23 ? hours * 3600 : nil
        case 3, 4:
            let hours = digits.dropLast(2).reduce(0) { $0 * 10 + $1 }
            let minutes = digits[digits.count - 2] * 10 + digits[digits.count - 1]
            return hours <= 23 && minutes <= 59 ? hours * 3600 + minutes * 60 : nil
        default:
            return nil
        }
    }

    private static func lowercased(_ word: UnsafeBufferPointer<UInt8>, _ count: Int) -> [UInt8] {
        word.prefix(count).map { $0 | 0x20 }
    }

    private static let months: [[UInt8]] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { Array($0.utf8) }
    /// German abbreviations some generators localise ("Mai", "Okt", "Dez", "Mär").
    private static let localMonths: [[UInt8]: Int] = [Array("mai".utf8): 5, Array("okt".utf8): 10, Array("dez".utf8): 12,
                                                      Array("mrz".utf8): 3]

    private static func monthNumber(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        guard word.count >= 3 else { return nil }
        let prefix = lowercased(word, 3)
        if let index = months.firstIndex(of: prefix) { return index + 1 }
        return localMonths[prefix]
    }

    /// RFC 822's names, the US zones without S or D (`ET`, `PT`: standard time, as the reference
    /// parser reads them), and the abbreviations common in feeds.
    private static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "wet": 0,
        "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
        "et": -5, "ct": -6, "mt": -7, "pt": -8, "at": -4,
        "akst": -9, "akdt": -8, "hst": -10, "ast": -4, "adt": -3, "nst": -3, "ndt": -2,
        "bst": 1, "cet": 1, "cest": 2, "met": 1, "mest": 2, "eet": 2, "eest": 3, "msk": 3,
        "ist": 5, "jst": 9, "kst": 9, "hkt": 8, "sgt": 8, "awst": 8, "acst": 9, "aest": 10, "aedt": 11,
        "nzst": 12, "nzdt": 13,
    ]

    /// RFC 822's military letters as RFC 822 wrote them (A to M west, N to Y east; J unused), as
    /// the reference parser and the feeds written against it read them. RFC 2822 §4.3 says the
    /// signs were printed backwards and to treat the letters as unknown; feeds follow RFC 822.
    private static func militaryZone(_ letter: UInt8) -> Int? {
        switch letter | 0x20 {
        case UInt8(ascii: "z"): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "i"): return -Int(letter | 0x20 - UInt8(ascii: "a") + 1) * 3600
        case UInt8(ascii: "k")...UInt8(ascii: "m"): return -Int(letter | 0x20 - UInt8(ascii: "k") + 10) * 3600
        case UInt8(ascii: "n")...UInt8(ascii: "y"): return Int(letter | 0x20 - UInt8(ascii: "n") + 1) * 3600
        default: return nil
        }
    }

    private static func namedZone(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        if word.count == 1 { return militaryZone(word[0]) }
        guard word.count <= 5 else { return nil }
        let name = String(decoding: lowercased(word, word.count), as: UTF8.self)
        guard let hours = zones[name] else { return nil }
        // India is UTC+5:30; the only half-hour zone in the table.
        return name == "ist" ? 5 * 3600 + 1800 : hours * 3600
    }

    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, digits: Int) -> Int? {
        guard i + digits <= b.count else { return nil }
        var value = 0
        for k in i..<(i + digits) {
            guard isDigit(b[k]) else { return nil }
            value = value * 10 + Int(b[k] - UInt8(ascii: "0"))
        }
        i += digits
        return value
    }

    private static func integer(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        for c in token {
            guard isDigit(c) else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
        }
        return value
    }

    private static func expect(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ c: Unicode.Scalar) -> Bool {
        guard i < b.count, b[i] == UInt8(ascii: c) else { return false }
        i += 1
        return true
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
