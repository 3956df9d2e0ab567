import XCTest
@testable import TodayModel

final class LayoutAnchorTests: XCTestCase {
    private let counts = [4, 5, 0, 1, 7]

    func testAnchorRoundTripsToTheSameOffset() {
        for width in [320.0, 800, 1401] {
            let layout = TodayLayout(width: width, sectionCardCounts: counts)
            for offset in stride(from: -30.0, through: layout.contentHeight + 30, by: 17.3) {
                let anchor = layout.anchor(atScrollOffset: offset)
                XCTAssertEqual(layout.scrollOffset(for: anchor), offset, accuracy: 1e-9, "\(offset) at \(width)")
            }
        }
    }

    func testAnchorNamesWhatIsAtTheTop() throws {
        let layout = TodayLayout(width: 600, sectionCardCounts: counts)
        let header = try XCTUnwrap(layout.headerFrame(of: 1))
        XCTAssertEqual(layout.anchor(atScrollOffset: header.minY + 40.5),
                       LayoutAnchor(item: .header(section: 1), fraction: 0.5))
        let cell = try XCTUnwrap(layout.cellFrame(of: CardIndex(section: 1, item: 2)))
        XCTAssertEqual(layout.anchor(atScrollOffset: cell.minY + TodayLayout.cellHeight / 4),
                       LayoutAnchor(item: .card(CardIndex(section: 1, item: 2)), fraction: 0.25))
        // In the bottom inset after a section, the anchor stays on the last card, past its end.
        let last = try XCTUnwrap(layout.cellFrame(of: CardIndex(section: 1, item: 4)))
        let inInset = layout.anchor(atScrollOffset: last.maxY + 10)
        XCTAssertEqual(inInset.item, .card(CardIndex(section: 1, item: 4)))
        XCTAssertGreaterThan(inInset.fraction, 1)
        // An empty section is only its header (and inset).
        let empty = try XCTUnwrap(layout.headerFrame(of: 2))
        XCTAssertEqual(layout.anchor(atScrollOffset: empty.maxY + 5).item, .header(section: 2))
    }

    /// The card at the top of a narrow window is still at the top once the window is wide, and back.
    func testTheTopCardStaysInViewAcrossANarrowWideSwitch() throws {
        let narrow = TodayLayout(width: 700, sectionCardCounts: counts)
        let wide = TodayLayout(width: 1100, sectionCardCounts: counts)
        for section in counts.indices {
            for item in 0..<counts[section] {
                let index = CardIndex(section: section, item: item)
                for fraction in [0.0, 0.3, 0.9] {
                    let offset = try XCTUnwrap(narrow.cellFrame(of: index)).minY + fraction * TodayLayout.cellHeight
                    let anchor = narrow.anchor(atScrollOffset: offset)
                    let newOffset = wide.scrollOffset(for: anchor)
                    let cellThere = try XCTUnwrap(wide.cellFrame(of: index))
                    XCTAssertTrue(cellThere.minY <= newOffset && newOffset < cellThere.maxY,
                                  "\(index) at \(fraction): \(newOffset) not in \(cellThere)")
                    XCTAssertEqual(newOffset - cellThere.minY, fraction * TodayLayout.cellHeight, accuracy: 1e-9)

                    // And back: the wide row's first card is the anchor, so we land in that row's card.
                    let back = narrow.scrollOffset(for: wide.anchor(atScrollOffset: newOffset))
                    let rowStart = CardIndex(section: section, item: item - item % 2)
                    let rowStartCell = try XCTUnwrap(narrow.cellFrame(of: rowStart))
                    XCTAssertEqual(back - rowStartCell.minY, fraction * TodayLayout.cellHeight, accuracy: 1e-9)
                }
            }
        }
    }

    func testHeadersStayPutAcrossWidthChanges() throws {
        let before = TodayLayout(width: 1024, sectionCardCounts: counts)
        let after = TodayLayout(width: 500, sectionCardCounts: counts)
        let header = try XCTUnwrap(before.headerFrame(of: 3))
        let anchor = before.anchor(atScrollOffset: header.minY + 20)
        XCTAssertEqual(after.scrollOffset(for: anchor), try XCTUnwrap(after.headerFrame(of: 3)).minY + 20, accuracy: 1e-9)
    }

    func testAnchorsToCardsThatNoLongerExistFallBackToTheNearest() throws {
        let layout = TodayLayout(width: 600, sectionCardCounts: [2, 3])
        let gone = LayoutAnchor(item: .card(CardIndex(section: 1, item: 9)), fraction: 0.5)
        let lastCell = try XCTUnwrap(layout.cellFrame(of: CardIndex(section: 1, item: 2)))
        XCTAssertEqual(layout.scrollOffset(for: gone), lastCell.minY + TodayLayout.cellHeight / 2)
        let goneSection = LayoutAnchor(item: .header(section: 7), fraction: 0)
        XCTAssertEqual(layout.scrollOffset(for: goneSection), layout.headerFrame(of: 1)?.minY)
    }

    func testViewportHeightClampsToTheScrollableRange() {
        let layout = TodayLayout(width: 600, sectionCardCounts: [2])
        let nearEnd = layout.anchor(atScrollOffset: layout.contentHeight - 100)
        XCTAssertEqual(layout.scrollOffset(for: nearEnd, viewportHeight: 600), layout.contentHeight - 600)
        let above = layout.anchor(atScrollOffset: -40)
        XCTAssertEqual(layout.scrollOffset(for: above, viewportHeight: 600), 0)
        XCTAssertEqual(layout.scrollOffset(for: above), -40, "without a viewport, overscroll is kept")
        let short = TodayLayout(width: 600, sectionCardCounts: [1])
        XCTAssertEqual(short.scrollOffset(for: nearEnd, viewportHeight: 2000), 0)
    }
}

final class LayoutNavigationTests: XCTestCase {
    private func index(_ section: Int, _ item: Int) -> CardIndex { CardIndex(section: section, item: item) }

    func testNextAndPreviousFollowReadingOrderAcrossEmptySections() {
        let layout = TodayLayout(width: 1024, sectionCardCounts: [2, 0, 0, 1])
        XCTAssertEqual(layout.neighbour(of: index(0, 0), direction: .next), index(0, 1))
        XCTAssertEqual(layout.neighbour(of: index(0, 1), direction: .next), index(3, 0))
        XCTAssertEqual(layout.neighbour(of: index(3, 0), direction: .previous), index(0, 1))
        XCTAssertNil(layout.neighbour(of: index(3, 0), direction: .next))
        XCTAssertNil(layout.neighbour(of: index(0, 0), direction: .previous))
        XCTAssertEqual(layout.firstCard, index(0, 0))
        XCTAssertEqual(layout.lastCard, index(3, 0))
    }

    func testNarrowUpAndDownStepThroughTheColumnAndLeftRightGoNowhere() {
        let layout = TodayLayout(width: 600, sectionCardCounts: [2, 0, 2])
        XCTAssertEqual(layout.neighbour(of: index(0, 0), direction: .down), index(0, 1))
        XCTAssertEqual(layout.neighbour(of: index(0, 1), direction: .down), index(2, 0))
        XCTAssertEqual(layout.neighbour(of: index(2, 0), direction: .up), index(0, 1))
        XCTAssertNil(layout.neighbour(of: index(0, 0), direction: .up))
        XCTAssertNil(layout.neighbour(of: index(2, 1), direction: .down))
        XCTAssertNil(layout.neighbour(of: index(0, 0), direction: .left))
        XCTAssertNil(layout.neighbour(of: index(0, 0), direction: .right))
    }

    func testWideLeftAndRightStayInTheRow() {
        let layout = TodayLayout(width: 1280, sectionCardCounts: [5])
        XCTAssertEqual(layout.neighbour(of: index(0, 0), direction: .right), index(0, 1))
        XCTAssertEqual(layout.neighbour(of: index(0, 1), direction: .left), index(0, 0))
        XCTAssertNil(layout.neighbour(of: index(0, 1), direction: .right))
        XCTAssertNil(layout.neighbour(of: index(0, 2), direction: .left))
        XCTAssertNil(layout.neighbour(of: index(0, 4), direction: .right), "the lone last card has no neighbours in its row")
    }

    func testWideUpAndDownKeepTheSideAndCrossSections() {
        // Section 0: [E0 C1] [C2 E3] [full 4]; section 1: [E0 C1].
        let layout = TodayLayout(width: 1280, sectionCardCounts: [5, 2])
        XCTAssertEqual(layout.neighbour(of: index(0, 0), direction: .down), index(0, 2), "left stays left")
        XCTAssertEqual(layout.neighbour(of: index(0, 1), direction: .down), index(0, 3), "right stays right")
        XCTAssertEqual(layout.neighbour(of: index(0, 3), direction: .up), index(0, 1))
        XCTAssertEqual(layout.neighbour(of: index(0, 2), direction: .up), index(0, 0))
        XCTAssertEqual(layout.neighbour(of: index(0, 3), direction: .down), index(0, 4))
        XCTAssertEqual(layout.neighbour(of: index(0, 4), direction: .up), index(0, 3), "the expanded card overlaps most")
        XCTAssertEqual(layout.neighbour(of: index(0, 4), direction: .down), index(1, 0), "across the header")
        XCTAssertEqual(layout.neighbour(of: index(1, 1), direction: .up), index(0, 4))
        XCTAssertNil(layout.neighbour(of: index(1, 0), direction: .down))
        XCTAssertNil(layout.neighbour(of: index(0, 1), direction: .up))
    }

    func testUpAndDownAlwaysPickTheMostOverlappingCard() throws {
        let counts = [3, 6, 1, 4, 0, 5]
        for width in [800.0, 1000, 1024, 1401, 2560] {
            let layout = TodayLayout(width: width, sectionCardCounts: counts)
            for section in counts.indices {
                for item in 0..<counts[section] {
                    let origin = index(section, item)
                    let cell = try XCTUnwrap(layout.cellFrame(of: origin))
                    for direction in [NavigationDirection.up, .down] {
                        guard let target = layout.neighbour(of: origin, direction: direction) else { continue }
                        let targetCell = try XCTUnwrap(layout.cellFrame(of: target))
                        XCTAssertEqual(targetCell.minY > cell.minY, direction == .down)
                        // Same row as the target: nothing else there overlaps clearly more.
                        let rowmates = (0..<counts[target.section]).map { index(target.section, $0) }
                            .filter { layout.row(of: $0) == layout.row(of: target) }
                        for other in rowmates {
                            let otherCell = try XCTUnwrap(layout.cellFrame(of: other))
                            XCTAssertLessThanOrEqual(cell.horizontalOverlap(with: otherCell),
                                                     cell.horizontalOverlap(with: targetCell) + TodayLayout.overlapTolerance)
                        }
                        // The target is in the adjacent row: no card lies strictly between them.
                        let between = layout.cards(in: LayoutRect(x: layout.contentX, y: min(cell.maxY, targetCell.maxY),
                                                                  width: layout.contentWidth,
                                                                  height: max(0, max(cell.minY, targetCell.minY) - min(cell.maxY, targetCell.maxY))))
                        XCTAssertEqual(between, [], "\(origin) \(direction) → \(target) at \(width)")
                    }
                }
            }
        }
    }

    func testIndicesOutsideTheLayoutHaveNoNeighbours() {
        let layout = TodayLayout(width: 1024, sectionCardCounts: [2])
        for direction in NavigationDirection.allCases {
            XCTAssertNil(layout.neighbour(of: index(0, 2), direction: direction))
            XCTAssertNil(layout.neighbour(of: index(1, 0), direction: direction))
        }
    }
}
