import BrowserModel
import XCTest

/// What the address bar says about a page's connection (docs/where-am-i.md).
final class ConnectionSecurityTests: XCTestCase {
    func testStateFollowsSchemeAndCertificate() {
        XCTAssertEqual(ConnectionSecurity.of(uri: "https://example.com/", certificate: 0), .secure)
        XCTAssertEqual(ConnectionSecurity.of(uri: "https://example.com/", certificate: 1 | 8), .certificateProblems([.unknownAuthority, .expired]))
        // HTTPS that WebKit reports no TLS for cannot be called secure.
        XCTAssertEqual(ConnectionSecurity.of(uri: "https://example.com/", certificate: nil), .notSecure)
        XCTAssertEqual(ConnectionSecurity.of(uri: "http://example.com/", certificate: nil), .notSecure)
        // Loopback counts as plain HTTP, as in GNOME Web.
        XCTAssertEqual(ConnectionSecurity.of(uri: "http://127.0.0.1:8080/", certificate: nil), .notSecure)
        XCTAssertEqual(ConnectionSecurity.of(uri: "http://localhost/", certificate: nil), .notSecure)
        XCTAssertEqual(ConnectionSecurity.of(uri: "file:///tmp/a.html", certificate: nil), .local)
        XCTAssertEqual(ConnectionSecurity.of(uri: "about:blank", certificate: nil), ConnectionSecurity.none)
        XCTAssertEqual(ConnectionSecurity.of(uri: nil, certificate: nil), ConnectionSecurity.none)
    }

    func testWhatTheBarShows() {
        XCTAssertEqual(ConnectionSecurity.notSecure.label, "Not Secure")
        XCTAssertEqual(ConnectionSecurity.certificateProblems([.expired]).label, "Not Secure")
        XCTAssertNil(ConnectionSecurity.secure.label)
        XCTAssertEqual(ConnectionSecurity.secure.iconName, "channel-secure-symbolic")
        XCTAssertEqual(ConnectionSecurity.notSecure.iconName, "channel-insecure-symbolic")
    }

    func testCertificateProblemsInWords() {
        let summary = CertificateSummary(subject: "CN=example.com", issuer: "CN=Evil\u{202E}CA", validFrom: Date(timeIntervalSince1970: 0),
                                         validUntil: Date(timeIntervalSince1970: 86_400 * 365), flags: 2 | 8 | 0x100)
        XCTAssertEqual(summary.problems, [.badIdentity, .expired, .otherError])
        let lines = Dictionary(uniqueKeysWithValues: summary.lines())
        XCTAssertEqual(lines["Issued to"], "CN=example.com")
        XCTAssertEqual(lines["Issued by"], "CN=Evil%E2%80%AECA", "a name's override is escaped")
        XCTAssertEqual(lines["Problems"], "It was issued for a different site\nIt has expired\nIt could not be verified")
        XCTAssertTrue(ConnectionSecurity.certificateProblems(summary.problems).explanation.contains("it has expired"))
    }
}
