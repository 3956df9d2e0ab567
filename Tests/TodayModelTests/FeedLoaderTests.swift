import TestSupport
import Pictures
import XCTest
@testable import TodayModel

final class FeedLoaderTests: XCTestCase {
    private var fixture: FeedFixture!

    override func setUpWithError() throws {
        fixture = try FeedFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    private typealias F = FeedFixture

    /// Two sections: the first with cards a and b, the second (older) with c.
    private func twoSectionFeed(cardA: String = F.card(id: "a")) -> String {
        F.feed(sections: [
            F.section(cards: [cardA, F.card(id: "b")]),
            F.section(date: "\"2026-11-20\"", cards: [F.card(id: "c")]),
        ])
    }

    private func loadedFeed(_ result: FeedLoadResult, file: StaticString = #filePath, line: UInt = #line) throws -> Feed {
        guard let feed = result.feed else {
            XCTFail("expected a feed, got \(result.problems)", file: file, line: line)
            throw TestFailure("setup failed")
        }
        return feed
    }

    // MARK: A good feed

    func testAValidFeedLoadsEveryFieldWithNoProblems() throws {
        let result = try fixture.load(twoSectionFeed())
        XCTAssertEqual(result.problems, [])
        let feed = try loadedFeed(result)
        XCTAssertEqual(feed.sectionCardCounts, [2, 1])
        XCTAssertEqual(feed.sections.map(\.date.description), ["2026-11-21", "2026-11-20"])
        XCTAssertEqual(feed.sections[0].title, "Today")
        XCTAssertEqual(feed.profileImageURL?.path, fixture.directory.appendingPathComponent("images/profile.png").path)

        let card = try XCTUnwrap(feed.card(at: CardIndex(section: 0, item: 0)))
        XCTAssertEqual(card.id, "a")
        XCTAssertEqual(card.kind, .feature)
        XCTAssertEqual(card.eyebrow, "WORLD PREMIERE")
        XCTAssertEqual(card.title, "Chasing the Aurora")
        XCTAssertEqual(card.subtitle, "A night under the lights")
        XCTAssertEqual(card.imageURL?.path, fixture.directory.appendingPathComponent("images/aurora.jpg").path)
        XCTAssertEqual(card.body, ["First paragraph.", "Second."])
        XCTAssertEqual(card.accent, RGBColor(red: 0x1B, green: 0x2A, blue: 0x49))
        XCTAssertEqual(card.textColor, .dark)
        XCTAssertEqual(feed.card(at: CardIndex(section: 1, item: 0))?.id, "c")
        XCTAssertNil(feed.card(at: CardIndex(section: 1, item: 1)))
    }

    func testOptionalFieldsDefaultAndAcceptNull() throws {
        let minimal = F.card(id: "a", set: ["subtitle": "null", "body": "null", "accent": "null"],
                             removing: ["image", "textColor"])
        let text = F.feed(sections: [F.section(cards: [minimal], extra: "\n      \"title\": null,")])
        let feed = try loadedFeed(try fixture.load(text))
        let card = try XCTUnwrap(feed.sections.first?.cards.first)
        XCTAssertNil(card.subtitle)
        XCTAssertNil(card.imageURL)
        XCTAssertEqual(card.body, [])
        XCTAssertNil(card.accent)
        XCTAssertEqual(card.textColor, .light)
        XCTAssertEqual(feed.sections.first?.title, "Today")
    }

    func testBodyAsOneStringIsOneParagraphAndSectionTitleIsKept() throws {
        let card = F.card(id: "a", set: ["body": "\"Only paragraph.\""])
        let text = F.feed(sections: [F.section(cards: [card], extra: "\n      \"title\": \"Yesterday\",")])
        let feed = try loadedFeed(try fixture.load(text))
        XCTAssertEqual(feed.sections.first?.cards.first?.body, ["Only paragraph."])
        XCTAssertEqual(feed.sections.first?.title, "Yesterday")
    }

    func testAccentAcceptsLowerCaseHex() throws {
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["accent": "\"#ff8000\""]))
        let feed = try loadedFeed(try fixture.load(text))
        XCTAssertEqual(feed.sections.first?.cards.first?.accent, RGBColor(red: 255, green: 128, blue: 0))
    }

    func testAUTF8ByteOrderMarkIsAccepted() throws {
        let url = try fixture.write(bytes: Data([0xEF, 0xBB, 0xBF]) + Data(twoSectionFeed().utf8))
        XCTAssertEqual(FeedLoader.load(fileURL: url).feed?.cardCount, 3)
    }

    // MARK: Images

    func testMissingImageKeepsTheCardWithAPlaceholderAndWarns() throws {
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["image": "\"images/gone.jpg\""]))
        let result = try fixture.load(text)
        let feed = try loadedFeed(result)
        XCTAssertEqual(feed.cardCount, 3)
        XCTAssertNil(feed.sections[0].cards[0].imageURL)
        XCTAssertNotNil(feed.sections[0].cards[1].imageURL)
        XCTAssertEqual(result.problems.count, 1)
        let problem = try XCTUnwrap(result.problems.first)
        XCTAssertEqual(problem.severity, .warning)
        XCTAssertEqual(problem.line, F.line(of: "images/gone.jpg", in: text))
        XCTAssertEqual(problem.message,
                       "card \"a\" (section 2026-11-21): image \"images/gone.jpg\" was not found; a placeholder is shown")
    }

    func testEveryCardSharingAnImageGetsTheSameAnswer() throws {
        let missing = ["image": "\"images/gone.jpg\""]
        let text = F.feed(sections: [F.section(cards: [
            F.card(id: "a", set: missing), F.card(id: "b"), F.card(id: "c", set: missing), F.card(id: "d"),
        ])])
        let result = try fixture.load(text)
        let cards = try loadedFeed(result).sections[0].cards
        XCTAssertEqual(cards.map { $0.imageURL != nil }, [false, true, false, true])
        XCTAssertEqual(result.problems.map(\.message), [
            "card \"a\" (section 2026-11-21): image \"images/gone.jpg\" was not found; a placeholder is shown",
            "card \"c\" (section 2026-11-21): image \"images/gone.jpg\" was not found; a placeholder is shown",
        ])
    }

    func testImagePathsStayInsideTheFeedsFolder() throws {
        let nested = fixture.directory.appendingPathComponent("feeds", isDirectory: true)
        try FileManager.default.createDirectory(at: nested.appendingPathComponent("pictures"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: nested.appendingPathComponent("pictures/inside.jpg"))
        // Links: one to a picture inside, one out to a file elsewhere, one out to a device.
        try FileManager.default.createSymbolicLink(atPath: nested.appendingPathComponent("pictures/alias.jpg").path,
                                                   withDestinationPath: "inside.jpg")
        try FileManager.default.createSymbolicLink(atPath: nested.appendingPathComponent("passwd.jpg").path,
                                                   withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: nested.appendingPathComponent("zero.jpg").path,
                                                   withDestinationPath: "/dev/zero")
        let paths = ["pictures/inside.jpg", "pictures/alias.jpg", "pictures/../pictures/inside.jpg",
                     "../images/city.jpg", "/etc/passwd", "passwd.jpg", "zero.jpg"]
        let cards = paths.enumerated().map { F.card(id: "c\($0.offset)", set: ["image": "\"\($0.element)\""]) }
        let text = F.feed(sections: [F.section(cards: cards)]).replacingOccurrences(of: "images/profile.png", with: "../images/profile.png")
        let url = nested.appendingPathComponent("feed.json")
        try Data(text.utf8).write(to: url)
        let result = FeedLoader.load(fileURL: url)
        let shown = try loadedFeed(result).sections[0].cards.map { $0.imageURL?.path }
        let inside = nested.appendingPathComponent("pictures/inside.jpg").path
        XCTAssertEqual(shown, [inside, inside, inside, nil, nil, nil, nil], "links are followed to where they lead")
        XCTAssertNil(result.feed?.profileImageURL)
        let outside = result.problems.filter { $0.message.contains("is outside the feed's folder") }
        XCTAssertEqual(outside.count, 5, result.problems.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(outside.allSatisfy { $0.severity == .warning && $0.line != nil })
    }

    func testAPipeOrFolderAsAnImageIsRefusedWithoutOpeningIt() throws {
        let pipe = fixture.directory.appendingPathComponent("images/pipe.jpg").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let card = F.card(id: "a", set: ["image": "\"images/pipe.jpg\""])
        let folder = F.card(id: "b", set: ["image": "\"images\""])
        // Opening the FIFO would block this test forever; it must come back at once.
        let result = try fixture.load(F.feed(sections: [F.section(cards: [card, folder])]))
        XCTAssertEqual(try loadedFeed(result).sections[0].cards.map(\.imageURL), [nil, nil])
        XCTAssertEqual(result.problems.map(\.message), [
            "card \"a\" (section 2026-11-21): image \"images/pipe.jpg\" is not a regular file (it is a named pipe); a placeholder is shown",
            "card \"b\" (section 2026-11-21): image \"images\" is not a regular file (it is a folder); a placeholder is shown",
        ])
    }

    func testANumberOutOfRangeSkipsOnlyItsCard() throws {
        let bad = F.card(id: "big", set: ["title": "1e400"])
        let result = try fixture.load(F.feed(sections: [F.section(cards: [F.card(id: "a"), bad, F.card(id: "b")])]))
        XCTAssertEqual(try loadedFeed(result).sections[0].cards.map(\.id), ["a", "b"])
        XCTAssertEqual(result.problems.map(\.severity), [.skipped])
        XCTAssertTrue(result.problems[0].message.contains("\"title\" must be a string, found a number too large to use"),
                      result.problems[0].message)
    }

    func testHugeFieldsAreCutToTheirLimitsWithAProblemLine() throws {
        let huge = String(repeating: "x", count: 5_000_000)
        let paragraph = String(repeating: "p", count: 30_000)
        let body = "[" + Array(repeating: "\"\(paragraph)\"", count: 300).joined(separator: ", ") + "]"
        let card = F.card(id: "a", set: ["title": "\"\(huge)\"", "subtitle": "\"\(huge)\"", "eyebrow": "\"\(huge)\"", "body": body])
        let result = try fixture.load(F.feed(sections: [F.section(cards: [card, F.card(id: "b")])]))
        let shown = try loadedFeed(result).sections[0].cards[0]
        XCTAssertEqual(shown.title.count, FeedLimits.title)
        XCTAssertTrue(shown.title.hasSuffix("…"))
        XCTAssertEqual(shown.subtitle?.count, FeedLimits.subtitle)
        XCTAssertEqual(shown.eyebrow.count, FeedLimits.eyebrow)
        XCTAssertTrue(shown.body.allSatisfy { $0.count <= FeedLimits.paragraph })
        XCTAssertLessThanOrEqual(shown.body.reduce(0) { $0 + $1.count }, FeedLimits.body)
        XCTAssertLessThanOrEqual(shown.body.count, FeedLimits.paragraphs)
        let messages = result.problems.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("\"title\" is 5,000,000 bytes long; only the first 200 characters are shown") },
                      messages.joined(separator: "\n"))
        XCTAssertTrue(messages.contains { $0.contains("are left out") }, messages.joined(separator: "\n"))
        XCTAssertTrue(result.problems.allSatisfy { $0.severity == .warning }, "the card still shows")
    }

    func testAnIdLongerThanItsLimitSkipsTheCard() throws {
        let long = String(repeating: "i", count: FeedLimits.id + 1)
        let result = try fixture.load(F.feed(sections: [F.section(cards: [F.card(id: long), F.card(id: "ok")])]))
        XCTAssertEqual(try loadedFeed(result).sections[0].cards.map(\.id), ["ok"])
        XCTAssertTrue(result.problems.contains { $0.message.contains("longer than \(FeedLimits.id) characters") })
    }

    func testWebAddressesAndFoldersAreNotImages() throws {
        let web = F.card(id: "a", set: ["image": "\"https://example.com/a.jpg\""])
        let folder = F.card(id: "b", set: ["image": "\"images\""])
        let text = F.feed(sections: [F.section(cards: [web, folder])])
        let result = try fixture.load(text)
        let feed = try loadedFeed(result)
        XCTAssertEqual(feed.cardCount, 2)
        XCTAssertTrue(feed.sections[0].cards.allSatisfy { $0.imageURL == nil })
        XCTAssertEqual(result.problems.map(\.severity), [.warning, .warning])
        XCTAssertTrue(result.problems[0].message.contains("not a web address"))
    }

    func testMissingProfileImageWarnsAndLeavesNone() throws {
        let text = twoSectionFeed().replacingOccurrences(of: "images/profile.png", with: "images/me.png")
        let result = try fixture.load(text)
        XCTAssertNil(try loadedFeed(result).profileImageURL)
        XCTAssertEqual(result.problems.first?.line, F.line(of: "images/me.png", in: text))
        XCTAssertEqual(result.problems.first?.severity, .warning)
    }

    // MARK: Skipped cards

    func testWrongTypeSkipsOnlyThatCardWithTheContractsMessage() throws {
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["title": "42"]))
        let result = try fixture.load(text)
        let feed = try loadedFeed(result)
        XCTAssertEqual(feed.sections.flatMap(\.cards).map(\.id), ["b", "c"])
        let problem = try XCTUnwrap(result.problems.first)
        XCTAssertEqual(result.problems.count, 1)
        XCTAssertEqual(problem.severity, .skipped)
        XCTAssertEqual(problem.line, F.line(of: "\"title\": 42", in: text))
        XCTAssertEqual(problem.description,
                       "\(fixture.feedURL.path):\(problem.line ?? 0): card \"a\" (section 2026-11-21): "
                       + "\"title\" must be a string, found a number")
    }

    func testEveryKnownFieldOfTheWrongTypeSkipsTheCard() throws {
        let cases: [(String, String, String)] = [
            ("id", "7", "\"id\" must be a string, found a number"),
            ("kind", "[\"app\"]", "\"kind\" must be a string, found an array"),
            ("eyebrow", "null", "\"eyebrow\" must be a string, found null"),
            ("title", "{\"text\": \"x\"}", "\"title\" must be a string, found an object"),
            ("subtitle", "true", "\"subtitle\" must be a string, found a boolean"),
            ("image", "1", "\"image\" must be a string, found a number"),
            ("body", "3", "\"body\" must be a string or an array of strings, found a number"),
            ("body", "[\"ok\", 2]", "\"body\" paragraph 2 must be a string, found a number"),
            ("accent", "255", "\"accent\" must be a string, found a number"),
            ("textColor", "false", "\"textColor\" must be a string, found a boolean"),
        ]
        for (field, raw, message) in cases {
            let text = twoSectionFeed(cardA: F.card(id: "a", set: [field: raw]))
            let result = try fixture.load(text)
            XCTAssertEqual(result.feed?.cardCount, 2, field)
            let skipped = result.problems.filter { $0.severity == .skipped }
            XCTAssertEqual(skipped.count, 1, "\(field): \(result.problems)")
            XCTAssertTrue(skipped.first?.message.hasSuffix(message) == true, "\(field): \(skipped)")
            XCTAssertEqual(skipped.first?.line, F.line(of: "\"\(field)\": \(raw.prefix(3))", in: text), field)
        }
    }

    func testMissingRequiredFieldsSkipTheCardAtItsLine() throws {
        for field in ["id", "kind", "eyebrow", "title"] {
            let text = twoSectionFeed(cardA: F.card(id: "a", removing: [field]))
            let result = try fixture.load(text)
            XCTAssertEqual(result.feed?.cardCount, 2, field)
            let problem = try XCTUnwrap(result.problems.first, field)
            XCTAssertEqual(problem.severity, .skipped)
            XCTAssertTrue(problem.message.hasSuffix("\"\(field)\" is missing"), problem.message)
            // The card's opening brace: the first "{" line after "cards".
            XCTAssertEqual(problem.line, F.line(of: "\"cards\"", in: text) + 1, field)
            // A card with no usable id is named by its position.
            let expectedName = field == "id" ? "card 1 (section 2026-11-21)" : "card \"a\" (section 2026-11-21)"
            XCTAssertTrue(problem.message.hasPrefix(expectedName), problem.message)
        }
    }

    func testBlankIdOrTitleSkipsTheCard() throws {
        for (field, raw) in [("id", "\"\""), ("title", "\"   \"")] {
            let text = twoSectionFeed(cardA: F.card(id: "a", set: [field: raw]))
            let result = try fixture.load(text)
            XCTAssertEqual(result.feed?.cardCount, 2, field)
            XCTAssertEqual(result.problems.first?.message.hasSuffix("\"\(field)\" must not be empty"), true, field)
        }
    }

    func testEveryProblemOfACardIsReported() throws {
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["kind": "\"video\"", "accent": "\"red\""], removing: ["title"]))
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.cardCount, 2)
        XCTAssertEqual(result.problems.count, 3)
        XCTAssertTrue(result.problems.allSatisfy { $0.severity == .skipped })
        // In file order: the card's line (missing title) first, then kind, then accent.
        XCTAssertEqual(result.problems.compactMap(\.line), result.problems.compactMap(\.line).sorted())
    }

    func testBadColoursSkipTheCard() throws {
        for bad in ["#12345", "#+F+F+F", "red", "#GGGGGG", "#1B2A49FF", "1B2A49", "#1B 2A4", ""] {
            let text = twoSectionFeed(cardA: F.card(id: "a", set: ["accent": "\"\(bad)\""]))
            let result = try fixture.load(text)
            XCTAssertEqual(result.feed?.cardCount, 2, bad)
            XCTAssertEqual(result.problems.first?.message,
                           "card \"a\" (section 2026-11-21): \"accent\" must be a colour like \"#1B2A49\", found \"\(bad)\"")
        }
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["textColor": "\"blue\""]))
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.cardCount, 2)
        XCTAssertEqual(result.problems.first?.message.hasSuffix("\"textColor\" must be \"light\" or \"dark\", found \"blue\""), true)
    }

    func testUnknownKindSkipsTheCardAndListsTheKinds() throws {
        let text = twoSectionFeed(cardA: F.card(id: "a", set: ["kind": "\"video\""]))
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.cardCount, 2)
        XCTAssertEqual(result.problems.first?.message,
                       "card \"a\" (section 2026-11-21): unknown \"kind\" \"video\"; expected one of feature, app, collection, tip")
        XCTAssertEqual(result.problems.first?.line, F.line(of: "\"video\"", in: text))
    }

    func testEveryKindIsAccepted() throws {
        let cards = CardKind.allCases.map { F.card(id: $0.rawValue, set: ["kind": "\"\($0.rawValue)\""]) }
        let feed = try loadedFeed(try fixture.load(F.feed(sections: [F.section(cards: cards)])))
        XCTAssertEqual(feed.sections.first?.cards.map(\.kind), CardKind.allCases)
    }

    func testDuplicateIdSkipsTheLaterCardAndPointsAtTheFirst() throws {
        let text = F.feed(sections: [
            F.section(cards: [F.card(id: "same"), F.card(id: "other")]),
            F.section(date: "\"2026-11-20\"", cards: [F.card(id: "same", set: ["title": "\"Second\""])]),
        ])
        let result = try fixture.load(text)
        let feed = try loadedFeed(result)
        XCTAssertEqual(feed.sections.flatMap(\.cards).map(\.title), ["Chasing the Aurora", "Chasing the Aurora"])
        XCTAssertEqual(feed.sectionCardCounts, [2], "the older section lost its only card")
        let firstLine = F.line(of: "\"id\": \"same\"", in: text)
        XCTAssertEqual(result.problems.first?.message,
                       "card \"same\" (section 2026-11-20): duplicate id \"same\" (first used on line \(firstLine))")
        XCTAssertGreaterThan(result.problems.first?.line ?? 0, firstLine)
    }

    func testACardThatIsNotAnObjectIsSkipped() throws {
        let text = F.feed(sections: [F.section(cards: ["      \"just text\"", F.card(id: "a")])])
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.cardCount, 1)
        XCTAssertEqual(result.problems.first?.message, "card 1 (section 2026-11-21) must be an object, found a string")
    }

    // MARK: Warnings

    func testUnknownFieldsAreIgnoredWithAWarningAtTheirLine() throws {
        let card = F.card(id: "a", set: ["subtitel": "\"typo\""])
        let text = F.feed(sections: [F.section(cards: [card], extra: "\n      \"mood\": \"sunny\",")],
                          extra: "\n  \"generator\": \"hand\",")
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.cardCount, 1)
        XCTAssertEqual(result.problems.map(\.severity), [.warning, .warning, .warning])
        XCTAssertEqual(result.problems.map(\.line), [
            F.line(of: "\"generator\"", in: text), F.line(of: "\"mood\"", in: text), F.line(of: "\"subtitel\"", in: text),
        ])
        XCTAssertEqual(result.problems.map(\.message), [
            "unknown field \"generator\" is ignored",
            "section 2026-11-21: unknown field \"mood\" is ignored",
            "card \"a\" (section 2026-11-21): unknown field \"subtitel\" is ignored",
        ])
    }

    func testDuplicateFieldWarnsAndTheLastWins() throws {
        let card = F.card(id: "a").replacingOccurrences(
            of: "\"kind\": \"feature\"", with: "\"kind\": \"feature\",\n        \"kind\": \"tip\"")
        let text = F.feed(sections: [F.section(cards: [card])])
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.sections.first?.cards.first?.kind, .tip)
        XCTAssertEqual(result.problems.first?.severity, .warning)
        XCTAssertEqual(result.problems.first?.line, F.line(of: "\"tip\"", in: text))
    }

    // MARK: Sections

    func testBadDatesSkipTheSectionAndItsCards() throws {
        for bad in ["\"2026-13-01\"", "\"2026-02-30\"", "\"2025-02-29\"", "\"21/11/2026\"", "\"2026-11-21T10:00:00Z\"",
                    "\"2026-1-2\"", "\"\"", "20261121", "null"] {
            let text = F.feed(sections: [
                F.section(cards: [F.card(id: "a")]),
                F.section(date: bad, cards: [F.card(id: "b", set: ["title": "5"])]),
            ])
            let result = try fixture.load(text)
            XCTAssertEqual(result.feed?.sectionCardCounts, [1], bad)
            // Only the section is reported, not the (also broken) card inside it.
            XCTAssertEqual(result.problems.count, 1, "\(bad): \(result.problems)")
            let problem = try XCTUnwrap(result.problems.first)
            XCTAssertEqual(problem.severity, .skipped)
            XCTAssertTrue(problem.message.hasPrefix("section 2: \"date\" must be a"), problem.message)
            XCTAssertEqual(problem.line, F.line(of: "\"date\": \(bad)", in: text), bad)
        }
    }

    func testLeapDayIsAValidDate() throws {
        let text = F.feed(sections: [F.section(date: "\"2024-02-29\"", cards: [F.card(id: "a")])])
        XCTAssertEqual(try loadedFeed(try fixture.load(text)).sections.first?.date, CalendarDate(year: 2024, month: 2, day: 29))
    }

    func testSectionProblemsSkipTheSection() throws {
        let good = F.section(cards: [F.card(id: "a")])
        let cases: [(String, String)] = [
            ("    []", "section 2 must be an object, found an array"),
            ("    {\"date\": \"2026-11-20\"}", "section 2026-11-20: \"cards\" is missing"),
            ("    {\"date\": \"2026-11-20\", \"cards\": {}}", "section 2026-11-20: \"cards\" must be an array, found an object"),
            ("    {\"date\": \"2026-11-20\", \"title\": 3, \"cards\": []}", "section 2026-11-20: \"title\" must be a string, found a number"),
            ("    {\"cards\": []}", "section 2: \"date\" is missing"),
        ]
        for (section, message) in cases {
            let result = try fixture.load(F.feed(sections: [good, section]))
            XCTAssertEqual(result.feed?.sectionCardCounts, [1], section)
            XCTAssertEqual(result.problems.map(\.message), [message], "a skipped section has nothing else to say")
        }
    }

    func testAnEmptySectionIsLeftOutWithAWarning() throws {
        let text = F.feed(sections: [F.section(cards: [F.card(id: "a")]), F.section(date: "\"2026-11-20\"", cards: [])])
        let result = try fixture.load(text)
        XCTAssertEqual(result.feed?.sections.count, 1)
        XCTAssertEqual(result.problems.map(\.message), ["section 2026-11-20 has no cards"])
        XCTAssertEqual(result.problems.first?.severity, .warning)
    }

    // MARK: Fatal

    func testWrongTopLevelIsFatalWithItsLine() throws {
        let sections = F.section(cards: [F.card(id: "a")])
        let cases: [(String, String, String)] = [
            ("[1, 2]", "[1, 2]", "the top level must be an object with \"version\" and \"sections\", found an array"),
            (F.feed(sections: [sections], version: "2"), "\"version\": 2", "unsupported \"version\" 2; this app reads version 1"),
            (F.feed(sections: [sections], version: "1.5"), "\"version\": 1.5", "unsupported \"version\" 1.5; this app reads version 1"),
            (F.feed(sections: [sections], version: "\"1\""), "\"version\": \"1\"", "\"version\" must be the number 1, found a string"),
            ("{\n  \"sections\": []\n}", "{", "\"version\" is missing; this app reads version 1"),
            ("{\n  \"version\": 1\n}", "{", "\"sections\" is missing; expected an array of sections"),
            ("{\n  \"version\": 1,\n  \"sections\": {}\n}", "\"sections\": {}", "\"sections\" must be an array, found an object"),
        ]
        for (text, marker, message) in cases {
            let result = try fixture.load(text)
            XCTAssertNil(result.feed, message)
            let fatal = try XCTUnwrap(result.fatalProblem, message)
            XCTAssertEqual(fatal.severity, .fatal)
            XCTAssertEqual(fatal.message, message)
            XCTAssertEqual(fatal.line, F.line(of: marker, in: text), message)
        }
    }

    func testAFeedWhoseEveryCardWasSkippedIsFatalAndListsWhy() throws {
        let text = F.feed(sections: [
            F.section(cards: [F.card(id: "a", set: ["title": "1"]), F.card(id: "b", set: ["kind": "\"x\""])]),
            F.section(date: "\"yesterday\"", cards: [F.card(id: "c")]),
        ])
        let result = try fixture.load(text)
        XCTAssertNil(result.feed)
        XCTAssertEqual(result.fatalProblem?.message, "no cards could be shown: every card was skipped")
        guard case let .failed(_, problems) = result else { return XCTFail("not failed") }
        XCTAssertEqual(problems.count, 3)
        XCTAssertTrue(problems.allSatisfy { $0.severity == .skipped })
        XCTAssertEqual(result.problems.first?.severity, .fatal, "the fatal problem leads the full list")
    }

    func testAFeedWithNoCardsIsFatal() throws {
        let result = try fixture.load(F.feed(sections: []))
        XCTAssertEqual(result.fatalProblem?.message, "no cards could be shown: the feed has no cards")
    }

    func testSyntaxErrorIsFatalWithFileLineAndColumn() throws {
        let text = twoSectionFeed().replacingOccurrences(of: "\"kind\": \"feature\",", with: "\"kind\": \"feature\"")
        let result = try fixture.load(text)
        let fatal = try XCTUnwrap(result.fatalProblem)
        let line = F.line(of: "\"kind\": \"feature\"", in: text) + 1
        XCTAssertEqual(fatal.line, line)
        XCTAssertEqual(fatal.column, 9)
        XCTAssertEqual(fatal.description,
                       "\(fixture.feedURL.path):\(line):9: expected ',' or '}' after object member, found '\"'")
    }

    func testTruncatedFileIsFatalAtEndOfFile() throws {
        let text = twoSectionFeed()
        let cut = String(text.prefix(text.count * 2 / 3))
        let fatal = try XCTUnwrap(try fixture.load(cut).fatalProblem)
        XCTAssertTrue(fatal.message.hasSuffix("found end of file") || fatal.message == "this string is never closed",
                      fatal.message)
    }

    func testEmptyFileIsFatal() throws {
        XCTAssertEqual(try fixture.load("").fatalProblem?.message, "the file is empty")
    }

    func testNonUTF8FileIsFatal() throws {
        // Latin-1 "café", as an old editor might save it.
        let latin1 = twoSectionFeed().replacingOccurrences(of: "Second.", with: "café").data(using: .isoLatin1)!
        let fatal = try XCTUnwrap(FeedLoader.load(fileURL: try fixture.write(bytes: latin1)).fatalProblem)
        XCTAssertEqual(fatal.message, "the file is not valid UTF-8 (byte 0xE9)")
        XCTAssertEqual(fatal.line, F.line(of: "caf", in: twoSectionFeed().replacingOccurrences(of: "Second.", with: "café")))
    }

    func testDeepNestingIsFatalNotACrash() throws {
        let text = "{\"version\": 1, \"sections\": " + String(repeating: "[", count: 100_000)
        let fatal = try XCTUnwrap(try fixture.load(text).fatalProblem)
        XCTAssertTrue(fatal.message.hasPrefix("arrays and objects are nested more than"), fatal.message)
    }

    func testMissingFileAndFolderAreFatalWithAClearMessage() {
        let missing = fixture.directory.appendingPathComponent("nope.json")
        let result = FeedLoader.load(fileURL: missing)
        XCTAssertEqual(result.fatalProblem?.message, "the feed file does not exist")
        XCTAssertEqual(result.fatalProblem?.description, "\(missing.path): the feed file does not exist")
        XCTAssertEqual(FeedLoader.load(fileURL: fixture.directory).fatalProblem?.message, "this is a folder, not a feed file")
    }

    func testUnreadableFileIsFatal() throws {
        if reranAsNobody(self) { return }
        let url = try fixture.write(twoSectionFeed())
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
        XCTAssertFalse(FileManager.default.isReadableFile(atPath: url.path))
        let fatal = try XCTUnwrap(FeedLoader.load(fileURL: url).fatalProblem)
        XCTAssertTrue(fatal.message.hasPrefix("the feed file could not be read"), fatal.message)
    }

    // MARK: Robustness

    func testEveryTruncationAndCorruptionGivesAResultNeverACrash() throws {
        let bytes = Array(twoSectionFeed().utf8)
        let url = fixture.directory.appendingPathComponent("feed.json")
        var outcomes = Set<Bool>()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let result = FeedLoader.parse(data: Data(bytes[0..<length]), fileURL: url)
            XCTAssertNotNil(result.fatalProblem, "a truncated feed cannot be complete (length \(length))")
        }
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            var corrupted = bytes
            do {
                let index = Int(random.next() % UInt64(corrupted.count))
                corrupted[index] = UInt8(truncatingIfNeeded: random.next())
            }
            let result = FeedLoader.parse(data: Data(corrupted), fileURL: url)
            outcomes.insert(result.feed != nil)
            XCTAssertTrue(result.feed != nil || result.fatalProblem != nil)
        }
        XCTAssertEqual(outcomes.count, 2, "some corruptions should still load (in a string), others not")
    }
}

/// Reading a picture file: never blocks, never floods.
final class PictureFileTests: XCTestCase {
    func testAPipeOrADeviceIsRefusedAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("swapped.jpg")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        // A path that was a picture when the feed was read and is a FIFO now: no writer ever comes.
        XCTAssertEqual(PictureFile.read(pipe).failureMessage, "this is not a regular file (it is a named pipe)")
        XCTAssertEqual(PictureFile.read(URL(fileURLWithPath: "/dev/zero")).failureMessage, "this is not a regular file (it is a device)")
        let big = folder.appendingPathComponent("big.jpg")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(PictureLimits.fileSize + 1))
        try handle.close()
        XCTAssertTrue(PictureFile.read(big).failureMessage?.contains("too large") ?? false)
    }

    /// The check when the feed is read names a file inside the folder; a link swapped in afterwards,
    /// for the picture or for a folder on its way, must not lead the read outside.
    func testAPictureOrFolderSwappedForALinkAfterTheFeedWasReadIsNotRead() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("picture-swap-\(UUID().uuidString)")
        let feedFolder = base.appendingPathComponent("feed"), images = feedFolder.appendingPathComponent("images")
        let outside = base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try Data("inside".utf8).write(to: images.appendingPathComponent("pic.png"))
        try Data("secret".utf8).write(to: outside.appendingPathComponent("pic.png"))
        let feedURL = feedFolder.appendingPathComponent("feed.json")
        try Data(FeedFixture.feed(sections: [FeedFixture.section(cards: [FeedFixture.card(id: "a", set: ["image": "\"images/pic.png\""])])]).utf8).write(to: feedURL)
        let picture = try XCTUnwrap(FeedLoader.load(fileURL: feedURL).feed?.sections[0].cards[0].imageURL)
        XCTAssertEqual(try PictureFile.read(picture).get(), Data("inside".utf8), "the picture as the feed was read")

        // The picture itself becomes a link out.
        try FileManager.default.moveItem(at: images.appendingPathComponent("pic.png"), to: images.appendingPathComponent("kept.png"))
        try FileManager.default.createSymbolicLink(at: images.appendingPathComponent("pic.png"), withDestinationURL: outside.appendingPathComponent("pic.png"))
        let linked = PictureFile.read(picture).failureMessage ?? "read"
        XCTAssertEqual(linked, "it became a symbolic link after the feed was read; pictures are read only inside the feed's folder")

        // A folder on its way becomes a link out to a folder holding a file of the same name.
        try FileManager.default.moveItem(at: images, to: feedFolder.appendingPathComponent("images-kept"))
        try FileManager.default.createSymbolicLink(at: images, withDestinationURL: outside)
        let folder = PictureFile.read(picture).failureMessage ?? "read"
        XCTAssertEqual(folder, "its folder \(feedFolder.resolvingSymlinksInPath().path)/images became a symbolic link after the feed was read; "
                       + "pictures are read only inside the feed's folder")

        // Gone altogether: missing, as before.
        try FileManager.default.removeItem(at: images)
        XCTAssertEqual(PictureFile.read(picture).failureMessage, "the file does not exist")
    }
}

private extension Result where Failure == PictureFile.Refusal {
    var failureMessage: String? {
        if case .failure(let refusal) = self { return refusal.message }
        return nil
    }
}
