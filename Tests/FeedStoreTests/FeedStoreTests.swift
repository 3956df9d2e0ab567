import FeedFormat
@testable import FeedStore
import Foundation
import GRDB
import XCTest

final class FeedStoreTests: FeedStoreTestCase {
    func testTheDatabaseIsInWALModeAndAFeedAddedTwiceIsOneSubscription() throws {
        let store = try openStore()
        XCTAssertEqual(try store.journalMode(), "wal")
        let url = try XCTUnwrap(URL(string: "https://example.org/feed.xml"))
        let first = try store.addFeed(url: url, title: "Example", folder: "News", now: t0)
        let second = try store.addFeed(url: url, now: t0)
        XCTAssertEqual(first, second)
        XCTAssertEqual(try fileRows("SELECT url, title, folder FROM feeds").map { [$0["url"], $0["title"], $0["folder"]] as [String?] },
                       [["https://example.org/feed.xml", "Example", "News"]])
        XCTAssertEqual(try store.dueFeeds(now: t0).map(\.id), [first.id], "never fetched: due at once")
    }

    func testAFetchStoresTheFeedItsArticlesAndWhenToComeBack() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        let new = try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1), article(2)], title: "Example News")),
                                                              fetchedAt: t0, nextFetch: t0 + 3600, etag: "\"v1\"", bodyHash: "h1"))
        XCTAssertEqual(new, 2)
        let rows = try fileRows("SELECT title, etag, bodyHash, nextFetch, failureCount FROM feeds")
        XCTAssertEqual(rows.first?["title"], "Example News")
        XCTAssertEqual(rows.first?["etag"], "\"v1\"")
        XCTAssertEqual(rows.first?["nextFetch"], (t0 + 3600).timeIntervalSince1970)
        XCTAssertEqual(try fileRows("SELECT identity FROM articles ORDER BY identity").map { $0["identity"] as String },
                       ["urn:article:1", "urn:article:2"])
        XCTAssertEqual(try store.dueFeeds(now: t0 + 60), [])
        XCTAssertEqual(try store.dueFeeds(now: t0 + 3600).count, 1)

        // The same articles again, one corrected: nothing new, the correction kept.
        var corrected = article(2)
        corrected.title = "Article 2, corrected"
        XCTAssertEqual(try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1), corrected])), fetchedAt: t0 + 3600,
                                                                  nextFetch: t0 + 7200)), 0)
        XCTAssertEqual(try store.articles().map(\.title).sorted(), ["Article 1", "Article 2, corrected"])
    }

    func testAFailureIsCountedAndWordedAndA304KeepsTheValidators() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1)])), fetchedAt: t0, nextFetch: t0 + 3600,
                                                   etag: "\"v1\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT", bodyHash: "h1"))
        try store.recordFetch(feed.id, FetchRecord(.failed("The server did not answer within 30 s"), fetchedAt: t0 + 3600, nextFetch: t0 + 7200))
        try store.recordFetch(feed.id, FetchRecord(.failed("The server did not answer within 30 s"), fetchedAt: t0 + 7200, nextFetch: t0 + 14400))
        var stored = try XCTUnwrap(store.feed(feed.id))
        XCTAssertEqual(stored.failureCount, 2)
        XCTAssertEqual(stored.lastError, "The server did not answer within 30 s")
        XCTAssertEqual(stored.etag, "\"v1\"", "a failure forgets nothing")
        try store.recordFetch(feed.id, FetchRecord(.notModified, fetchedAt: t0 + 14400, nextFetch: t0 + 18000))
        stored = try XCTUnwrap(store.feed(feed.id))
        XCTAssertEqual(stored.failureCount, 0)
        XCTAssertNil(stored.lastError)
        XCTAssertEqual(stored.etag, "\"v1\"")
        XCTAssertEqual(stored.lastModified, "Tue, 14 Nov 2023 22:13:20 GMT")
        XCTAssertEqual(stored.bodyHash, "h1")
    }

    /// A parse's problems are kept with their line, read back from the file by another connection;
    /// a 304 or a failure keeps them, a clean parse clears them.
    func testTheLastParsesProblemsAreStoredWithTheirLine() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: URL(string: "https://example.org/feed.xml")!, now: t0)
        var parsed = self.feed([article(1)])
        parsed.problems = [FeedFormatProblem(line: 12, message: "Opening and ending tag mismatch:\tp and item"),
                           FeedFormatProblem(message: "1 empty item was skipped")]
        try store.recordFetch(feed.id, FetchRecord(.parsed(parsed), fetchedAt: t0, nextFetch: t0 + 3600))
        let expected = [FeedFormatProblem(line: 12, message: "Opening and ending tag mismatch: p and item"),
                        FeedFormatProblem(message: "1 empty item was skipped")]
        XCTAssertEqual(try store.feed(feed.id)?.problems, expected)
        XCTAssertEqual(try fileRows("SELECT problems FROM feeds").first?["problems"] as String?,
                       "12\tOpening and ending tag mismatch: p and item\n\t1 empty item was skipped", "in the file")
        try store.recordFetch(feed.id, FetchRecord(.notModified, fetchedAt: t0 + 3600, nextFetch: t0 + 7200))
        try store.recordFetch(feed.id, FetchRecord(.failed("The server did not answer within 30 s"), fetchedAt: t0 + 7200, nextFetch: t0 + 9000))
        let failed = try XCTUnwrap(store.feed(feed.id))
        XCTAssertEqual(failed.problems, expected, "nothing parsed: the last parse's problems stay")
        XCTAssertEqual(failed.lastError, "The server did not answer within 30 s")
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1)])), fetchedAt: t0 + 9000, nextFetch: t0 + 12000))
        XCTAssertEqual(try store.feed(feed.id)?.problems, [], "a clean parse clears them")
    }

    func testTheNextDueTimeAndTheLastUpdateForTheOfflineLine() throws {
        let store = try openStore()
        XCTAssertNil(try store.nextFetchDate())
        let a = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/a.xml")), now: t0)
        let b = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/b.xml")), now: t0)
        XCTAssertEqual(try store.nextFetchDate(), Date(timeIntervalSince1970: 0), "never fetched: due now")
        XCTAssertNil(try store.lastSuccessfulFetch())
        try store.recordFetch(a.id, FetchRecord(.notModified, fetchedAt: t0, nextFetch: t0 + 3600))
        try store.recordFetch(b.id, FetchRecord(.failed("The server did not answer within 30 s"), fetchedAt: t0 + 60, nextFetch: t0 + 1800))
        XCTAssertEqual(try store.nextFetchDate(), t0 + 1800)
        XCTAssertEqual(try store.lastSuccessfulFetch(), t0, "a failed fetch is not an update")
    }

    func testAPermanentMoveReplacesTheAddressUnlessAnotherSubscriptionHasIt() throws {
        let store = try openStore()
        let a = try store.addFeed(url: XCTUnwrap(URL(string: "http://example.org/a.xml")), now: t0)
        let b = try store.addFeed(url: XCTUnwrap(URL(string: "http://example.org/b.xml")), now: t0)
        let moved = try XCTUnwrap(URL(string: "https://example.org/a.xml"))
        try store.recordFetch(a.id, FetchRecord(.unchanged, fetchedAt: t0, nextFetch: t0 + 3600, movedTo: moved))
        try store.recordFetch(b.id, FetchRecord(.unchanged, fetchedAt: t0, nextFetch: t0 + 3600, movedTo: moved))
        XCTAssertEqual(try fileRows("SELECT url FROM feeds ORDER BY id").map { $0["url"] as String },
                       ["https://example.org/a.xml", "http://example.org/b.xml"])
    }

    func testIdentityIsTheGuidElseTheLinkElseAHashOfTitleAndDate() {
        XCTAssertEqual(ArticleIdentity.of(ParsedArticle(guid: " tag:x,2024:1 ", link: URL(string: "https://x/1"), title: "A")), "tag:x,2024:1")
        XCTAssertEqual(ArticleIdentity.of(ParsedArticle(link: URL(string: "https://x/1"), title: "A")), "https://x/1")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let hashed = ArticleIdentity.of(ParsedArticle(title: "A", published: date))
        XCTAssertEqual(hashed, "sha256:" + SHA256.hex(Array("A\n1700000000".utf8)))
        XCTAssertNotEqual(hashed, ArticleIdentity.of(ParsedArticle(title: "A", published: date + 1)))
        XCTAssertEqual(ArticleIdentity.of(ParsedArticle(guid: String(repeating: "g", count: 10_000), title: "A")).count, 7 + 64)
    }

    func testReadAndStarredAndMarkAllAsRead() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed((1...3).map { article($0, published: t0 - Double($0)) })),
                                                   fetchedAt: t0, nextFetch: t0 + 3600))
        XCTAssertEqual(try store.unreadCount(), 3)
        let cards = try store.articles()
        XCTAssertEqual(cards.map(\.title), ["Article 1", "Article 2", "Article 3"], "newest first")
        XCTAssertNil(cards[0].contentHTML, "lists leave the content out")
        XCTAssertEqual(try store.article(cards[0].id)?.contentHTML, "<p>Body of <b>article</b> 1</p>")
        try store.setRead(true, cards[0].key, now: t0)
        try store.setStarred(true, cards[1].key, now: t0)
        XCTAssertEqual(try store.unreadCount(), 2)
        XCTAssertEqual(try store.articles(unreadOnly: true).map(\.title), ["Article 2", "Article 3"])
        // Today's views: the same rows the flags above select.
        XCTAssertEqual(try store.articles(in: .all).map(\.title), ["Article 1", "Article 2", "Article 3"])
        XCTAssertEqual(try store.articles(in: .unread).map(\.title), ["Article 2", "Article 3"])
        XCTAssertEqual(try store.articles(in: .starred).map(\.title), ["Article 2"])
        XCTAssertEqual(try store.starredCount(), 1)
        let wereUnread = try store.unreadKeys()
        XCTAssertEqual(wereUnread.map(\.identity).sorted(), ["urn:article:2", "urn:article:3"])
        XCTAssertEqual(try store.markAllRead(now: t0), 2)
        XCTAssertEqual(try store.articles(in: .starred).map(\.title), ["Article 2"], "read and still starred")
        // Its Undo: the same articles unread again, and only those.
        try store.setRead(false, keys: wereUnread, now: t0)
        XCTAssertEqual(try store.articles(in: .unread).map(\.title), ["Article 2", "Article 3"])
        _ = try store.markAllRead(now: t0)
        XCTAssertEqual(try store.unreadCount(feed: feed.id), 0)
        XCTAssertEqual(try fileRows("SELECT identity, read, starred FROM article_states ORDER BY identity").map { "\($0["identity"] as String) \($0["read"] as Int) \($0["starred"] as Int)" },
                       ["urn:article:1 1 0", "urn:article:2 1 1", "urn:article:3 1 0"])
    }

    func testRetentionKeepsReadArticles90DaysStatesLongerAndStarredForEver() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1), article(2), article(3)])), fetchedAt: t0, nextFetch: t0))
        let cards = try store.articles()
        let byTitle = Dictionary(uniqueKeysWithValues: cards.map { ($0.title, $0) })
        try store.setRead(true, XCTUnwrap(byTitle["Article 1"]).key, now: t0)
        try store.setStarred(true, XCTUnwrap(byTitle["Article 2"]).key, now: t0)
        try store.setRead(true, XCTUnwrap(byTitle["Article 2"]).key, now: t0)

        XCTAssertEqual(try store.prune(now: t0 + 89 * day), PruneSummary(articles: 0, states: 0))
        XCTAssertEqual(try store.prune(now: t0 + 91 * day), PruneSummary(articles: 1, states: 0), "the read article goes")
        XCTAssertEqual(try store.articles().map(\.title).sorted(), ["Article 2", "Article 3"], "unread and starred (though read) stay")

        // Posted again: it is still read.
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed([article(1)])), fetchedAt: t0 + 100 * day, nextFetch: t0))
        XCTAssertEqual(try store.articles().first { $0.title == "Article 1" }?.isRead, true)
        XCTAssertEqual(try store.unreadCount(), 1, "only the third")

        // Gone again, its state goes 180 days after it was last changed; the starred one never does.
        XCTAssertEqual(try store.prune(now: t0 + 200 * day).articles, 1)
        XCTAssertEqual(try fileRows("SELECT identity FROM article_states ORDER BY identity").map { $0["identity"] as String },
                       ["urn:article:2"])
        XCTAssertEqual(try store.prune(now: t0 + 10_000 * day).articles, 0)
        XCTAssertEqual(try store.articles().map(\.title).sorted(), ["Article 2", "Article 3"])
    }

    func testWhatReaderViewTookFromThePageIsSearchedAndStaysWhenTheArticleIsPostedAgain() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        let summaryOnly = [ParsedArticle(guid: "1", title: "Dredging begins", summary: "Work starts on Monday.")]
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed(summaryOnly)), fetchedAt: t0, nextFetch: t0))
        XCTAssertEqual(try store.search("silted"), [], "the page's words are not in the feed")
        let id = try XCTUnwrap(store.articles().first?.id)
        try store.setReaderHTML("<p>The crane swung over the <b>silted</b> channel.</p>", article: id)
        XCTAssertEqual(try store.search("silted").map(\.title), ["Dredging begins"], "found by a word only the page has")
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed(summaryOnly)), fetchedAt: t0 + 3600, nextFetch: t0))
        XCTAssertEqual(try store.search("silted").map(\.title), ["Dredging begins"], "still, after the feed posted it again")
        XCTAssertEqual(try store.search("monday").map(\.title), ["Dredging begins"])
    }

    func testSearchFindsWordsInTitlesAndTextButNotInTagsAndTypedSyntaxIsData() throws {
        let store = try openStore()
        let feed = try store.addFeed(url: XCTUnwrap(URL(string: "https://example.org/feed.xml")), now: t0)
        let articles = [
            ParsedArticle(guid: "1", title: "Café opening", contentHTML: "<div class=\"lede\">A new <em>espresso</em> bar</div>"),
            ParsedArticle(guid: "2", title: "Rain tomorrow", summary: "Umbrellas AND coats"),
        ]
        try store.recordFetch(feed.id, FetchRecord(.parsed(self.feed(articles)), fetchedAt: t0, nextFetch: t0))
        XCTAssertEqual(try store.search("espress").map(\.title), ["Café opening"], "a word's beginning, inside the content")
        XCTAssertEqual(try store.search("cafe").map(\.title), ["Café opening"], "diacritics don't matter")
        XCTAssertEqual(try store.search("lede"), [], "tags and attributes are not text")
        XCTAssertEqual(try store.search("umbrellas coats").map(\.title), ["Rain tomorrow"])
        XCTAssertEqual(try store.search("\"rain* OR NEAR("), [])
        XCTAssertEqual(try store.search("  "), [])
        try store.remove(feed.id)
        XCTAssertEqual(try fileRows("SELECT count(*) AS n FROM articles_fts").first?["n"], 0, "unsubscribing leaves no words behind")
    }

    func testADamagedFileIsMovedAsideAndANewDatabaseStarted() throws {
        try Data(repeating: 0x5A, count: 8192).write(to: databaseURL)
        let result = FeedStore.open(at: databaseURL, now: t0)
        guard case .recovered(let opened, let movedTo, let message) = result else { return XCTFail("\(result)") }
        store = opened
        XCTAssertEqual(try Data(contentsOf: movedTo), Data(repeating: 0x5A, count: 8192), "the damaged file is kept whole")
        XCTAssertTrue(message.contains(movedTo.path))
        XCTAssertEqual(try opened.feeds(), [])
    }
}
