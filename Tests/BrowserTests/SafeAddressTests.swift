import BrowserModel
import XCTest

/// How addresses are shown: escapes for what would be obeyed, punycode for hosts that mix
/// scripts (docs/where-am-i.md).
final class SafeAddressTests: XCTestCase {
    func testPunycodeBothWays() {
        XCTAssertEqual(Punycode.encode("bücher"), "bcher-kva")
        XCTAssertEqual(Punycode.encode("münchen"), "mnchen-3ya")
        XCTAssertEqual(Punycode.encode("аррӏе"), "80ak6aa92e")
        XCTAssertEqual(Punycode.decode("bcher-kva"), "bücher")
        XCTAssertEqual(Punycode.decode("80ak6aa92e"), "аррӏе")
        XCTAssertNil(Punycode.decode("bcher-kv!"))
        XCTAssertNil(Punycode.decode(String(repeating: "a", count: 64)))
    }

    func testPlainAddressesAreShownAsTheyAre() {
        XCTAssertEqual(SafeAddress.display("https://example.com/a/b?q=1#top"), "https://example.com/a/b?q=1#top")
        XCTAssertEqual(SafeAddress.display("http://127.0.0.1:8080/ch03.en.html"), "http://127.0.0.1:8080/ch03.en.html")
        XCTAssertEqual(SafeAddress.display("http://[::1]:8080/x"), "http://[::1]:8080/x")
        XCTAssertEqual(SafeAddress.display("about:blank"), "about:blank")
        // Escaped ASCII stays escaped: decoding a space or a slash would change what is read.
        XCTAssertEqual(SafeAddress.display("https://example.com/a%20b%2Fc"), "https://example.com/a%20b%2Fc")
    }

    func testBidiOverridesAndControlsAreEscapedNeverObeyed() {
        XCTAssertEqual(SafeAddress.display("file:///tmp/invoice\u{202E}fdp.html"), "file:///tmp/invoice%E2%80%AEfdp.html")
        XCTAssertEqual(SafeAddress.display("https://example.com/invoice%E2%80%AEfdp.html"), "https://example.com/invoice%E2%80%AEfdp.html")
        for mark in ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}"] {
            let shown = SafeAddress.display("https://example.com/a\(mark)b")
            XCTAssertFalse(shown.unicodeScalars.contains(mark.unicodeScalars.first!), "\(shown.debugDescription) obeys \(mark.debugDescription)")
            XCTAssertTrue(shown.hasPrefix("https://example.com/a%E2%8"), shown)
        }
        XCTAssertEqual(SafeAddress.display("https://example.com/a\nb\u{7}c\u{85}"), "https://example.com/a%0Ab%07c%C2%85")
        XCTAssertEqual(SafeAddress.display("https://example.com/a b"), "https://example.com/a%20b")
    }

    func testEscapedTextThatIsSafeIsShownDecoded() {
        XCTAssertEqual(SafeAddress.display("https://de.wikipedia.org/wiki/M%C3%BCnchen"), "https://de.wikipedia.org/wiki/München")
        // Not UTF-8: kept as written.
        XCTAssertEqual(SafeAddress.display("https://example.com/%FF%C3"), "https://example.com/%FF%C3")
    }

    func testSingleScriptHostsAreShownInUnicode() {
        XCTAssertEqual(SafeAddress.display("https://xn--bcher-kva.example/"), "https://bücher.example/")
        XCTAssertEqual(SafeAddress.host("xn--mnchen-3ya.de"), "münchen.de")
        XCTAssertEqual(SafeAddress.host("пример.рф"), "пример.рф")
        XCTAssertEqual(SafeAddress.host("例え.テスト"), "例え.テスト")
        // Japanese mixes Han, kana and Latin: allowed.
        XCTAssertEqual(SafeAddress.host("abc東京とうきょう.jp"), "abc東京とうきょう.jp")
    }

    func testHostsThatMixScriptsAreShownAsPunycode() {
        // Latin "p", "ypal" with a Cyrillic "а": paypal's homograph.
        XCTAssertEqual(SafeAddress.host("p\u{430}ypal.com"), "xn--pypal-4ve.com")
        XCTAssertEqual(SafeAddress.display("https://xn--pypal-4ve.com/login"), "https://xn--pypal-4ve.com/login")
        XCTAssertEqual(SafeAddress.display("https://p%D0%B0ypal.com/login"), "https://xn--pypal-4ve.com/login")
        // Latin with Greek.
        XCTAssertTrue(SafeAddress.host("g\u{3BF}\u{3BF}gle.com").hasPrefix("xn--"))
        // A whole-Cyrillic label made of letters that look Latin, under .com: "аррӏе".
        XCTAssertEqual(SafeAddress.host("xn--80ak6aa92e.com"), "xn--80ak6aa92e.com")
        // Invisible joiners and slash lookalikes are not letters: punycode.
        XCTAssertTrue(SafeAddress.host("exa\u{200D}mple.com").hasPrefix("xn--"))
        XCTAssertTrue(SafeAddress.host("example.com\u{2215}evil.com").contains("xn--"))
        // Only the label that mixes is encoded.
        XCTAssertEqual(SafeAddress.host("bücher.p\u{430}ypal.com"), "bücher.xn--pypal-4ve.com")
    }

    func testBrokenPunycodeIsShownAsWritten() {
        XCTAssertEqual(SafeAddress.host("xn--zz!.com"), "xn--zz!.com")
    }

    func testLongAddressesAreCutAtTheLimit() {
        let data = "data:text/html," + String(repeating: "a", count: 1_000_000)
        let shown = SafeAddress.display(data)
        XCTAssertEqual(shown.count, SafeAddress.maximumShown)
        XCTAssertTrue(shown.hasSuffix("…"))
    }
}
