import FeedFormat
import Foundation
import XCTest

/// What a stranger's article may put in front of the reader: text, links, pictures — never
/// anything that runs, embeds, submits or loads fonts and styles.
final class ArticleSanitiserTests: XCTestCase {
    private let base = URL(string: "https://news.example.org/2026/11/tide.html")

    private func clean(_ html: String) -> ArticleSanitiser.Result { ArticleSanitiser.sanitise(html, base: base) }

    func testOrdinaryArticleKeepsItsTextLinksAndPictures() {
        let result = clean("""
            <h2>High tide</h2><p>The <em>harbour</em> flooded at <a href="/tides">noon</a>.</p>
            <p><img src="pics/wave.jpg" alt="A wave" width="640"></p><ul><li>One</li><li>Two</li></ul>
            """)
        XCTAssertEqual(result.paragraphs, ["High tide", "The harbour flooded at noon.", "One", "Two"])
        XCTAssertTrue(result.html.contains(#"<a href="https://news.example.org/tides" rel="noopener noreferrer">noon</a>"#), result.html)
        XCTAssertTrue(result.html.contains(#"<img src="https://news.example.org/2026/11/pics/wave.jpg" alt="A wave" width="640" loading="lazy" referrerpolicy="no-referrer">"#), result.html)
        XCTAssertFalse(result.truncated)
    }

    func testScriptsAndEventHandlersAreGone() {
        let result = clean("""
            <p onclick="steal()">Hi<script>alert(1)</script><SCRIPT src=x.js></SCRIPT></p>
            <img src=x onerror="alert(2)"><svg onload="alert(3)"><script>alert(4)</script></svg>
            <body onload=alert(5)><p>after</p><noscript><p>ns</p></noscript>
            """)
        let lower = result.html.lowercased()
        for bad in ["script", "alert", "onclick", "onerror", "onload", "svg", "noscript"] {
            XCTAssertFalse(lower.contains(bad), "\(bad) in \(result.html)")
        }
        XCTAssertEqual(result.paragraphs, ["Hi", "after"])
    }

    func testJavaScriptAndOtherSchemesInLinksAndPicturesAreDropped() {
        let result = clean("""
            <a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a>
            <a href="vbscript:x">d</a><a href="data:text/html,<script>alert(1)</script>">e</a><a href="file:///etc/passwd">f</a>
            <img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="file:///etc/passwd">
            <a href="mailto:tide@example.org">mail</a><img src="data:image/png;base64,iVBORw0KGgo=">
            """)
        let lower = result.html.lowercased()
        for bad in ["javascript", "vbscript", "data:text", "svg", "file:"] {
            XCTAssertFalse(lower.contains(bad), "\(bad) in \(result.html)")
        }
        XCTAssertTrue(result.html.contains(#"href="mailto:tide@example.org""#), result.html)
        XCTAssertTrue(result.html.contains(#"src="data:image/png;base64,iVBORw0KGgo=""#), result.html)
        XCTAssertEqual(result.html.components(separatedBy: "<img").count - 1, 1, "only the PNG stays: \(result.html)")
    }

    func testFramesObjectsFormsStylesAndFontsAreDropped() {
        let result = clean("""
            <iframe src="https://evil.example/"></iframe><frameset><frame src="x"></frameset>
            <object data="x.swf"><embed src="x.swf"></object><form action="https://evil.example/"><input name=p><button>Go</button></form>
            <style>@font-face { font-family: x; src: url(https://evil.example/f.woff) } body { background: url(https://evil.example/t.gif) }</style>
            <link rel="stylesheet" href="https://evil.example/s.css"><meta http-equiv="refresh" content="0;url=https://evil.example/">
            <base href="https://evil.example/"><p style="background:url(https://evil.example/track.gif)" class="x" id="y">kept</p>
            <font face="Evil">text</font>
            """)
        let lower = result.html.lowercased()
        for bad in ["iframe", "frame", "object", "embed", "form", "input", "button", "style", "font", "url(", "evil", "link",
                    "meta", "base", "class", "id="] {
            XCTAssertFalse(lower.contains(bad), "\(bad) in \(result.html)")
        }
        XCTAssertEqual(result.paragraphs, ["kept", "text"])
    }

    func testBrokenMarkupIsRepairedAndEscaped() {
        let result = clean("<p>1 < 2 & <b>bold <i>both</b> \"quoted\"<p>next</div></span>")
        XCTAssertEqual(result.paragraphs, ["1 < 2 & bold both \"quoted\"", "next"])
        XCTAssertTrue(result.html.contains("1 &lt; 2 &amp; "), result.html)
        // Every element written is closed: the output is well-formed.
        XCTAssertEqual(result.html.components(separatedBy: "<b>").count, result.html.components(separatedBy: "</b>").count)
    }

    func testAttributeValuesCannotBreakOut() {
        let result = clean(#"<img src="x.png" alt='"><script>alert(1)</script>' title="a&quot;b"><a href="/x" title='" onmouseover="alert(1)'>t</a>"#)
        XCTAssertFalse(result.html.contains("<script"), result.html)
        XCTAssertFalse(result.html.contains("\" onmouseover"), result.html)
        XCTAssertTrue(result.html.contains("alt=\"&quot;&gt;&lt;script&gt;"), result.html)
    }

    func testRelativeAddressesWithoutABaseAreDropped() {
        let result = ArticleSanitiser.sanitise(#"<a href="/x">t</a><img src="p.jpg"><a href="https://a.example/">abs</a>"#, base: nil)
        XCTAssertFalse(result.html.contains("href=\"/x\""), result.html)
        XCTAssertFalse(result.html.contains("<img"), result.html)
        XCTAssertTrue(result.html.contains(#"href="https://a.example/""#), result.html)
    }

    /// 100,000 levels: libxml2 stops building the tree at its own depth limit (256), so what is
    /// below it is lost, but nothing overflows and it takes no time.
    func testDeepNestingIsBounded() {
        let depth = 100_000
        let html = "<p>top</p>" + String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let started = Date()
        let result = clean(html)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(result.paragraphs.first, "top")
        XCTAssertLessThanOrEqual(result.html.components(separatedBy: "<div>").count - 1, ArticleSanitiser.maximumDepth)
    }

    /// Below libxml2's limit but beyond ours, the elements go and their text stays.
    func testNestingBeyondOurDepthIsFlattenedIntoText() {
        let depth = 200
        let html = String(repeating: "<span>", count: depth) + "deep" + String(repeating: "</span>", count: depth)
        let result = clean(html)
        XCTAssertEqual(result.paragraphs, ["deep"])
        XCTAssertLessThanOrEqual(result.html.components(separatedBy: "<span>").count - 1, ArticleSanitiser.maximumDepth)
    }

    func testALongArticleIsCutAtTheLimit() {
        let paragraph = "<p>" + String(repeating: "é", count: 999) + "</p>"
        let html = String(repeating: paragraph, count: 1_000) // about 2 MB
        let result = clean(html)
        XCTAssertTrue(result.truncated)
        XCTAssertLessThanOrEqual(result.html.utf8.count, ArticleSanitiser.maximumInputBytes + 100_000)
        XCTAssertGreaterThan(result.paragraphs.count, 400)
        XCTAssertTrue(result.paragraphs.allSatisfy { $0.allSatisfy { $0 == "é" } }, "no character cut in half")
    }

    func testPreformattedTextKeepsItsLinesAndBreaksSplitLines() {
        let result = clean("<pre>a  b\n  c</pre><p>one<br>two</p>")
        XCTAssertEqual(result.paragraphs, ["a  b\nc", "one\ntwo"])
    }

    func testEntitiesAreNotExpandedFromOutside() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-sanitiser-\(UUID().uuidString).txt")
        try "SECRET-MARKER".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let result = clean(#"<!DOCTYPE html SYSTEM "\#(secret.absoluteString)" [<!ENTITY x SYSTEM "\#(secret.absoluteString)">]><p>&x;</p><p>&amp;&lt;</p>"#)
        XCTAssertFalse(result.html.contains("SECRET-MARKER"), result.html)
        XCTAssertFalse(result.paragraphs.joined().contains("SECRET-MARKER"), "\(result.paragraphs)")
        XCTAssertTrue(result.paragraphs.contains("&<"), "\(result.paragraphs)")
    }

    func testPicturesArePlacedBetweenTheParagraphsTheyStandBetween() {
        let result = clean(#"<p>One <img src="/a.png" alt=" Boats "> more</p><p><img src="b.png" width="400" height="200">Two</p><img src="/c.png"><p>Three</p>"#)
        XCTAssertEqual(result.paragraphs, ["One more", "Two", "Three"])
        XCTAssertEqual(result.pictures.map(\.address), ["https://news.example.org/a.png", "https://news.example.org/2026/11/b.png", "https://news.example.org/c.png"])
        XCTAssertEqual(result.pictures.map(\.afterParagraph), [1, 1, 2], "after the paragraph it interrupts, before one it opens")
        XCTAssertEqual(result.pictures[0].alternative, "Boats")
        XCTAssertNil(result.pictures[2].alternative)
        XCTAssertEqual(result.pictures[1].width, 400)
        XCTAssertEqual(result.pictures[1].height, 200)
    }

    func testTrackingPixelsInlinePicturesAndTooManyPicturesAreNotShown() {
        let pixels = clean(#"<p>a</p><img src="/t.gif" width="1" height="1"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"><img src="/w.png" width="600" height="20">"#)
        XCTAssertEqual(pixels.pictures, [], "a 1×1 tracker, an inline picture and a 20-pixel rule are not pictures to show")
        let many = clean((0..<50).map { #"<p>\#($0)</p><img src="/\#($0).png">"# }.joined())
        XCTAssertEqual(many.pictures.count, ArticleSanitiser.maximumPictures)
        XCTAssertEqual(many.pictures.last?.afterParagraph, ArticleSanitiser.maximumPictures)
    }
}

/// Found by the public corpus (docs/feeds.md, "The public corpus").
final class ArticleSanitiserSpacingTests: XCTestCase {
    private func clean(_ html: String) -> ArticleSanitiser.Result {
        ArticleSanitiser.sanitise(html, base: URL(string: "https://news.example.org/"))
    }

    /// The space between two inline elements is a space the reader sees ("<b>a</b> <i>b</i>" is "a b").
    func testSpaceBetweenInlineElementsIsKept() {
        XCTAssertEqual(clean("<b>high</b> <i>tide</i>").paragraphs, ["high tide"])
        XCTAssertEqual(clean("safe<link rel=stylesheet href=x.css> <b>text</b>").paragraphs, ["safe text"])
    }

    /// What follows an `embed` (which has no content) is not swallowed with it; an `object`'s fallback
    /// is shown, its `param`s are not.
    func testTextAfterAnEmbedAndAnObjectsFallbackAreKept() {
        let embed = clean("safe<embed src=\"https://x.example/\"> <b>text</b>")
        XCTAssertEqual(embed.paragraphs, ["safe text"])
        XCTAssertFalse(embed.html.contains("embed"), embed.html)
        let object = clean("<object data=x><param name=a value=b>fallback <b>text</b></object>")
        XCTAssertEqual(object.paragraphs, ["fallback text"])
        XCTAssertFalse(object.html.contains("object") || object.html.contains("param"), object.html)
    }
}
