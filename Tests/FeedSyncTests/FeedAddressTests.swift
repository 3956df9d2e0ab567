import FeedSync
import Foundation
import XCTest

/// What people type in Add Feed (docs/feeds.md, "Subscribing").
final class FeedAddressTests: XCTestCase {
    private func tried(_ typed: String) -> [String] { FeedAddress.candidates(typed).map(\.absoluteString) }

    func testTypedAddressesAreTriedAsTheBrowserWould() {
        XCTAssertEqual(tried("example.org/feed"), ["https://example.org/feed"])
        XCTAssertEqual(tried("  https://example.org/feed.xml "), ["https://example.org/feed.xml"])
        XCTAssertEqual(tried("http://example.org/rss"), ["http://example.org/rss"])
        XCTAssertEqual(tried("127.0.0.1:8080/feed"), ["https://127.0.0.1:8080/feed", "http://127.0.0.1:8080/feed"])
        XCTAssertEqual(tried("localhost:4000/atom.xml"), ["https://localhost:4000/atom.xml", "http://localhost:4000/atom.xml"])
        XCTAssertEqual(tried("192.168.1.5/rss"), ["https://192.168.1.5/rss", "http://192.168.1.5/rss"])
        XCTAssertEqual(tried("[::1]:8080/feed"), ["https://[::1]:8080/feed", "http://[::1]:8080/feed"])
        XCTAssertEqual(tried("feed://example.org/rss"), ["http://example.org/rss"])
        XCTAssertEqual(tried("feeds://example.org/rss"), ["https://example.org/rss"])
        XCTAssertEqual(tried("feed:https://example.org/rss"), ["https://example.org/rss"])
        XCTAssertEqual(tried("ftp://example.org/rss"), [])
        XCTAssertEqual(tried("file:///etc/passwd"), [])
        XCTAssertEqual(tried("not an address"), [])
        XCTAssertEqual(tried(""), [])
    }
}
