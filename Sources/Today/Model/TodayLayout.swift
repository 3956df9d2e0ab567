import Foundation

/// Where every section header and card goes for a given width: a pure function of the available
/// width and the number of cards in each section, built for a virtualised view.
///
/// Construction is O(sections); a frame is O(1); the visible set and the scroll anchor are found
/// by binary search over the sections, so 100,000 cards cost nothing while scrolling.
///
/// Geometry (docs/mechanics.md "Today"): each section is a header (81 tall, full content width), its
/// rows of cells (413 tall; the card is the cell inset by 20 on every side, so 373 tall), then
/// a 20-pt bottom inset. Cells tile with no gaps, so the insets make the gutters: 40 between
/// cards, 20 at the content's edges.
public struct TodayLayout: Sendable {
    public static let cellHeight = 413.0
    public static let cardInset = 20.0
    public static let cardHeight = cellHeight - 2 * cardInset
    public static let headerHeight = 81.0
    public static let sectionBottomInset = 20.0

    /// Below this window width, one column. At 800 the compressed card is 800/3 − 40 ≈ 227 wide,
    /// about the narrowest that still fits a two-word title line at the card's title size; any
    /// narrower and a third-width card turns into a sliver. It also caps single-column cards
    /// at 759 × 373, before they become banners.
    public static let wideMinimumWidth = 800.0

    /// Beyond this, the content stays this wide and is centred with equal margins. At 1400 the
    /// expanded card is about 893 × 373 (2.4 : 1); wider cards become letterbox strips whose
    /// images, cropped to fill, would lose most of their height.
    public static let maximumContentWidth = 1400.0

    /// Overlaps within this many points count as equal when moving up or down; the expanded and
    /// compressed cells of adjacent rows overlap by cw/3 ± rounding, which must not decide.
    static let overlapTolerance = 2.0

    public let width: Double
    public let sectionCardCounts: [Int]
    /// Two cells a row (at or above `wideMinimumWidth`) rather than one.
    public let isWide: Bool
    /// The content column: whole points, centred in `width` once `width` exceeds `maximumContentWidth`.
    public let contentX: Double
    public let contentWidth: Double
    /// Widths of the two cells of a wide row; they sum to exactly `contentWidth`.
    public let compressedWidth: Double
    public let expandedWidth: Double
    public let contentHeight: Double

    /// The y of each section's header; ascending, so it can be binary-searched.
    private let sectionTops: [Double]

    public init(width: Double, sectionCardCounts: [Int]) {
        let available = width.isFinite ? max(0, width) : 0
        self.width = available
        self.sectionCardCounts = sectionCardCounts.map { max(0, $0) }
        isWide = available >= Self.wideMinimumWidth
        // Whole points everywhere, so cells tile without seams or overlaps.
        contentWidth = min(available, Self.maximumContentWidth).rounded(.down)
        contentX = ((available - contentWidth) / 2).rounded(.down)
        compressedWidth = (contentWidth / 3).rounded()
        expandedWidth = contentWidth - compressedWidth

        var tops: [Double] = []
        tops.reserveCapacity(self.sectionCardCounts.count)
        var y = 0.0
        let wide = isWide
        for count in self.sectionCardCounts {
            tops.append(y)
            let rows = wide ? (count + 1) / 2 : count
            y += Self.headerHeight + Double(rows) * Self.cellHeight + Self.sectionBottomInset
        }
        sectionTops = tops
        contentHeight = y
    }

    public var sectionCount: Int { sectionCardCounts.count }

    public func contains(_ index: CardIndex) -> Bool {
        sectionCardCounts.indices.contains(index.section)
            && (0..<sectionCardCounts[index.section]).contains(index.item)
    }

    // MARK: Frames

    public func headerFrame(of section: Int) -> LayoutRect? {
        guard sectionTops.indices.contains(section) else { return nil }
        return LayoutRect(x: contentX, y: sectionTops[section], width: contentWidth, height: Self.headerHeight)
    }

    /// The card itself: its cell inset by `cardInset`. What the view draws (corner radius 14).
    public func frame(of index: CardIndex) -> LayoutRect? {
        cellFrame(of: index)?.insetBy(dx: Self.cardInset, dy: Self.cardInset)
    }

    /// The card's cell, margins included; cells tile the content column exactly.
    public func cellFrame(of index: CardIndex) -> LayoutRect? {
        guard contains(index) else { return nil }
        let y = rowTop(section: index.section, row: row(of: index))
        let x: Double
        let cellWidth: Double
        switch role(of: index) {
        case .fullWidth:
            x = contentX
            cellWidth = contentWidth
        case .expanded:
            x = isFirstInRow(index) ? contentX : contentX + compressedWidth
            cellWidth = expandedWidth
        case .compressed:
            x = isFirstInRow(index) ? contentX : contentX + expandedWidth
            cellWidth = compressedWidth
        }
        return LayoutRect(x: x, y: y, width: cellWidth, height: Self.cellHeight)
    }

    /// Rows alternate [expanded, compressed], [compressed, expanded]. The alternation restarts
    /// in each section, so every section opens with a big card on the left, as each day's lead
    /// story should. A section's odd last card takes the whole row rather than leaving a hole.
    public func role(of index: CardIndex) -> CardRole {
        guard isWide, contains(index) else { return .fullWidth }
        let count = sectionCardCounts[index.section]
        if count % 2 == 1, index.item == count - 1 { return .fullWidth }
        let evenRow = (index.item / 2) % 2 == 0
        return evenRow == isFirstInRow(index) ? .expanded : .compressed
    }

    /// The row within its section.
    public func row(of index: CardIndex) -> Int {
        isWide ? index.item / 2 : index.item
    }

    private func isFirstInRow(_ index: CardIndex) -> Bool {
        !isWide || index.item % 2 == 0
    }

    private func rowCount(section: Int) -> Int {
        let count = sectionCardCounts[section]
        return isWide ? (count + 1) / 2 : count
    }

    private func rowTop(section: Int, row: Int) -> Double {
        sectionTops[section] + Self.headerHeight + Double(row) * Self.cellHeight
    }

    private func items(section: Int, row: Int) -> Range<Int> {
        let count = sectionCardCounts[section]
        let perRow = isWide ? 2 : 1
        let first = row * perRow
        return first..<min(first + perRow, count)
    }

    // MARK: Visible set

    /// Cards whose *cell* shares area with `rect`, in reading order. Cells include the 20-pt
    /// margin round the card; pass a rect grown by the shadow's reach if shadows must not pop.
    public func cards(in rect: LayoutRect) -> [CardIndex] {
        var result: [CardIndex] = []
        forEachSection(overlapping: rect) { section in
            let rows = rowCount(section: section)
            guard rows > 0 else { return }
            let rowsTop = rowTop(section: section, row: 0)
            // Clamp in Double before converting: an infinite rect must not trap Int().
            let first = Int(min(max(((rect.minY - rowsTop) / Self.cellHeight).rounded(.down), 0), Double(rows)))
            let last = Int(min(max(((rect.maxY - rowsTop) / Self.cellHeight).rounded(.up) - 1, -1), Double(rows - 1)))
            guard first <= last else { return }
            for row in first...last {
                for item in items(section: section, row: row) {
                    let index = CardIndex(section: section, item: item)
                    if let cell = cellFrame(of: index), cell.intersects(rect) { result.append(index) }
                }
            }
        }
        return result
    }

    /// Sections whose header shares area with `rect`, ascending.
    public func headers(in rect: LayoutRect) -> [Int] {
        var result: [Int] = []
        forEachSection(overlapping: rect) { section in
            if let header = headerFrame(of: section), header.intersects(rect) { result.append(section) }
        }
        return result
    }

    private func forEachSection(overlapping rect: LayoutRect, _ body: (Int) -> Void) {
        guard !sectionTops.isEmpty, rect.width > 0, rect.height > 0, !rect.minY.isNaN, !rect.maxY.isNaN else { return }
        var section = sectionIndex(containing: rect.minY)
        while section < sectionTops.count, sectionTops[section] < rect.maxY {
            body(section)
            section += 1
        }
    }

    /// The last section whose top is at or above `y` (the first section for any y above it).
    private func sectionIndex(containing y: Double) -> Int {
        var low = 0
        var high = sectionTops.count
        while low < high {
            let middle = (low + high) / 2
            if sectionTops[middle] <= y { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    // MARK: Scroll anchoring

    /// The header or row at `offset` (the viewport's top, in content coordinates) and how far into it.
    public func anchor(atScrollOffset offset: Double) -> LayoutAnchor {
        guard !sectionTops.isEmpty, offset.isFinite else {
            return LayoutAnchor(item: .header(section: 0), fraction: 0)
        }
        let section = sectionIndex(containing: offset)
        let top = sectionTops[section]
        let rows = rowCount(section: section)
        if offset < top + Self.headerHeight || rows == 0 {
            return LayoutAnchor(item: .header(section: section), fraction: (offset - top) / Self.headerHeight)
        }
        let rowsTop = rowTop(section: section, row: 0)
        let row = Int(min(((offset - rowsTop) / Self.cellHeight).rounded(.down), Double(rows - 1)))
        let first = items(section: section, row: row).lowerBound
        let fraction = (offset - rowTop(section: section, row: row)) / Self.cellHeight
        return LayoutAnchor(item: .card(CardIndex(section: section, item: first)), fraction: fraction)
    }

    /// The scroll offset that puts `anchor` back at the viewport's top in this layout. An anchor
    /// beyond this layout's sections or cards falls back to the nearest one that exists. With a
    /// `viewportHeight`, the result is clamped to the scrollable range.
    public func scrollOffset(for anchor: LayoutAnchor, viewportHeight: Double? = nil) -> Double {
        guard !sectionTops.isEmpty else { return 0 }
        let fraction = anchor.fraction.isFinite ? anchor.fraction : 0
        var offset: Double
        switch anchor.item {
        case let .header(section):
            let clamped = min(max(section, 0), sectionTops.count - 1)
            offset = sectionTops[clamped] + fraction * Self.headerHeight
        case let .card(index):
            let section = min(max(index.section, 0), sectionTops.count - 1)
            let count = sectionCardCounts[section]
            if count == 0 {
                offset = sectionTops[section]
            } else {
                let item = min(max(index.item, 0), count - 1)
                let row = row(of: CardIndex(section: section, item: item))
                offset = rowTop(section: section, row: row) + fraction * Self.cellHeight
            }
        }
        if let viewportHeight {
            offset = min(max(offset, 0), max(0, contentHeight - max(0, viewportHeight)))
        }
        return offset
    }

    // MARK: Keyboard navigation

    /// The card a direction key moves to from `index`, following the grid as drawn; nil at an
    /// edge (or for an index not in this layout).
    ///
    /// Left and right stay within the row. Up and down cross into the adjacent row, across
    /// section headers too, and pick the card there that overlaps `index` horizontally the most;
    /// near-ties (expanded above compressed overlap by a third each) keep the same side.
    /// The nearest card in `direction` from `index` that `accepts` (a story moving on skips what is
    /// no article, and for Space what is read); nil when none is left that way.
    public func neighbour(of index: CardIndex, direction: NavigationDirection, where accepts: (CardIndex) -> Bool) -> CardIndex? {
        var next = neighbour(of: index, direction: direction)
        while let candidate = next, !accepts(candidate) { next = neighbour(of: candidate, direction: direction) }
        return next
    }

    public func neighbour(of index: CardIndex, direction: NavigationDirection) -> CardIndex? {
        guard contains(index) else { return nil }
        switch direction {
        case .next:
            if index.item + 1 < sectionCardCounts[index.section] {
                return CardIndex(section: index.section, item: index.item + 1)
            }
            return firstCard(after: index.section)
        case .previous:
            if index.item > 0 { return CardIndex(section: index.section, item: index.item - 1) }
            return lastCard(before: index.section)
        case .left, .right:
            let row = items(section: index.section, row: row(of: index))
            let item = index.item + (direction == .left ? -1 : 1)
            return row.contains(item) ? CardIndex(section: index.section, item: item) : nil
        case .up, .down:
            guard let target = adjacentRow(section: index.section, row: row(of: index), down: direction == .down),
                  let origin = cellFrame(of: index) else { return nil }
            let slot = index.item - items(section: index.section, row: row(of: index)).lowerBound
            let candidates = items(section: target.section, row: target.row).compactMap { item -> (CardIndex, Double, Int)? in
                let candidate = CardIndex(section: target.section, item: item)
                guard let cell = cellFrame(of: candidate) else { return nil }
                let candidateSlot = item - items(section: target.section, row: target.row).lowerBound
                return (candidate, origin.horizontalOverlap(with: cell), candidateSlot)
            }
            guard let best = candidates.map(\.1).max() else { return nil }
            let close = candidates.filter { $0.1 >= best - Self.overlapTolerance }
            return (close.first { $0.2 == slot } ?? close.first)?.0
        }
    }

    /// The first card in reading order, for Home; nil when there are no cards.
    public var firstCard: CardIndex? { firstCard(after: -1) }

    /// The last card in reading order, for End.
    public var lastCard: CardIndex? { lastCard(before: sectionCardCounts.count) }

    private func firstCard(after section: Int) -> CardIndex? {
        var next = section + 1
        while next < sectionCardCounts.count {
            if sectionCardCounts[next] > 0 { return CardIndex(section: next, item: 0) }
            next += 1
        }
        return nil
    }

    private func lastCard(before section: Int) -> CardIndex? {
        var previous = section - 1
        while previous >= 0 {
            if sectionCardCounts[previous] > 0 {
                return CardIndex(section: previous, item: sectionCardCounts[previous] - 1)
            }
            previous -= 1
        }
        return nil
    }

    private func adjacentRow(section: Int, row: Int, down: Bool) -> (section: Int, row: Int)? {
        if down {
            if row + 1 < rowCount(section: section) { return (section, row + 1) }
            return firstCard(after: section).map { ($0.section, 0) }
        }
        if row > 0 { return (section, row - 1) }
        return lastCard(before: section).map { ($0.section, rowCount(section: $0.section) - 1) }
    }
}
