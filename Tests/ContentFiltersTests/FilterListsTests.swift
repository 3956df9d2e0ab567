import ContentFilters
import Foundation
import XCTest

/// Finding the lists and knowing when they changed, on files the test makes.
final class FilterListsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "filter-lists-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    func testTheDebianPathsOfBothPackages() {
        XCTAssertEqual(FilterLists.debianFolders, [
            "/usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist",
            "/usr/share/mozilla/extensions/{ec8030f7-c20a-464f-9b0e-13a3a9e97384}/uBlock0@raymondhill.net/assets/thirdparties/easylist",
        ])
    }

    func testFirstFolderHoldingAListWins() throws {
        try "||a^\n".write(toFile: folder + "/b/easylist.txt", atomically: true, encoding: .utf8)
        try "||b^\n".write(toFile: folder + "/b/easyprivacy.txt", atomically: true, encoding: .utf8)
        try "||c^\n||d^\n".write(toFile: folder + "/a/easyprivacy.txt", atomically: true, encoding: .utf8)
        let lists = FilterLists.installed(in: [folder + "/a", folder + "/b"])
        XCTAssertEqual(lists.map(\.name), ["EasyList", "EasyPrivacy"])
        XCTAssertEqual(lists.map(\.path), [folder + "/b/easylist.txt", folder + "/a/easyprivacy.txt"])
        XCTAssertEqual(lists.map(\.size), [5, 10])
    }

    func testMissingListsAndFoldersAreLeftOut() throws {
        try FileManager.default.createDirectory(atPath: folder + "/a/easylist.txt", withIntermediateDirectories: true)
        XCTAssertEqual(FilterLists.installed(in: [folder + "/a", folder + "/nowhere"]), [])
    }

    func testFingerprintChangesWithTheFileAndIsStableOtherwise() throws {
        let path = folder + "/a/easylist.txt"
        try "||a^\n".write(toFile: path, atomically: true, encoding: .utf8)
        let first = try XCTUnwrap(FilterLists.describe(name: "EasyList", path: path))
        XCTAssertEqual(FilterLists.describe(name: "EasyList", path: path), first)
        XCTAssertEqual(FilterLists.fingerprint(of: [first]), FilterLists.fingerprint(of: [first]))

        // Replaced as dpkg does: a new file renamed over the old one.
        try "||b^\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try XCTUnwrap(FilterLists.describe(name: "EasyList", path: path))
        XCTAssertNotEqual(second.fingerprint, first.fingerprint)
        XCTAssertNotEqual(FilterLists.fingerprint(of: [second]), FilterLists.fingerprint(of: [first]))

        // Other limits convert differently, so they fingerprint differently.
        XCTAssertNotEqual(FilterLists.fingerprint(of: [second], limits: FilterLimits(rulesPerChunk: 10)),
                          FilterLists.fingerprint(of: [second]))
    }

    func testChunkIdentifiers() {
        XCTAssertEqual(FilterLists.chunkIdentifier(fingerprint: "0123456789abcdef", index: 2),
                       "skiff-content-filter-0123456789abcdef-2")
        XCTAssertTrue(FilterLists.chunkIdentifier(fingerprint: "f", index: 0).hasPrefix(FilterLists.identifierPrefix))
    }

    func testTheReportRoundTripsThroughJSON() throws {
        var converter = FilterConverter()
        converter.addList(named: "One", text: "||a.example^\n||b^$csp=x\n##+js(x)\nx.com,amazon.*##.ad\n\u{1}")
        let report = converter.finish().report
        let decoded = try JSONDecoder().decode(FilterReport.self, from: JSONEncoder().encode(report))
        XCTAssertEqual(decoded, report)
        XCTAssertEqual(decoded.lists[0].skipped[.option("csp")]?.count, 1)
    }

    func testModificationTimeAndSize() throws {
        let path = folder + "/a/easyprivacy.txt"
        try "||a^\n".write(toFile: path, atomically: true, encoding: .utf8)
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: path)
        let list = try XCTUnwrap(FilterLists.describe(name: "EasyPrivacy", path: path))
        XCTAssertEqual(list.modified.timeIntervalSince1970, when.timeIntervalSince1970, accuracy: 0.001)
        XCTAssertEqual(list.size, 5)
    }

    func testAFIFOIsNoList() throws {
        let path = folder + "/a/easylist.txt"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        XCTAssertNil(FilterLists.describe(name: "EasyList", path: path))
        var converter = FilterConverter()
        converter.addList(named: "EasyList", path: path)
        XCTAssertEqual(converter.finish().report.lists[0].failure, "this is not a regular file")
    }
}
