/// Completing the top hit's address in the field as the user types (Safari, Firefox): typing `deb`
/// shows `debian.org` with `ian.org` selected, so typing on replaces it, Backspace removes it and
/// Enter takes it.
public enum InlineCompletion {
    /// The completed field text and where the completion starts (in characters), or nil.
    public struct Result: Equatable, Sendable {
        public var text: String
        public var selectionStart: Int
    }

    /// - Parameters:
    ///   - typed: what is in the field, as typed.
    ///   - previous: what was typed before this change; a deletion (shorter, or the same) never
    ///     completes, so Backspace can remove a completion.
    ///   - top: the first suggestion's address.
    /// Only when the address, without its scheme and `www.`, starts with what was typed (case
    /// folded): never for a match in the middle of a word or of the address.
    public static func complete(typed: String, previous: String, top: String?) -> Result? {
        guard let top, !typed.isEmpty, typed.count > previous.count, typed.hasPrefix(previous) || previous.isEmpty,
              !typed.contains(where: \.isWhitespace) else { return nil }
        var address = Substring(top)
        for scheme in ["https://", "http://"] where address.hasPrefix(scheme) { address = address.dropFirst(scheme.count) }
        let typedLower = typed.lowercased()
        if !typedLower.hasPrefix("www."), address.hasPrefix("www.") { address = address.dropFirst(4) }
        // Only the host and path up to the next "/" after what was typed: "deb" gives "debian.org/",
        // not a whole deep address.
        guard address.lowercased().hasPrefix(typedLower), address.count > typed.count else { return nil }
        let rest = address.dropFirst(typed.count)
        var completion = rest
        if let slash = rest.firstIndex(of: "/") { completion = rest[...slash] }
        if completion.hasSuffix("/") { completion = completion.dropLast() }
        guard !completion.isEmpty else { return nil }
        return Result(text: typed + completion, selectionStart: typed.count)
    }
}
