import BrowserModel
import XCTest

final class VisitCounterTests: XCTestCase {
    func testNewPagesAreVisitsReloadsAreNotAndAReplaceLoopMovesOneVisit() {
        var counter = VisitCounter()
        XCTAssertEqual(counter.committed(uri: "https://a/", backEntry: nil), .visit(uri: "https://a/"))
        XCTAssertEqual(counter.committed(uri: "https://a/", backEntry: nil), .none, "a reload")
        XCTAssertEqual(counter.committed(uri: "https://b/", backEntry: "1|https://a/"), .visit(uri: "https://b/"), "a link: a moved behind")
        var effects: [VisitCounter.Effect] = []
        for n in 1...100 {
            effects.append(counter.committed(uri: "https://b/?n=\(n)", backEntry: "1|https://a/"))
        }
        XCTAssertEqual(effects.first, .replace(old: "https://b/", new: "https://b/?n=1"))
        XCTAssertEqual(effects.last, .replace(old: "https://b/?n=99", new: "https://b/?n=100"))
        XCTAssertFalse(effects.contains { if case .visit = $0 { return true } else { return false } }, "no new visit in the loop")
        XCTAssertEqual(counter.committed(uri: "https://a/", backEntry: nil), .visit(uri: "https://a/"), "going back is a visit")
        XCTAssertEqual(counter.committed(uri: "https://c/", backEntry: "2|https://a/"), .visit(uri: "https://c/"))
    }
}
