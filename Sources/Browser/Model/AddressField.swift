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
    /// The completion shown was given its selection back once already (`selectionLost`).
    private var reselected = false

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

    /// The completion was selected and now is not, its text unchanged.
    public enum SelectionLoss: Equatable, Sendable {
        /// The user did it (End, an arrow, a click): the completion is typed text now.
        case accepted
        /// Nobody did: select the completion again (`selection`).
        case reselect
        /// Nobody did, again: show only what was typed (`text`), the cursor at its end.
        case removed
    }

    /// The entry's selection left the completion while its text stayed.
    ///
    /// - Parameter byUser: a key or a pointer press reached the entry since the completion was
    ///   shown. When none did, GTK collapsed the selection itself: a GtkText collapses its
    ///   selection to its *start* whenever it loses the X PRIMARY selection, and GDK takes its own
    ///   release of PRIMARY (typing over the last completion) for another client's claim when both
    ///   fall in the same millisecond. Accepting then left the cursor inside the address, and the
    ///   next keys landed before the completion: `…/ch12.htmltml` (issue 33, docs/address-bar.md).
    ///   The completion is selected again once; if it is taken away again, it goes.
    public mutating func selectionLost(byUser: Bool) -> SelectionLoss {
        if byUser {
            accepted()
            return .accepted
        }
        if !reselected {
            reselected = true
            return .reselect
        }
        suffix = ""
        return .removed
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
        reselected = false
        return true
    }
}
