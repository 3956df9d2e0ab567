import FeedFormat
@testable import FeedStore
import Foundation
import GRDB
import XCTest

/// A fresh folder per test with a feeds database in it, and what the tests feed it.
class FeedStoreTestCase: XCTestCase {
    var folder: URL!
    var store: FeedStore!
    let day: TimeInterval = 86400
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    var databaseURL: URL { folder.appendingPathComponent(FeedStore.databaseName) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-feeds-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? store?.close()
        store = nil
        try? FileManager.default.removeItem(at: folder)
    }

    func openStore() throws -> FeedStore {
        let result = FeedStore.open(at: databaseURL, now: t0)
        // A store that does not open fails the test (a skipped test would pass unseen).
        guard let opened = result.store else {
            XCTFail("the store did not open: \(result.message ?? "")")
            throw StoreDidNotOpen()
        }
        store = opened
        return opened
    }

    func article(_ n: Int, guid: String? = nil, published: Date? = nil) -> ParsedArticle {
        ParsedArticle(guid: guid ?? "urn:article:\(n)", link: URL(string: "https://example.org/\(n)"), title: "Article \(n)",
                      summary: "Summary \(n)", contentHTML: "<p>Body of <b>article</b> \(n)</p>", published: published)
    }

    func feed(_ articles: [ParsedArticle], title: String = "Example") -> ParsedFeed {
        ParsedFeed(format: .rss20, title: title, siteURL: URL(string: "https://example.org/"), articles: articles)
    }

    /// Rows straight from the file, through a connection of the test's own.
    func fileRows(_ sql: String) throws -> [Row] {
        try DatabaseQueue(path: databaseURL.path).read { try Row.fetchAll($0, sql: sql) }
    }
}

private struct StoreDidNotOpen: Error {}
