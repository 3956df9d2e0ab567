import FeedFormat
import Foundation
import XCTest

/// Adding a site's address finds its feeds; what is not a feed is named (docs/feeds.md).
final class FeedDiscoveryTests: XCTestCase {
    private let page = URL(string: "https://example.org/blog/post.html")!

    func testTheFeedLinksOfAPageInOrderResolvedWithoutRepeats() {
        let html = """
            <!DOCTYPE html><html><head><title>Blog</title>
            <link rel="stylesheet" href="/style.css">
            <link rel="search" type="application/atom+xml" href="/search.xml">
            <LINK REL="Alternate" TYPE="application/rss+xml" TITLE="Posts &amp; notes" HREF="feed.xml">
            <link rel="alternate" type="application/atom+xml" href="https://example.org/atom.xml" title="">
            <link rel="alternate home" type="application/feed+json" href="/feed.json">
            <link rel="alternate" type="application/rss+xml" href="/blog/feed.xml">
            <link rel="alternate" type="text/html" hreflang="fr" href="/fr/">
            <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
            </head><body><p>Unclosed <b>markup<div></body></html>
            """
        let feeds = FeedDiscovery.feedLinks(inHTML: Data(html.utf8), pageURL: page)
        XCTAssertEqual(feeds, [
            DiscoveredFeed(url: URL(string: "https://example.org/blog/feed.xml")!, title: "Posts & notes", type: "application/rss+xml"),
            DiscoveredFeed(url: URL(string: "https://example.org/atom.xml")!, title: nil, type: "application/atom+xml"),
            DiscoveredFeed(url: URL(string: "https://example.org/feed.json")!, title: nil, type: "application/feed+json"),
        ])
    }

    func testABaseElementAndALinkInTheBody() {
        let html = #"<html><head><base href="https://cdn.example.net/sub/"></head><body><link rel="alternate" type="application/json" href="f.json"></body></html>"#
        XCTAssertEqual(FeedDiscovery.feedLinks(inHTML: Data(html.utf8), pageURL: page).map(\.url.absoluteString),
                       ["https://cdn.example.net/sub/f.json"])
    }

    func testAPagesSharedPictureIsItsOpenGraphImageElseTwitters() {
        let both = """
            <html><head><meta name="twitter:image" content="/t.png"><base href="https://cdn.example.net/">
            <meta property="og:image" content="pictures/og.jpg"><meta property="og:image" content="/second.jpg"></head></html>
            """
        XCTAssertEqual(FeedDiscovery.sharedPicture(inHTML: Data(both.utf8), pageURL: page)?.absoluteString, "https://cdn.example.net/pictures/og.jpg")
        let twitter = #"<html><head><meta name="twitter:image" content="/t.png"><meta property="og:image" content="javascript:x"></head>"#
        XCTAssertEqual(FeedDiscovery.sharedPicture(inHTML: Data(twitter.utf8), pageURL: page)?.absoluteString, "https://example.org/t.png")
        // The head cut short (the fetcher reads only the first 256 KB) still gives what it holds.
        let cut = #"<html><head><title>x</title><meta property="og:image:secure_url" content="https://example.org/s.png"><meta name="desc"#
        XCTAssertEqual(FeedDiscovery.sharedPicture(inHTML: Data(cut.utf8), pageURL: page)?.absoluteString, "https://example.org/s.png")
        XCTAssertNil(FeedDiscovery.sharedPicture(inHTML: Data("<html><body>Hi</body></html>".utf8), pageURL: page))
    }

    func testASitesIconIsItsTouchIconElseAPNGIconElseAnyButSVG() {
        func icon(_ head: String) -> String? {
            FeedDiscovery.iconLink(inHTML: Data("<html><head>\(head)</head><body></body></html>".utf8), pageURL: page)?.absoluteString
        }
        XCTAssertEqual(icon(#"<link rel="icon" href="/f.ico"><link rel="apple-touch-icon" href="/touch.png">"#), "https://example.org/touch.png")
        XCTAssertEqual(icon(#"<link rel="shortcut icon" href="/f.ico"><link rel="icon" type="image/png" sizes="32x32" href="i32.png">"#),
                       "https://example.org/blog/i32.png")
        XCTAssertEqual(icon(#"<link rel="icon" href="/i.svg"><link rel="icon" href="/f.ico">"#), "https://example.org/f.ico")
        XCTAssertNil(icon(#"<link rel="icon" type="image/svg+xml" href="/i"><link rel="stylesheet" href="/s.css">"#))
    }

    func testAPageWithoutFeedsAndGarbage() {
        XCTAssertEqual(FeedDiscovery.feedLinks(inHTML: Data("<html><body>Hi</body></html>".utf8), pageURL: page), [])
        XCTAssertEqual(FeedDiscovery.feedLinks(inHTML: Data([0xFF, 0x00, 0x3C]), pageURL: page), [])
        XCTAssertEqual(FeedDiscovery.feedLinks(inHTML: Data(), pageURL: page), [])
    }

    func testTheSnifferTellsKindsApart() {
        XCTAssertEqual(FeedSniffer.kind(of: Data("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><rss/>".utf8)), .xmlFeed)
        XCTAssertEqual(FeedSniffer.kind(of: Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"/>".utf8)), .xmlFeed)
        XCTAssertEqual(FeedSniffer.kind(of: Data("<rdf:RDF/>".utf8)), .xmlFeed)
        XCTAssertEqual(FeedSniffer.kind(of: Data("  {\"version\": \"https://jsonfeed.org/version/1.1\"}".utf8)), .jsonFeed)
        XCTAssertEqual(FeedSniffer.kind(of: Data("<!doctype HTML><p>hi".utf8)), .htmlPage)
        XCTAssertEqual(FeedSniffer.kind(of: Data("<p>fragment</p>".utf8), contentType: "text/html; charset=utf-8"), .htmlPage)
        XCTAssertEqual(FeedSniffer.kind(of: Data([0xFF, 0xD8, 0xFF, 0xE0])), .image("image/jpeg"))
        XCTAssertEqual(FeedSniffer.kind(of: Data("GIF89a".utf8)), .image("image/gif"))
        XCTAssertEqual(FeedSniffer.kind(of: Data("hello".utf8), contentType: "image/x-unknown"), .image("image/x-unknown"))
        XCTAssertEqual(FeedSniffer.kind(of: Data("hello".utf8)), .other)
        XCTAssertEqual(FeedSniffer.kind(of: Data("   ".utf8)), .empty)
    }

    func testTheMessagesSayWhatItIs() {
        XCTAssertEqual(FeedFormatError.notAFeed(.htmlPage).description, "This address is a web page, not a feed, and the page links to no feed.")
        XCTAssertEqual(FeedFormatError.notAFeed(.image("image/png")).description, "This address is a picture (image/png), not a feed.")
    }
}
