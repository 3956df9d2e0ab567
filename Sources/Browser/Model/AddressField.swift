/// The address field while editing: exactly the keys the user typed, plus at most one completion
/// suffix, selected, that extends them. What is typed is never changed by anything but the user.
///
/// The view reports every change the user makes (`edited`) and every history answer (`answer`);
/// it shows `text` with `selection` selected, and never writes the field any other way while
/// editing. Answers come from a worker thread and may be for an older text than the one in the
/// field: a completion is applied only to exactly the text it was worked out for, and only while
/// the cursor is at the end of it (docs/address-bar.md).
public struct AddressField: Equatable, Sendable {
    /// What the user typed, without any completion.
    public private(set) var typed: String
    /// The completion shown after `typed`, selected; empty when none.
    public private(set) var suffix: String = ""
    /// The last edit removed text (Backspace, Delete, a cut): no completion until the next typed
    /// text grows, so Backspace can remove a completion.
    private var lastEditRemoved = false

    public init(typed: String = "") {
        self.typed = typed
    }

    /// What the field shows.
    public var text: String { typed + suffix }
    /// The selected completion, in characters; nil when there is none.
    public var selection: Range<Int>? {
        suffix.isEmpty ? nil : typed.count..<(typed.count + suffix.count)
    }

    /// What a user's change did.
    public enum Edit: Equatable, Sendable {
        /// The completion alone was removed (Backspace or Delete on it, or the first half of
        /// typing over it): what is typed is unchanged.
        case completionRemoved
        /// What is typed changed: search for it.
        case typed(String)
        /// Nothing changed.
        case none
    }

    /// The user changed the field; `text` is what it holds now.
    public mutating func edited(to text: String) -> Edit {
        if text == self.text {
            guard !suffix.isEmpty else { return .none }
            // The completion's own characters typed over it: the same text, now all typed.
            typed = text
            suffix = ""
            lastEditRemoved = false
            return .typed(text)
        }
        if !suffix.isEmpty, text == typed {
            suffix = ""
            lastEditRemoved = true
            return .completionRemoved
        }
        // Whatever the user did, the field now holds only what they typed: a completion is always
        // selected, so typing replaces it and any other edit removes or moves past it.
        let before = typed
        typed = text
        suffix = ""
        lastEditRemoved = !(text.count > before.count && text.hasPrefix(before))
        return .typed(text)
    }

    /// The user accepted the completion without changing the text (End, Right, a click in it):
    /// it is typed text from now on.
    public mutating func accepted() {
        typed = text
        suffix = ""
    }

    /// A search answer for `query`, whose top hit is `top`. Returns true when the field must show
    /// a new completion (`text`, `selection`); false leaves the field as it is.
    ///
    /// - Parameter cursorAtEnd: the cursor is at the end of the typed text and nothing else is
    ///   selected; a completion never moves the cursor into or before what was typed.
    public mutating func answer(query: String, top: String?, cursorAtEnd: Bool) -> Bool {
        // Only for exactly what is typed now: an answer for an earlier text is dropped, even one
        // that would still extend it (the top hit for "/in" is not the top hit for "/index.h").
        guard suffix.isEmpty, cursorAtEnd, !lastEditRemoved, !typed.isEmpty, typed == query,
              let completion = InlineCompletion.complete(typed: typed, previous: "", top: top) else { return false }
        let added = String(completion.text.dropFirst(typed.count))
        guard !added.isEmpty else { return false }
        suffix = added
        return true
    }
}
