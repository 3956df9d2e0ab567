import XCTest
@testable import BrowserStore
final class BrowserStoreTests: XCTestCase {}
