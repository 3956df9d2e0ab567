/// What a story shows under its lead once read: its paragraphs, what went wrong getting them, and
/// whether Reader View can fetch the whole article (docs/feeds.md, "Reader View").
public struct StoryText: Sendable, Equatable {
    public var paragraphs: [String]
    /// Told above the paragraphs ("Couldn’t load the full article: …"); the summary still shows.
    public var notice: String?
    /// The article gave only a summary and has a page: the story offers "Reader View".
    public var offersReaderView: Bool

    public init(paragraphs: [String] = [], notice: String? = nil, offersReaderView: Bool = false) {
        self.paragraphs = paragraphs
        self.notice = notice
        self.offersReaderView = offersReaderView
    }

    /// The wording of a failed Reader View, under which the summary stays.
    public static func couldNotLoad(_ reason: String) -> String { "Couldn’t load the full article: \(reason)" }
}
