import Foundation
import JSONReader
import XCTest
@testable import BrowserModel

final class ChromiumBookmarksTests: XCTestCase {
    // As Chromium 120 writes it (checksum, ids, guids and dates in microseconds since 1601).
    static let sample = """
        {
           "checksum": "0f3e2ad3c5b8f4d1a7f9c2b1e0d4a6c8",
           "roots": {
              "bookmark_bar": {
                 "children": [ {
                    "date_added": "13345000000000000",
                    "guid": "0c8f5a6e-1d1e-4b8f-9d7e-2d6b5f3c1a01",
                    "id": "5",
                    "name": "Debian",
                    "type": "url",
                    "url": "https://www.debian.org/"
                 }, {
                    "children": [ {
                       "date_added": "13345000000000001",
                       "id": "7",
                       "name": "<b>LWN</b> &amp; co",
                       "type": "url",
                       "url": "https://lwn.net/"
                    }, {
                       "id": "8",
                       "name": "Bookmarklet",
                       "type": "url",
                       "url": "javascript:alert(document.cookie)"
                    } ],
                    "date_added": "13345000000000002",
                    "id": "6",
                    "name": "News",
                    "type": "folder"
                 } ],
                 "date_added": "13345000000000000",
                 "id": "1",
                 "name": "Bookmarks bar",
                 "type": "folder"
              },
              "other": { "children": [ ], "id": "2", "name": "Other bookmarks", "type": "folder" },
              "synced": {
                 "children": [ { "id": "9", "name": "Phone", "type": "url", "url": "http://m.example/" } ],
                 "id": "3", "name": "Mobile bookmarks", "type": "folder"
              }
           },
           "version": 1
        }
        """

    func testChromiumsRootsBecomeFoldersAndNamesStayPlainText() throws {
        let imported = try ChromiumBookmarks.parse(Data(Self.sample.utf8), file: "Bookmarks")
        XCTAssertEqual(imported.items.map(\.title), ["Bookmarks bar", "Debian", "News", "<b>LWN</b> &amp; co", "Mobile bookmarks", "Phone"],
                       "names as written: JSON holds text, not markup")
        XCTAssertEqual(imported.items.map(\.parent), [nil, 0, 0, 2, nil, 4])
        XCTAssertEqual(imported.report.leftOut, ["javascript:": 1])
        let added = try XCTUnwrap(imported.items[1].added)
        XCTAssertEqual(added.timeIntervalSince1970, 13_345_000_000 - 11_644_473_600, accuracy: 0.001)
    }

    func testAFileThatIsNotChromiumsIsRefusedWithWhereItWentWrong() {
        XCTAssertThrowsError(try ChromiumBookmarks.parse(Data("{\n  \"roots\": [1, 2,\n}".utf8), file: "/home/u/Bookmarks")) { error in
            let problem = error as? DataProblem
            XCTAssertEqual(problem?.file, "/home/u/Bookmarks")
            XCTAssertEqual(problem?.line, 3, "\(error)")
            XCTAssertNotNil(problem?.column)
        }
        XCTAssertThrowsError(try ChromiumBookmarks.parse(Data("{\"version\": 1}".utf8), file: "Bookmarks")) { error in
            XCTAssertEqual("\(error)", "Bookmarks:1: not a Chromium bookmarks file: it has no \"roots\" object")
        }
    }

    func testDeepNestingIsRefusedByTheJSONDepthLimitNotTheStack() {
        let depth = 100_000
        let text = "{\"roots\": {\"other\": " + String(repeating: "{\"type\": \"folder\", \"children\": [", count: depth)
            + String(repeating: "]}", count: depth) + "}}"
        XCTAssertThrowsError(try ChromiumBookmarks.parse(Data(text.utf8), file: "Bookmarks")) { error in
            XCTAssertEqual((error as? DataProblem)?.line, 1, "\(error)")
        }
    }

    func testTheProfilesFilesAreFoundInTheHomeFolder() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let chrome = home.appendingPathComponent(".config/google-chrome/Default/Bookmarks")
        let brave = home.appendingPathComponent(".config/BraveSoftware/Brave-Browser/Default/Bookmarks")
        try FileManager.default.createDirectory(at: chrome.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.sample.utf8).write(to: chrome)
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/chromium/Default/Bookmarks"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: brave.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(Self.sample.utf8).write(to: brave)
        XCTAssertEqual(ChromiumBookmarks.files(home: home), [chrome, brave], "a folder named Bookmarks is not a file")
        XCTAssertEqual(try ChromiumBookmarks.read(contentsOf: chrome).report.bookmarks, 3)
    }
}
