import Foundation
import Home
import SkiffApp
import XCTest

final class HistoryOptionsTests: XCTestCase {
    func testRewardsURLMustBeHTTPWithAHost() throws {
        let options = try Options.parse(["--rewards-url", "http://127.0.0.1:8080/history"])
        XCTAssertEqual(options.historySource, .server("http://127.0.0.1:8080/history"))
        XCTAssertEqual(try Options.parse(["--rewards-url", "https://rewards.example.org/v1/history"]).historySource,
                       .server("https://rewards.example.org/v1/history"))
        for bad in ["ftp://example.org/history", "/tmp/history.json", "http://", "history"] {
            XCTAssertThrowsError(try Options.parse(["--rewards-url", bad]), bad)
        }
    }

    func testWithoutAServerTheBundledSampleIsRead() throws {
        guard case let .file(url) = try Options.parse([]).historySource else { return XCTFail("expected the sample file") }
        XCTAssertTrue(url.path.hasSuffix("home/history.json"), url.path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), url.path)
    }

    func testPrivateWindowsCacheNothing() throws {
        XCTAssertNil(try Options.parse(["--private"]).historySettings.cacheDirectory)
        XCTAssertEqual(try Options.parse([]).historySettings.timeout, 10)
        XCTAssertNotNil(try Options.parse([]).historySettings.cacheDirectory)
    }
}
