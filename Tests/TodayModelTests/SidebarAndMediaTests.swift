import Foundation
@testable import TodayModel
import XCTest

/// What Today's list of views and a podcast's card say (issue 36).
final class SidebarAndMediaTests: XCTestCase {
    func testTheListShowsBesideTheGridOnlyWhereTheGridKeepsTwoColumns() {
        XCTAssertFalse(SidebarLayout.shows(width: 1099))
        XCTAssertTrue(SidebarLayout.shows(width: 1100))
        XCTAssertGreaterThanOrEqual(SidebarLayout.minimumWidth - SidebarLayout.width, TodayLayout.wideMinimumWidth,
                                    "beside the list the grid keeps its ⅓ + ⅔ rows")
        XCTAssertEqual(SidebarEntry(title: "Harbour", count: 3, level: 1, iconName: "x").accessibleLabel, "Harbour, 3 unread")
        XCTAssertEqual(SidebarEntry(title: "Starred", count: 2, level: 0, iconName: SidebarLayout.starredIcon).accessibleLabel, "Starred, 2")
        XCTAssertEqual(SidebarEntry(title: "All Articles", count: nil, level: 0, iconName: "x").accessibleLabel, "All Articles")
    }

    func testAnEpisodesCardSaysAudioOrVideoAndHowLong() throws {
        let url = try XCTUnwrap(URL(string: "https://example.org/ep.mp3"))
        XCTAssertEqual(CardMedia(kind: .audio, url: url, duration: 2530).label, "Audio · 42 min")
        XCTAssertEqual(CardMedia(kind: .video, url: url, duration: 3900).label, "Video · 1 h 5 min")
        XCTAssertEqual(CardMedia(kind: .audio, url: url, duration: 7200).label, "Audio · 2 h")
        XCTAssertEqual(CardMedia(kind: .audio, url: url, duration: 45).label, "Audio · 45 s")
        XCTAssertEqual(CardMedia(kind: .audio, url: url).label, "Audio")
        let card = ArticleCards.card(for: ArticleCardInput(identity: "1", feedTitle: "Harbour Radio", title: "Episode 12", published: Date(),
                                                             unread: true, media: CardMedia(kind: .audio, url: url, duration: 2530)))
        XCTAssertEqual(card.eyebrow, "Harbour Radio · Audio · 42 min")
        XCTAssertEqual(card.media?.url, url)
    }
}
