import Foundation

/// A synthetic history in the server's format, for the benchmark and the scale tests: `count`
/// transactions, a few hours to a few days apart, going back from `end`.
public enum HistoryGenerator {
    static let types = ["redeemed", "earned", "earned", "earned", "bonus", "earned", "expired"]

    public static func json(count: Int, end: Date, seed: UInt64 = 1) -> Data {
        var state = seed | 1
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        var text = "{\n  \"transactions\": [\n"
        text.reserveCapacity(count * 120)
        var time = end.timeIntervalSince1970.rounded(.down)
        for i in 0..<count {
            time -= Double(3600 + next() % (36 * 3600))
            let type = types[Int(next() % UInt64(types.count))]
            let amount = type == "redeemed" ? [25, 50, 150, 200, 400][Int(next() % 5)] : Int(next() % 60) + 2
            let date = Self.isoString(Date(timeIntervalSince1970: time), offsetMinutes: -240)
            text += "    {\"id\": \(700_000_000 + count - i), \"type\": \"\(type)\", \"amount\": \"\(amount)\", \"processed_at\": \"\(date)\"}"
            text += i + 1 < count ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        return Data(text.utf8)
    }

    /// "2020-07-17T12:56:27-04:00" for `date` as seen at a fixed UTC offset.
    public static func isoString(_ date: Date, offsetMinutes: Int) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + offsetMinutes * 60
        let days = Int((Double(local) / 86400).rounded(.down))
        let civil = CivilDate.date(fromDaysSinceEpoch: days)
        let second = local - days * 86400
        let sign = offsetMinutes < 0 ? "-" : "+"
        let off = abs(offsetMinutes)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))\(sign)\(two(off / 60)):\(two(off % 60))"
    }
}
