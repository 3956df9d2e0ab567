import Foundation
import TodayModel
import XCTest

/// Stored articles become cards under real days, cut at the user's midnights.
final class ArticleCardsTests: XCTestCase {
    private let english = Locale(identifier: "en_GB")

    private func zone(_ id: String) throws -> TimeZone { try XCTUnwrap(TimeZone(identifier: id)) }

    /// A wall-clock time in `zone`, as the user would read it.
    private func local(_ text: String, _ zone: TimeZone) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return try XCTUnwrap(formatter.date(from: text), text)
    }

    private func article(_ id: String, _ published: Date, picture: Bool = false, unread: Bool = true,
                         feed: String = "The Daily Tide") -> ArticleCardInput {
        ArticleCardInput(identity: id, feedTitle: feed, title: "Title \(id)", summary: "Summary \(id)",
                         imageURL: picture ? URL(fileURLWithPath: "/pictures/\(id).jpg") : nil,
                         published: published, unread: unread, link: URL(string: "https://example.org/\(id)"))
    }

    /// Section titles and the ids under each, in order.
    private func shape(_ feed: Feed) -> [String] {
        feed.sections.map { "\($0.title): " + $0.cards.map(\.id).joined(separator: " ") }
    }

    func testTodayYesterdayWeekdaysThenDatesNewestFirst() throws {
        let london = try zone("Europe/London")
        let now = try local("2026-11-23 09:00:00", london) // a Monday
        let articles = [
            article("old", try local("2026-11-10 12:00:00", london)),
            article("morning", try local("2026-11-23 07:00:00", london)),
            article("sat", try local("2026-11-21 18:00:00", london)),
            article("dawn", try local("2026-11-23 00:05:00", london)),
            article("sun", try local("2026-11-22 10:00:00", london)),
            article("tue", try local("2026-11-17 10:00:00", london)),
        ]
        let feed = ArticleCards.feed(from: articles, now: now, timeZone: london, locale: english)
        XCTAssertEqual(shape(feed), ["Today: morning dawn", "Yesterday: sun", "Saturday: sat", "Tuesday: tue", "10 November: old"])
        XCTAssertEqual(feed.sections.map(\.date.description), ["2026-11-23", "2026-11-22", "2026-11-21", "2026-11-17", "2026-11-10"])
    }

    func testMidnightIsTheEdgeOfTheDay() throws {
        let paris = try zone("Europe/Paris")
        let now = try local("2026-06-10 00:00:30", paris)
        let feed = ArticleCards.feed(from: [article("before", try local("2026-06-09 23:59:59", paris)),
                                            article("at", try local("2026-06-10 00:00:00", paris))],
                                     now: now, timeZone: paris, locale: english)
        XCTAssertEqual(shape(feed), ["Today: at", "Yesterday: before"])
    }

    func testTheSameInstantsFallOnOtherDaysInAnotherZone() throws {
        let utc = try zone("UTC")
        let now = try local("2026-11-23 03:00:00", utc)
        let articles = [article("a", try local("2026-11-23 01:00:00", utc)), article("b", try local("2026-11-22 20:00:00", utc))]
        XCTAssertEqual(shape(ArticleCards.feed(from: articles, now: now, timeZone: utc, locale: english)),
                       ["Today: a", "Yesterday: b"])
        // New York (UTC−5): both are on the 22nd there, and so is "now".
        XCTAssertEqual(shape(ArticleCards.feed(from: articles, now: now, timeZone: try zone("America/New_York"), locale: english)),
                       ["Today: a b"])
        // Tokyo (UTC+9): now is the 23rd at noon; b was the 23rd at 05:00, a at 10:00.
        XCTAssertEqual(shape(ArticleCards.feed(from: articles, now: now, timeZone: try zone("Asia/Tokyo"), locale: english)),
                       ["Today: a b"])
    }

    /// A day of 23 or 25 hours: "Yesterday" is the calendar day before, not 24 hours ago.
    func testDaylightSavingDaysAreWholeDays() throws {
        let berlin = try zone("Europe/Berlin")
        // Clocks went back on Sunday 25 October 2026: that day had 25 hours.
        let afterFallBack = try local("2026-10-26 00:30:00", berlin)
        let fallBack = ArticleCards.feed(from: [article("sun", try local("2026-10-25 00:10:00", berlin)),
                                                article("sat", try local("2026-10-24 23:50:00", berlin))],
                                         now: afterFallBack, timeZone: berlin, locale: english)
        XCTAssertEqual(shape(fallBack), ["Yesterday: sun", "Saturday: sat"], "25 h 20 min ago is still yesterday")
        // Clocks went forward on Sunday 29 March 2026: that day had 23 hours.
        let afterSpringForward = try local("2026-03-30 00:30:00", berlin)
        let spring = ArticleCards.feed(from: [article("sun", try local("2026-03-29 00:10:00", berlin)),
                                              article("sat", try local("2026-03-28 23:50:00", berlin))],
                                       now: afterSpringForward, timeZone: berlin, locale: english)
        XCTAssertEqual(shape(spring), ["Yesterday: sun", "Saturday: sat"], "23 h 40 min ago is yesterday, 23 h 20 min before that is not")
    }

    func testAnArticleFromTheFutureIsToday() throws {
        let utc = try zone("UTC")
        let now = try local("2026-11-23 09:00:00", utc)
        let feed = ArticleCards.feed(from: [article("future", try local("2031-01-01 00:00:00", utc)),
                                            article("now", try local("2026-11-23 08:00:00", utc))],
                                     now: now, timeZone: utc, locale: english)
        XCTAssertEqual(shape(feed), ["Today: future now"])
    }

    /// Rows alternate [big, small], [small, big]: a picture takes the big cell of its row.
    func testAPictureTakesTheBigCellOfItsRow() throws {
        let utc = try zone("UTC")
        let now = try local("2026-11-23 12:00:00", utc)
        // Newest first: a0 … a5. a1 (small cell of row 0) and a2 (small of row 1) have pictures.
        var articles: [ArticleCardInput] = []
        for i in 0..<6 {
            let published = now.addingTimeInterval(-60 * Double(i + 1))
            articles.append(article("a\(i)", published, picture: i == 1 || i == 2))
        }
        let feed = ArticleCards.feed(from: articles, now: now, timeZone: utc, locale: english)
        XCTAssertEqual(shape(feed), ["Today: a1 a0 a3 a2 a4 a5"])
        XCTAssertEqual(feed.sections[0].cards.map { $0.imageURL != nil }, [true, false, false, true, false, false])
        let layout = TodayLayout(width: 1280, sectionCardCounts: feed.sectionCardCounts)
        XCTAssertEqual(layout.role(of: CardIndex(section: 0, item: 0)), CardRole.expanded)
        XCTAssertEqual(layout.role(of: CardIndex(section: 0, item: 3)), CardRole.expanded)
    }

    func testARemotePictureIsTheCardsAndTakesTheBigCell() throws {
        var remote = article("r", Date(timeIntervalSince1970: 0))
        remote.imageURL = URL(string: "https://example.org/p.jpg")
        let plain = article("p", Date(timeIntervalSince1970: 5))
        let feed = ArticleCards.feed(from: [plain, remote], now: Date(timeIntervalSince1970: 10))
        let first = try XCTUnwrap(feed.card(at: CardIndex(section: 0, item: 0)))
        XCTAssertEqual(first.imageURL, URL(string: "https://example.org/p.jpg"), "the card with a picture takes the big cell")
    }

    func testACardCarriesItsFeedUnreadAndLink() throws {
        let utc = try zone("UTC")
        let now = try local("2026-11-23 12:00:00", utc)
        let feed = ArticleCards.feed(from: [article("r", now, unread: false, feed: "Harbour Notes"), article("u", now.addingTimeInterval(-1))],
                                     now: now, timeZone: utc, locale: english)
        let cards = feed.sections[0].cards
        XCTAssertEqual(cards.map(\.eyebrow), ["Harbour Notes", "The Daily Tide"])
        XCTAssertEqual(cards.map(\.unread), [false, true])
        XCTAssertEqual(cards[0].link, URL(string: "https://example.org/r"))
        XCTAssertEqual(cards[0].accent, ArticleCards.accent(forFeedTitled: "Harbour Notes"))
        XCTAssertNotEqual(cards[0].accent, cards[1].accent)
    }

    /// White text on a feed's colour is legible whatever the hue (WCAG 2 contrast, 4.5 : 1), and the
    /// colour is a colour, not grey.
    func testEveryFeedColourKeepsWhiteTextLegible() {
        func linear(_ byte: UInt8) -> Double {
            let c = Double(byte) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        var hues = Set<String>()
        for i in 0..<2000 {
            let colour = ArticleCards.accent(forFeedTitled: "Feed number \(i)")
            hues.insert(colour.description)
            let luminance = 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
            XCTAssertGreaterThanOrEqual(1.05 / (luminance + 0.05), 4.5, "\(colour)")
            let spread = Int(max(colour.red, colour.green, colour.blue)) - Int(min(colour.red, colour.green, colour.blue))
            XCTAssertGreaterThan(spread, 40, "\(colour) is grey")
        }
        XCTAssertGreaterThan(hues.count, 200, "feeds get many colours, not a few")
        XCTAssertEqual(ArticleCards.accent(forFeedTitled: "Harbour Notes"), ArticleCards.accent(forFeedTitled: "Harbour Notes"))
    }

    func testSubscriptionsWithoutArticlesShowOneCardSayingSoUnderToday() throws {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Paris"))
        let feed = ArticleCards.noArticlesYet(feedCount: 3, offline: false, now: now, timeZone: zone)
        XCTAssertEqual(feed.sections.map(\.title), ["Today"])
        XCTAssertEqual(feed.sections[0].date, CalendarDate(containing: now, timeZone: zone))
        XCTAssertEqual(feed.sections[0].cards.map(\.title), ["No articles yet"])
        XCTAssertEqual(feed.sections[0].cards[0].subtitle, "Your 3 feeds have nothing to show yet. F5 reads them again.")
        XCTAssertEqual(ArticleCards.noArticlesYet(feedCount: 1, offline: true, now: now, timeZone: zone).sections[0].cards[0].subtitle,
                       "Your feed could not be reached. F5 tries again.")
        XCTAssertEqual(ArticleCards.noArticlesYet(feedCount: 1, offline: false, now: now, timeZone: zone).sections[0].cards[0].subtitle,
                       "Your feed has nothing to show yet. F5 reads it again.")
    }

    func testTheAddYourFeedsCardComesFirst() throws {
        let sample = Feed(sections: [FeedSection(date: try XCTUnwrap(CalendarDate(year: 2026, month: 11, day: 21)),
                                                 cards: [Card(id: "s1", kind: .feature, eyebrow: "E", title: "Sample")])])
        let feed = ArticleCards.withAddFeedsCard(sample)
        XCTAssertEqual(feed.sections[0].cards.map(\.id), [ArticleCards.addFeedsCardID, "s1"])
        XCTAssertEqual(feed.sections[0].cards[0].title, "Add your feeds")
    }
}
