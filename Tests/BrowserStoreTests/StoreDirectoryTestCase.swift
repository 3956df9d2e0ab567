import Foundation
import TestSupport
import XCTest
@testable import BrowserStore

/// Tests of the on-disk store: each test gets a fresh directory (removed afterwards) whose database
/// sits one folder down, so opening it also creates its folder as the app's first run does.
class StoreDirectoryTestCase: XCTestCase {
    var directory: TemporaryDirectory!
    var databaseURL: URL { directory.url.appendingPathComponent("data/browser.sqlite") }

    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    /// The store, opened clean; anything else fails the test at the caller's line.
    func openStore(file: StaticString = #filePath, line: UInt = #line) throws -> DiskBrowsingStore {
        let result = DiskBrowsingStore.open(at: databaseURL)
        guard case .opened(let store) = result else {
            XCTFail("expected a clean open, got \(result)", file: file, line: line)
            throw TestFailure("setup failed")
        }
        return store
    }
}
