import FeedFormat
import Foundation
import XCTest

/// The card's picture, first of: media:content/media:thumbnail (largest), an image enclosure,
/// itunes:image, the first <img> of the content (docs/feeds.md, "Pictures").
final class FeedPicturesTests: XCTestCase {
    private func picture(_ item: String) throws -> String? {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
                 xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>P</title>
            <item><title>x</title>\(item)</item></channel></rss>
            """)
        return feed.articles.first?.imageURL?.absoluteString
    }

    private let enclosure = #"<enclosure url="https://e.example/enc.jpg" type="image/jpeg" length="1"/>"#
    private let itunes = #"<itunes:image href="https://e.example/itunes.jpg"/>"#
    private let content = #"<content:encoded>&lt;p&gt;&lt;img src="img/in-content.jpg"&gt;&lt;/p&gt;</content:encoded>"#

    func testMediaComesFirst() throws {
        let media = #"<media:thumbnail url="https://e.example/thumb.jpg" width="100" height="100"/>"#
        XCTAssertEqual(try picture(content + itunes + enclosure + media), "https://e.example/thumb.jpg")
    }

    func testTheLargestMediaImageWinsAndVideosDoNot() throws {
        XCTAssertEqual(try picture("""
            <media:content url="https://e.example/video.mp4" type="video/mp4" width="4000" height="4000">
              <media:thumbnail url="https://e.example/poster.jpg" width="640" height="360"/>
            </media:content>
            <media:thumbnail url="https://e.example/small.jpg" width="64" height="64"/>
            """), "https://e.example/poster.jpg")
    }

    func testThenAnImageEnclosureThenItunesThenTheContent() throws {
        XCTAssertEqual(try picture(content + itunes + enclosure), "https://e.example/enc.jpg")
        XCTAssertEqual(try picture(content + itunes + #"<enclosure url="https://e.example/a.mp3" type="audio/mpeg"/>"#),
                       "https://e.example/itunes.jpg")
        XCTAssertEqual(try picture(content), "https://example.org/blog/img/in-content.jpg", "relative to the feed's address")
    }

    func testNoPicture() throws {
        XCTAssertNil(try picture("<description>words only</description>"))
    }
}
