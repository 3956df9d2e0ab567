import XCTest
import StarsModel

final class ZodiacSignTests: XCTestCase {
    func testTwelveSignsThirtyDegreesApart() {
        XCTAssertEqual(ZodiacSign.allCases.count, 12)
        XCTAssertEqual(ZodiacSign.allCases.first, .pisces)
        XCTAssertEqual(ZodiacSign.aquarius.degrees, 330)
    }
}
