import FeedFormat
import Foundation
import XCTest

/// Subscriptions in and out with their titles and folders (docs/feeds.md, "Discovery and OPML").
final class OPMLTests: XCTestCase {
    private let entries = [
        OPMLEntry(title: "Harbour & Hills", xmlURL: URL(string: "https://example.org/feed.xml?a=1&b=2")!,
                  htmlURL: URL(string: "https://example.org/")!, folder: "Travel"),
        OPMLEntry(title: "Orchard \"Journal\" <3", xmlURL: URL(string: "https://example.com/feed.json")!, folder: nil),
        OPMLEntry(title: "Lighthouse", xmlURL: URL(string: "https://example.net/atom.xml")!, folder: "Travel"),
        OPMLEntry(title: "Field Notes", xmlURL: URL(string: "https://example.org/rdf")!, folder: "Science"),
    ]

    func testWriteThenReadRoundTrips() throws {
        let data = OPML.write(entries)
        let read = try OPML.read(data: data).get()
        XCTAssertEqual(Set(read), Set(entries))
        XCTAssertEqual(read.map(\.title), ["Harbour & Hills", "Lighthouse", "Field Notes", "Orchard \"Journal\" <3"],
                       "folders first, in the order they appear")
    }

    func testNestedOutlinesAreFoldersAndOddExportsRead() throws {
        let opml = """
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>Export</title></head><body>
              <outline text="News">
                <outline title="World">
                  <outline text="Daily" type="rss" xmlurl="https://news.example/daily.xml"/>
                </outline>
                <outline text="" xmlUrl="https://news.example/untitled.xml"/>
              </outline>
              <outline text="Dup" xmlUrl="https://news.example/daily.xml"/>
              <outline text="Not a feed" xmlUrl="file:///etc/passwd"/>
              <outline text="Top" xmlUrl="https://top.example/rss"/>
            </body></opml>
            """
        let read = try OPML.read(data: Data(opml.utf8)).get()
        XCTAssertEqual(read, [
            OPMLEntry(title: "Daily", xmlURL: URL(string: "https://news.example/daily.xml")!, folder: "News / World"),
            OPMLEntry(title: "news.example", xmlURL: URL(string: "https://news.example/untitled.xml")!, folder: "News"),
            OPMLEntry(title: "Top", xmlURL: URL(string: "https://top.example/rss")!, folder: nil),
        ])
    }

    func testWhatIsNotOPMLIsRefused() {
        XCTAssertThrowsError(try OPML.read(data: Data("<rss/>".utf8)).get())
        XCTAssertThrowsError(try OPML.read(data: Data()).get())
        XCTAssertThrowsError(try OPML.read(data: Data(count: FeedFormatLimits.documentBytes + 1)).get())
    }

    /// Nothing in a file is left out without a word: past the 5,000 limit, not web addresses,
    /// folders nested too deep — each counted, the first few named.
    func testWhatIsLeftOutIsCountedAndNamed() throws {
        var outlines = (0..<5_004).map { "<outline text='F\($0)' xmlUrl='https://feeds.example/\($0).xml'/>" }
        outlines += ["<outline text='Local' xmlUrl='file:///etc/passwd'/>", "<outline text='Script' xmlUrl='javascript:alert(1)'/>"]
        // Folders 40 deep, a feed at the bottom, then one more feed at the top level after them.
        let deep = String(repeating: "<outline text='Deeper'>", count: 40) + "<outline text='Bottom' xmlUrl='https://deep.example/rss'/>"
            + String(repeating: "</outline>", count: 40)
        let opml = "<opml version='2.0'><body>\(deep)\(outlines.joined())<outline text='Last' xmlUrl='ftp://files.example/feed'/></body></opml>"
        let read = try OPML.document(data: Data(opml.utf8)).get()
        XCTAssertEqual(read.entries.count, 5_000)
        XCTAssertEqual(read.entries.last?.xmlURL.absoluteString, "https://feeds.example/4999.xml")
        XCTAssertEqual(read.notices, [
            "4 feeds past the first 5,000 of the file were not imported: https://feeds.example/5000.xml, https://feeds.example/5001.xml, "
                + "https://feeds.example/5002.xml and 1 more",
            "3 entries were skipped, not web addresses: file:///etc/passwd, javascript:alert(1), ftp://files.example/feed",
            "1 feed in folders nested deeper than 32 levels was not imported",
        ])
    }

    /// Deeper than libxml2 reads (256 levels): the file is refused with that said, rather than read
    /// to the depth and silently cut there with everything after it.
    func testAFileNestedDeeperThanTheParserReadsIsRefusedAndTold() {
        let deep = String(repeating: "<outline text='D'>", count: 300) + String(repeating: "</outline>", count: 300)
        let opml = "<opml version='2.0'><body>\(deep)<outline text='After' xmlUrl='https://after.example/rss'/></body></opml>"
        let result = OPML.document(data: Data(opml.utf8))
        switch result {
        case .success(let read): XCTFail("read \(read.entries.count) entries from a file the parser could not finish")
        case .failure(let error): XCTAssertEqual(error.description, "The feed cannot be read (not an OPML file: nested deeper than 256 levels).")
        }
    }
}
