import Foundation

/// History's list flattened into 80 px lines: each month's heading, then its rows. Everything is
/// one height (the seed's rows and headers are both 80), so where a line is and which lines a
/// viewport shows are arithmetic, whatever the history's length.
public struct HistoryListLayout: Sendable, Equatable {
    public static let lineHeight = 80.0

    public enum Line: Sendable, Hashable {
        case heading(month: Int)
        case row(month: Int, index: Int)
    }

    /// Index of each month's heading line; month `m` owns lines `starts[m] ... starts[m] + count`.
    private let starts: [Int]
    public let lineCount: Int

    public init(months: [HistoryMonth]) {
        var starts: [Int] = []
        starts.reserveCapacity(months.count)
        var next = 0
        for month in months {
            starts.append(next)
            next += 1 + month.transactions.count
        }
        self.starts = starts
        lineCount = next
    }

    public var contentHeight: Double { Double(lineCount) * Self.lineHeight }

    public func line(at index: Int) -> Line? {
        guard index >= 0, index < lineCount else { return nil }
        // The last month whose heading is at or before `index`.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        let offset = index - starts[low]
        return offset == 0 ? .heading(month: low) : .row(month: low, index: offset - 1)
    }

    /// The index of a line (the inverse of `line(at:)`).
    public func index(of line: Line) -> Int? {
        switch line {
        case let .heading(month):
            return starts.indices.contains(month) ? starts[month] : nil
        case let .row(month, row):
            guard starts.indices.contains(month) else { return nil }
            let end = month + 1 < starts.count ? starts[month + 1] : lineCount
            let index = starts[month] + 1 + row
            return row >= 0 && index < end ? index : nil
        }
    }

    /// The lines any part of which lies in `top ..< top + height`.
    public func lines(from top: Double, height: Double) -> Range<Int> {
        guard lineCount > 0, height > 0 else { return 0..<0 }
        let first = max(0, Int((top / Self.lineHeight).rounded(.down)))
        let last = min(lineCount, Int(((top + height) / Self.lineHeight).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    public func top(of index: Int) -> Double { Double(index) * Self.lineHeight }
}
