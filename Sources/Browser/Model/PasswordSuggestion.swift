/// The strong password Skiff suggests for a field that asks for a new one (docs/browser.md,
/// "Passwords in forms", Suggested passwords). Safari's shape: three groups of six, joined by
/// hyphens, which a person can read out or retype from the Passwords page, and which passes the rules
/// sites set (an upper-case letter, a digit, a symbol — the hyphens — and at least 12 characters).
///
/// Drawn from `alphabet` (55 characters: no 0/O/o, 1/I/i/l, which are misread when retyped), so the
/// 18 drawn characters carry about 104 bits, with one upper-case letter and one digit always among
/// them. Randomness comes from the caller's generator: `SystemRandomNumberGenerator` in the app
/// (the kernel's `getrandom`), a seeded one in tests.
public enum PasswordSuggestion {
    public static let lowercase = Array("abcdefghjkmnpqrstuvwxyz")
    public static let uppercase = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
    public static let digits = Array("23456789")
    public static let alphabet = lowercase + uppercase + digits
    public static let groups = 3
    public static let groupLength = 6
    /// 20: what the grouped shape needs.
    public static let groupedLength = groups * groupLength + (groups - 1)
    /// A field whose `maxlength` is under this gets no suggestion (fewer than about 70 bits).
    public static let shortestLength = 12

    /// A password for a field that takes at most `maxLength` characters (nil: no limit). A field that
    /// takes fewer than 20 gets that many characters without hyphens; fewer than 12, none.
    public static func make(maxLength: Int?, using generator: inout some RandomNumberGenerator) -> String? {
        let limit = maxLength ?? groupedLength
        guard limit >= shortestLength else { return nil }
        let length = min(limit, groupedLength)
        let drawn = length == groupedLength ? groups * groupLength : length
        var characters = (0..<drawn).map { _ in alphabet.randomElement(using: &generator) ?? "a" }
        // One of each kind a site may demand, at two different places drawn at random.
        let upperAt = Int.random(in: 0..<drawn, using: &generator)
        var digitAt = Int.random(in: 0..<(drawn - 1), using: &generator)
        if digitAt >= upperAt { digitAt += 1 }
        characters[upperAt] = uppercase.randomElement(using: &generator) ?? "A"
        characters[digitAt] = digits.randomElement(using: &generator) ?? "2"
        guard length == groupedLength else { return String(characters) }
        return stride(from: 0, to: drawn, by: groupLength)
            .map { String(characters[$0..<($0 + groupLength)]) }
            .joined(separator: "-")
    }

    public static func make(maxLength: Int?) -> String? {
        var generator = SystemRandomNumberGenerator()
        return make(maxLength: maxLength, using: &generator)
    }
}
