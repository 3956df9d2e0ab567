import BrowserModel
import TestClock
import XCTest

/// Thousands of random interleavings of key presses and history answers (a fake worker that
/// answers late, out of order and for texts long gone), through a field that edits as GTK's does:
/// after every step the field holds exactly the keys typed, plus at most one selected completion
/// that extends them.
final class AddressFieldPropertyTests: XCTestCase {
    /// A GtkText stand-in: typing replaces the selection, Backspace deletes it or the character
    /// before the cursor, and setting the text puts the cursor at the end.
    struct FakeEntry {
        var text: [Character] = []
        var cursor = 0
        var selection: Range<Int>?

        mutating func type(_ c: Character) {
            deleteSelection()
            text.insert(c, at: cursor)
            cursor += 1
        }

        mutating func backspace() {
            if selection != nil { return deleteSelection() }
            guard cursor > 0 else { return }
            text.remove(at: cursor - 1)
            cursor -= 1
        }

        mutating func left() {
            if let selection { cursor = selection.lowerBound } else if cursor > 0 { cursor -= 1 }
            self.selection = nil
        }

        mutating func end() {
            cursor = text.count
            selection = nil
        }

        private mutating func deleteSelection() {
            guard let range = selection else { return }
            text.removeSubrange(range)
            cursor = range.lowerBound
            selection = nil
        }

        var string: String { String(text) }
        var cursorAtEnd: Bool { selection == nil && cursor == text.count }
    }

    /// What the Browser's view does with the field (BrowserView+AddressSearch.swift): report each
    /// change, show an answer's completion selected.
    struct View {
        var entry = FakeEntry()
        var field = AddressField()
        var asked: [String] = []

        mutating func changed() {
            if case .typed(let text) = field.edited(to: entry.string) { asked.append(text) }
        }

        /// notify::selection-bound without a change of text.
        mutating func selectionChanged() {
            if field.selection != nil, entry.string == field.text, entry.selection != field.selection {
                _ = field.selectionLost(byUser: true)
            }
        }

        mutating func answer(_ query: String, top: String?) {
            guard field.answer(query: query, top: top, cursorAtEnd: entry.cursorAtEnd) else { return }
            entry.text = Array(field.text)
            entry.cursor = field.text.count
            entry.selection = field.selection
        }
    }

    static let history = [
        "http://127.0.0.1:8080/index.html", "http://127.0.0.1:8080/ch01.en.html", "http://127.0.0.1:8080/ch02.en.html",
        "https://www.debian.org/doc/manuals/", "https://debian.org/", "https://deb.example/", "http://127.0.0.2/",
    ]
    static let targets = ["127.0.0.1:8080/ch03.en.html", "127.0.0.1:8080/index.html", "debian.org/doc", "deb", "127.0.0.2/x"]

    func testTheFieldAlwaysHoldsWhatWasTypedPlusAtMostOneSelectedCompletion() {
        var random = SplitMix(seed: 0x5EED)
        var steps = 0
        for run in 0..<3000 {
            var view = View()
            // What the user means the field to hold (their own keys, Backspace included).
            var intended = ""
            let target = Array(Self.targets.randomElement(using: &random) ?? "deb")
            var next = 0
            // The field and the cursor when the user moved it into the text with Left.
            var away: (text: String, cursor: Int)?
            while next < target.count || !view.asked.isEmpty || away != nil {
                steps += 1
                let roll = Int.random(in: 0..<10, using: &random)
                if roll < 4, next < target.count, away == nil {
                    view.entry.type(target[next])
                    intended.append(target[next])
                    next += 1
                    view.changed()
                } else if roll == 4, away == nil, !intended.isEmpty, Bool.random(using: &random) {
                    let hadCompletion = view.entry.selection != nil
                    view.entry.backspace()
                    if !hadCompletion { intended.removeLast(); next = max(0, next - 1) }
                    view.changed()
                } else if roll == 5, away == nil {
                    // Left: a selected completion is accepted, and the cursor stays inside the
                    // text while answers keep coming, until End brings it back.
                    let shownBefore = view.entry.string
                    view.entry.left()
                    view.selectionChanged()
                    if shownBefore != intended {
                        intended = shownBefore
                        next = target.count
                    }
                    away = (view.entry.string, view.entry.cursor)
                } else if roll == 6, away != nil {
                    view.entry.end()
                    view.selectionChanged()
                    away = nil
                } else if !view.asked.isEmpty {
                    // The worker answers any outstanding query, in any order, maybe long after.
                    let index = Int.random(in: 0..<view.asked.count, using: &random)
                    let query = view.asked.remove(at: index)
                    let top = Bool.random(using: &random) ? Self.history.randomElement(using: &random)
                        : Self.history.first { $0.contains(query) }
                    view.answer(query, top: top)
                } else if next < target.count || away != nil {
                    continue
                } else {
                    break
                }
                let shown = view.entry.string
                if let away {
                    XCTAssertEqual(shown, away.text, "run \(run): nothing changes the field while the cursor is inside it")
                    XCTAssertEqual(view.entry.cursor, away.cursor, "run \(run): nor moves the cursor")
                }
                guard shown.hasPrefix(intended) else {
                    return XCTFail("run \(run): the field shows “\(shown)” but “\(intended)” was typed")
                }
                let suffix = shown.dropFirst(intended.count)
                if suffix.isEmpty {
                    XCTAssertTrue(away != nil || view.entry.cursorAtEnd, "run \(run): the cursor stays after what was typed")
                } else {
                    XCTAssertEqual(view.entry.selection, intended.count..<shown.count, "run \(run): a completion is selected, all of it")
                    XCTAssertTrue(Self.history.contains { address in
                        let bare = address.replacingOccurrences(of: "https://", with: "").replacingOccurrences(of: "http://", with: "")
                        return bare.hasPrefix(shown) || bare.replacingOccurrences(of: "www.", with: "").hasPrefix(shown)
                    }, "run \(run): “\(shown)” extends what was typed toward an address in history")
                }
                XCTAssertEqual(view.field.typed, intended, "run \(run)")
            }
            // Enter loads what is shown: what was typed, or its completion.
            XCTAssertTrue(view.entry.string.hasPrefix(intended))
        }
        XCTAssertGreaterThan(steps, 50_000)
    }

    func testAnAnswerCompletesOnlyTheExactTextItWasFor() {
        var field = AddressField()
        _ = field.edited(to: "1")
        _ = field.edited(to: "12")
        _ = field.edited(to: "127")
        XCTAssertFalse(field.answer(query: "12", top: "http://127.0.0.1:8080/index.html", cursorAtEnd: true),
                       "an answer for an earlier text is dropped, even one that would extend this one (issue 33)")
        XCTAssertEqual(field.text, "127")
        XCTAssertTrue(field.answer(query: "127", top: "http://127.0.0.1:8080/index.html", cursorAtEnd: true))
        XCTAssertEqual(field.text, "127.0.0.1:8080")
        XCTAssertEqual(field.selection, 3..<14)

        var other = AddressField()
        _ = other.edited(to: "13")
        XCTAssertFalse(other.answer(query: "1", top: "http://127.0.0.1:8080/", cursorAtEnd: true), "no longer extends")
        XCTAssertEqual(other.text, "13")
        XCTAssertFalse(other.answer(query: "14", top: "http://13.example/", cursorAtEnd: true), "an answer for a text never typed here")
    }

    func testBackspaceRemovesTheCompletionAndItDoesNotComeBack() {
        var field = AddressField()
        _ = field.edited(to: "deb")
        XCTAssertTrue(field.answer(query: "deb", top: "https://debian.org/", cursorAtEnd: true))
        XCTAssertEqual(field.edited(to: "deb"), .completionRemoved)
        XCTAssertFalse(field.answer(query: "deb", top: "https://debian.org/", cursorAtEnd: true), "a late answer does not bring it back")
        XCTAssertEqual(field.text, "deb")
        XCTAssertEqual(field.edited(to: "debi"), .typed("debi"))
        XCTAssertTrue(field.answer(query: "debi", top: "https://debian.org/", cursorAtEnd: true), "typing on completes again")
        XCTAssertEqual(field.text, "debian.org")
    }

    func testNoCompletionWhileTheCursorIsInsideTheTypedText() {
        var field = AddressField()
        _ = field.edited(to: "deb")
        XCTAssertFalse(field.answer(query: "deb", top: "https://debian.org/", cursorAtEnd: false))
        XCTAssertEqual(field.text, "deb")
    }

    func testAcceptingTheCompletionMakesItTyped() {
        var field = AddressField()
        _ = field.edited(to: "deb")
        XCTAssertTrue(field.answer(query: "deb", top: "https://debian.org/", cursorAtEnd: true))
        field.accepted()
        XCTAssertEqual(field.typed, "debian.org")
        XCTAssertNil(field.selection)
        XCTAssertEqual(field.edited(to: "debian.org/"), .typed("debian.org/"))
    }

    /// GTK collapses a selection to its start when the field loses the X PRIMARY selection; the
    /// next keys then land inside the address (`…/ch12.h|tml` + `tml`). Nobody pressed anything:
    /// the completion is selected again, and removed if it is taken away a second time.
    func testACompletionLostWithoutAKeyOrClickIsSelectedAgainThenRemoved() {
        var field = AddressField()
        _ = field.edited(to: "127.0.0.1:8080/ch12.h")
        XCTAssertTrue(field.answer(query: "127.0.0.1:8080/ch12.h", top: "http://127.0.0.1:8080/ch12.html", cursorAtEnd: true))
        XCTAssertEqual(field.selectionLost(byUser: false), .reselect)
        XCTAssertEqual(field.text, "127.0.0.1:8080/ch12.html", "the completion stays, to be selected again")
        XCTAssertEqual(field.selection, 21..<24)
        XCTAssertEqual(field.typed, "127.0.0.1:8080/ch12.h", "and is not typed text")
        XCTAssertEqual(field.selectionLost(byUser: false), .removed)
        XCTAssertEqual(field.text, "127.0.0.1:8080/ch12.h", "taken away again: only what was typed")
        XCTAssertNil(field.selection)
        XCTAssertEqual(field.edited(to: "127.0.0.1:8080/ch12.ht"), .typed("127.0.0.1:8080/ch12.ht"))
        XCTAssertTrue(field.answer(query: "127.0.0.1:8080/ch12.ht", top: "http://127.0.0.1:8080/ch12.html", cursorAtEnd: true))
        XCTAssertEqual(field.selectionLost(byUser: false), .reselect, "a new completion may be selected again once more")
        XCTAssertEqual(field.selectionLost(byUser: true), .accepted)
        XCTAssertEqual(field.typed, "127.0.0.1:8080/ch12.html")
    }
}
