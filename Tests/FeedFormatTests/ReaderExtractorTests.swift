import FeedFormat
import Foundation
import XCTest

/// Reader View on pages we wrote: the article's text is what comes out, never the menus, sidebars,
/// comments or footers around it; a page with no article says so; hostile pages stay bounded.
final class ReaderExtractorTests: XCTestCase {
    private let url = URL(string: "https://gazette.example.org/2026/11/dredging.html")

    private func article(_ html: String, file: StaticString = #filePath, line: UInt = #line) throws -> ReaderExtractor.Article {
        try ReaderExtractor.extract(Data(html.utf8), url: url).get()
    }

    private func assertExcludes(_ article: ReaderExtractor.Article, _ markers: [String], file: StaticString = #filePath, line: UInt = #line) {
        let text = article.paragraphs.joined(separator: "\n")
        for marker in markers {
            XCTAssertFalse(text.contains(marker), "\(marker) in the article: \(text)", file: file, line: line)
        }
    }

    func testANewsPageGivesItsArticleWithoutMenuSidebarCommentsOrFooter() throws {
        let article = try article(ReaderFixtures.news)
        XCTAssertEqual(article.title, "Harbour dredging begins after years of delay")
        XCTAssertEqual(article.byline, "Mara Quist")
        XCTAssertEqual(article.paragraphs.first, """
            The first dredger arrived in the outer harbour on Monday morning, its crane swinging over the silted channel \
            that has kept the larger fishing boats tied up at the north quay since the spring.
            """)
        XCTAssertEqual(article.paragraphs.last, "The harbour authority will publish a tide-by-tide timetable of the work every Friday on its notice board.")
        XCTAssertEqual(article.paragraphs.count, 6, "\(article.paragraphs)")
        assertExcludes(article, ["COMMENT-TEXT", "REPLY-TEXT", "SIDEBAR-LINK", "SIDEBAR-TEXT", "FOOTER-TEXT", "Opinion, letters", "Advertisement",
                                 "By Mara Quist", "tracking", "Comments"])
        XCTAssertFalse(article.html.contains("<script"), article.html)
    }

    func testABlogPostSplitAroundAPictureIsWholeWithoutRelatedPostsOrItsFooter() throws {
        let article = try article(ReaderFixtures.blog)
        XCTAssertEqual(article.title, "Mending a sail in an afternoon")
        let text = article.paragraphs.joined(separator: "\n")
        for sentence in ["A torn sail looks like the end of the season", "First, lay the sail flat",
                         "Then sew a herringbone stitch", "Finish with a patch of sticky-back sailcloth"] {
            XCTAssertTrue(text.contains(sentence), "\(sentence) missing: \(text)")
        }
        assertExcludes(article, ["RELATED-LINK", "Related posts", "POST-FOOTER", "Archive"])
        XCTAssertFalse(text.hasPrefix("Mending a sail"), "the title is the story's header, not a paragraph: \(text)")
        XCTAssertTrue(article.html.contains(#"src="https://gazette.example.org/pictures/sail.jpg""#), article.html)
    }

    func testAnArticleFullOfLinksIsKeptAndALongIndexOfLinksIsNot() throws {
        let article = try article(ReaderFixtures.manyLinks)
        XCTAssertEqual(article.paragraphs.count, 4, "\(article.paragraphs)")
        XCTAssertTrue(article.paragraphs[0].hasPrefix("A Fresnel lens gathers the light of a single lamp"), article.paragraphs[0])
        XCTAssertTrue(article.html.contains(#"<a href="https://gazette.example.org/wiki/Fresnel_lens""#), article.html)
        assertExcludes(article, ["INDEX-LINK", "MORE-LINK"])
    }

    func testAFrontPageHasNoArticle() {
        XCTAssertEqual(ReaderExtractor.extract(Data(ReaderFixtures.frontPage.utf8), url: url).failure, .noArticle)
        XCTAssertEqual(ReaderExtractor.Failure.noArticle.description, "no article was found on the page")
        XCTAssertEqual(ReaderExtractor.extract(Data(" \n ".utf8), url: url).failure, .empty)
        XCTAssertEqual(ReaderExtractor.extract(Data("<html><body><p>Too short.</p></body></html>".utf8), url: url).failure, .noArticle)
    }

    func testTheEncodingComesFromTheHeaderElseTheMetaElement() throws {
        let fromMeta = try ReaderExtractor.extract(Data(ReaderFixtures.windows1252Page), url: url).get()
        XCTAssertTrue(fromMeta.paragraphs[0].hasPrefix("“Café du Port” The keeper wrote"), fromMeta.paragraphs[0])
        // The HTTP charset wins over the page's own.
        let utf8 = ReaderFixtures.news.replacingOccurrences(of: "Monday morning", with: "Montag früh")
        let fromHeader = try ReaderExtractor.extract(Data(utf8.utf8), url: url, httpCharset: "utf-8").get()
        XCTAssertTrue(fromHeader.paragraphs[0].contains("Montag früh"), fromHeader.paragraphs[0])
        let latin = try ReaderExtractor.extract(Data(utf8.utf8), url: url, httpCharset: "ISO-8859-1").get()
        XCTAssertTrue(latin.paragraphs[0].contains("Montag frÃ¼h"), "read as the server said: \(latin.paragraphs[0])")
    }

    // MARK: Hostile pages

    func testInvalidUTF8IsReplacedAndTheRestRead() throws {
        // Bad bytes before "Montag früh": what follows them must still be read as UTF-8.
        let page = ReaderFixtures.news.replacingOccurrences(of: "Monday morning", with: "Montag früh")
        var bytes = Array(page.utf8)
        let at = try XCTUnwrap(bytes.firstRange(of: Array("Montag".utf8))?.lowerBound)
        bytes.insert(contentsOf: [0xFF, 0xC3, 0x28], at: at)
        let article = try ReaderExtractor.extract(Data(bytes), url: url).get()
        XCTAssertTrue(article.paragraphs[0].contains("on \u{FFFD}"), article.paragraphs[0])
        XCTAssertTrue(article.paragraphs[0].contains("(Montag früh,"), "the text after the bad bytes is read as UTF-8: \(article.paragraphs[0])")
        XCTAssertEqual(article.paragraphs.count, 6)
    }

    func testAPageOverTheLimitIsRefusedAndOneJustUnderItIsReadInBoundedTime() throws {
        let paragraph = "<p>" + String(repeating: "The tide came in, the tide went out, and the keeper wrote it down. ", count: 15) + "</p>\n"
        var big = "<html><body><div class=\"content\">"
        while big.utf8.count < ReaderExtractor.maximumPageBytes - 2_000 { big += paragraph }
        big += "</div></body></html>"
        let start = Date()
        let article = try ReaderExtractor.extract(Data(big.utf8), url: url).get()
        // What is found goes through the sanitiser, which reads an article's first 1,000,000 bytes.
        XCTAssertTrue(article.truncated)
        XCTAssertGreaterThan(article.paragraphs.count, 900)
        XCTAssertTrue(article.paragraphs[0].hasPrefix("The tide came in"), article.paragraphs[0])
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "bounded even in a debug build on a loaded machine")
        let over = Data(repeating: UInt8(ascii: " "), count: ReaderExtractor.maximumPageBytes + 1)
        XCTAssertEqual(ReaderExtractor.extract(over, url: url).failure, .tooLarge(bytes: ReaderExtractor.maximumPageBytes + 1))
        XCTAssertEqual(ReaderExtractor.Failure.tooLarge(bytes: 6 * 1_048_576).description, "the page is 6 MB, more than the 5 MB Reader View reads")
    }

    func testDeepNestingIsBounded() throws {
        let prose = "<p>" + String(repeating: "Deep below, the lamp room, with its brass and glass, waited. ", count: 10) + "</p>"
        let depth = 100_000
        let html = "<html><body>" + prose + String(repeating: "<div>", count: depth) + "DEEP-TEXT " + prose
            + String(repeating: "</div>", count: depth) + "</body></html>"
        let start = Date()
        let result = ReaderExtractor.extract(Data(html.utf8), url: url)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        // libxml2 stops building the tree at its depth limit: what came before is the article.
        let article = try result.get()
        XCTAssertTrue(article.paragraphs[0].hasPrefix("Deep below, the lamp room"), "\(article.paragraphs.prefix(2))")
        XCTAssertFalse(article.paragraphs.joined().contains("DEEP-TEXT"))
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
