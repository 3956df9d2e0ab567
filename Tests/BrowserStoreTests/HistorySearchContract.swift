import BrowserModel
import Foundation
import XCTest
@testable import BrowserStore

/// What `searchHistory` promises, run against the SQLite store (its index) and the in-memory store.
enum HistorySearchContract {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    static func exercise(_ store: any BrowsingDataStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let day: TimeInterval = 86_400
        try store.recordVisit(uri: "https://www.debian.org/doc/manuals/debian-reference/", title: "Debian Reference",
                              at: now.addingTimeInterval(-200 * day))
        try store.recordVisit(uri: "https://cafe.example/menu", title: "Café Crème — Menu", at: now.addingTimeInterval(-day))
        try store.recordVisit(uri: "https://www.tokyo.example/", title: "東京都庁の案内", at: now.addingTimeInterval(-day))
        try store.recordVisit(uri: "https://quotes.example/", title: "He said \"NEAR\" AND left * 100% _done_",
                              at: now.addingTimeInterval(-2 * day))
        for i in 0..<3 {
            try store.recordVisit(uri: "https://news.example/debate", title: "Debate night", at: now.addingTimeInterval(-Double(i) * 3600))
        }
        try store.recordVisit(uri: "https://typed.example/debug", title: "Debugging guide", at: now.addingTimeInterval(-3 * day),
                              transition: .typed)

        func uris(_ text: String, limit: Int = 10) throws -> [String] {
            try store.searchHistory(text, limit: limit, now: now).map(\.uri)
        }

        XCTAssertEqual(try uris("reference"), ["https://www.debian.org/doc/manuals/debian-reference/"],
                       "one word of an old page's title", file: file, line: line)
        XCTAssertEqual(try uris("ref deb"), ["https://www.debian.org/doc/manuals/debian-reference/"],
                       "two word prefixes out of order", file: file, line: line)
        XCTAssertEqual(try uris("DEB"), ["https://typed.example/debug", "https://news.example/debate",
                                         "https://www.debian.org/doc/manuals/debian-reference/"],
                       "frecency order: a typed visit (20 points) over three recent link visits over one old one", file: file, line: line)
        XCTAssertEqual(try uris("DEB", limit: 1), ["https://typed.example/debug"], file: file, line: line)
        XCTAssertEqual(try uris("ebian"), [], "a mid-word piece is not a word prefix", file: file, line: line)
        XCTAssertEqual(try uris("cafe creme"), ["https://cafe.example/menu"], "accents and case fold", file: file, line: line)
        XCTAssertEqual(try uris("CAFÉ"), ["https://cafe.example/menu"], file: file, line: line)
        XCTAssertEqual(try uris("京都"), ["https://www.tokyo.example/"], "text without spaces matches inside", file: file, line: line)
        XCTAssertEqual(try uris("都庁の"), ["https://www.tokyo.example/"], "three characters: the trigram index", file: file, line: line)
        XCTAssertEqual(try uris("大阪"), [], file: file, line: line)
        XCTAssertEqual(try uris("www.debian"), ["https://www.debian.org/doc/manuals/debian-reference/"],
                       "an address as typed", file: file, line: line)

        // Typed text is data, never query syntax: no error, and nothing matches that the text doesn't contain.
        for text in ["\"", "\"\"", "*", "%", "_", "NEAR", "AND", "OR", "NOT", "\"deb", "deb\"", "de*b", "title:deb",
                     "^deb", "(deb", "deb)", "-deb", "+", "NEAR(deb ref)", "deb AND", "100%", "_done_", "'", "\\"] {
            XCTAssertNoThrow(try store.searchHistory(text, limit: 10, now: now), "\(text)", file: file, line: line)
        }
        XCTAssertEqual(try uris("%"), ["https://quotes.example/"], "% is a character", file: file, line: line)
        XCTAssertEqual(try uris("\""), ["https://quotes.example/"], "so is a quote", file: file, line: line)
        XCTAssertEqual(try uris("*"), ["https://quotes.example/"], file: file, line: line)
        XCTAssertEqual(try uris("near and"), ["https://quotes.example/"], "NEAR and AND are words", file: file, line: line)
        XCTAssertEqual(try uris("AND"), ["https://quotes.example/"], file: file, line: line)
        XCTAssertEqual(try uris("\"near\""), ["https://quotes.example/"], file: file, line: line)
        XCTAssertEqual(try uris("zzz OR deb"), [], "OR is a word, not an operator", file: file, line: line)

        XCTAssertEqual(try uris("", limit: 2), ["https://typed.example/debug", "https://news.example/debate"],
                       "nothing typed: the top of all history", file: file, line: line)
        XCTAssertEqual(try uris("deb", limit: 0), [], file: file, line: line)

        // The index follows renames and removals.
        try store.updateTitle("Renamed Handbook", forURI: "https://cafe.example/menu")
        XCTAssertEqual(try uris("creme"), [], "the old title's words are gone", file: file, line: line)
        XCTAssertEqual(try uris("handb"), ["https://cafe.example/menu"], file: file, line: line)
        try store.updateTitle("大阪城", forURI: "https://www.tokyo.example/")
        XCTAssertEqual(try uris("京都"), [], file: file, line: line)
        XCTAssertEqual(try uris("阪城"), ["https://www.tokyo.example/"], file: file, line: line)
        try store.replaceVisit(old: "https://typed.example/debug", new: "https://typed.example/debug2", title: "Debugging guide", at: now)
        XCTAssertEqual(try uris("debugging"), ["https://typed.example/debug2"], "a replaced page's row and its index entry go", file: file, line: line)
        try store.clearHistory()
        XCTAssertEqual(try uris(""), [], file: file, line: line)
        XCTAssertEqual(try uris("deb"), [], file: file, line: line)
    }
}
