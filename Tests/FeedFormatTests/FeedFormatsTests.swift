import FeedFormat
import Foundation
import XCTest

/// Each format read from a fixture, checked on what a card shows.
final class FeedFormatsTests: XCTestCase {
    func testRSS20() throws {
        let feed = try parsedFeed(FeedFixtures.rss20)
        XCTAssertEqual(feed.format, .rss20)
        XCTAssertEqual(feed.title, "Harbour & Hills")
        XCTAssertEqual(feed.siteURL?.absoluteString, "https://example.org/blog/")
        XCTAssertEqual(feed.iconURL?.absoluteString, "https://example.org/images/logo.png")
        XCTAssertEqual(feed.suggestedInterval, 90 * 60)
        XCTAssertEqual(feed.articles.count, 2)
        let first = feed.articles[0]
        XCTAssertEqual(first.title, "Tide tables decoded & explained")
        XCTAssertEqual(first.guid, "tag:example.org,2026:tides")
        XCTAssertEqual(first.link?.absoluteString, "https://example.org/blog/tides")
        XCTAssertEqual(first.published, utc(2026, 11, 24, 8, 30))
        XCTAssertEqual(first.author, "Ines Marlow")
        XCTAssertEqual(first.summary, "Why the moon matters.")
        XCTAssertEqual(first.contentHTML, "<p>Full text <img src=\"/pics/tide.jpg\" alt=\"tide\"></p>")
        XCTAssertEqual(first.imageURL?.absoluteString, "https://cdn.example.org/large.jpg", "the largest image of the group")
        let second = feed.articles[1]
        XCTAssertEqual(second.link?.absoluteString, "https://example.org/blog/second", "a permalink guid is the link")
        XCTAssertEqual(second.imageURL?.absoluteString, "https://cdn.example.org/second.png")
        XCTAssertEqual(second.author, "Ines Marlow")
        XCTAssertEqual(feed.problems, [])
    }

    /// RSS links are resolved only for the articles kept (or for an id): what they resolve to is the same.
    func testRSSLinksResolveAgainstTheirBaseAndABadOneFallsBackToThePermalink() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>Links</title><link>https://example.org/</link>
            <item xml:base="https://example.org/news/"><title>Relative</title><link> tides.html </link></item>
            <item><title>Refused</title><link>javascript:alert(1)</link><guid>https://example.org/p/2</guid></item>
            <item><title>No id</title><link>https://example.org/p/3</link></item>
            <item><title>No id, again</title><link>https://example.org/p/3</link></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.map { $0.link?.absoluteString }, ["https://example.org/news/tides.html", "https://example.org/p/2", "https://example.org/p/3"])
        XCTAssertEqual(feed.articles.map(\.title), ["Relative", "Refused", "No id"], "the link is the id of an item without a guid: the repeat is dropped")
    }

    /// Authors and dates as feeds write them (issue 36): `Name (mail)`, `mail (Name)`, `Name <mail>`,
    /// the first of several `dc:creator`, `dc:author` and `itunes:author` as fallbacks; `dcterms`
    /// dates in RSS, the first of a repeated date.
    func testRSSAuthorsAndDatesInTheWild() throws {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"
                 xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
            <item><title>1</title><guid>1</guid><author>Ines Marlow (ines@example.org)</author><pubDate>Tue, 24 Nov 2026 08:30:00 ET</pubDate></item>
            <item><title>2</title><guid>2</guid><author>ines@example.org (Ines Marlow)</author><dcterms:issued>2026-11-23T10:00:00Z</dcterms:issued></item>
            <item><title>3</title><guid>3</guid><author>Ines Marlow &lt;ines@example.org&gt;</author><dcterms:created>2026-327</dcterms:created></item>
            <item><title>4</title><guid>4</guid><dc:creator>Bo</dc:creator><dc:creator>Al</dc:creator>
              <pubDate>Sat, 21 Nov 2026 09:00:00 GMT</pubDate><pubDate>Fri, 20 Nov 2026 09:00:00 GMT</pubDate></item>
            <item><title>5</title><guid>5</guid><itunes:author>Cy Host</itunes:author><dc:date>2026-11</dc:date></item>
            <item><title>6</title><guid>6</guid><dc:author>Di</dc:author><pubDate>2026/11/19 08:19:53 EDT</pubDate></item>
            </channel></rss>
            """)
        let byGUID = Dictionary(uniqueKeysWithValues: feed.articles.map { ($0.guid, $0) })
        XCTAssertEqual(byGUID["1"]?.author, "Ines Marlow")
        XCTAssertEqual(byGUID["1"]?.published, utc(2026, 11, 24, 13, 30), "ET is UTC−5")
        XCTAssertEqual(byGUID["2"]?.author, "Ines Marlow")
        XCTAssertEqual(byGUID["2"]?.published, utc(2026, 11, 23, 10))
        XCTAssertEqual(byGUID["3"]?.author, "Ines Marlow")
        XCTAssertEqual(byGUID["3"]?.published, utc(2026, 11, 23), "the 327th day of 2026")
        XCTAssertEqual(byGUID["4"]?.author, "Bo", "the first dc:creator")
        XCTAssertEqual(byGUID["4"]?.published, utc(2026, 11, 21, 9), "the first pubDate")
        XCTAssertEqual(byGUID["5"]?.author, "Cy Host")
        XCTAssertEqual(byGUID["5"]?.published, utc(2026, 11, 1))
        XCTAssertEqual(byGUID["6"]?.author, "Di")
        XCTAssertEqual(byGUID["6"]?.published, utc(2026, 11, 19, 12, 19, 53))
    }

    /// Podcast and media items with nothing but their file and a date are kept (issue 36): titled by
    /// `itunes:title`, `media:title` (also in `media:group`) or the file's name, summarised by
    /// `itunes:summary`, `itunes:subtitle` or `media:description`, and linked to the file.
    func testPodcastAndMediaItemsWithOnlyTheirFileAreKept() throws {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Cast</title>
            <item><enclosure url="https://cdn.example/ep12.mp3" type="audio/mpeg" length="1234"/><pubDate>Tue, 24 Nov 2026 08:30:00 GMT</pubDate>
              <itunes:title>Episode 12: Tides</itunes:title><itunes:summary>About tides &amp; moons</itunes:summary></item>
            <item><enclosure url="https://cdn.example/episode-11_final.m4a" type="audio/mp4"/><pubDate>Mon, 23 Nov 2026 08:30:00 GMT</pubDate>
              <itunes:subtitle>The one before</itunes:subtitle></item>
            <item><media:group><media:content url="https://cdn.example/clip.webm" type="video/webm" duration="61"/>
              <media:title>A clip</media:title><media:description>Waves, slowly</media:description>
              <media:thumbnail url="https://cdn.example/clip.jpg"/></media:group><pubDate>Sun, 22 Nov 2026 08:30:00 GMT</pubDate></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.map(\.title), ["Episode 12: Tides", "episode-11_final", "A clip"])
        XCTAssertEqual(feed.articles.map(\.summary), ["About tides & moons", "The one before", "Waves, slowly"])
        XCTAssertEqual(feed.articles.map { $0.link?.absoluteString }, ["https://cdn.example/ep12.mp3",
                                                                     "https://cdn.example/episode-11_final.m4a", "https://cdn.example/clip.webm"])
        XCTAssertEqual(feed.articles[2].imageURL?.absoluteString, "https://cdn.example/clip.jpg")
        XCTAssertEqual(feed.articles[0].published, utc(2026, 11, 24, 8, 30))
        XCTAssertEqual(feed.problems, [], "nothing was skipped")
    }

    /// `&#146;` in XML is U+0092, a control nobody sees: the Windows-1252 character it was meant as
    /// (’), as HTML5 reads numeric references, in titles and summaries alike.
    func testWindows1252ReferencesAndC1ControlsAreTheirCharacters() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>T</title>
            <item><guid>1</guid><title>It&#146;s &#128;5 &#150; cheap</title><description>&#147;Quoted&#148;</description></item>
            <item><guid>2</guid><title>Plain\u{0092}s</title></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.map(\.title), ["It’s €5 – cheap", "Plain’s"])
        XCTAssertEqual(feed.articles.first?.summary, "“Quoted”")
    }

    /// `&#X41;` (a capital X, not XML but written by feeds) is A, in the XML and in escaped HTML.
    func testACapitalXHexReferenceIsItsCharacter() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>T</title>
            <item><guid>1</guid><title>&#X41;BC</title><description>x &amp;#X42; y</description></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.map(\.title), ["ABC"])
        XCTAssertEqual(feed.articles.first?.summary, "x B y")
    }

    /// Other places feeds put an item's text (issue 36): `dc:description`, an XHTML `body`, `fullitem`;
    /// Atom 0.3's `mode="escaped"` and `mode="base64"`.
    func testOtherContentElementsAndAtom03Modes() throws {
        let rss = try parsedFeed("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <item><guid>1</guid><title>One</title><dc:description>Said in Dublin Core</dc:description></item>
            <item><guid>2</guid><title>Two</title><body xmlns="http://www.w3.org/1999/xhtml"><p>In <b>XHTML</b></p></body></item>
            <item><guid>3</guid><title>Three</title><fullitem>&lt;p&gt;The whole item&lt;/p&gt;</fullitem></item>
            </channel></rss>
            """)
        XCTAssertEqual(rss.articles.map(\.summary), ["Said in Dublin Core", "In XHTML", "The whole item"])
        XCTAssertEqual(rss.articles[1].contentHTML?.contains("<b>XHTML</b>"), true, "the body's markup: \(rss.articles[1].contentHTML ?? "")")
        let atom = try parsedFeed("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>A</title>
            <entry><id>e1</id><title>Escaped</title><content type="text/html" mode="escaped">&lt;p&gt;An &lt;i&gt;escaped&lt;/i&gt; body&lt;/p&gt;</content></entry>
            <entry><id>e2</id><title>Base64</title><content type="text/html" mode="base64">PHA+QSA8Yj5iYXNlNjQ8L2I+IGJvZHk8L3A+</content></entry>
            </feed>
            """)
        XCTAssertEqual(atom.articles.map(\.summary), ["An escaped body", "A base64 body"])
        XCTAssertEqual(atom.articles[1].contentHTML, "<p>A <b>base64</b> body</p>")
    }

    /// UTF-16 and UTF-32 with no byte-order mark, told by their first bytes as the XML spec's
    /// appendix F does; and an RSS document after an HTML DOCTYPE is still a feed (issue 36).
    func testUTF16AndUTF32WithoutABOMAndRSSAfterAnHTMLDoctype() throws {
        let text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Wide</title><item><guid>1</guid><title>Ünïcødé ✓</title></item></channel></rss>"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian] {
            let data = try XCTUnwrap(text.data(using: encoding))
            XCTAssertNotEqual(data.prefix(2), Data([0xFF, 0xFE]), "no byte-order mark")
            XCTAssertEqual(FeedSniffer.kind(of: data, contentType: "application/xml"), .xmlFeed, "\(encoding)")
            let feed = try parsedFeed(data)
            XCTAssertEqual(feed.articles.first?.title, "Ünïcødé ✓", "\(encoding)")
        }
        let afterDoctype = """
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
            <rss version="2.0"><channel><title>T</title><item><guid>1</guid><title>After a doctype</title></item></channel></rss>
            """
        XCTAssertEqual(FeedSniffer.kind(of: Data(afterDoctype.utf8), contentType: "text/html"), .xmlFeed)
        XCTAssertEqual(try parsedFeed(afterDoctype).articles.first?.title, "After a doctype")
        XCTAssertEqual(FeedSniffer.kind(of: Data("<!DOCTYPE html><html><title>Blog</title></html>".utf8)), .htmlPage)
    }

    /// RSS 0.9x written with capitals (`<Title>`, `<Link>`, `<Description>`), as old generators did.
    func testRSS091ElementNamesInAnyCase() throws {
        let feed = try parsedFeed("""
            <rss version="0.91"><Channel><Title>Old</Title><Link>https://old.example/</Link>
            <Item><Title>Capital</Title><Link>https://old.example/1</Link><Description>Written in caps</Description></Item>
            </Channel></rss>
            """)
        XCTAssertEqual(feed.title, "Old")
        XCTAssertEqual(feed.articles.map(\.title), ["Capital"])
        XCTAssertEqual(feed.articles.first?.link?.absoluteString, "https://old.example/1")
        XCTAssertEqual(feed.articles.first?.summary, "Written in caps")
    }

    /// Feeds in the DOS and Mac code pages, the common CJK encodings and EBCDIC, declared in their
    /// XML declaration, read through libxml2 and iconv (issue 36). The bytes are made by iconv.
    func testLegacyAndCJKEncodingsAreReadThroughIconv() throws {
        func bytes(_ text: String, _ encoding: String) throws -> Data {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
            process.arguments = ["-f", "UTF-8", "-t", encoding]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return data
        }
        let cases: [(encoding: String, title: String)] = [
            ("CP437", "Café à la mode"), ("MACINTOSH", "Café ∞ ≠"), ("SHIFT_JIS", "日本語のフィード"), ("EUC-JP", "日本語のフィード"),
            ("BIG5", "中文新聞"), ("GB2312", "中文新闻"), ("EUC-KR", "한국어 뉴스"), ("KOI8-R", "Русские новости"),
            ("IBM037", "EBCDIC feed"),
        ]
        for (encoding, title) in cases {
            let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?><rss version=\"2.0\"><channel><title>T</title><item><guid>1</guid><title>\(title)</title></item></channel></rss>"
            let data = try bytes(text, encoding)
            XCTAssertFalse(data.isEmpty, encoding)
            switch FeedParser.parse(data: data, url: feedURL, httpCharset: nil, now: fixtureNow) {
            case .success(let feed): XCTAssertEqual(feed.articles.first?.title, title, encoding)
            case .failure(let error): XCTFail("\(encoding): \(error)")
            }
        }
    }

    func testRSS10AndSyndicationSchedule() throws {
        let feed = try parsedFeed(FeedFixtures.rss10)
        XCTAssertEqual(feed.format, .rss10)
        XCTAssertEqual(feed.title, "Field Notes")
        XCTAssertEqual(feed.iconURL?.absoluteString, "https://example.org/logo.gif")
        XCTAssertEqual(feed.suggestedInterval, 1_800, "hourly, twice")
        XCTAssertEqual(feed.articles.map(\.title), ["First note"])
        XCTAssertEqual(feed.articles[0].guid, "https://example.org/notes/1", "rdf:about identifies an RSS 1.0 item")
        XCTAssertEqual(feed.articles[0].published, utc(2026, 11, 20, 8))
        XCTAssertEqual(feed.articles[0].author, "Bo")
    }

    func testRSS090() throws {
        let feed = try parsedFeed(FeedFixtures.rss090)
        XCTAssertEqual(feed.format, .rss090)
        XCTAssertEqual(feed.title, "Old School")
        XCTAssertEqual(feed.articles.first?.link?.absoluteString, "https://example.org/old/90")
    }

    func testRSS091InLatin1WithHTMLEntities() throws {
        let data = try XCTUnwrap(FeedFixtures.rss091.data(using: .isoLatin1))
        let feed = try parsedFeed(data)
        XCTAssertEqual(feed.format, .rss091)
        XCTAssertEqual(feed.title, "Café News", "an HTML entity the DTD would declare, read without loading it")
        XCTAssertEqual(feed.articles.first?.title, "Crème brûlée")
        XCTAssertEqual(feed.articles.first?.summary, "Sweet & warm")
    }

    func testAtom() throws {
        let feed = try parsedFeed(FeedFixtures.atom)
        XCTAssertEqual(feed.format, .atom10)
        XCTAssertEqual(feed.title, "Lighthouse Log")
        XCTAssertEqual(feed.siteURL?.absoluteString, "https://example.net/")
        XCTAssertEqual(feed.iconURL?.absoluteString, "https://example.net/site/favicon.png")
        let entry = feed.articles[0]
        XCTAssertEqual(entry.title, "Fog & the <horn>", "type=\"text\" is not HTML: nothing stripped")
        XCTAssertEqual(entry.link?.absoluteString, "https://example.net/site/posts/fog.html", "xml:base of the entry")
        XCTAssertEqual(entry.imageURL?.absoluteString, "https://example.net/site/posts/fog.jpg")
        XCTAssertEqual(entry.guid, "urn:uuid:1225c695")
        XCTAssertEqual(entry.published, utc(2026, 11, 23, 17, 30, 2).addingTimeInterval(0.25))
        XCTAssertEqual(entry.updated, utc(2026, 11, 24, 9))
        XCTAssertEqual(entry.author, "Keeper Hale", "not the source's")
        XCTAssertEqual(entry.summary, "Three nights of fog.")
        XCTAssertTrue(entry.contentHTML?.contains("<p>The horn <img src=\"horn.png\"/> sounded.</p>") == true, entry.contentHTML ?? "nil")
        let plain = feed.articles[1]
        XCTAssertEqual(plain.published, utc(2026, 11, 22, 10), "updated stands in for published")
        XCTAssertEqual(plain.contentHTML, "<p>Line one.</p>\n<p>Line two &lt; three.</p>")
        XCTAssertNil(plain.imageURL)
    }

    func testAtomXHTMLContentPictureResolvedAgainstItsBase() throws {
        let text = FeedFixtures.atom.replacingOccurrences(of: "<link rel=\"enclosure\" type=\"image/jpeg\" href=\"fog.jpg\"/>", with: "")
        let feed = try parsedFeed(text)
        XCTAssertEqual(feed.articles[0].imageURL?.absoluteString, "https://example.net/site/posts/horn.png")
    }

    func testJSONFeed() throws {
        let feed = try parsedFeed(FeedFixtures.jsonFeed)
        XCTAssertEqual(feed.format, .jsonFeed11)
        XCTAssertEqual(feed.title, "Orchard Journal")
        XCTAssertEqual(feed.siteURL?.absoluteString, "https://example.com/")
        XCTAssertEqual(feed.iconURL?.absoluteString, "https://example.com/icon.png")
        let first = feed.articles[0]
        XCTAssertEqual(first.guid, "apple-1")
        XCTAssertEqual(first.title, "Apples & pears")
        XCTAssertEqual(first.summary, "Crisp ones")
        XCTAssertEqual(first.imageURL?.absoluteString, "https://example.com/banner.jpg")
        XCTAssertEqual(first.published, utc(2026, 11, 21, 15))
        XCTAssertEqual(first.updated, utc(2026, 11, 22, 10))
        XCTAssertEqual(first.author, "Ada Orchard")
        let second = feed.articles[1]
        XCTAssertEqual(second.guid, "42")
        XCTAssertEqual(second.contentHTML, "<p>Only text here.</p>")
        XCTAssertEqual(second.summary, "Only text here.")
        XCTAssertEqual(second.imageURL?.absoluteString, "https://example.org/img/42.png")
        XCTAssertEqual(second.author, "Old Style")
    }

    func testJSONFeed10() throws {
        let feed = try parsedFeed(#"{"version": "https://jsonfeed.org/version/1", "title": "T", "items": []}"#)
        XCTAssertEqual(feed.format, .jsonFeed10)
    }
}
