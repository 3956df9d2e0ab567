import BrowserModel
import TestClock
import XCTest

final class PasswordSuggestionTests: XCTestCase {
    func testASuggestionIsThreeGroupsOfSixWithAnUpperCaseLetterAndADigit() {
        var generator = SplitMix(seed: 34)
        var seen = Set<String>()
        for _ in 0..<2_000 {
            let password = PasswordSuggestion.make(maxLength: nil, using: &generator) ?? ""
            let groups = password.split(separator: "-", omittingEmptySubsequences: false)
            XCTAssertEqual(groups.map(\.count), [6, 6, 6], password)
            XCTAssertTrue(password.contains { PasswordSuggestion.uppercase.contains($0) }, password)
            XCTAssertTrue(password.contains { PasswordSuggestion.digits.contains($0) }, password)
            XCTAssertTrue(groups.joined().allSatisfy { PasswordSuggestion.alphabet.contains($0) }, password)
            XCTAssertFalse(password.contains { "0Oo1Iil".contains($0) }, "nothing misread when retyped: \(password)")
            seen.insert(password)
        }
        XCTAssertEqual(seen.count, 2_000, "no two alike")
    }

    func testEveryCharacterOfTheAlphabetTurnsUpInEveryPlace() {
        var generator = SplitMix(seed: 7)
        var byPlace = Array(repeating: Set<Character>(), count: PasswordSuggestion.groupedLength)
        for _ in 0..<5_000 {
            for (place, character) in (PasswordSuggestion.make(maxLength: nil, using: &generator) ?? "").enumerated() {
                byPlace[place].insert(character)
            }
        }
        for place in byPlace.indices where ![6, 13].contains(place) {
            XCTAssertEqual(byPlace[place].count, PasswordSuggestion.alphabet.count, "place \(place)")
        }
        XCTAssertEqual(byPlace[6], ["-"])
    }

    func testAShortFieldGetsWhatItTakesAndATooShortOneNothing() {
        var generator = SplitMix(seed: 1)
        XCTAssertEqual(PasswordSuggestion.make(maxLength: 64, using: &generator)?.count, 20)
        let sixteen = PasswordSuggestion.make(maxLength: 16, using: &generator) ?? ""
        XCTAssertEqual(sixteen.count, 16)
        XCTAssertFalse(sixteen.contains("-"), sixteen)
        XCTAssertTrue(sixteen.contains { PasswordSuggestion.uppercase.contains($0) } && sixteen.contains { PasswordSuggestion.digits.contains($0) }, sixteen)
        XCTAssertEqual(PasswordSuggestion.make(maxLength: 12, using: &generator)?.count, 12)
        XCTAssertNil(PasswordSuggestion.make(maxLength: 11, using: &generator))
        XCTAssertNotEqual(PasswordSuggestion.make(maxLength: nil), PasswordSuggestion.make(maxLength: nil), "the system's generator")
    }
}
