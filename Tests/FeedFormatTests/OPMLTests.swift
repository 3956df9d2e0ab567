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
}
