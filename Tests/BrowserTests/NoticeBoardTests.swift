import BrowserModel
import XCTest

final class NoticeBoardTests: XCTestCase {
    func testASaveFailureComesFirstCannotBeDismissedAndGoesWhenSavingWorks() {
        var board = NoticeBoard()
        board.inform("Your browsing data was moved aside.")
        board.saving(failedBecause: "the disk is full")
        XCTAssertEqual(board.current?.kind, .saveFailing)
        XCTAssertTrue(board.current?.text.contains("the disk is full") ?? false)
        XCTAssertFalse(board.dismissCurrent(), "a failing save stays until it works")
        board.saving(failedBecause: "the database is read-only")
        XCTAssertEqual(board.count, 2, "a new reason replaces the old one")
        board.saving(failedBecause: nil)
        XCTAssertEqual(board.current?.text, "Your browsing data was moved aside.", "the earlier notice was kept underneath")
        XCTAssertTrue(board.dismissCurrent())
        XCTAssertNil(board.current)
    }

    func testInformationStaysUntilDismissedOldestFirstAndIsNotRepeated() {
        var board = NoticeBoard()
        board.inform("A")
        board.inform("B")
        board.inform("A")
        XCTAssertEqual(board.count, 2)
        XCTAssertEqual(board.current?.text, "A")
        board.dismissCurrent()
        XCTAssertEqual(board.current?.text, "B")
    }
}
