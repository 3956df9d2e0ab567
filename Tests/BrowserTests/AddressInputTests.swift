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
    }
}
