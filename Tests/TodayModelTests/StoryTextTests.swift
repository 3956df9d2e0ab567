import TodayModel
import XCTest

/// A story's blocks come in reading order: each picture after as many paragraphs as it says.
final class StoryTextTests: XCTestCase {
    private func picture(_ name: String, after: Int) -> StoryText.Picture {
        StoryText.Picture(address: "https://example.org/\(name).png", alternative: name, width: nil, height: nil, afterParagraph: after)
    }

    func testPicturesStandAfterTheirParagraphs() {
        let text = StoryText(paragraphs: ["one", "two"], pictures: [picture("first", after: 0), picture("middle", after: 1), picture("late", after: 9)])
        XCTAssertEqual(text.blocks, [.picture(picture("first", after: 0)), .paragraph("one"), .picture(picture("middle", after: 1)),
                                     .paragraph("two"), .picture(picture("late", after: 9))])
    }

    func testAPictureIsNamedByItsAltTextAndShapedByItsDeclaredSize() {
        let named = StoryText.Picture(address: "https://example.org/a.png", alternative: "Boats at the quay", width: 400, height: 200, afterParagraph: 0)
        XCTAssertEqual(named.label, "Boats at the quay")
        XCTAssertEqual(named.aspect, 2)
        XCTAssertEqual(named.declaredWidth, 400)
        let unnamed = StoryText.Picture(address: "https://example.org/b.png", alternative: nil, width: 400, height: 0, afterParagraph: 0)
        XCTAssertEqual(unnamed.label, StoryText.Picture.unnamed)
        XCTAssertNil(unnamed.aspect, "no shape from a zero height")
    }
}
