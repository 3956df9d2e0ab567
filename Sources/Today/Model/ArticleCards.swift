import Foundation

/// One stored article as Today's cards need it. The store's rows map onto it; nothing here knows
/// about feeds' formats or SQLite.
public struct ArticleCardInput: Sendable, Hashable {
    /// The store's identity of the article (guid, else link, else a hash): the card's id.
    public var identity: String
    public var feedTitle: String
    public var feedIconURL: URL?
    public var title: String
    public var summary: String?
    /// The card's picture: a file URL, an http(s) address (fetched into the disk cache when the card
    /// shows), or the key of a page's picture (`og:image`, looked up when the card shows); see
    /// docs/feeds.md "Pictures from the network".
    public var imageURL: URL?
    public var published: Date
    public var unread: Bool
    public var starred: Bool
    /// The article's page, for "Open in Browser".
    public var link: URL?
    /// The story's paragraphs: the sanitised content as text.
    public var body: [String]
    /// Its audio or video file, if it has one.
    public var media: CardMedia?

    public init(identity: String, feedTitle: String, feedIconURL: URL? = nil, title: String, summary: String? = nil,
                imageURL: URL? = nil, published: Date, unread: Bool, starred: Bool = false, link: URL? = nil, body: [String] = [],
                media: CardMedia? = nil) {
        self.media = media
        self.starred = starred
        self.identity = identity
        self.feedTitle = feedTitle
        self.feedIconURL = feedIconURL
        self.title = title
        self.summary = summary
        self.imageURL = imageURL
        self.published = published
        self.unread = unread
        self.link = link
        self.body = body
    }

    /// Whether the article names a picture of its own (a page's picture may turn out to be none, so it
    /// does not count when choosing the big cell).
    var hasPicture: Bool {
        guard let imageURL else { return false }
        return imageURL.isFileURL || imageURL.scheme == "https" || imageURL.scheme == "http"
    }
}

/// Articles into Today's `Feed`: one section per local day, newest first, titled "Today",
/// "Yesterday", the weekday within the week, then the date (docs/feeds.md "Cards and stories").
public enum ArticleCards {
    /// The id of the card that invites a new user to subscribe.
    public static let addFeedsCardID = "skiff-add-your-feeds"

    /// - Parameters:
    ///   - now: the moment "Today" means; an article dated after it (a clock that is wrong somewhere)
    ///     counts as published now, so it is under Today and not in a section of its own in the future.
    ///   - timeZone: the user's; the days are cut at its midnights, daylight saving included.
    public static func feed(from articles: [ArticleCardInput], now: Date, timeZone: TimeZone = .current,
                            locale: Locale = .current) -> Feed {
        guard let today = CalendarDate(containing: now, timeZone: timeZone) else { return Feed(sections: []) }
        let dated = articles.map { (article: $0, date: min($0.published, now)) }
            // Newest first; equal dates in a fixed order so a refresh does not shuffle cards.
            .sorted { $0.date != $1.date ? $0.date > $1.date : $0.article.identity < $1.article.identity }
        var sections: [FeedSection] = []
        var currentDay: CalendarDate?
        var pending: [ArticleCardInput] = []
        func flush() {
            guard let day = currentDay, !pending.isEmpty else { return }
            let cards = placingPictures(pending).map(card(for:))
            sections.append(FeedSection(date: day, title: day.relativeTitle(today: today, locale: locale), cards: cards))
            pending = []
        }
        for item in dated {
            guard let day = CalendarDate(containing: item.date, timeZone: timeZone) else { continue }
            if day != currentDay {
                flush()
                currentDay = day
            }
            pending.append(item.article)
        }
        flush()
        return Feed(sections: sections)
    }

    /// Within each pair of cards that shares a wide row, an article with a picture takes the big
    /// cell if the other has none (TodayLayout: rows alternate [big, small], [small, big]). Order
    /// otherwise stays newest first; a card moves by one place at most.
    static func placingPictures(_ articles: [ArticleCardInput]) -> [ArticleCardInput] {
        var placed = articles
        var first = 0
        while first + 1 < placed.count {
            let row = first / 2
            let big = row % 2 == 0 ? first : first + 1
            let small = big == first ? first + 1 : first
            if !placed[big].hasPicture, placed[small].hasPicture { placed.swapAt(big, small) }
            first += 2
        }
        return placed
    }

    static func card(for article: ArticleCardInput) -> Card {
        // A podcast's card says so beside the feed's name: "HARBOUR RADIO · AUDIO · 42 MIN".
        Card(id: article.identity, kind: .feature, eyebrow: article.media.map { "\(article.feedTitle) · \($0.label)" } ?? article.feedTitle,
             title: article.title, subtitle: article.summary, imageURL: article.imageURL, body: article.body,
             accent: accent(forFeedTitled: article.feedTitle), textColor: .light,
             unread: article.unread, starred: article.starred, link: article.link, iconURL: article.feedIconURL, media: article.media)
    }

    /// A card of its own colour for each feed, so a card without a picture is still that feed's:
    /// the hue from a hash of the title (FNV-1a, the same on every run and machine, unlike
    /// `Hasher`), saturation and lightness fixed where white text keeps at least 4.5 : 1
    /// contrast (tested over every hue).
    public static func accent(forFeedTitled title: String) -> RGBColor {
        var hash: UInt32 = 2_166_136_261
        for byte in title.lowercased().utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hue = Double(hash % 360)
        return hsl(hue: hue, saturation: 0.5, lightness: 0.30)
    }

    static func hsl(hue: Double, saturation: Double, lightness: Double) -> RGBColor {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        return RGBColor(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// The colour of the cards Skiff writes itself ("Add your feeds", "No articles yet").
    static let tipAccent = RGBColor(red: 0x2A, green: 0x5D, blue: 0xB0)

    /// The id of the card shown while there are subscriptions but no article to show.
    public static let noArticlesCardID = "skiff-no-articles-yet"
    public static let emptyViewCardID = "skiff-empty-view"

    /// Today while there are subscriptions but no article (a new subscription not read yet, feeds that
    /// could not be reached, feeds with nothing in them): one card under Today that says so and what to
    /// do, never an empty page.
    public static func noArticlesYet(feedCount: Int, offline: Bool, now: Date, timeZone: TimeZone = .current) -> Feed {
        let one = feedCount == 1
        let feeds = one ? "Your feed" : "Your \(feedCount) feeds"
        let subtitle = offline ? "\(feeds) could not be reached. F5 tries again."
            : "\(feeds) \(one ? "has" : "have") nothing to show yet. F5 reads \(one ? "it" : "them") again."
        let card = Card(id: noArticlesCardID, kind: .tip, eyebrow: "Your feeds", title: "No articles yet", subtitle: subtitle,
                        body: ["Skiff reads your feeds when it starts and then about every hour, each at its own pace. Press F5 or Ctrl+R to read them now.",
                               "What went wrong with a feed is listed above the cards, and under the feed in Subscriptions (main menu)."],
                        accent: tipAccent, textColor: .light)
        let day = CalendarDate(containing: now, timeZone: timeZone) ?? CalendarDate(clampingYear: 2026, month: 1, day: 1)
        return Feed(sections: [FeedSection(date: day, title: "Today", cards: [card])])
    }

    /// A view of the subscriptions with nothing in it (every article read, none starred): one card
    /// saying so, not an empty page.
    public static func emptyView(title: String, subtitle: String, now: Date, timeZone: TimeZone = .current) -> Feed {
        let card = Card(id: emptyViewCardID, kind: .tip, eyebrow: "Your feeds", title: title, subtitle: subtitle,
                        body: [subtitle, "Choose another view beside the Refresh button in the header."],
                        accent: tipAccent, textColor: .light)
        let day = CalendarDate(containing: now, timeZone: timeZone) ?? CalendarDate(clampingYear: 2026, month: 1, day: 1)
        return Feed(sections: [FeedSection(date: day, title: "Today", cards: [card])])
    }

    /// The sample with the card that invites a new user to add feeds put first: shown while there
    /// are no subscriptions (the sample stays as the offline first-run content).
    public static func withAddFeedsCard(_ sample: Feed) -> Feed {
        var feed = sample
        let card = Card(id: addFeedsCardID, kind: .tip, eyebrow: "Your feeds", title: "Add your feeds",
                        subtitle: "Read the sites you follow here: choose Add Feed… in the menu.",
                        body: ["Today can show the articles of the sites you follow, as cards, by day.",
                               "Choose Add Feed… in the main menu and type a feed’s address or a site’s address: Skiff finds the site’s feed.",
                               "You can also start Skiff with --subscribe URL, or bring your subscriptions from another reader with --import-opml FILE."],
                        accent: tipAccent, textColor: .light)
        if feed.sections.isEmpty {
            feed.sections = [FeedSection(date: CalendarDate(clampingYear: 2026, month: 1, day: 1), cards: [card])]
        } else {
            feed.sections[0].cards.insert(card, at: 0)
        }
        return feed
    }
}
