/// uBlock Origin's `!#if …` / `!#else` / `!#endif` blocks, which EasyPrivacy as Debian ships it
/// holds for filters only uBO runs. To Adblock Plus they are comments; here a block's lines are
/// skipped when its condition is false for a WebKit content blocker, which is no uBO
/// (`ext_ublock`), filters no HTML (`cap_html_filtering`) and is not Safari (`env_safari`): every
/// token is false, so only negated tokens hold.
struct Preprocessor {
    /// Whether each open block's lines are read (its condition, and every enclosing one's).
    private var active: [Bool] = []

    /// Whether lines outside directives are read at this point.
    var isActive: Bool { active.last ?? true }

    /// Reads a `!#…` directive; false for any other comment.
    mutating func handle(_ comment: Substring) -> Bool {
        if comment.hasPrefix("!#if ") || comment.hasPrefix("!#if\t") {
            active.append(isActive && Self.evaluate(comment.dropFirst(5)))
            return true
        }
        if comment.hasPrefix("!#else") {
            guard let top = active.popLast() else { return true }
            active.append((active.last ?? true) && !top)
            return true
        }
        if comment.hasPrefix("!#endif") {
            _ = active.popLast()
            return true
        }
        return false
    }

    /// `a || !b && c`: `&&` binds tighter, as in uBO; parentheses are not used by the lists.
    static func evaluate(_ condition: Substring) -> Bool {
        condition.split(separator: "||").contains { alternative in
            alternative.split(separator: "&&").allSatisfy { token in
                token.trimmingSpaces().hasPrefix("!")
            }
        }
    }
}
