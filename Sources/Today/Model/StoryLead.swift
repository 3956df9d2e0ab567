/// A story opens with the card's summary as its lead (bold). Feeds often make that summary of the
/// article's own text — its first paragraph, its first sentence, or its paragraphs run together and
/// cut — and then the lead and the text under it would say the same twice (docs/feeds.md, "Stories").
public enum StoryLead {
    /// `paragraphs` as the story shows them, and whether they take the lead's place. In the feed's own
    /// text (`wholly` false):
    /// - a first paragraph that is the summary, word for word, goes: the lead says it;
    /// - else text that begins with the summary (cut short, or several paragraphs run together)
    ///   replaces the lead, all of it kept: nothing the summary cut is lost, and the text's pictures
    ///   stay between its paragraphs.
    /// An article from its page (`wholly`, which comes seconds later, while the lead is read) keeps the
    /// lead and leaves out its first paragraph only when the summary is all of it.
    public static func arrange(_ paragraphs: [String], summary: String?, wholly: Bool = false) -> (paragraphs: [String], replacesLead: Bool) {
        guard let summary, let first = paragraphs.first else { return (paragraphs, false) }
        if begins(first, with: summary), first.count <= summary.count { return (Array(paragraphs.dropFirst()), false) }
        if !wholly, begins(paragraphs.joined(separator: " "), with: summary) { return (paragraphs, true) }
        return (paragraphs, false)
    }

    /// Whether `summary` (plain text, perhaps cut short with "…") is the start of `text`, word for word.
    public static func begins(_ text: String, with summary: String) -> Bool {
        let lead = words(summary), start = words(text)
        return !lead.isEmpty && start.starts(with: lead.dropLast()) && lead.count <= start.count
            && (start[lead.count - 1].hasPrefix(lead[lead.count - 1]))
    }

    private static func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0.isWhitespace || $0 == "…" }) }
}
