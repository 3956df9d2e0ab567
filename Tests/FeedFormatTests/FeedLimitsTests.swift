import FeedFormat
import Foundation
import XCTest

/// The "Bad input" list of #28: each in bounded time and memory, with a clear message, nothing
/// else lost (docs/feeds.md, "Limits").
final class FeedLimitsTests: XCTestCase {
    private func rss(_ items: String, prolog: String = "") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\(prolog)<rss version=\"2.0\"><channel><title>T</title>\(items)</channel></rss>"
    }

    private func failure(_ data: Data, charset: String? = nil) -> FeedFormatError? {
        if case let .failure(error) = FeedParser.parse(data: data, url: feedURL, httpCharset: charset, now: fixtureNow) { return error }
        return nil
    }

    func testADocumentOverTheSizeLimitIsRefusedUnread() {
        let error = failure(Data(count: FeedFormatLimits.documentBytes + 1))
        XCTAssertEqual(error, .tooLarge(bytes: FeedFormatLimits.documentBytes + 1, limit: FeedFormatLimits.documentBytes))
        XCTAssertEqual(error?.description, "The feed is 10 MB, more than the 10 MB Skiff reads.")
    }

    func testTheNewestArticlesAreKept() throws {
        // 1,200 items, dated one minute apart, in shuffled order.
        let minutes = Array(0..<1_200).shuffled()
        let items = minutes.map { minute in
            let date = Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60)
            return "<item><guid>\(minute)</guid><title>n\(minute)</title><pubDate>\(rfc822(date))</pubDate></item>"
        }.joined()
        let feed = try parsedFeed(rss(items))
        XCTAssertEqual(feed.articles.count, FeedFormatLimits.articlesPerFeed)
        XCTAssertEqual(Set(feed.articles.compactMap(\.guid)), Set((700..<1_200).map(String.init)))
        XCTAssertEqual(feed.articles.compactMap(\.guid), minutes.filter { $0 >= 700 }.map(String.init), "in document order")
        XCTAssertTrue(feed.problems.contains { $0.message == "The feed has 1200 articles; the newest 500 are kept" }, "\(feed.problems)")
    }

    func testAHundredThousandItemsStreamWithinBounds() throws {
        let items = String(repeating: "<item><title>Same</title></item>", count: 100_000)
        let feed = try parsedFeed(rss(items))
        XCTAssertEqual(feed.articles.count, FeedFormatLimits.articlesPerFeed)
    }

    func testAHundredThousandDeepDocumentStopsAtLibxml2sDepthLimit() throws {
        let deep = String(repeating: "<x>", count: 100_000) + String(repeating: "</x>", count: 100_000)
        let feed = try parsedFeed(rss("<item><title>Before the abyss</title></item>" + deep))
        XCTAssertEqual(feed.articles.map(\.title), ["Before the abyss"], "what came before is kept")
        XCTAssertTrue(feed.problems.contains { $0.message.contains("Excessive depth") && $0.line == 1 }, "\(feed.problems)")
    }

    func testBillionLaughsIsNotExpanded() throws {
        var prolog = "<!DOCTYPE rss [<!ENTITY lol0 \"lol\">"
        for level in 1...9 {
            prolog += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        prolog += "]>"
        let result = FeedParser.parse(data: Data(rss("<item><title>&lol9;</title></item>", prolog: prolog).utf8),
                                      url: feedURL, httpCharset: nil, now: fixtureNow)
        let text = "\(result)"
        XCTAssertFalse(text.contains("lollol"), text)
        XCTAssertLessThan(text.utf8.count, 10_000)
    }

    func testAnExternalEntityNeverReadsTheLocalFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-xxe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let secret = "SECRET-\(UUID().uuidString)"
        let file = directory.appendingPathComponent("secret.txt")
        try Data(secret.utf8).write(to: file)
        let dtd = directory.appendingPathComponent("evil.dtd")
        try Data("<!ENTITY leak \"\(secret)\">".utf8).write(to: dtd)
        let documents = [
            // A general external entity in the text.
            rss("<item><title>&xxe;</title><description>&xxe;</description></item>",
                prolog: "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"\(file.absoluteString)\">]>"),
            // The same by plain path.
            rss("<item><title>&xxe;</title></item>", prolog: "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"\(file.path)\">]>"),
            // A parameter entity pulling in a DTD that declares the entity used.
            rss("<item><title>&leak;</title></item>",
                prolog: "<!DOCTYPE rss [<!ENTITY % remote SYSTEM \"\(dtd.absoluteString)\"> %remote;]>"),
            // An external DTD subset.
            rss("<item><title>&leak;</title></item>", prolog: "<!DOCTYPE rss SYSTEM \"\(dtd.absoluteString)\">"),
        ]
        for document in documents {
            let result = FeedParser.parse(data: Data(document.utf8), url: feedURL, httpCharset: nil, now: fixtureNow)
            XCTAssertFalse("\(result)".contains(secret), "\(result)")
            XCTAssertNotNil(try? result.get(), "the rest of the feed still reads: \(result)")
        }
    }

    func testInvalidUTF8IsReplacedAndReportedWithItsLine() throws {
        let bytes = Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title>\n<item><title>Caf".utf8)
            + [0xE9, 0xFF] + Array("</title></item></channel></rss>".utf8)
        let feed = try parsedFeed(Data(bytes))
        XCTAssertEqual(feed.articles.map(\.title), ["Caf\u{FFFD}\u{FFFD}"])
        XCTAssertEqual(feed.problems.first?.line, 2)
        XCTAssertTrue(feed.problems.first?.message.contains("not valid UTF-8") == true, "\(feed.problems)")
    }

    func testTheHTTPCharsetReadsAnUndeclaredDocument() throws {
        let bytes = Array("<rss version=\"2.0\"><channel><title>".utf8) + [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94]
            + Array("</title></channel></rss>".utf8)
        let feed = try parsedFeed(Data(bytes), charset: "windows-1252")
        XCTAssertEqual(feed.title, "“Café”")
    }

    func testLatin1IsReadAsWindows1252AsBrowsersDo() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss version=\"2.0\"><channel><title>".utf8)
            + [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94, 0x20, 0x96, 0x20, 0x80] + Array("</title></channel></rss>".utf8)
        XCTAssertEqual(try parsedFeed(Data(bytes)).title, "“Café” – €")
    }

    func testUTF16WithAByteOrderMark() throws {
        var data = Data([0xFF, 0xFE])
        data.append(try XCTUnwrap("<?xml version=\"1.0\" encoding=\"UTF-16\"?><rss version=\"2.0\"><channel><title>Ünïcode ✓</title></channel></rss>"
            .data(using: .utf16LittleEndian)))
        XCTAssertEqual(try parsedFeed(data).title, "Ünïcode ✓")
    }

    func testDuplicateIdsKeepTheFirst() throws {
        let feed = try parsedFeed(rss("<item><guid>a</guid><title>First</title></item><item><guid>a</guid><title>Again</title></item>"
            + "<item><link>https://example.org/x</link><title>L1</title></item><item><link>https://example.org/x</link><title>L2</title></item>"))
        XCTAssertEqual(feed.articles.map(\.title), ["First", "L1"])
        XCTAssertTrue(feed.problems.contains { $0.message == "2 articles repeat an earlier id and were skipped" }, "\(feed.problems)")
    }

    func testDatesFarInTheFutureAreNowAndBefore1990AreDropped() throws {
        let feed = try parsedFeed(rss("<item><title>Future</title><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate></item>"
            + "<item><title>Epoch</title><pubDate>Thu, 01 Jan 1970 00:00:00 GMT</pubDate></item>"
            + "<item><title>Tomorrow morning</title><pubDate>Thu, 26 Nov 2026 06:00:00 GMT</pubDate></item>"))
        XCTAssertEqual(feed.articles[0].published, fixtureNow)
        XCTAssertNil(feed.articles[1].published)
        XCTAssertEqual(feed.articles[2].published, utc(2026, 11, 26, 6), "within a day ahead: a zone's error, kept")
        XCTAssertTrue(feed.problems.contains { $0.message == "1 date lies in the future and was taken as now" }, "\(feed.problems)")
        XCTAssertTrue(feed.problems.contains { $0.message == "1 date is before 1990 and was ignored" }, "\(feed.problems)")
    }

    func testAnIllFormedFeedKeepsWhatRecoveryYieldsWithLines() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>Broken</title>
            <item><title>Fish & chips</title></item>
            <item><title>Unclosed</title>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.map(\.title), ["Fish & chips", "Unclosed"])
        XCTAssertTrue(feed.problems.contains { $0.line == 2 && $0.message == "An unescaped “&” was read as text" }, "\(feed.problems)")
        XCTAssertTrue(feed.problems.contains { $0.line == 4 }, "the unclosed item, located: \(feed.problems)")
    }

    func testBareAmpersandsInLinksSurviveButNotInsideCDATA() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>A & B</title>
            <item><title>T &#1114112; x</title><link>https://example.org/?a=1&b=2&amp;c=3</link>
            <description><![CDATA[<p>&amp; & <b>bold</b></p>]]></description></item></channel></rss>
            """)
        XCTAssertEqual(feed.title, "A & B")
        XCTAssertEqual(feed.articles.first?.link?.absoluteString, "https://example.org/?a=1&b=2&c=3")
        XCTAssertEqual(feed.articles.first?.contentHTML, "<p>&amp; & <b>bold</b></p>")
    }

    func testTitlesAndSummariesAreBounded() throws {
        let long = String(repeating: "word ", count: 1_000)
        let feed = try parsedFeed(rss("<item><title>\(long)</title><description>\(long)</description></item>"))
        XCTAssertLessThanOrEqual(feed.articles[0].title.count, FeedFormatLimits.titleCharacters + 1)
        XCTAssertTrue(feed.articles[0].title.hasSuffix("…"))
        XCTAssertLessThanOrEqual(feed.articles[0].summary?.count ?? 0, FeedFormatLimits.summaryCharacters + 1)
    }

    func testWhatIsNotAFeedIsToldApart() {
        XCTAssertEqual(failure(Data("<!DOCTYPE html><html><head><title>Blog</title></head></html>".utf8)), .notAFeed(.htmlPage))
        XCTAssertEqual(failure(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])), .notAFeed(.image("image/png")))
        XCTAssertEqual(failure(Data()), .notAFeed(.empty))
        XCTAssertEqual(failure(Data("Just words.".utf8)), .notAFeed(.other))
        XCTAssertEqual(failure(Data("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)), .notAFeed(.image("image/svg+xml")))
        XCTAssertEqual(failure(Data(#"{"hello": "world"}"#.utf8)), .notAFeed(.other))
        XCTAssertEqual(failure(Data("<opml version=\"2.0\"/>".utf8))?.description, "This is not a feed: Skiff reads RSS, Atom and JSON Feed.")
    }

    func testLocalAndScriptURLsAreNeverTaken() throws {
        let feed = try parsedFeed(rss("""
            <item xmlns:media="http://search.yahoo.com/mrss/"><title>x</title><link>javascript:alert(1)</link>
            <media:content url="file:///etc/passwd" medium="image"/></item>
            """))
        XCTAssertNil(feed.articles[0].link)
        XCTAssertNil(feed.articles[0].imageURL)
    }

    private func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// The fetcher parses up to four feeds at once: libxml2's error handler is per thread, its entity
/// loader set once, so parses on several threads give what one gives alone.
final class FeedConcurrencyTests: XCTestCase {
    func testParsesOnSeveralThreadsAgree() throws {
        let broken = Data("<rss version=\"2.0\"><channel><title>B</title>\n<item><title>Fish & chips</title></item></channel></rss>".utf8)
        let documents = [Data(FeedFixtures.rss20.utf8), Data(FeedFixtures.atom.utf8), Data(FeedFixtures.jsonFeed.utf8), broken]
        let alone = documents.map { "\(FeedParser.parse(data: $0, url: feedURL, httpCharset: nil, now: fixtureNow))" }
        let results = LockedResults(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            results.set(index, "\(FeedParser.parse(data: documents[index % 4], url: feedURL, httpCharset: nil, now: fixtureNow))")
        }
        for (index, text) in results.values.enumerated() {
            XCTAssertEqual(text, alone[index % 4], "parse \(index)")
        }
    }
}

private final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String]

    init(count: Int) { storage = Array(repeating: "", count: count) }

    func set(_ index: Int, _ value: String) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
