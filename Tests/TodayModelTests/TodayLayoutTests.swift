import TestSupport
import XCTest
@testable import TodayModel

final class TodayLayoutTests: XCTestCase {
    static let widths: [Double] = [320, 600, 799, 800, 801, 1024, 1280, 1400, 1401, 2560]
    /// Odd and even sections, a single card, and empty sections between and at the end.
    static let counts = [4, 5, 0, 1, 7, 2, 0]

    private func allCards(_ layout: TodayLayout) -> [CardIndex] {
        layout.sectionCardCounts.enumerated().flatMap { section, count in
            (0..<count).map { CardIndex(section: section, item: $0) }
        }
    }

    private func rows(_ layout: TodayLayout, section: Int) -> [[CardIndex]] {
        let cards = (0..<layout.sectionCardCounts[section]).map { CardIndex(section: section, item: $0) }
        return Dictionary(grouping: cards, by: { layout.row(of: $0) }).sorted { $0.key < $1.key }.map(\.value)
    }

    // MARK: Columns and widths

    func testOneColumnBelowTheBreakpointTwoAtAndAbove() {
        for width in Self.widths {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            XCTAssertEqual(layout.isWide, width >= TodayLayout.wideMinimumWidth, "\(width)")
            let maxPerRow = (0..<Self.counts.count).flatMap { rows(layout, section: $0) }.map(\.count).max()
            XCTAssertEqual(maxPerRow, layout.isWide ? 2 : 1, "\(width)")
        }
    }

    func testEveryRowTilesTheContentWidthExactlyInWholePixels() throws {
        for width in Self.widths + [1023.5, 37, 0] {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            for section in 0..<Self.counts.count {
                for row in rows(layout, section: section) {
                    let cells = try row.map { try XCTUnwrap(layout.cellFrame(of: $0)) }.sorted { $0.x < $1.x }
                    XCTAssertEqual(cells.first?.minX, layout.contentX, "\(width)")
                    XCTAssertEqual(cells.last?.maxX, layout.contentX + layout.contentWidth, "\(width)")
                    for (left, right) in zip(cells, cells.dropFirst()) {
                        XCTAssertEqual(left.maxX, right.minX, "no gap or overlap at \(width)")
                    }
                    for cell in cells {
                        XCTAssertEqual(cell.x, cell.x.rounded(), "\(width)")
                        XCTAssertEqual(cell.width, cell.width.rounded(), "\(width)")
                        XCTAssertEqual(cell.height, TodayLayout.cellHeight)
                    }
                }
            }
        }
    }

    func testContentIsCappedAndCentredOnWideWindows() {
        for width in Self.widths {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            XCTAssertEqual(layout.contentWidth, min(width, TodayLayout.maximumContentWidth), "\(width)")
            let left = layout.contentX
            let right = width - layout.contentX - layout.contentWidth
            XCTAssertLessThanOrEqual(abs(left - right), 1, "equal margins within a pixel at \(width)")
            XCTAssertGreaterThanOrEqual(left, 0)
        }
        let huge = TodayLayout(width: 2560, sectionCardCounts: [2])
        XCTAssertEqual(huge.contentX, (2560 - TodayLayout.maximumContentWidth) / 2)
        XCTAssertEqual(huge.headerFrame(of: 0)?.x, huge.contentX)
        XCTAssertEqual(huge.headerFrame(of: 0)?.width, TodayLayout.maximumContentWidth)
    }

    func testNarrowCardsAreFullWidthMinusTheInsets() throws {
        for width in [320.0, 600, 799] {
            let layout = TodayLayout(width: width, sectionCardCounts: [3])
            let card = try XCTUnwrap(layout.frame(of: CardIndex(section: 0, item: 1)))
            XCTAssertEqual(card.x, TodayLayout.cardInset)
            XCTAssertEqual(card.width, width - 2 * TodayLayout.cardInset)
            XCTAssertEqual(card.height, 373)
            XCTAssertEqual(layout.role(of: CardIndex(section: 0, item: 1)), .fullWidth)
        }
    }

    func testWideRowsAlternateExpandedAndCompressedRestartingInEachSection() throws {
        for width in Self.widths where width >= TodayLayout.wideMinimumWidth {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            let third = layout.contentWidth / 3
            for section in 0..<Self.counts.count {
                for (rowNumber, row) in rows(layout, section: section).enumerated() {
                    let roles = row.map { layout.role(of: $0) }
                    if row.count == 1 {
                        XCTAssertEqual(roles, [.fullWidth], "lone last card at \(width)")
                        XCTAssertEqual(row.first?.item, Self.counts[section] - 1)
                        continue
                    }
                    // Left to right: even rows expanded first, odd rows compressed first.
                    XCTAssertEqual(roles, rowNumber % 2 == 0 ? [.expanded, .compressed] : [.compressed, .expanded],
                                   "section \(section) row \(rowNumber) at \(width)")
                    let cells = try row.map { try XCTUnwrap(layout.cellFrame(of: $0)) }
                    XCTAssertLessThan(cells[0].x, cells[1].x, "reading order is left to right")
                    for (cell, role) in zip(cells, roles) {
                        XCTAssertEqual(cell.width, role == .expanded ? 2 * third : third, accuracy: 0.5)
                    }
                }
            }
        }
    }

    func testGuttersAreFortyBetweenCardsAndTwentyAtTheEdges() throws {
        let layout = TodayLayout(width: 1280, sectionCardCounts: [4])
        let a = try XCTUnwrap(layout.frame(of: CardIndex(section: 0, item: 0)))
        let b = try XCTUnwrap(layout.frame(of: CardIndex(section: 0, item: 1)))
        let c = try XCTUnwrap(layout.frame(of: CardIndex(section: 0, item: 2)))
        XCTAssertEqual(b.minX - a.maxX, 40)
        XCTAssertEqual(a.minX - layout.contentX, 20)
        XCTAssertEqual(layout.contentX + layout.contentWidth - b.maxX, 20)
        XCTAssertEqual(c.minY - a.maxY, 40)
    }

    // MARK: Vertical structure

    func testSectionsStackHeaderRowsAndInset() throws {
        for width in Self.widths {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            var y = 0.0
            for section in 0..<Self.counts.count {
                let header = try XCTUnwrap(layout.headerFrame(of: section))
                XCTAssertEqual(header.y, y, "\(width) section \(section)")
                XCTAssertEqual(header.height, TodayLayout.headerHeight)
                XCTAssertEqual(header.width, layout.contentWidth)
                let sectionRows = rows(layout, section: section)
                for (rowNumber, row) in sectionRows.enumerated() {
                    for index in row {
                        XCTAssertEqual(layout.cellFrame(of: index)?.y, header.maxY + Double(rowNumber) * TodayLayout.cellHeight)
                    }
                }
                y = header.maxY + Double(sectionRows.count) * TodayLayout.cellHeight + TodayLayout.sectionBottomInset
            }
            XCTAssertEqual(layout.contentHeight, y, "\(width)")
        }
    }

    func testNoTwoFramesOverlap() throws {
        for width in [600.0, 1024] {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            let frames = try allCards(layout).map { try XCTUnwrap(layout.cellFrame(of: $0)) }
                + (0..<Self.counts.count).compactMap { layout.headerFrame(of: $0) }
            for (i, a) in frames.enumerated() {
                for b in frames[(i + 1)...] {
                    XCTAssertFalse(a.intersects(b), "\(a) and \(b) at \(width)")
                }
            }
        }
    }

    func testOutOfRangeIndicesHaveNoFrame() {
        let layout = TodayLayout(width: 1024, sectionCardCounts: [2, 0])
        XCTAssertNil(layout.frame(of: CardIndex(section: 0, item: 2)))
        XCTAssertNil(layout.frame(of: CardIndex(section: 1, item: 0)))
        XCTAssertNil(layout.frame(of: CardIndex(section: 2, item: 0)))
        XCTAssertNil(layout.frame(of: CardIndex(section: -1, item: 0)))
        XCTAssertNil(layout.headerFrame(of: 2))
    }

    func testNoSectionsAndDegenerateWidths() {
        let empty = TodayLayout(width: 1024, sectionCardCounts: [])
        XCTAssertEqual(empty.contentHeight, 0)
        XCTAssertEqual(empty.cards(in: LayoutRect(x: 0, y: 0, width: 1024, height: 800)), [])
        XCTAssertEqual(empty.scrollOffset(for: empty.anchor(atScrollOffset: 300)), 0)
        XCTAssertNil(empty.firstCard)
        for width in [0.0, -50, .nan, .infinity] {
            let layout = TodayLayout(width: width, sectionCardCounts: [3])
            XCTAssertEqual(layout.contentWidth, 0, "\(width)")
            XCTAssertEqual(layout.frame(of: CardIndex(section: 0, item: 0))?.width, 0)
        }
    }

    // MARK: Visible set

    func testVisibleCardsAndHeadersMatchABruteForceScan() throws {
        var random = SplitMix64(seed: 99)
        for width in [320.0, 799, 800, 1401, 2560] {
            let layout = TodayLayout(width: width, sectionCardCounts: Self.counts)
            let everyCard = allCards(layout)
            for _ in 0..<200 {
                let y = Double(random.next() % UInt64(layout.contentHeight + 400)) - 200
                let height = Double(random.next() % 1200) + 1
                let x = Double(random.next() % UInt64(width + 1)) - 100
                let rect = LayoutRect(x: x, y: y, width: Double(random.next() % 900) + 1, height: height)
                let expected = try everyCard.filter { try XCTUnwrap(layout.cellFrame(of: $0)).intersects(rect) }
                XCTAssertEqual(layout.cards(in: rect), expected, "\(rect) at \(width)")
                let expectedHeaders = (0..<Self.counts.count).filter { layout.headerFrame(of: $0)?.intersects(rect) == true }
                XCTAssertEqual(layout.headers(in: rect), expectedHeaders, "\(rect) at \(width)")
            }
        }
    }

    func testEdgesTouchingTheViewportAreNotVisible() throws {
        let layout = TodayLayout(width: 600, sectionCardCounts: [3])
        let second = try XCTUnwrap(layout.cellFrame(of: CardIndex(section: 0, item: 1)))
        let viewport = LayoutRect(x: 0, y: second.minY, width: 600, height: TodayLayout.cellHeight)
        XCTAssertEqual(layout.cards(in: viewport), [CardIndex(section: 0, item: 1)])
        XCTAssertEqual(layout.cards(in: LayoutRect(x: 0, y: 0, width: 600, height: .infinity)).count, 3)
        XCTAssertEqual(layout.cards(in: LayoutRect(x: 0, y: 100, width: 600, height: 0)), [])
    }

    func testOneHundredThousandCardsQueryQuickly() throws {
        let counts = FeedGenerator.generate(cardCount: 100_000).sectionCardCounts
        // Processor time, not wall-clock time: a loaded machine must not fail it.
        let start = threadCPUSeconds()
        let layout = TodayLayout(width: 1280, sectionCardCounts: counts)
        var visible = 0
        for step in 0..<10_000 {
            let y = layout.contentHeight * Double(step) / 10_000
            let viewport = LayoutRect(x: 0, y: y, width: 1280, height: 800)
            let cards = layout.cards(in: viewport)
            visible = max(visible, cards.count)
            _ = layout.headers(in: viewport)
            _ = layout.scrollOffset(for: layout.anchor(atScrollOffset: y))
        }
        XCTAssertLessThan(threadCPUSeconds() - start, 1.0, "10,000 frames of queries over 100,000 cards")
        XCTAssertLessThanOrEqual(visible, 8, "only what fits in 800 points, never the whole feed")
        XCTAssertGreaterThan(visible, 0)
        let last = try XCTUnwrap(layout.lastCard)
        XCTAssertEqual(layout.frame(of: last).map { $0.maxY + TodayLayout.cardInset + TodayLayout.sectionBottomInset },
                       layout.contentHeight)
    }
}
