import Foundation

/// How much of each field a feed may use (docs/feed-format.md, "Limits"). Text beyond a limit is
/// cut (with "…") and said in a problem line, so a 50 MB title costs a problem line instead of
/// a frozen window; the card itself still shows.
public enum FeedLimits {
    /// Characters (grapheme clusters) kept per field.
    public static let id = 200
    public static let eyebrow = 80
    public static let title = 200
    public static let subtitle = 500
    public static let sectionTitle = 100
    /// One paragraph of a story.
    public static let paragraph = 10_000
    /// Paragraphs per story; later ones are left out.
    public static let paragraphs = 200
    /// All of a story's paragraphs together; paragraphs past this are left out.
    public static let body = 100_000

    /// `text` cut to `limit` characters (the last replaced by "…"), or nil when it fits.
    /// Costs O(limit), not O(text): the byte count is asked first, and only `limit` characters
    /// are walked.
    public static func truncated(_ text: String, to limit: Int) -> String? {
        guard text.utf8.count > limit,
              let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              end < text.endIndex else { return nil }
        return String(text[..<text.index(before: end)]) + "…"
    }

    /// "52,428,800": sizes in problem lines are read by people.
    static func grouped(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.groupingSize = 3
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }
}
