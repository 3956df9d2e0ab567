import Foundation

/// An amount of money in whole cents. Prices, basket totals and gift amounts are integers so that
/// adding a hundred lines never drifts by a cent, which `Double` dollars would.
public struct Money: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var cents: Int

    public init(cents: Int) { self.cents = cents }
    public static func dollars(_ dollars: Int) -> Money { Money(cents: dollars * 100) }
    public static let zero = Money(cents: 0)

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    public static func * (lhs: Money, rhs: Int) -> Money { Money(cents: lhs.cents * rhs) }

    /// "$4.45"; whole dollars without cents ("$25") only when `dropZeroCents` is set (gift amounts).
    public func formatted(dropZeroCents: Bool = false) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = abs(cents)
        let dollars = magnitude / 100, rest = magnitude % 100
        var whole = String(dollars)
        // Thousands separators: gift limits and long baskets reach four digits.
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        grouped = whole + grouped
        if dropZeroCents && rest == 0 { return "\(sign)$\(grouped)" }
        return "\(sign)$\(grouped).\(rest < 10 ? "0" : "")\(rest)"
    }

    public var description: String { formatted() }

    /// Cents from a JSON number of dollars, if it is finite, within `0...limit` and has at most two
    /// decimals (4.455 is a mistake in the file, not a price).
    public static func fromDollars(_ value: Double, limit: Money) -> Money? {
        guard value.isFinite, value >= 0, value <= Double(limit.cents) / 100 else { return nil }
        let scaled = value * 100
        let rounded = scaled.rounded()
        guard abs(scaled - rounded) < 1e-6 else { return nil }
        return Money(cents: Int(rounded))
    }

    /// What a person types for an amount: "25", "$25", "25.5", "25.50", "1,000". Nil when it is
    /// not a plain non-negative amount with at most nine digits before the point and two after.
    public static func parse(_ text: String) -> Money? {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("$") { body.removeFirst() }
        guard !body.isEmpty, body.count <= 16 else { return nil }
        if body.contains(",") {
            // Thousands separators only where they belong: "1,000" yes, "1,0,0" no.
            let whole = body.split(separator: ".", omittingEmptySubsequences: false)[0]
            let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            guard let first = groups.first, (1...3).contains(first.count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
            body = body.replacingOccurrences(of: ",", with: "")
        }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let wholeText = parts.first,
              (1...9).contains(wholeText.count), wholeText.allSatisfy({ $0.isASCII && $0.isNumber }),
              let whole = Int(wholeText) else { return nil }
        var fraction = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(digits) else { return nil }
            fraction = digits.count == 1 ? value * 10 : value
        }
        let (product, overflow) = whole.multipliedReportingOverflow(by: 100)
        guard !overflow else { return nil }
        return Money(cents: product + fraction)
    }
}
