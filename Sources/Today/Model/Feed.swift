import Foundation

/// The Today feed as the views show it: sections newest first, each with its cards.
/// Built by `FeedLoader` from a file (see feed-format.md) or by `FeedGenerator`.
public struct Feed: Sendable, Hashable {
    public static let supportedVersion = 1

    /// The round picture on the first section's header; nil when absent or its file is missing.
    public var profileImageURL: URL?
    public var sections: [FeedSection]

    public init(profileImageURL: URL? = nil, sections: [FeedSection]) {
        self.profileImageURL = profileImageURL
        self.sections = sections
    }

    /// What `TodayLayout` needs: the number of cards in each section, in order.
    public var sectionCardCounts: [Int] { sections.map(\.cards.count) }

    public var cardCount: Int { sections.reduce(0) { $0 + $1.cards.count } }

    /// The card at a layout index, or nil when the index is out of range.
    public func card(at index: CardIndex) -> Card? {
        guard sections.indices.contains(index.section) else { return nil }
        let cards = sections[index.section].cards
        return cards.indices.contains(index.item) ? cards[index.item] : nil
    }
}

public struct FeedSection: Sendable, Hashable {
    public static let defaultTitle = "Today"

    public var date: CalendarDate
    /// The large title under the date, "Today" unless the feed says otherwise.
    public var title: String
    public var cards: [Card]

    public init(date: CalendarDate, title: String = FeedSection.defaultTitle, cards: [Card]) {
        self.date = date
        self.title = title
        self.cards = cards
    }
}

public enum CardKind: String, Sendable, Hashable, CaseIterable {
    case feature
    case app
    case collection
    case tip
}

/// Colour of the text drawn over the card's image.
public enum CardTextColor: String, Sendable, Hashable, CaseIterable {
    case light
    case dark
}

public struct Card: Sendable, Hashable, Identifiable {
    public var id: String
    public var kind: CardKind
    /// The small category line above the title ("WORLD PREMIERE").
    public var eyebrow: String
    public var title: String
    public var subtitle: String?
    /// An absolute file URL, an http(s) address or a page's picture (`ArticleCardInput.imageURL`); nil when
    /// the feed names none or the file is missing (the view draws a placeholder).
    public var imageURL: URL?
    /// Paragraphs of the story, in order.
    public var body: [String]
    /// Background behind and under the image; nil lets the view choose.
    public var accent: RGBColor?
    public var textColor: CardTextColor
    /// An article not opened yet (subscriptions only; the sample's cards are never unread).
    public var unread: Bool
    /// An article the user starred (kept in the Starred view).
    public var starred: Bool
    /// The article's page on the web ("Open in Browser"); nil for the sample's cards.
    public var link: URL?
    /// The feed's icon (a file, an http(s) address or a site's icon key), drawn before the eyebrow of a
    /// card that shows its designed look, not a picture.
    public var iconURL: URL?
    /// An audio or video file the story plays.
    public var media: CardMedia?

    public init(
        id: String, kind: CardKind, eyebrow: String, title: String, subtitle: String? = nil,
        imageURL: URL? = nil, body: [String] = [], accent: RGBColor? = nil, textColor: CardTextColor = .light,
        unread: Bool = false, starred: Bool = false, link: URL? = nil, iconURL: URL? = nil, media: CardMedia? = nil
    ) {
        self.media = media
        self.starred = starred
        self.iconURL = iconURL
        self.id = id
        self.kind = kind
        self.eyebrow = eyebrow
        self.title = title
        self.subtitle = subtitle
        self.imageURL = imageURL
        self.body = body
        self.accent = accent
        self.textColor = textColor
        self.unread = unread
        self.link = link
    }
}

/// An sRGB colour from a "#RRGGBB" string.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Accepts exactly "#RRGGBB" (hex digits in either case); nil for anything else.
    public init?(hex: String) {
        let scalars = Array(hex.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#" else { return nil }
        // Digit by digit: UInt8(_:radix:) would also take a sign ("#+F+F+F").
        var digits: [UInt8] = []
        for scalar in scalars.dropFirst() {
            guard scalar.isASCII, let digit = UInt8(String(scalar), radix: 16) else { return nil }
            digits.append(digit)
        }
        self.init(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5])
    }

    /// Components 0…1, as GTK wants them.
    public var redFraction: Double { Double(red) / 255 }
    public var greenFraction: Double { Double(green) / 255 }
    public var blueFraction: Double { Double(blue) / 255 }

    public var description: String { String(format: "#%02X%02X%02X", red, green, blue) }
}
