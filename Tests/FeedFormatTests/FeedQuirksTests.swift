@testable import FeedFormat
import Foundation
import XCTest

/// What real feeds write that the public corpus (docs/feeds.md, "The public corpus") found the parser
/// misreading: each case a document of our own.
final class FeedQuirksTests: XCTestCase {
    /// An item with only a date or only an author is kept (only an item with nothing is skipped).
    func testItemsWithOnlyADateOrAnAuthorAreKept() throws {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel><title>T</title>
            <item><pubDate>Tue, 24 Nov 2026 08:30:00 GMT</pubDate></item>
            <item><itunes:author>Cy Host</itunes:author></item>
            <item></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles.count, 2)
        XCTAssertEqual(feed.articles[0].published, utc(2026, 11, 24, 8, 30))
        XCTAssertEqual(feed.articles[1].author, "Cy Host", "the iTunes namespace as Apple once capitalised it")
        XCTAssertEqual(feed.problems.map(\.message), ["1 empty item was skipped"])
    }

    /// RSS 2.0 names in any case, and the channel's `dc:title` when it has no `title`.
    func testRSSNamesInAnyCaseAndTheChannelsDCTitle() throws {
        let mixed = try parsedFeed("<rss version=\"2.0\"><channel><TiTlE>Mixed</TiTlE><item><TITLE>One</TITLE></item></channel></rss>")
        XCTAssertEqual(mixed.title, "Mixed")
        XCTAssertEqual(mixed.articles.map(\.title), ["One"])
        let dublin = try parsedFeed("""
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><dc:title>Dublin</dc:title>
            <item><title>A</title></item></channel></rss>
            """)
        XCTAssertEqual(dublin.title, "Dublin")
    }

    /// Atom 1.0 text in a non-text media type is base64, read as HTML; Atom 0.3's mode="base64" on a title
    /// too; Atom 1.0's `published` over 0.3's `issued`; a `feed` root in a namespace of Atom's drafts.
    func testAtomBase64TypesPublishedOverIssuedAndDraftNamespaces() throws {
        let encoded = Data("A <b>bold</b> &amp; brave".utf8).base64EncodedString()
        let feed = try parsedFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title type="application/octet-stream">\(encoded)</title>
            <entry><id>urn:1</id><title type="application/octet-stream">\(encoded)</title>
              <content type="application/octet-stream">\(encoded)</content></entry></feed>
            """)
        XCTAssertEqual(feed.title, "A bold & brave")
        XCTAssertEqual(feed.articles.first?.title, "A bold & brave")
        XCTAssertEqual(feed.articles.first?.contentHTML, "A <b>bold</b> &amp; brave")

        let old = try parsedFeed("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title mode="base64">\(encoded)</title>
            <entry><id>urn:2</id><title>E</title><issued>2026-11-01T00:00:00Z</issued><published>2026-11-02T00:00:00Z</published></entry></feed>
            """)
        XCTAssertEqual(old.title, "A bold & brave")
        XCTAssertEqual(old.articles.first?.published, utc(2026, 11, 2), "Atom 1.0's element, wherever it comes")

        let pie = try parsedFeed("""
            <feed version="0.3" xmlns="http://purl.org/pie/"><title>Pie</title><entry><id>urn:3</id><title>Slice</title></entry></feed>
            """)
        XCTAssertEqual(pie.format, .atom10)
        XCTAssertEqual(pie.title, "Pie")
        XCTAssertEqual(pie.articles.map(\.title), ["Slice"])
        XCTAssertTrue(pie.problems.contains { $0.message.hasPrefix("An Atom feed in an unknown namespace") }, "\(pie.problems)")
    }

    /// An entity nobody declared stays as written, also in a document read by the recovering parse.
    func testAnUndeclaredEntityStaysAsWritten() throws {
        let feed = try parsedFeed("<rss version=\"2.0\"><channel><title>testing &doesnotexist; entity</title><item><title>A</title></item></channel></rss>")
        XCTAssertEqual(feed.title, "testing &doesnotexist; entity")
    }

    /// UTF-8 written once more as character references (`&#226;&#128;&#166;`: the three bytes of "…")
    /// is the character; a lone C1 control still the Windows-1252 one.
    func testDoubleEncodedUTF8IsItsCharacter() throws {
        let feed = try parsedFeed("""
            <rss version="2.0"><channel><title>T</title>
            <item><title>Wait&#226;&#128;&#166; and &#147;see&#148;</title></item></channel></rss>
            """)
        XCTAssertEqual(feed.articles.first?.title, "Wait… and “see”")
    }

    /// A code page named by its number alone (`encoding="437"`, which XML's grammar refuses), Python's
    /// names for the Mac code pages, and EBCDIC code pages other than 037, read from their declaration.
    func testCodePagesByNumberMacNamesAndEBCDICVariants() throws {
        func document(_ name: String, title: [UInt8]) -> Data {
            Data(Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<rss version=\"2.0\"><channel><title>".utf8) + title
                 + Array("</title></channel></rss>".utf8))
        }
        let dos = try parsedFeed(document("437", title: [0x80, 0x61, 0x66, 0xE9]))
        XCTAssertEqual(dos.title, "ÇafΘ")
        XCTAssertEqual(dos.problems, [], "the declaration libxml2 would refuse is not read")
        XCTAssertEqual(try parsedFeed(document("maciceland", title: [0x80])).title, "Ä")

        // `<?xml version="1.0" encoding="cp500"?><rss><channel><title>[!]</title></channel></rss>` in
        // EBCDIC code page 500, where [ ] ! are not where code page 037 has them.
        func ebcdic(_ text: String) -> [UInt8] {
            text.unicodeScalars.map { scalar -> UInt8 in
                switch scalar {
                case "a"..."i": UInt8(0x81 + scalar.value - 0x61)
                case "j"..."r": UInt8(0x91 + scalar.value - 0x6A)
                case "s"..."z": UInt8(0xA2 + scalar.value - 0x73)
                case "0"..."9": UInt8(0xF0 + scalar.value - 0x30)
                case " ": 0x40
                case ".": 0x4B
                case "<": 0x4C
                case "/": 0x61
                case ">": 0x6E
                case "?": 0x6F
                case "=": 0x7E
                case "\"": 0x7F
                case "[": 0x4A
                case "]": 0x5A
                case "!": 0x4F
                default: 0x6F
                }
            }
        }
        let data = Data(ebcdic("<?xml version=\"1.0\" encoding=\"cp500\"?><rss version=\"2.0\"><channel><title>[!]</title></channel></rss>"))
        XCTAssertEqual(try parsedFeed(data).title, "[!]")
    }

    /// Microsoft's CDF: a CHANNEL with its HREF, TITLE and ITEMs with HREF, LASTMOD, TITLE and ABSTRACT.
    func testCDF() throws {
        let feed = try parsedFeed("""
            <CHANNEL HREF="https://example.org/"><TITLE>Channel</TITLE><ABSTRACT>About</ABSTRACT>
            <ITEM HREF="/one.html" LASTMOD="2026-11-20T08:00:00-05:00"><TITLE>One</TITLE><ABSTRACT>First</ABSTRACT></ITEM>
            </CHANNEL>
            """)
        XCTAssertEqual(feed.format, .cdf)
        XCTAssertEqual(feed.title, "Channel")
        XCTAssertEqual(feed.siteURL?.absoluteString, "https://example.org/")
        let item = try XCTUnwrap(feed.articles.first)
        XCTAssertEqual(item.title, "One")
        XCTAssertEqual(item.link?.absoluteString, "https://example.org/one.html")
        XCTAssertEqual(item.summary, "First")
        XCTAssertEqual(item.updated, utc(2026, 11, 20, 13))
    }

    /// An entity the document declares as plain text is read in its place; one that refers to others
    /// (a billion laughs) or is longer than `FeedFormatLimits.entityCharacters` is not, and all of them
    /// together stay within `FeedFormatLimits.entityExpansion`.
    func testDeclaredPlainTextEntitiesAreReadWithinBounds() throws {
        let long = String(repeating: "x", count: FeedFormatLimits.entityCharacters + 1)
        let feed = try parsedFeed("""
            <!DOCTYPE rss [<!ENTITY id "tag:example.org,"><!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;"><!ENTITY long "\(long)">]>
            <rss version="2.0"><channel><title>T</title>
            <item><guid isPermaLink="false">&id;2026:1</guid><title>[&lol2;][&long;]</title></item></channel></rss>
            """)
        XCTAssertEqual(feed.articles.first?.guid, "tag:example.org,2026:1")
        XCTAssertEqual(feed.articles.first?.title, "[&lol2;][&long;]", "not read: left as written")
        let big = String(repeating: "y", count: FeedFormatLimits.entityCharacters)
        let count = FeedFormatLimits.entityExpansion / FeedFormatLimits.entityCharacters + 10
        let amplified = try parsedFeed("""
            <!DOCTYPE rss [<!ENTITY big "\(big)">]><rss version="2.0"><channel><title>T</title>
            <item><guid>1</guid><content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">\(String(repeating: "&big;", count: count))</content:encoded></item></channel></rss>
            """)
        let content = try XCTUnwrap(amplified.articles.first?.contentHTML)
        XCTAssertEqual(content.filter { $0 == "y" }.count, FeedFormatLimits.entityExpansion, "no more than the bound")
    }

    func testCharsetNames() {
        XCTAssertEqual(CharsetNames.replacement(for: "850"), "CP850")
        XCTAssertEqual(CharsetNames.replacement(for: "ibm039"), "IBM037")
        XCTAssertNil(CharsetNames.replacement(for: "windows-1252"))
        XCTAssertTrue(CharsetNames.declarationIsInvalid("437"))
        XCTAssertFalse(CharsetNames.declarationIsInvalid("cp437"))
    }
}
