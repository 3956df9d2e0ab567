@testable import FeedFormat
import Foundation
import XCTest

/// Titles and summaries as the cards show them: plain, decoded, bounded (docs/feeds.md).
final class FeedTextTests: XCTestCase {
    func testTagsAreStrippedAndEntitiesDecoded() {
        XCTAssertEqual(HTMLText.plainText("<p>Caf&eacute; &amp; <b>cr&#232;me</b> &#x2014; &hellip;</p>", limit: 100), "Café & crème — …")
    }

    func testTextThatOnlyLooksLikeMarkupSurvives() {
        XCTAssertEqual(HTMLText.plainText("a < b && c > d", limit: 100), "a < b && c > d")
        XCTAssertEqual(HTMLText.plainText("AT&T &copy 2024 &unknown;", limit: 100), "AT&T © 2024 &unknown;")
    }

    func testScriptsStylesAndCommentsAreDropped() {
        XCTAssertEqual(HTMLText.plainText("Hi<script>alert('<p>x</p>')</script><style>p{}</style><!-- c --> there", limit: 100), "Hi there")
    }

    func testBlockTagsSeparateWordsAndWhitespaceCollapses() {
        XCTAssertEqual(HTMLText.plainText("<p>One</p><p>Two</p>\n\n  Three<br>Four&nbsp;five", limit: 100), "One Two Three Four five")
    }

    func testWindows1252NumericReferences() {
        XCTAssertEqual(HTMLText.plainText("it&#146;s &#150; &#0; &#x110000;", limit: 100), "it’s – \u{FFFD} \u{FFFD}")
    }

    func testBoundedWithAnEllipsisAndNoSplitCharacter() {
        let text = HTMLText.plainText(String(repeating: "é", count: 1_000), limit: 10)
        XCTAssertEqual(text, String(repeating: "é", count: 10) + "…")
    }

    func testFirstImageSkipsTrackingPixels() {
        let html = #"<p><img width="1" height="1" src="/pixel.gif"><IMG alt='a' SRC='/real.jpg?a=1&amp;b=2'></p>"#
        XCTAssertEqual(HTMLText.firstImageSource(html), "/real.jpg?a=1&b=2")
        XCTAssertNil(HTMLText.firstImageSource("<p>no <imgs here</p>"))
    }
}
