import Foundation
import ListLayout

/// History's list flattened into 80 px lines: each month's heading, then its rows. Everything is
/// one height (the seed's rows and headers are both 80), so where a line is and which lines a
/// viewport shows are arithmetic, whatever the history's length.
public struct HistoryListLayout: Sendable, Equatable {
    public static let lineHeight = 80.0

    public enum Line: Sendable, Hashable {
        case heading(month: Int)
        case row(month: Int, index: Int)
    }

    /// The heading-then-rows arithmetic, shared with the browser's History view (and what the list
    /// widget lays out).
    public let grouped: GroupedLineLayout
    public var lineCount: Int { grouped.lineCount }

    public init(months: [HistoryMonth]) {
        grouped = GroupedLineLayout(itemCounts: months.lazy.map(\.transactions.count), lineHeight: Self.lineHeight)
    }

    public var contentHeight: Double { grouped.contentHeight }

    public func line(at index: Int) -> Line? {
        guard let position = grouped.position(at: index) else { return nil }
        guard let item = position.item else { return .heading(month: position.group) }
        return .row(month: position.group, index: item)
    }

    /// The index of a line (the inverse of `line(at:)`).
    public func index(of line: Line) -> Int? {
        switch line {
        case let .heading(month): grouped.headingLine(group: month)
        case let .row(month, row): grouped.itemLine(group: month, item: row)
        }
    }

    /// The lines any part of which lies in `top ..< top + height`.
    public func lines(from top: Double, height: Double) -> Range<Int> { grouped.lines(from: top, height: height) }

    public func top(of index: Int) -> Double { grouped.top(of: index) }
}
