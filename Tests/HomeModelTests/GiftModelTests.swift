import Foundation
import HomeModel
import XCTest

final class GiftModelTests: XCTestCase {
    private let design = GiftDesign(id: "winter-lights", name: "Winter Lights", occasion: "Holiday")

    private func validOrder() -> GiftOrder {
        var order = GiftOrder(design: design, limits: GiftLimits())
        order.recipientName = "Sam"
        order.recipientEmail = "sam@example.com"
        return order
    }

    func testAValidGiftConfirmsWithItsSummary() throws {
        var order = validOrder()
        order.message = "  Happy holidays!  "
        XCTAssertEqual(order.validate(), [])
        XCTAssertEqual(order.amount, .dollars(10), "the first preset is chosen")
        let confirmation = try XCTUnwrap(order.confirm(reference: "GIFT-AAAA-BBBB"))
        XCTAssertEqual(confirmation.summary, "A $10 Winter Lights gift for Sam (sam@example.com)")
        XCTAssertEqual(confirmation.message, "Happy holidays!")
        XCTAssertNil(confirmation.senderName)
    }

    func testAmountLimitsAndTypingMistakesReadAsSentences() {
        var order = validOrder()
        order.presetAmount = nil
        order.customAmount = ""
        XCTAssertEqual(order.problem(for: .amount), "Choose an amount or enter one.")
        order.customAmount = "ten"
        XCTAssertEqual(order.problem(for: .amount), "Enter an amount in dollars, like 25 or 25.50.")
        order.customAmount = "4.99"
        XCTAssertEqual(order.problem(for: .amount), "The smallest gift is $5.")
        order.customAmount = "500.01"
        XCTAssertEqual(order.problem(for: .amount), "The largest gift is $500.")
        order.customAmount = "$500"
        XCTAssertNil(order.problem(for: .amount))
        order.customAmount = "5"
        XCTAssertEqual(order.amount, .dollars(5))
        XCTAssertNotNil(order.confirm(reference: "x"))
    }

    func testMessageLimitCountsCharactersAsPeopleSeeThem() {
        var order = validOrder()
        order.message = String(repeating: "🇨🇦", count: 200)
        XCTAssertEqual(order.messageCharactersLeft, 0, "a flag is one character")
        XCTAssertNil(order.problem(for: .message))
        XCTAssertEqual(order.messageCounter, "0 characters left")
        order.message += "!!"
        XCTAssertEqual(order.messageCounter, "2 characters too many")
        XCTAssertEqual(order.problem(for: .message), "The message can be 200 characters at most; remove 2.")
        XCTAssertNil(order.confirm(reference: "x"))
    }

    func testRecipientIsRequiredAndTheEmailChecked() {
        var order = GiftOrder(design: design, limits: GiftLimits())
        XCTAssertEqual(order.validate().map(\.field), [.recipientName, .recipientEmail])
        for bad in ["sam", "sam@", "@example.com", "sam@example", "sam @example.com", "sam@example..com", "a@b@c.d"] {
            order.recipientEmail = bad
            XCTAssertNotNil(order.problem(for: .recipientEmail), bad)
        }
        for good in ["sam@example.com", "s.o'neil+gift@mail.example.co.uk"] {
            order.recipientEmail = good
            XCTAssertNil(order.problem(for: .recipientEmail), good)
        }
        order.recipientName = String(repeating: "a", count: 61)
        XCTAssertNotNil(order.problem(for: .recipientName))
    }

    func testReferencesAreUnambiguousAndReproducible() {
        var a = SeededGenerator(seed: 7), b = SeededGenerator(seed: 7)
        let reference = GiftOrder.makeReference(using: &a)
        XCTAssertEqual(reference, GiftOrder.makeReference(using: &b))
        XCTAssertEqual(reference.count, 14)
        XCTAssertFalse(reference.dropFirst(5).contains { "01IO".contains($0) })
    }

    /// Whatever is typed, validation never traps and an accepted amount is within the limits.
    func testPropertyAnyTypedAmountIsEitherRefusedOrWithinLimits() {
        continueAfterFailure = false
        let alphabet = Array("0123456789.,$ -e")
        for seed in 1...2_000 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            var order = validOrder()
            order.presetAmount = nil
            order.customAmount = String((0..<Int.random(in: 0...9, using: &rng)).map { _ in alphabet.randomElement(using: &rng) ?? "1" })
            if let amount = order.amount {
                XCTAssertTrue(amount >= order.limits.minimum && amount <= order.limits.maximum, order.customAmount)
                XCTAssertNil(order.problem(for: .amount))
            } else {
                XCTAssertNotNil(order.problem(for: .amount), order.customAmount)
            }
        }
    }

    // MARK: File

    func testLimitsFromTheFileAreCappedAndBadOnesWarned() throws {
        let json = """
        {
          "version": 1,
          "limits": { "minimum": 10, "maximum": 200, "presets": [15, 25, 900], "messageLimit": 1000 },
          "designs": [
            { "id": "thanks", "name": "Thank You", "occasion": "Thanks", "image": "images/gifts/thanks.png" },
            { "id": "escape", "name": "Escape", "image": "../../etc/passwd" }
          ]
        }
        """
        let result = GiftLoader.parse(Data(json.utf8), file: "gifts.json")
        let catalog = try XCTUnwrap(result.value)
        XCTAssertEqual(catalog.limits.minimum, .dollars(10))
        XCTAssertEqual(catalog.limits.maximum, .dollars(200))
        XCTAssertEqual(catalog.limits.presets, [.dollars(15), .dollars(25)])
        XCTAssertEqual(catalog.limits.messageLimit, 200, "over the hard cap keeps the default")
        XCTAssertEqual(catalog.designs.map(\.id), ["thanks"])
        XCTAssertEqual(result.problems.filter { $0.severity == .warning }.count, 2)
        XCTAssertEqual(result.problems.first { $0.severity == .skipped }?.line, 6)
    }

    func testTheBundledGiftsLoadWithoutProblems() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/gifts.json")
        let result = GiftLoader.load(url)
        XCTAssertEqual(result.problems, [])
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(result.value).designs.count, 6)
    }
}
