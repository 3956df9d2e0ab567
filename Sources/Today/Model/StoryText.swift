/// What a story shows under its lead once read: its paragraphs, what went wrong getting them, and
/// whether Reader View can fetch the whole article (docs/feeds.md, "Reader View").
public struct StoryText: Sendable, Equatable {
    public var paragraphs: [String]
    /// The article's pictures, each placed after some paragraphs (`Picture.afterParagraph`).
    public var pictures: [Picture]
    /// Told above the paragraphs ("Couldn’t load the full article: …"); the summary still shows.
    public var notice: String?
    /// The article gave only a summary and has a page: the story offers "Reader View".
    public var offersReaderView: Bool
    /// The text begins with what the lead says (a summary made of it): it shows in the lead's place
    /// (`StoryLead`).
    public var replacesLead: Bool

    public init(paragraphs: [String] = [], pictures: [Picture] = [], notice: String? = nil, offersReaderView: Bool = false,
                replacesLead: Bool = false) {
        self.replacesLead = replacesLead
        self.paragraphs = paragraphs
        self.pictures = pictures
        self.notice = notice
        self.offersReaderView = offersReaderView
    }

    /// A picture between a story's paragraphs: an http(s) address, fetched and decoded as cards' are.
    public struct Picture: Sendable, Equatable {
        public var address: String
        /// What a screen reader says for it (the article's `alt`), else `unnamed`.
        public var label: String
        /// The shape shown until the picture is decoded, when the article declares one (width ÷ height).
        public var aspect: Double?
        /// The width the article declares, in CSS pixels.
        public var declaredWidth: Int?
        public var afterParagraph: Int

        public static let unnamed = "Picture"

        public init(address: String, alternative: String?, width: Int?, height: Int?, afterParagraph: Int) {
            self.address = address
            label = alternative ?? Self.unnamed
            if let width, let height, width > 0, height > 0 { aspect = Double(width) / Double(height) } else { aspect = nil }
            declaredWidth = width.flatMap { $0 > 0 ? $0 : nil }
            self.afterParagraph = afterParagraph
        }
    }

    /// Blocks in reading order: each paragraph, with the pictures placed after it (those placed
    /// after more paragraphs than there are come last).
    public var blocks: [Block] {
        var blocks: [Block] = []
        var pictures = self.pictures[...]
        for (index, paragraph) in paragraphs.enumerated() {
            while let picture = pictures.first, picture.afterParagraph <= index {
                blocks.append(.picture(picture))
                pictures = pictures.dropFirst()
            }
            blocks.append(.paragraph(paragraph))
        }
        blocks += pictures.map(Block.picture)
        return blocks
    }

    public enum Block: Sendable, Equatable {
        case paragraph(String)
        case picture(Picture)
    }

    /// The wording of a failed Reader View, under which the summary stays.
    public static func couldNotLoad(_ reason: String) -> String { "Couldn’t load the full article: \(reason)" }
}
