import BrowserModel
import XCTest

final class SiteZoomTests: XCTestCase {
    func testALevelIsRememberedPerSiteAndOneHundredPercentForgetsIt() {
        var zoom = SiteZoom()
        XCTAssertEqual(zoom.set(1.5, for: "Example.org"), [.save(site: "example.org", level: 1.5)])
        XCTAssertEqual(zoom.level(for: "example.org"), 1.5)
        XCTAssertEqual(zoom.level(for: "other.example"), PageZoom.normal)
        XCTAssertEqual(zoom.set(1.5, for: "example.org"), [], "the same level writes nothing")
        XCTAssertEqual(zoom.set(1.0, for: "example.org"), [.remove(site: "example.org")])
        XCTAssertEqual(zoom.count, 0)
        XCTAssertEqual(zoom.set(9, for: "big.example"), [.save(site: "big.example", level: 3.0)], "kept within 30–300 %")
    }

    func testTheSiteIsTheHostWithItsPort() {
        XCTAssertEqual(Site.of("https://Www.Example.org/a?b"), "www.example.org")
        XCTAssertEqual(Site.of("http://127.0.0.1:8080/x"), "127.0.0.1:8080")
        XCTAssertNil(Site.of("about:blank"))
        XCTAssertNil(Site.of("file:///tmp/a.html"))
        XCTAssertNil(Site.of(nil))
    }

    func testStoredNonsenseIsSkippedAndTheLimitDropsTheOldest() {
        let zoom = SiteZoom(stored: [("", 1.5), ("nan.example", .nan), ("ok.example", 2.0), (String(repeating: "a", count: 400), 1.5)])
        XCTAssertEqual(zoom.count, 1)
        var many = SiteZoom(stored: (0..<SiteZoom.limit).map { ("s\($0).example", 1.5) })
        XCTAssertEqual(many.set(2.0, for: "new.example"), [.save(site: "new.example", level: 2.0), .remove(site: "s0.example")])
        XCTAssertEqual(many.count, SiteZoom.limit)
        XCTAssertEqual(many.level(for: "s0.example"), PageZoom.normal)
    }
}
