import BrowserModel
import Foundation
import XCTest

/// The page-source document: everything the page sent, escaped (nothing of it runs or is parsed as
/// markup), numbered, coloured, and bounded.
final class PageSourceTests: XCTestCase {
    func testTheSourceIsEscapedNumberedAndColoured() {
        let source = "<!doctype html>\n<a href=\"x.html\" class='c'>Tom &amp; Jerry</a>\n<!-- a\ncomment -->\n<script>alert(1)</script>"
        let html = PageSource.html(source: Data(source.utf8), address: "http://example.org/")
        XCTAssertTrue(html.contains("<title>Source of http://example.org/</title>"))
        XCTAssertTrue(html.contains("<td class=n>5</td>"), "five lines numbered")
        XCTAssertTrue(html.contains("<span class=t>&lt;a</span> <span class=a>href</span>=<span class=v>&quot;x.html&quot;</span>"))
        XCTAssertTrue(html.contains("<span class=v>'c'</span>"))
        XCTAssertTrue(html.contains("Tom &amp;amp; Jerry"), "entities shown as typed")
        XCTAssertTrue(html.contains("<span class=c>comment --&gt;</span>"), "a comment over two lines stays a comment")
        XCTAssertFalse(html.contains("<script>"), "the page's script is text, never markup")
        XCTAssertTrue(html.contains("default-src 'none'"), "and the source page itself runs nothing")
    }

    func testBidiOverridesAreShownNotObeyed() {
        let html = PageSource.html(source: Data("<p>invoice\u{202E}fdp.html</p>".utf8), address: "a")
        XCTAssertTrue(html.contains("invoice\\u{202E}fdp.html"))
        XCTAssertFalse(html.contains("\u{202E}"))
    }

    func testASourceOverTheLimitIsCutWithACountOfWhatIsNotShown() {
        let big = Data(repeating: UInt8(ascii: "a"), count: PageSource.shownLimit + 1_000)
        let html = PageSource.html(source: big, address: "a")
        XCTAssertTrue(html.contains("… 1000 more bytes not shown"))
        let long = Data(("<b>" + String(repeating: "x", count: PageSource.colouredLineLimit + 1) + "</b>").utf8)
        XCTAssertTrue(PageSource.html(source: long, address: "a").contains("&lt;b&gt;xxx"), "a huge line is escaped, not coloured")
    }
}
