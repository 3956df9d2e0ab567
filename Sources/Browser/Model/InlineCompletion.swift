/// Completing the top hit's address in the field as the user types (Safari, Firefox): typing `deb`
/// shows `debian.org` with `ian.org` selected, so typing on replaces it, Backspace removes it and
/// Enter takes it. It extends what was typed to the next boundary only (docs/address-bar.md).
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
        // A query or a fragment is never completed, nor completed into (Firefox's autofill alike).
        guard let top, !typed.isEmpty, typed.count > previous.count, typed.hasPrefix(previous) || previous.isEmpty,
              !typed.contains(where: { $0.isWhitespace || $0 == "?" || $0 == "#" }) else { return nil }
        var address = Substring(top)
        for scheme in ["https://", "http://"] where address.hasPrefix(scheme) { address = address.dropFirst(scheme.count) }
        let typedLower = typed.lowercased()
        if !typedLower.hasPrefix("www."), address.hasPrefix("www.") { address = address.dropFirst(4) }
        // Only to the next boundary after what was typed — the end of the host, then of each path
        // segment — never into a query or a fragment: "deb" gives "debian.org", "…/index.h" gives
        // "…/index.html" and never "…/index.html?q=long". What was typed up to a boundary (a finished
        // host or segment) gets nothing added.
        guard address.lowercased().hasPrefix(typedLower), address.count > typed.count else { return nil }
        let rest = address.dropFirst(typed.count)
        let completion = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !completion.isEmpty else { return nil }
        return Result(text: typed + completion, selectionStart: typed.count)
    }
}
