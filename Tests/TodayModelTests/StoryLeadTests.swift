import TodayModel
import XCTest

/// What a story's lead (the card's summary) says is not said twice.
final class StoryLeadTests: XCTestCase {
    let paragraphs = ["The boats came in before the sun.", "By noon the quay was empty.", "The end of the day, and of the season."]

    func testAFirstParagraphThatIsTheSummaryGoesAndTheLeadStays() {
        let arranged = StoryLead.arrange(paragraphs, summary: "The boats came in before the sun.")
        XCTAssertEqual(arranged.paragraphs, Array(paragraphs.dropFirst()))
        XCTAssertFalse(arranged.replacesLead)
        let summaries = StoryLead.arrange(["A night rescue remembered."], summary: "A night rescue remembered.")
        XCTAssertEqual(summaries.paragraphs, [], "a feed of summaries: said once, as the lead")
        XCTAssertFalse(summaries.replacesLead)
    }

    func testTextThatBeginsWithACutOrRunTogetherSummaryTakesTheLeadsPlace() {
        for summary in ["The boats came in…", "The boats came in before the sun. By noon the quay was empty. The end of the day, and of…",
                        paragraphs.joined(separator: " ")] {
            let arranged = StoryLead.arrange(paragraphs, summary: summary)
            XCTAssertEqual(arranged.paragraphs, paragraphs, "every paragraph kept whole: \(summary)")
            XCTAssertTrue(arranged.replacesLead, summary)
        }
    }

    func testASummaryOfItsOwnStaysTheLead() {
        let arranged = StoryLead.arrange(paragraphs, summary: "A day at the harbour.")
        XCTAssertEqual(arranged.paragraphs, paragraphs)
        XCTAssertFalse(arranged.replacesLead)
        XCTAssertFalse(StoryLead.arrange(paragraphs, summary: nil).replacesLead)
        XCTAssertEqual(StoryLead.arrange([], summary: "Anything").paragraphs, [])
    }

    func testAnArticleFromItsPageKeepsTheLead() {
        let page = StoryLead.arrange(paragraphs, summary: "The boats came in before the sun.", wholly: true)
        XCTAssertEqual(page.paragraphs, Array(paragraphs.dropFirst()), "the summary is all of its first paragraph")
        XCTAssertFalse(page.replacesLead)
        let start = StoryLead.arrange(paragraphs, summary: "The boats came in", wholly: true)
        XCTAssertEqual(start.paragraphs, paragraphs, "the summary is only the start of it: the paragraph stays")
        XCTAssertFalse(start.replacesLead, "the page comes late: the lead is not taken away then")
    }
}
