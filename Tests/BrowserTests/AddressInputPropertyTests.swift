import Foundation
import TestClock
import XCTest
@testable import BrowserModel

/// Every run checks the same cases (TestClock's SplitMix), and a failure names its seed and case
/// number and can be replayed.
typealias SeededGenerator = SplitMix

extension SplitMix {
    mutating func string(_ length: ClosedRange<Int>, from alphabet: [Character]) -> String {
        String((0..<Int.random(in: length, using: &self)).map { _ in alphabet.randomElement(using: &self) ?? "a" })
    }

    mutating func randomCase(_ text: String) -> String {
        String(text.map { Bool.random(using: &self) ? Character($0.uppercased()) : Character($0.lowercased()) })
    }
}

/// Properties of address resolution over thousands of generated inputs. Each check says what a
/// user would see go wrong: a path or query changed, a search that lost words, script run from
/// the address bar, or the browser crashing on pasted junk.
final class AddressInputPropertyTests: XCTestCase {
    static let seed: UInt64 = 0x5EED_5C1F_F000_0001
    static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    static let letters = lower + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    static let digits = Array("0123456789")
    static let hex = Array("0123456789abcdefABCDEF")
    /// Characters that may appear unencoded in a path, query or fragment (RFC 3986 pchar and friends).
    static let pathCharacters = letters + digits + Array("-._~!$&'()*+,;=:@%") + ["é", "ß", "日"]

    private func trimmed(_ typed: String) -> String {
        typed.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(.controlCharacters))
    }

    // MARK: Hosts

    func testHostsWithPathsAndQueriesKeepEveryCharacterAndCase() {
        var rng = SeededGenerator(seed: Self.seed)
        for n in 0..<2_000 {
            let labels = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                rng.string(1...1, from: Self.letters) + rng.string(0...10, from: Self.letters + Self.digits + ["-"])
            }
            var tld = rng.string(2...6, from: Self.letters)
            while ["local", "localhost"].contains(tld.lowercased()) { tld = rng.string(2...6, from: Self.letters) }
            var typed = (labels + [tld]).joined(separator: ".")
            if Bool.random(using: &rng) { typed += ":\(Int.random(in: 1...65535, using: &rng))" }
            for _ in 0..<Int.random(in: 0...3, using: &rng) { typed += "/" + rng.string(0...12, from: Self.pathCharacters) }
            if Bool.random(using: &rng) { typed += "?" + rng.string(0...20, from: Self.pathCharacters + ["/", "?"]) }
            if Bool.random(using: &rng) { typed += "#" + rng.string(0...10, from: Self.pathCharacters + ["/", "?", "#"]) }

            let padded = String(repeating: " ", count: Int.random(in: 0...2, using: &rng)) + typed + " "
            XCTAssertEqual(AddressInput.resolve(padded), .httpsFirst("https://" + typed, httpFallback: "http://" + typed),
                           "case \(n): \(typed)")
        }
    }

    // MARK: IPv6

    private func randomIPv6(_ rng: inout SeededGenerator) -> String {
        var groups = (0..<8).map { _ in rng.string(1...4, from: Self.hex) }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            groups.removeLast(2)
            groups.append((0..<4).map { _ in String(Int.random(in: 0...255, using: &rng)) }.joined(separator: "."))
        }
        let hexGroups = groups.last?.contains(".") == true ? groups.count - 1 : groups.count
        guard Bool.random(using: &rng) else { return groups.joined(separator: ":") }
        // Compress a run of groups (possibly all of them) into "::".
        let start = Int.random(in: 0...hexGroups, using: &rng)
        let end = Int.random(in: start...hexGroups, using: &rng)
        guard end > start else { return groups.joined(separator: ":") }
        return groups[..<start].joined(separator: ":") + "::" + groups[end...].joined(separator: ":")
    }

    func testIPv6AddressesLoadOverHTTPInBrackets() {
        var rng = SeededGenerator(seed: Self.seed ^ 6)
        for n in 0..<2_000 {
            let address = randomIPv6(&rng)
            let path = Bool.random(using: &rng) ? "/" + rng.string(0...10, from: Self.pathCharacters) : ""
            XCTAssertEqual(AddressInput.resolve(address + path), .url("http://[\(address)]\(path)"), "case \(n): bare \(address)")
            let port = ":\(Int.random(in: 1...65535, using: &rng))"
            XCTAssertEqual(AddressInput.resolve("[\(address)]\(port)\(path)"), .url("http://[\(address)]\(port)\(path)"),
                           "case \(n): bracketed \(address)")
        }
    }

    /// The C library's parser is the reference: whatever inet_pton calls IPv6 we load, nothing else.
    func testIPv6RecognitionAgreesWithTheSystemParser() {
        var rng = SeededGenerator(seed: Self.seed ^ 7)
        var agreedValid = 0
        let edges = ["::", "1::", "::1", "1:2:3:4:5:6:7::", "::1:2:3:4:5:6:7", "1:2:3:4:5:6::1.2.3.4", "1:2:3:4:5:6:1.2.3.4",
                     "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.04", "::01.2.3.4", "::0.0.0.0", ":1::2", "1::2:", "1.2.3.4::", "::1.2.3",
                     "::256.1.1.1", "1:2:3:4:5:6:7:8:9", "00000::1", "1::2::3", ":::"]
        for n in 0..<(20_000 + edges.count) {
            let text = n < edges.count ? edges[n] : n % 2 == 0 ? randomIPv6(&rng) : rng.string(1...24, from: Self.hex + [":", ":", ":", ".", "g"])
            var buffer = [UInt8](repeating: 0, count: 16)
            let system = inet_pton(AF_INET6, text, &buffer) == 1
            XCTAssertEqual(AddressInput.isIPv6(text), system, "case \(n): \(text)")
            if system { agreedValid += 1 }
        }
        XCTAssertGreaterThan(agreedValid, 5_000, "the generator must produce real addresses too")
    }

    // MARK: Search

    func testSearchPhrasesAlwaysReachTheEngineWordForWord() throws {
        var rng = SeededGenerator(seed: Self.seed ^ 2)
        let wordCharacters = Self.letters + Self.digits + Array("&=+#%?;,.!'\"()[]@$*-_") + ["é", "ß", "日", "本", "🙂", "ĳ"]
        for n in 0..<2_000 {
            let words = (0..<Int.random(in: 2...5, using: &rng)).map { _ in rng.string(1...8, from: wordCharacters) }
            var phrase = words[0]
            for word in words.dropFirst() { phrase += String(repeating: " ", count: Int.random(in: 1...3, using: &rng)) + word }
            let typed = String(repeating: " ", count: Int.random(in: 0...2, using: &rng)) + phrase + (Bool.random(using: &rng) ? "\n" : "")

            guard case .search(let query, let url)? = AddressInput.resolve(typed) else {
                XCTFail("case \(n): \(typed.debugDescription) → \(String(describing: AddressInput.resolve(typed)))")
                continue
            }
            XCTAssertEqual(query, phrase, "case \(n)")
            XCTAssertTrue(url.hasPrefix("https://duckduckgo.com/?q="), "case \(n): \(url)")
            let items = URLComponents(string: url)?.queryItems
            XCTAssertEqual(items?.count, 1, "case \(n): nothing in the phrase splits the query: \(url)")
            XCTAssertEqual(items?.first?.name, "q", "case \(n)")
            XCTAssertEqual(items?.first?.value, phrase, "case \(n): the engine decodes exactly the phrase: \(url)")
            XCTAssertFalse(url.contains(" ") || url.contains("+"), "case \(n): no character a form decoder would alter: \(url)")
        }
    }

    func testCustomEnginesGetTheSameEncodedQuery() throws {
        var rng = SeededGenerator(seed: Self.seed ^ 3)
        for n in 0..<500 {
            let prefix = "https://" + rng.string(3...8, from: Self.lower) + ".example/" + rng.string(0...6, from: Self.lower) + "?x=1&q="
            let engine = try XCTUnwrap(SearchEngine(name: "E\(n)", template: prefix + "%s"))
            let phrase = rng.string(1...6, from: Self.letters) + " " + rng.string(1...6, from: Self.letters + Array("&=#+"))
            let url = try XCTUnwrap(AddressInput.resolve(phrase, searchEngine: engine)?.uri)
            XCTAssertTrue(url.hasPrefix(prefix), "case \(n): \(url)")
            XCTAssertEqual(URLComponents(string: url)?.queryItems?.first(where: { $0.name == "q" })?.value, phrase, "case \(n)")
        }
    }

    // MARK: Never javascript:

    /// What WebKit would make of a URI's scheme: tabs and newlines dropped, leading controls and
    /// spaces dropped, view-source: unwrapped, case folded.
    private func effectiveScheme(_ uri: String) -> String {
        var rest = Substring(uri.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.map(String.init).joined())
        rest = rest.drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } }
        while rest.lowercased().hasPrefix("view-source:") { rest = rest.dropFirst(12).drop { $0.unicodeScalars.allSatisfy { $0.value <= 0x20 } } }
        return String(rest.prefix { $0 != ":" }).lowercased()
    }

    func testNothingTypedEverLoadsJavaScript() {
        var rng = SeededGenerator(seed: Self.seed ^ 4)
        let pieces = ["javascript:", "java", "script", ":", "\t", "\n", "\r", " ", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
                      "view-source:", "alert(1)", "//", "%0a", "http://", "data:", "[", "]", "::", "/", "~", "?", "#",
                      "example.com", "\u{200B}", "\u{FEFF}", "\u{00A0}", "\u{3000}", "vbscript:", "JaVaScRiPt:"]
        var refused = 0
        for n in 0..<10_000 {
            var typed = ""
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                typed += rng.randomCase(pieces.randomElement(using: &rng) ?? "")
            }
            let resolution = AddressInput.resolve(typed)
            if case .refused? = resolution { refused += 1 }
            if let uri = resolution?.uri {
                XCTAssertNotEqual(effectiveScheme(uri), "javascript", "case \(n): \(typed.debugDescription) → \(uri.debugDescription)")
            }
        }
        XCTAssertGreaterThan(refused, 100, "the generator must actually produce javascript: attempts")
    }

    func testJavaScriptInAnyCaseBehindAnyBlanksIsRefused() {
        var rng = SeededGenerator(seed: Self.seed ^ 5)
        let blanks: [Character] = [" ", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}"]
        for n in 0..<2_000 {
            let typed = rng.string(0...4, from: blanks) + rng.randomCase("javascript:") + rng.string(0...20, from: Self.pathCharacters + ["(", ")", " "])
            XCTAssertEqual(AddressInput.resolve(typed), .refused(message: AddressInput.javascriptRefusal), "case \(n): \(typed.debugDescription)")
        }
    }

    // MARK: Garbage

    private func randomScalar(_ rng: inout SeededGenerator) -> Character {
        let ranges: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x20...0x7E, 0x20...0x7E, 0x20...0x7E, 0x7F...0xFF, 0x300...0x36F, // controls, ASCII, Latin-1, combining
            0x590...0x6FF, 0x2000...0x206F, 0x3000...0x30FF, 0x4E00...0x4FFF,                // RTL, spaces/ZW, CJK
            0xFE00...0xFE0F, 0xFF00...0xFFEF, 0x1F300...0x1F6FF, 0xE0000...0xE007F,          // selectors, fullwidth, emoji, tags
        ]
        let range = ranges.randomElement(using: &rng) ?? 0x20...0x7E
        return Character(Unicode.Scalar(UInt32.random(in: range, using: &rng)) ?? "?")
    }

    func testAnyInputResolvesWithoutCrashingAndKeepsItsPromises() {
        var rng = SeededGenerator(seed: Self.seed ^ 1)
        let structural: [Character] = [":", "/", ".", "[", "]", "~", "?", "#", "%", "@", " "]
        for n in 0..<10_000 {
            let typed = String((0..<Int.random(in: 0...40, using: &rng)).map { _ in
                Int.random(in: 0..<3, using: &rng) == 0 ? (structural.randomElement(using: &rng) ?? ":") : randomScalar(&rng)
            })
            let text = trimmed(typed)
            let resolution = AddressInput.resolve(typed)
            XCTAssertEqual(resolution, AddressInput.resolve(typed), "case \(n): the same input always gives the same answer")

            switch resolution {
            case nil:
                XCTAssertTrue(text.isEmpty, "case \(n): only blank input loads nothing: \(typed.debugDescription)")
            case .search(let query, let url)?:
                XCTAssertEqual(query, text, "case \(n): a search is for everything typed")
                XCTAssertEqual(URLComponents(string: url)?.queryItems?.first?.value, text, "case \(n): \(url)")
            case .httpsFirst(let https, let http)?:
                XCTAssertEqual(https, "https://" + text, "case \(n)")
                XCTAssertEqual(http, "http://" + text, "case \(n)")
            case .url(let uri)?:
                let scheme = AddressInput.scheme(of: uri)?.lowercased() ?? ""
                XCTAssertTrue(AddressInput.knownSchemes.contains(scheme), "case \(n): \(typed.debugDescription) → \(uri)")
                XCTAssertTrue(uri == text || uri == "http://" + text || uri.hasPrefix("file:///") || uri.hasPrefix("http://["),
                              "case \(n): what was typed is kept: \(typed.debugDescription) → \(uri)")
            case .refused?:
                XCTAssertEqual(effectiveScheme(text), "javascript", "case \(n): only javascript: is refused: \(typed.debugDescription)")
            }
        }
    }
}
