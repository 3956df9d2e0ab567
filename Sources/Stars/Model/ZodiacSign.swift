import Foundation

/// The twelve signs, in the order the field lays them out (the seed starts at Pisces).
public enum ZodiacSign: String, CaseIterable, Sendable, Hashable {
    case pisces, aries, taurus, gemini, cancer, leo, virgo, libra, scorpio, sagittarius, capricorn, aquarius

    public var name: String { rawValue.capitalized }
    /// The degree label drawn under the name: the sign's index × 30°.
    public var degrees: Int { (Self.allCases.firstIndex(of: self) ?? 0) * 30 }
}
