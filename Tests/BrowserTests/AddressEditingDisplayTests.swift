import XCTest
@testable import BrowserModel

final class AddressEditingDisplayTests: XCTestCase {
    private func domain(_ uri: String) -> String { AddressEditing.displayDomain(uri: uri) }

    func testWebAddressesShowTheBareHost() {
        XCTAssertEqual(domain("https://www.example.com/some/path?q=1#frag"), "example.com")
        XCTAssertEqual(domain("http://example.com"), "example.com")
        XCTAssertEqual(domain("https://News.YCombinator.com/item?id=1"), "news.ycombinator.com")
        XCTAssertEqual(domain("https://WWW.Example.org/"), "example.org")
        XCTAssertEqual(domain("https://docs.swift.org/swift-book/"), "docs.swift.org")
        XCTAssertEqual(domain("https://user:secret@example.com/"), "example.com", "credentials are never shown")
        XCTAssertEqual(domain("https://example.com./"), "example.com")
    }

    func testOnlyALeadingWwwLabelInFrontOfADomainIsStripped() {
        XCTAssertEqual(domain("https://www.com/"), "www.com")
        XCTAssertEqual(domain("https://wwwexample.com/"), "wwwexample.com")
        XCTAssertEqual(domain("https://shop.www.example.com/"), "shop.www.example.com")
    }

    func testPortsStayForLocalServersAndIPsOnly() {
        XCTAssertEqual(domain("http://localhost:8080/index.html"), "localhost:8080")
        XCTAssertEqual(domain("http://localhost/"), "localhost")
        XCTAssertEqual(domain("http://127.0.0.1:8000/api"), "127.0.0.1:8000")
        XCTAssertEqual(domain("http://192.168.1.20/"), "192.168.1.20")
        XCTAssertEqual(domain("https://example.com:8443/admin"), "example.com")
        XCTAssertEqual(domain("http://999.1.1.1:80/"), "999.1.1.1", "not an IPv4 address, so a name")
    }

    func testIPv6LiteralsKeepTheirBrackets() {
        XCTAssertEqual(domain("http://[::1]:8080/"), "[::1]:8080")
        XCTAssertEqual(domain("http://[2001:DB8::1]/path"), "[2001:db8::1]")
    }

    func testFileAddressesShowTheFileName() {
        XCTAssertEqual(domain("file:///home/ada/Documents/notes.html"), "notes.html")
        XCTAssertEqual(domain("file:///home/ada/My%20Report.pdf"), "My Report.pdf")
        XCTAssertEqual(domain("file:///home/ada/site/"), "site")
        XCTAssertEqual(domain("file:///"), "/")
        XCTAssertEqual(domain("file://server/share/readme.txt"), "readme.txt")
    }

    func testAddressesWithoutAHostAreShownAsTheyAre() {
        XCTAssertEqual(domain("about:blank"), "about:blank")
        XCTAssertEqual(domain("about:preferences"), "about:preferences")
        XCTAssertEqual(domain("data:text/plain,hi"), "data:text/plain,hi")
        XCTAssertEqual(domain("not a url"), "not a url")
    }

    func testEditingShowsTheWholeAddress() {
        let uri = "https://www.example.com/a/b?c=d"
        XCTAssertEqual(AddressEditing.displayText(uri: uri, isEditing: true), uri)
        XCTAssertEqual(AddressEditing.displayText(uri: uri, isEditing: false), "example.com")
        XCTAssertEqual(AddressEditing.displayText(uri: nil, isEditing: false), "")
    }

    /// What the bar shows is never spoofed: a file name's right-to-left override is escaped, and a
    /// host that mixes scripts is shown as punycode.
    func testTheBarShowsOverridesEscapedAndMixedScriptHostsAsPunycode() {
        XCTAssertEqual(AddressEditing.displayDomain(uri: "file:///home/u/invoice%E2%80%AEfdp.html"), "invoice%E2%80%AEfdp.html")
        let mixed = AddressEditing.displayDomain(uri: "https://\u{0430}pple.com/")
        XCTAssertTrue(mixed.hasPrefix("xn--"), mixed)
        XCTAssertEqual(AddressEditing.displayDomain(uri: "https://münchen.example/"), "münchen.example", "one script stays readable")
    }

    func testBarsOfTabsOnOneSiteShowTheirTitles() {
        let texts = AddressEditing.barTexts(for: [(uri: "https://a.example/1", title: "One"), (uri: "https://a.example/2", title: "Two"),
                                                  (uri: "https://b.example/", title: "Bee"), (uri: nil, title: nil)])
        XCTAssertEqual(texts, ["a.example — One", "a.example — Two", "b.example", ""])
    }
}
