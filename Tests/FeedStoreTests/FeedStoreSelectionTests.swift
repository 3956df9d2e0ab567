import FeedFormat
@testable import FeedStore
import Foundation
import XCTest

/// Today's views over the file (issue 36): one feed's articles, a folder's, the counts the sidebar
/// shows, the choice written as the setting and read back, and Unsubscribe's Undo putting back
/// exactly what went (read from the file with a connection of the test's own).
final class FeedStoreSelectionTests: FeedStoreTestCase {
    private func subscribe(_ store: FeedStore, _ path: String, folder: String?, articles: ClosedRange<Int>, title: String) throws -> StoredFeed {
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/\(path)")), title: title, folder: folder, now: t0)
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed(articles.map { article($0, published: t0 - Double($0)) }, title: title)),
                                                   fetchedAt: t0, nextFetch: t0 + 3600))
        return try XCTUnwrap(store.feed(feed.id))
    }

    func testAFeedsAndAFoldersArticlesAndTheCountsTheListShows() throws {
        let store = try openStore()
        let harbour = try subscribe(store, "harbour.xml", folder: nil, articles: 1...2, title: "Harbour")
        let lantern = try subscribe(store, "lantern.xml", folder: "Reading", articles: 3...5, title: "Lantern")
        let field = try subscribe(store, "field.json", folder: "Reading", articles: 6...6, title: "Fieldwork")
        XCTAssertEqual(try store.articles(in: ArticleSelection.feed(harbour.id)).map(\.title), ["Article 1", "Article 2"])
        XCTAssertEqual(try store.articles(in: ArticleSelection.folder("Reading")).map(\.title),
                       ["Article 3", "Article 4", "Article 5", "Article 6"], "the folder's feeds, newest first")
        XCTAssertEqual(try store.articles(in: ArticleSelection.folder("Nothing")).count, 0)
        let lanternArticles = try store.articles(feed: lantern.id)
        try store.setRead(true, lanternArticles[0].key, now: t0)
        try store.setStarred(true, lanternArticles[1].key, now: t0)
        let counts = try store.unreadCounts()
        XCTAssertEqual(counts, [harbour.id: 2, lantern.id: 2, field.id: 1])

        let list = ArticleSelectionChoice.list(feeds: try store.feeds(), unreadByFeed: counts, unread: 5, starred: 1)
        XCTAssertEqual(list.map(\.label), ["All Articles", "Unread (5)", "Starred (1)", "Harbour (2)", "Reading (3)", "Fieldwork (1)", "Lantern (2)"],
                       "smart views, feeds outside a folder, then each folder (its feeds' sum) and its feeds by name")
        XCTAssertEqual(list.map(\.level), [0, 0, 0, 0, 0, 1, 1])
        XCTAssertEqual(list[4].selection, .folder("Reading"))
    }

    func testTheChoiceReadsBackFromItsSettingAndAGoneOneIsNoLongerThere() throws {
        for selection: ArticleSelection in [.view(.all), .view(.unread), .view(.starred), .feed(FeedID(12)), .folder("Sea: 9 / notes")] {
            XCTAssertEqual(ArticleSelection(rawValue: selection.rawValue), selection, selection.rawValue)
        }
        XCTAssertNil(ArticleSelection(rawValue: "feed:twelve"))
        XCTAssertNil(ArticleSelection(rawValue: "folder:"))
        XCTAssertNil(ArticleSelection(rawValue: ""))
        let store = try openStore()
        let harbour = try subscribe(store, "harbour.xml", folder: "Sea", articles: 1...1, title: "Harbour")
        XCTAssertTrue(ArticleSelection.feed(harbour.id).exists(in: try store.feeds()))
        XCTAssertTrue(ArticleSelection.folder("Sea").exists(in: try store.feeds()))
        try store.remove(harbour.id)
        XCTAssertFalse(ArticleSelection.feed(harbour.id).exists(in: try store.feeds()))
        XCTAssertFalse(ArticleSelection.folder("Sea").exists(in: try store.feeds()))
    }

    func testUnsubscribingKeepsWhatWentAndUndoPutsBackTheSameRowsSearchableAgain() throws {
        let store = try openStore()
        let harbour = try subscribe(store, "harbour.xml", folder: "Sea", articles: 1...3, title: "Harbour")
        _ = try subscribe(store, "lantern.xml", folder: nil, articles: 4...4, title: "Lantern")
        let articles = try store.articles(feed: harbour.id)
        try store.setRead(true, articles[0].key, now: t0)
        try store.setStarred(true, articles[2].key, now: t0)
        try store.rename(harbour.id, to: "My harbour")
        let before = try fileRows("SELECT * FROM articles WHERE feedID = \(harbour.id.rawValue) ORDER BY id").map(\.description)
        let statesBefore = try fileRows("SELECT * FROM article_states ORDER BY identity").map(\.description)
        let feedBefore = try fileRows("SELECT * FROM feeds WHERE id = \(harbour.id.rawValue)").map(\.description)

        let removed = try XCTUnwrap(store.removeKeeping(harbour.id))
        XCTAssertEqual(removed.articleCount, 3)
        XCTAssertEqual(removed.feed.displayTitle, "My harbour")
        XCTAssertEqual(try fileRows("SELECT count(*) AS n FROM articles WHERE feedID = \(harbour.id.rawValue)").first?["n"], 0)
        XCTAssertEqual(try store.search("Article").map(\.title), ["Article 4"], "its articles are not found while it is gone")

        XCTAssertTrue(try store.restore(removed))
        XCTAssertEqual(try fileRows("SELECT * FROM feeds WHERE id = \(harbour.id.rawValue)").map(\.description), feedBefore)
        XCTAssertEqual(try fileRows("SELECT * FROM articles WHERE feedID = \(harbour.id.rawValue) ORDER BY id").map(\.description), before)
        XCTAssertEqual(try fileRows("SELECT * FROM article_states ORDER BY identity").map(\.description), statesBefore, "read and starred as they were")
        XCTAssertEqual(Set(try store.search("Article").map(\.title)), ["Article 1", "Article 2", "Article 3", "Article 4"], "searchable again")
        XCTAssertFalse(try store.restore(removed), "twice puts nothing back twice")
    }

    func testUndoDoesNotOverwriteTheSameAddressSubscribedToAgainMeanwhile() throws {
        let store = try openStore()
        let harbour = try subscribe(store, "harbour.xml", folder: nil, articles: 1...2, title: "Harbour")
        let removed = try XCTUnwrap(store.removeKeeping(harbour.id))
        let again = try store.addFeed(url: harbour.url, now: t0)
        XCTAssertFalse(try store.restore(removed))
        XCTAssertEqual(try store.feeds().map(\.id), [again.id])
    }
}

/// A podcast's episode file is kept with its article and read back with it (and changed when the
/// feed changes it).
final class FeedStoreMediaTests: FeedStoreTestCase {
    func testAnEpisodesFileIsStoredWithItsKindTypeAndLength() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/podcast.xml")), now: t0)
        var episode = article(1, published: t0)
        episode.media = ParsedMedia(url: try XCTUnwrap(URL(string: "https://example.org/ep1.mp3")), kind: .audio, mimeType: "audio/mpeg", duration: 2530)
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([episode, article(2, published: t0 - 1)])), fetchedAt: t0, nextFetch: t0 + 3600))
        let stored = try store.articles()
        XCTAssertEqual(stored.first?.media, episode.media)
        XCTAssertNil(stored.last?.media)
        XCTAssertEqual(try fileRows("SELECT mediaKind, mediaType, mediaDuration FROM articles WHERE mediaURL IS NOT NULL").map { "\($0["mediaKind"] as String) \($0["mediaType"] as String) \($0["mediaDuration"] as Double)" },
                       ["audio audio/mpeg 2530.0"])
        episode.media?.kind = .video
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([episode])), fetchedAt: t0, nextFetch: t0 + 3600))
        XCTAssertEqual(try store.article(XCTUnwrap(stored.first?.id))?.media?.kind, .video, "a fetch updates it")
    }
}
