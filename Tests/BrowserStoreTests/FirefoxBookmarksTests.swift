import BrowserModel
import Foundation
import GRDB
import JSONReader
import XCTest
@testable import BrowserStore

final class FirefoxBookmarksTests: XCTestCase {
    var directory: TemporaryDirectory!
    override func setUpWithError() throws { directory = try TemporaryDirectory() }
    override func tearDown() { directory.remove() }

    /// A profile's places.sqlite as Firefox 115 lays it out (the columns the import reads and the
    /// fixed roots), written through a connection that stays open in exclusive locking mode with its
    /// last changes only in the -wal, as a running Firefox leaves it.
    private func runningFirefox(at places: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
        }
        let queue = try DatabaseQueue(path: places.path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR,
                    visit_count INTEGER DEFAULT 0, guid TEXT);
                CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER,
                    position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER,
                    lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0, syncChangeCounter INTEGER NOT NULL DEFAULT 1);
                INSERT INTO moz_bookmarks (id, type, parent, position, title, guid, dateAdded) VALUES
                    (1, 2, 0, 0, '', 'root________', 0), (2, 2, 1, 0, 'menu', 'menu________', 0),
                    (3, 2, 1, 1, 'toolbar', 'toolbar_____', 0), (4, 2, 1, 2, 'tags', 'tags________', 0),
                    (5, 2, 1, 3, 'unfiled', 'unfiled_____', 0), (6, 2, 1, 4, 'mobile', 'mobile______', 0);
                INSERT INTO moz_places (id, url, title) VALUES (1, 'https://lwn.net/', 'LWN.net'),
                    (2, 'javascript:alert(document.cookie)', 'x'), (3, 'https://www.debian.org/', 'Debian'),
                    (4, 'https://example.org/xss', 'x'), (5, 'data:text/html,<script>alert(1)</script>', 'x');
                INSERT INTO moz_bookmarks (id, type, fk, parent, position, title, dateAdded, guid) VALUES
                    (10, 2, NULL, 2, 0, 'Reading', 1700000000000000, 'reading_____'),
                    (11, 1, 1, 10, 1, 'LWN.net', 1700000001000000, 'lwn_________'),
                    (12, 3, NULL, 10, 0, NULL, 0, 'separator___'),
                    (13, 1, 2, 10, 2, 'Bookmarklet', 0, 'bookmarklet_'),
                    (14, 1, 3, 3, 0, 'Debian', 0, 'debian______'),
                    (15, 2, NULL, 4, 0, 'linux', 0, 'tag_linux___'),
                    (16, 1, 1, 15, 0, NULL, 0, 'tag_entry___'),
                    (17, 1, 4, 5, 0, '<img src=x onerror=alert(1)>', 0, 'xss_________'),
                    (18, 1, 5, 5, 1, 'Data', 0, 'data________'),
                    (20, 2, NULL, 21, 0, 'Loop A', 0, 'loop_a______'),
                    (21, 2, NULL, 20, 0, 'Loop B', 0, 'loop_b______');
                """)
        }
        return queue
    }

    func testAPlacesFileInUseIsCopiedReadAndLeftUntouched() throws {
        let profile = directory.url.appendingPathComponent(".mozilla/firefox/abcd1234.default-esr")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let places = profile.appendingPathComponent("places.sqlite")
        let firefox = try runningFirefox(at: places)
        defer { try? firefox.close() }
        let wal = URL(fileURLWithPath: places.path + "-wal")
        XCTAssertGreaterThan(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: wal.path)[.size] as? Int), 0,
                             "the bookmarks are in the log, as a running Firefox leaves them")
        XCTAssertThrowsError(try DatabaseQueue(path: places.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM moz_bookmarks") },
                             "Firefox's lock keeps another reader out of the file itself")
        let before = try [Data(contentsOf: places), Data(contentsOf: wal)]
        XCTAssertEqual(FirefoxBookmarks.placesFiles(home: directory.url), [places])

        let imported = try FirefoxBookmarks.read(places: places)
        var paths: [String] = []
        for item in imported.items { paths.append((item.parent.map { paths[$0] + "/" } ?? "") + item.title) }
        XCTAssertEqual(paths, [
            "Bookmarks Menu", "Bookmarks Menu/Reading", "Bookmarks Menu/Reading/LWN.net",
            "Bookmarks Toolbar", "Bookmarks Toolbar/Debian",
            "Other Bookmarks", "Other Bookmarks/<img src=x onerror=alert(1)>",
        ], "tags, separators and a loop no root reaches are left out; titles stay text")
        XCTAssertEqual(imported.items[2].uri, "https://lwn.net/")
        XCTAssertEqual(imported.items[2].added, Date(timeIntervalSince1970: 1_700_000_001))
        XCTAssertEqual(imported.report.leftOut, ["javascript:": 1, "data:": 1])
        XCTAssertEqual(try [Data(contentsOf: places), Data(contentsOf: wal)], before, "Firefox's files only read")
        XCTAssertEqual(try firefox.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM moz_bookmarks") }, 17, "Firefox still has its file")
    }

    func testWhatIsNotAPlacesFileIsRefusedNamingIt() throws {
        let text = directory.url.appendingPathComponent("places.sqlite")
        try Data("not a database".utf8).write(to: text)
        XCTAssertThrowsError(try FirefoxBookmarks.read(places: text)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(text.path): could not be read as a Firefox places database"), "\(error)")
        }
        let other = directory.url.appendingPathComponent("other.sqlite")
        try DatabaseQueue(path: other.path).write { try $0.execute(sql: "CREATE TABLE t (x)") }
        XCTAssertThrowsError(try FirefoxBookmarks.read(places: other)) { error in
            XCTAssertEqual("\(error)", "\(other.path): not a Firefox places database: it has no moz_bookmarks and moz_places tables")
        }
        XCTAssertThrowsError(try FirefoxBookmarks.read(places: directory.url)) { error in
            XCTAssertEqual((error as? DataProblem)?.file, directory.url.path)
        }
    }
}
