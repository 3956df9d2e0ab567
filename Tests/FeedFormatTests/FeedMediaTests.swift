@testable import FeedFormat
import Foundation
import XCTest

/// An article's audio or video file and its duration, from every place feeds put one (issue 36;
/// docs/feeds.md, "Formats").
final class FeedMediaTests: XCTestCase {
    /// A podcast: the enclosure's type says audio, `itunes:duration` gives its length in each of its
    /// forms, garbage and a week-long duration say nothing, a picture enclosure is not the episode.
    func testPodcastEnclosuresWithItunesDurations() throws {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Cast</title>
            <item><title>Seconds</title><guid>e1</guid><enclosure url="https://cdn.example/1.mp3" type="audio/mpeg" length="9"/>
              <itunes:duration>95</itunes:duration></item>
            <item><title>Minutes</title><guid>e2</guid><enclosure url="/files/2.m4a" type="audio/x-m4a"/><itunes:duration>75:30</itunes:duration></item>
            <item><title>Hours</title><guid>e3</guid><enclosure url="https://cdn.example/3.mp3" type="audio/mpeg"/><itunes:duration>1:02:03.5</itunes:duration></item>
            <item><title>Garbage</title><guid>e4</guid><enclosure url="https://cdn.example/4.mp3" type="audio/mpeg"/><itunes:duration>about an hour</itunes:duration></item>
            <item><title>A week</title><guid>e5</guid><enclosure url="https://cdn.example/5.mp3" type="audio/mpeg"/><itunes:duration>200:00:00</itunes:duration></item>
            <item><title>Cover first</title><guid>e6</guid><enclosure url="https://cdn.example/6.jpg" type="image/jpeg"/>
              <enclosure url="https://cdn.example/6.ogg"/></item>
            <item><title>Not media</title><guid>e7</guid><enclosure url="https://cdn.example/7.pdf" type="application/pdf"/></item>
            <item><title>Odd type</title><guid>e8</guid><enclosure url="https://cdn.example/8.mp4" type="application/octet-stream"/></item>
            <item><title>No file</title><guid>e9</guid><enclosure url="file:///etc/passwd.mp3" type="audio/mpeg"/></item>
            </channel></rss>
            """)
        let media = feed.articles.map(\.media)
        XCTAssertEqual(media[0], ParsedMedia(url: URL(string: "https://cdn.example/1.mp3")!, kind: .audio, mimeType: "audio/mpeg", duration: 95))
        XCTAssertEqual(media[1]?.url.absoluteString, "https://example.org/files/2.m4a", "resolved like links")
        XCTAssertEqual(media[1]?.duration, 75 * 60 + 30)
        XCTAssertEqual(media[2]?.duration, 3_723.5)
        XCTAssertEqual(media[3]?.kind, .audio)
        XCTAssertNil(media[3]?.duration, "garbage is no duration")
        XCTAssertNil(media[4]?.duration, "over FeedFormatLimits.mediaDuration")
        XCTAssertEqual(media[5], ParsedMedia(url: URL(string: "https://cdn.example/6.ogg")!, kind: .audio), "known by its extension")
        XCTAssertEqual(feed.articles[5].imageURL?.absoluteString, "https://cdn.example/6.jpg")
        XCTAssertNil(media[6])
        XCTAssertEqual(media[7]?.kind, .video, "a generic type says nothing; the extension does")
        XCTAssertNil(media[7]?.mimeType)
        XCTAssertNil(media[8], "only http(s)")
    }

    /// Media RSS: `media:content` inside `media:group` with `medium` or `type`, its own duration
    /// before `itunes:duration`; the first audio or video wins.
    func testMediaRSSGroupsAndTheirDurations() throws {
        let feed = try parsedFeed("""
            <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
            <channel><title>Clips</title>
            <item><guid>c1</guid><media:group>
              <media:content url="https://cdn.example/c1.jpg" medium="image"/>
              <media:content url="https://cdn.example/c1-hd.webm" medium="video" type="video/webm" duration="61"/>
              <media:content url="https://cdn.example/c1-sd.webm" medium="video" duration="62"/>
              <media:title>A clip</media:title></media:group><itunes:duration>5</itunes:duration></item>
            <item><guid>c2</guid><media:content url="https://cdn.example/c2" type="audio/ogg"/><itunes:duration>00:42</itunes:duration>
              <title>Sound</title></item>
            </channel></rss>
            """)
        XCTAssertEqual(feed.articles[0].media,
                       ParsedMedia(url: URL(string: "https://cdn.example/c1-hd.webm")!, kind: .video, mimeType: "video/webm", duration: 61))
        XCTAssertEqual(feed.articles[0].title, "A clip", "titles from media:title as before")
        XCTAssertEqual(feed.articles[0].imageURL?.absoluteString, "https://cdn.example/c1.jpg")
        XCTAssertEqual(feed.articles[1].media,
                       ParsedMedia(url: URL(string: "https://cdn.example/c2")!, kind: .audio, mimeType: "audio/ogg", duration: 42))
    }

    /// Atom's `link rel="enclosure"` against `xml:base`, and JSON Feed's attachments.
    func testAtomEnclosuresAndJSONFeedAttachments() throws {
        let atom = try parsedFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://media.example/show/"><title>Show</title>
            <entry><id>urn:x:1</id><title>One</title><link href="https://media.example/1"/>
              <link rel="enclosure" type="image/png" href="cover.png"/>
              <link rel="enclosure" type="video/mp4" href="one.mp4" length="100"/></entry>
            </feed>
            """)
        XCTAssertEqual(atom.articles[0].media,
                       ParsedMedia(url: URL(string: "https://media.example/show/one.mp4")!, kind: .video, mimeType: "video/mp4"))

        let json = try parsedFeed("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "Pod", "items": [
              {"id": "1", "title": "One", "attachments": [
                {"url": "https://cdn.example/notes.pdf", "mime_type": "application/pdf"},
                {"url": "https://cdn.example/one.mp3", "mime_type": "audio/mpeg", "duration_in_seconds": 1800}]},
              {"id": "2", "title": "Two", "attachments": [{"url": "javascript:alert(1)", "mime_type": "audio/mpeg"}]},
              {"id": "3", "title": "Three", "attachments": [{"url": "/three.opus", "duration_in_seconds": 99999999}]}]}
            """)
        XCTAssertEqual(json.articles[0].media,
                       ParsedMedia(url: URL(string: "https://cdn.example/one.mp3")!, kind: .audio, mimeType: "audio/mpeg", duration: 1_800))
        XCTAssertNil(json.articles[1].media)
        XCTAssertEqual(json.articles[2].media, ParsedMedia(url: URL(string: "https://example.org/three.opus")!, kind: .audio))
    }

    /// A relative `id` (or permalink `guid`) is resolved against `xml:base` and the feed's address,
    /// as the reference parser does; `tag:` ids, absolute ones, bare numbers and `isPermaLink="false"`
    /// guids are kept as written.
    func testARelativeIdIsResolved() throws {
        let atom = try parsedFeed("""
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <entry xml:base="https://other.example/posts/"><id>p/12</id><title>Based</title></entry>
            <entry><id>12</id><title>A number</title></entry>
            <entry><id>/relative/link</id><title>Against the feed</title></entry>
            <entry><id>tag:example.org,2026:3</id><title>Tag</title></entry>
            </feed>
            """)
        XCTAssertEqual(atom.articles.map(\.guid), ["https://other.example/posts/p/12", "12", "https://example.org/relative/link",
                                                    "tag:example.org,2026:3"])
        let rss = try parsedFeed("""
            <rss version="2.0"><channel><title>T</title>
            <item><title>A</title><guid>/p/1</guid></item>
            <item><title>B</title><guid isPermaLink="false">/p/2</guid></item>
            <item><title>C</title><guid>https://example.com/p/3</guid></item>
            </channel></rss>
            """)
        XCTAssertEqual(rss.articles.map(\.guid), ["https://example.org/p/1", "/p/2", "https://example.com/p/3"])
    }

    func testDurationForms() {
        XCTAssertEqual(MediaFile.duration("59"), 59)
        XCTAssertEqual(MediaFile.duration("1:00:00"), 3_600)
        XCTAssertEqual(MediaFile.duration(" 12.25 "), 12.25)
        for garbage in ["", "1:2:3:4", "1:75", "-5", "1,5", "abc", "1::2", "0", "1e9"] {
            XCTAssertNil(MediaFile.duration(garbage), garbage)
        }
    }
}
