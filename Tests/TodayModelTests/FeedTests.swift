import XCTest
@testable import TodayModel
final class FeedTests: XCTestCase {}
