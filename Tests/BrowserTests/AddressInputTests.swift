import XCTest
@testable import BrowserModel

final class AddressInputTests: XCTestCase {
    private func uri(_ typed: String) -> String? { AddressInput.resolve(typed, homeDirectory: "/home/ann")?.uri }

    func testKnownSchemesLoadAsTypedKeepingCase() {
        XCTAssertEqual(uri("https://Example.com/Path/File.HTML?Q=A"), "https://Example.com/Path/File.HTML?Q=A")
        XCTAssertEqual(uri("  http://localhost:8080/x  "), "http://localhost:8080/x")
        XCTAssertEqual(uri("about:blank"), "about:blank")
        XCTAssertEqual(uri("file:///etc/hosts"), "file:///etc/hosts")
    }

    func testHostsGetHTTPSAndKeepPathQueryAndCase() {
        XCTAssertEqual(uri("example.com"), "https://example.com")
        XCTAssertEqual(uri("docs.swift.org/swift-book/LanguageGuide?x=1#Top"), "https://docs.swift.org/swift-book/LanguageGuide?x=1#Top")
        XCTAssertEqual(uri("example.com:8443/a"), "https://example.com:8443/a")
    }

    func testLocalHostsAndAddressesGetHTTP() {
        XCTAssertEqual(uri("localhost:3000"), "http://localhost:3000")
        XCTAssertEqual(uri("127.0.0.1:8765/two"), "http://127.0.0.1:8765/two")
        XCTAssertEqual(uri("192.168.1.20"), "http://192.168.1.20")
        XCTAssertEqual(uri("printer.local/status"), "http://printer.local/status")
        XCTAssertEqual(uri("[::1]:8080/"), "http://[::1]:8080/")
    }

    func testPathsBecomeFileURIs() {
        XCTAssertEqual(uri("/tmp/My Page.html"), "file:///tmp/My%20Page.html")
        XCTAssertEqual(uri("~/notes.txt"), "file:///home/ann/notes.txt")
    }

    func testEverythingElseIsASearch() {
        guard case .search(let query, let url)? = AddressInput.resolve("swift gtk bindings") else {
            return XCTFail("expected a search")
        }
        XCTAssertEqual(query, "swift gtk bindings")
        XCTAssertEqual(url, "https://duckduckgo.com/?q=swift%20gtk%20bindings")
        XCTAssertEqual(uri("swift"), "https://duckduckgo.com/?q=swift")
        XCTAssertEqual(uri("a&b=c"), "https://duckduckgo.com/?q=a%26b%3Dc")
        XCTAssertEqual(uri("999.999.1.1"), "https://duckduckgo.com/?q=999.999.1.1", "not an IPv4 address, not a host")
        XCTAssertEqual(uri("example.com:http"), "https://duckduckgo.com/?q=example.com:http")
    }

    func testEmptyInputLoadsNothing() {
        XCTAssertNil(AddressInput.resolve("   \n"))
        XCTAssertNil(AddressInput.resolve("\u{0}\t\u{7}"))
    }

    // MARK: https first

    func testBareHostsTryHTTPSWithAnHTTPFallbackKeepingEverythingTyped() {
        XCTAssertEqual(AddressInput.resolve("Example.com:8080/A/b?C=D#E"),
                       .httpsFirst("https://Example.com:8080/A/b?C=D#E", httpFallback: "http://Example.com:8080/A/b?C=D#E"))
        XCTAssertEqual(AddressInput.resolve("bücher.de")?.httpFallbackURI, "http://bücher.de")
    }

    func testNoFallbackWhenTheUserChoseTheSchemeOrTheHostIsLocal() {
        for typed in ["https://example.com", "http://example.com", "localhost:8080", "10.0.0.1", "[::1]", "about:blank", "hello world", "/tmp/x"] {
            XCTAssertNotNil(AddressInput.resolve(typed)?.uri, typed)
            XCTAssertNil(AddressInput.resolve(typed)?.httpFallbackURI, typed)
        }
    }

    // MARK: IPv6

    func testIPv6AddressesWithAndWithoutBrackets() {
        XCTAssertEqual(uri("[::1]:8080/x"), "http://[::1]:8080/x")
        XCTAssertEqual(uri("::1"), "http://[::1]")
        XCTAssertEqual(uri("fe80::1"), "http://[fe80::1]")
        XCTAssertEqual(uri("2001:DB8::Ab/Path?Q=1"), "http://[2001:DB8::Ab]/Path?Q=1", "hex case and path kept")
        XCTAssertEqual(uri("::ffff:192.0.2.1"), "http://[::ffff:192.0.2.1]")
        XCTAssertEqual(uri("1:2:3:4:5:6:7:8"), "http://[1:2:3:4:5:6:7:8]")
    }

    func testThingsThatOnlyLookLikeIPv6AreSearches() {
        for typed in ["[hello]", "[::1", "1::2::3", "1:2:3:4:5:6:7:8:9", "12345::1", "fe80::1%eth0", "::ffff:1.2.3.999", ":::"] {
            guard case .search? = AddressInput.resolve(typed) else {
                return XCTFail("\(typed) → \(String(describing: AddressInput.resolve(typed)))")
            }
        }
    }

    // MARK: Refused and special schemes

    func testJavaScriptIsRefusedWithAMessage() {
        for typed in ["javascript:alert(1)", "   JavaScript:alert(document.cookie)", "JAVASCRIPT:void(0)",
                      "\tjava\nscript:alert(1)", "view-source:javascript:alert(1)", "\u{1}javascript:x", "javascript:"] {
            XCTAssertEqual(AddressInput.resolve(typed), .refused(message: AddressInput.javascriptRefusal), typed)
            XCTAssertNil(AddressInput.resolve(typed)?.uri, typed)
        }
        XCTAssertTrue(AddressInput.javascriptRefusal.contains("JavaScript"))
    }

    func testTheWordJavaScriptIsStillSearchable() {
        XCTAssertEqual(uri("javascript closures"), "https://duckduckgo.com/?q=javascript%20closures")
        XCTAssertEqual(uri("javascript.info"), "https://javascript.info")
    }

    func testDataAndAboutPagesLoadAsTyped() {
        XCTAssertEqual(uri("data:text/html,<h1>Hi</h1>"), "data:text/html,<h1>Hi</h1>")
        XCTAssertEqual(uri("about:blank"), "about:blank")
        XCTAssertEqual(uri("About:Blank"), "About:Blank")
    }

    func testHomeItselfIsAFolder() {
        XCTAssertEqual(uri("~"), "file:///home/ann")
        XCTAssertEqual(uri("file:///Home/Ann/Notes.TXT"), "file:///Home/Ann/Notes.TXT")
    }

    // MARK: Search

    func testSearchTermsAreEncodedSoTheEngineGetsExactlyWhatWasTyped() {
        XCTAssertEqual(uri("100% c++ #tag; a=b?"), "https://duckduckgo.com/?q=100%25%20c%2B%2B%20%23tag%3B%20a%3Db%3F")
        XCTAssertEqual(uri("größe café"), "https://duckduckgo.com/?q=gr%C3%B6%C3%9Fe%20caf%C3%A9")
    }

    func testTheSearchEngineIsConfigurable() throws {
        let engine = try XCTUnwrap(SearchEngine(name: "Example", template: "https://search.example/find?lang=en&query=%s"))
        XCTAssertEqual(AddressInput.resolve("swift gtk", searchEngine: engine),
                       .search(query: "swift gtk", url: "https://search.example/find?lang=en&query=swift%20gtk"))
        XCTAssertEqual(AddressInput.resolve("example.com", searchEngine: engine)?.uri, "https://example.com", "hosts still load")
        XCTAssertEqual(SearchEngine.duckDuckGo.template, "https://duckduckgo.com/?q=%s")
    }

    func testASearchEngineMustBeAWebAddressWithAPlaceholder() {
        XCTAssertNil(SearchEngine(name: "No placeholder", template: "https://search.example/"))
        XCTAssertNil(SearchEngine(name: "Script", template: "javascript:alert('%s')"))
        XCTAssertNil(SearchEngine(name: "File", template: "file:///tmp/%s"))
        XCTAssertNotNil(SearchEngine(name: "Plain http", template: "HTTP://intranet.example/?q=%s"))
    }

    /// A paste longer than the bar takes was cut: refused with a message, never loaded cut short,
    /// and a megabyte of text is judged in bounded time (counted, not parsed).
    func testAnAddressAtTheBarsLimitIsRefusedAsCutNotLoaded() {
        let data = "data:text/html," + String(repeating: "a", count: AddressInput.lengthLimit)
        XCTAssertEqual(AddressInput.resolve(data), .refused(message: AddressInput.tooLongRefusal))
        let megabyte = "https://example.org/" + String(repeating: "x", count: 1_000_000)
        XCTAssertEqual(AddressInput.resolve(megabyte), .refused(message: AddressInput.tooLongRefusal))
        let justUnder = "data:text/plain," + String(repeating: "b", count: AddressInput.lengthLimit - 20)
        XCTAssertEqual(AddressInput.resolve(justUnder)?.uri, justUnder, "up to the limit, loaded as typed")
    }
}
