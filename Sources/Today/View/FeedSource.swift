import Foundation
import Gtk
import TodayModel

/// What a card shows, in the view's terms. Built on demand for the cards on screen only, so a
/// feed of 100,000 cards costs nothing until it scrolls into view.
struct CardContent: Equatable {
    var id: String
    var eyebrow: String
    var title: String
    var subtitle: String?
    var imagePath: String?
    /// The feed's icon, drawn before the eyebrow while the card shows its designed look.
    var iconPath: String?
    var body: [String]
    var accent: Color
    var lightText: Bool
    /// An article not opened yet: a dot on the card, and "Unread" first in what a screen reader says.
    var unread = false
    /// A starred article: a star on the card, and "Starred" in what a screen reader says.
    var starred = false
    /// The article's page ("Open in Browser"); nil for the sample.
    var link: URL?
    /// An audio or video file the story plays.
    var media: CardMedia?
    /// What a screen reader says after the title: whether it is unread, the category, then the subtitle.
    var accessibleDescription: String {
        [unread ? "Unread" : nil, starred ? "Starred" : nil, eyebrow.capitalized, subtitle].compactMap { $0 }.joined(separator: ". ")
    }
}

struct HeaderContent: Equatable {
    var dateText: String
    var title: String
}

/// The feed as the grid reads it.
@MainActor
final class FeedSource {
    /// The placeholder colour of a card whose feed entry names none.
    static let defaultAccent = Color(red: 0.23, green: 0.27, blue: 0.36)
    let feed: Feed
    let sectionCardCounts: [Int]
    /// Articles read (opened, `m`) or starred (`s`) since the feed was shown, by card id: the store
    /// knows it too, the cards show it until the feed is read again.
    var readOverrides: [String: Bool] = [:]
    var starOverrides: [String: Bool] = [:]

    init(feed: Feed) {
        self.feed = feed
        sectionCardCounts = feed.sectionCardCounts
    }

    var profileImagePath: String? { feed.profileImageURL?.path }

    func content(at index: CardIndex) -> CardContent {
        guard let card = feed.card(at: index) else {
            return CardContent(id: "missing-\(index)", eyebrow: "", title: "", subtitle: nil, imagePath: nil, body: [], accent: Self.defaultAccent, lightText: true)
        }
        let accent = card.accent.map { Color(red: $0.redFraction, green: $0.greenFraction, blue: $0.blueFraction) } ?? Self.defaultAccent
        return CardContent(id: card.id, eyebrow: card.eyebrow, title: card.title, subtitle: card.subtitle,
                           imagePath: card.imageURL.map(Self.path(of:)), iconPath: card.iconURL.map(Self.path(of:)), body: card.body, accent: accent, lightText: card.textColor != .dark,
                           unread: readOverrides[card.id].map { !$0 } ?? card.unread,
                           starred: starOverrides[card.id] ?? card.starred, link: card.link, media: card.media)
    }

    /// A file's path, or the address of a picture from the network (`RemotePictures`).
    static func path(of url: URL) -> String { url.isFileURL ? url.path : url.absoluteString }

    func header(at section: Int) -> HeaderContent {
        guard feed.sections.indices.contains(section) else { return HeaderContent(dateText: "", title: "") }
        let s = feed.sections[section]
        // A section titled by default reads relative to today: an earlier day is not "Today".
        let title = s.title == FeedSection.defaultTitle
            ? CalendarDate(containing: Date()).map { s.date.relativeTitle(today: $0) } ?? s.title
            : s.title
        return HeaderContent(dateText: s.date.headerText(), title: title)
    }
}
