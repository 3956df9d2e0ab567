/// A list of groups flattened into lines of one height: each group's heading line, then one line per
/// item. Because every line is the same height, where a line is and which lines a viewport shows are
/// arithmetic, however long the list — the basis of the virtualised lists (Home's transaction
/// history, the browser's History view). What a group or an item is stays with each section's model.
public struct GroupedLineLayout: Sendable, Equatable {
    /// Where a line falls: a group's heading (`item == nil`) or the `item`-th entry of `group`.
    public struct Position: Sendable, Hashable {
        public let group: Int
        public let item: Int?
    }

    public let lineHeight: Double
    /// The line of each group's heading; group `g` owns lines `starts[g] ... starts[g] + count`.
    private let starts: [Int]
    public let lineCount: Int

    public init<Counts: Sequence<Int>>(itemCounts: Counts, lineHeight: Double) {
        var starts: [Int] = []
        starts.reserveCapacity(itemCounts.underestimatedCount)
        var next = 0
        for count in itemCounts {
            starts.append(next)
            next += 1 + count
        }
        self.starts = starts
        self.lineHeight = lineHeight
        lineCount = next
    }

    public var contentHeight: Double { Double(lineCount) * lineHeight }

    public func position(at index: Int) -> Position? {
        guard index >= 0, index < lineCount else { return nil }
        // The last group whose heading is at or before `index`.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        let offset = index - starts[low]
        return Position(group: low, item: offset == 0 ? nil : offset - 1)
    }

    /// The line of a group's heading.
    public func headingLine(group: Int) -> Int? {
        starts.indices.contains(group) ? starts[group] : nil
    }

    /// The line of the `item`-th entry of `group` (the inverse of `position(at:)`).
    public func itemLine(group: Int, item: Int) -> Int? {
        guard starts.indices.contains(group) else { return nil }
        let end = group + 1 < starts.count ? starts[group + 1] : lineCount
        let index = starts[group] + 1 + item
        return item >= 0 && index < end ? index : nil
    }

    /// `index` kept within the lines; nil when there are none.
    public func nearestLine(from index: Int) -> Int? {
        lineCount > 0 ? min(max(0, index), lineCount - 1) : nil
    }

    /// The nearest item line from `index` going `step` (+1 down, -1 up), skipping headings; if there
    /// is none that way, the nearest the other way; nil when there are no items.
    public func nearestItemLine(from index: Int, step: Int) -> Int? {
        guard let start = nearestLine(from: index) else { return nil }
        for direction in [step, -step] {
            var i = start
            while i >= 0, i < lineCount {
                if position(at: i)?.item != nil { return i }
                i += direction
            }
        }
        return nil
    }

    /// The lines any part of which lies in `top ..< top + height`.
    public func lines(from top: Double, height: Double) -> Range<Int> {
        guard lineCount > 0, height > 0 else { return 0..<0 }
        let first = max(0, Int((top / lineHeight).rounded(.down)))
        let last = min(lineCount, Int(((top + height) / lineHeight).rounded(.up)))
        return first < last ? first..<last : 0..<0
    }

    public func top(of index: Int) -> Double { Double(index) * lineHeight }
}
