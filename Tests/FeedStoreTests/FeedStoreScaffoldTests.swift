import FeedStore
import XCTest

final class FeedStoreScaffoldTests: XCTestCase {
    func testTheTargetBuilds() {}
}
