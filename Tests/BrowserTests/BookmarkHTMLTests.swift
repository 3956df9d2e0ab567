import Foundation
import JSONReader
import XCTest
@testable import BrowserModel

final class BookmarkHTMLTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/bookmarks")

    private func parse(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> BookmarkImport {
        try BookmarkHTML.parse(Data(("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n" + body).utf8), file: "test.html")
    }

    /// The import as "folder/folder/title" paths, for assertions that read like the tree.
    private func paths(_ imported: BookmarkImport) -> [String] {
        var paths: [String] = []
        for item in imported.items {
            let prefix = item.parent.map { paths[$0] + "/" } ?? ""
            paths.append(prefix + item.title)
        }
        return paths
    }

    func testAFirefoxExportWithFoldersReadsAsItsTreeAndLeavesOutWhatIsNotAPage() throws {
        let imported = try BookmarkHTML.read(contentsOf: Self.fixtures.appendingPathComponent("firefox-export.html"))
        XCTAssertEqual(paths(imported), [
            "Debian -- The Universal Operating System",
            "Reading",
            "Reading/LWN.net",
            "Reading/Rust & Swift",
            "Reading/Rust & Swift/Swift.org - Documentation",
            "Reading/Rust & Swift/The Rust Programming Language",
            "Bookmarks Toolbar",
            "Bookmarks Toolbar/GNOME – a desktop for everyone",
            "Bookmarks Toolbar/<img src=x onerror=alert(1)> Café",
            "Other Bookmarks",
            "Other Bookmarks/notes.html",
        ])
        XCTAssertEqual(imported.items[5].uri, "https://doc.rust-lang.org/book/?search=a&b", "entities in addresses decoded")
        XCTAssertEqual(imported.items[0].added, Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(imported.report.bookmarks, 7)
        XCTAssertEqual(imported.report.folders, 4)
        XCTAssertEqual(imported.report.leftOut, ["javascript:": 1, "place:": 1, "data:": 1])
        XCTAssertEqual(imported.report.description,
                       "7 bookmarks in 4 folders. Left out: 1 data: address (not a page), 1 javascript: address (not a page), 1 place: address (not a page).")

        var bookmarks = Bookmarks()
        let report = bookmarks.add(imported)
        XCTAssertEqual(report.bookmarks, 7)
        XCTAssertEqual(bookmarks.items(in: Bookmarks.rootID).map(\.title),
                       ["Favourites", "Debian -- The Universal Operating System", "Reading", "Bookmarks Toolbar", "Other Bookmarks"])
    }

    func testTitlesAreTextMarkupInsideIsDroppedAndEntitiesDecodedOnce() throws {
        let imported = try parse("""
            <DL><p>
            <DT><A HREF="https://a.example/">&lt;script&gt;alert(1)&lt;/script&gt;</A>
            <DT><A HREF="https://b.example/"><b onclick="x">Bold</b> &amp;amp; &#x1F600; &#0; &bogus; &#99999999;</A>
            <DT><H3>Folder <script>alert(2)</script></H3>
            </DL>
            """)
        XCTAssertEqual(imported.items.map(\.title), [
            "<script>alert(1)</script>", "Bold &amp; 😀 \u{FFFD} &bogus; \u{FFFD}", "Folder alert(2)",
        ])
    }

    func testExportEscapesEverythingAndReadsBackAsTheSameTree() throws {
        var bookmarks = Bookmarks()
        guard case .added(let folder) = bookmarks.addFolder(title: "A \"quoted\" <folder> & more") else { return XCTFail("folder") }
        bookmarks.addBookmark(uri: "https://x.example/?a=1&b=\"2\"'<>", title: "<img src=x onerror=alert(1)>", in: folder.id)
        bookmarks.addBookmark(uri: "https://tile.example/", title: "Tile", in: Bookmarks.favouritesID)
        let html = BookmarkHTML.export(bookmarks)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n"))
        XCTAssertFalse(html.contains("<img"), "no markup of a title reaches the file")
        XCTAssertTrue(html.contains("HREF=\"https://x.example/?a=1&amp;b=&quot;2&quot;&#39;&lt;&gt;\""))
        XCTAssertTrue(html.contains("<H3 ADD_DATE=\"\(Int(folder.added.timeIntervalSince1970))\">A &quot;quoted&quot; &lt;folder&gt; &amp; more</H3>"))

        let back = try BookmarkHTML.parse(Data(html.utf8), file: "export.html")
        XCTAssertEqual(paths(back), [
            "Favourites", "Favourites/Tile", "A \"quoted\" <folder> & more", "A \"quoted\" <folder> & more/<img src=x onerror=alert(1)>",
        ])
        XCTAssertEqual(back.items[3].uri, "https://x.example/?a=1&b=\"2\"'<>")
        XCTAssertEqual(back.report.leftOutCount, 0)
    }

    func testAFileThatIsNotABookmarkFileIsRefusedNamingIt() {
        XCTAssertThrowsError(try BookmarkHTML.parse(Data("<html><body><a href='https://x/'>x</a>".utf8), file: "/tmp/page.html")) { error in
            XCTAssertEqual("\(error)", "/tmp/page.html:1: not a bookmark file: it does not start with <!DOCTYPE NETSCAPE-Bookmark-file-1>")
        }
    }

    func testA500MegabyteFileIsRefusedBeforeItIsRead() throws {
        // A sparse file: 500 MB long, no disk used, so the test is cheap and the limit is what stops it.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bookmarks-\(UUID().uuidString).html")
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: Data("<!DOCTYPE NETSCAPE-Bookmark-file-1>".utf8)))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 500 * 1024 * 1024)
        try handle.close()
        XCTAssertThrowsError(try BookmarkHTML.read(contentsOf: url)) { error in
            XCTAssertEqual("\(error)", "\(url.path): the file is too large (500 MB; the limit is 64 MB)")
        }
        XCTAssertThrowsError(try BookmarkHTML.parse(Data(count: BookmarkFile.sizeLimit + 1), file: "big.html")) { error in
            XCTAssertTrue("\(error)".hasPrefix("big.html: the file is too large"), "\(error)")
        }
    }

    func testNesting100000DeepIsOnePassFlattenedPastTheDepthLimitLosingNoBookmark() throws {
        let depth = 100_000
        var body = ""
        body.reserveCapacity(depth * 40)
        body += "<DL><p>\n"
        for level in 0..<depth { body += "<DT><H3>L\(level)</H3>\n<DL><p>\n" }
        body += "<DT><A HREF=\"https://deep.example/\">Deep</A>\n"
        for _ in 0..<depth { body += "</DL><p>\n" }
        body += "<DT><A HREF=\"https://after.example/\">After</A>\n</DL>\n"
        let start = Date()
        let imported = try parse(body)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "one pass, not one per level")
        XCTAssertEqual(imported.report.folders, Bookmarks.depthLimit)
        XCTAssertEqual(imported.report.flattenedFolders, depth - Bookmarks.depthLimit)
        XCTAssertEqual(imported.items.filter { $0.uri != nil }.map(\.title), ["Deep", "After"])
        XCTAssertNil(imported.items.last?.parent, "the closing tags took the reader back to the top")
        XCTAssertTrue(imported.report.description.contains("99968 folders nested deeper than 32 were merged into their parent."),
                      imported.report.description)

        var bookmarks = Bookmarks()
        bookmarks.add(imported)
        let deep = try XCTUnwrap(bookmarks.bookmarks(for: "https://deep.example/").first)
        XCTAssertEqual(bookmarks.depth(of: deep.id), Bookmarks.depthLimit + 1)
    }

    func testManyUnclosedTagsAndAHugeTitleAreReadInBoundedTime() throws {
        var body = "<DL><p>\n"
        for i in 0..<50_000 { body += "<DT><A HREF=\"https://n\(i).example/\" ICON=\"data:image/png;base64,AAAA\">unclosed \(i)\n" }
        body += "<DT><A HREF=\"https://huge.example/\">" + String(repeating: "t", count: 20_000_000) + "</A>\n"
        body += "<DT><A HREF=\"javascript:alert(1)\">JS</A><DT><A HREF=\"DATA:text/html,x\">Data</A><DT><A>No address</A>"
        let start = Date()
        let imported = try parse(body)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(imported.report.bookmarks, 50_001)
        XCTAssertEqual(imported.items[7].title, "unclosed 7")
        XCTAssertEqual(imported.items.last?.title.count, Bookmarks.titleLimit)
        XCTAssertEqual(imported.report.leftOut, ["javascript:": 1, "data:": 1, "no address": 1])
    }

    func testPastTheCountLimitIsCountedNotRead() throws {
        var body = "<DL><p>\n"
        for i in 0..<(Bookmarks.countLimit + 5) { body += "<DT><A HREF=\"https://n\(i).example/\">\(i)</A>\n" }
        let imported = try parse(body)
        XCTAssertEqual(imported.items.count, Bookmarks.countLimit)
        XCTAssertEqual(imported.report.overLimit, 5)
        XCTAssertTrue(imported.report.description.contains("Left out: 5 past the limit of 100000 items."), imported.report.description)
    }
}
