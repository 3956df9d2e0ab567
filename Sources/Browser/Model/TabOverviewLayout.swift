import Foundation

/// A rectangle in the overview's coordinates (the model knows no GTK types).
public struct OverviewRect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// `self` moved a fraction `t` (0…1, may overshoot) of the way to `other`.
    public func interpolated(to other: OverviewRect, _ t: Double) -> OverviewRect {
        OverviewRect(x: x + (other.x - x) * t, y: y + (other.y - y) * t,
                     width: width + (other.width - width) * t, height: height + (other.height - height) * t)
    }
}

/// Where the tab overview puts each tab: a grid whose column count follows the width. Figures are
/// in docs/tab-overview.md.
public struct TabOverviewLayout: Equatable, Sendable {
    /// Space around the grid and between tiles.
    public static let margin = 24.0, columnGap = 20.0, rowGap = 22.0
    /// Tiles are never narrower than this (more columns would not fit) nor wider (a wide window
    /// centres the grid instead of blowing thumbnails up).
    public static let minTileWidth = 200.0, maxTileWidth = 300.0, maxColumns = 6
    /// The title row above each thumbnail: site letter, title, close button.
    public static let titleHeight = 30.0
    /// The overview's own bar at the bottom (New Tab, Done).
    public static let barHeight = 52.0
    /// Thumbnails take the page's shape, within these height/width ratios.
    public static let aspectRange = 0.55...1.4

    public let width: Double
    public let viewportHeight: Double
    public let count: Int
    public let columns: Int
    public let tileWidth: Double
    public let thumbnailHeight: Double
    /// x of the first column: the grid is centred.
    public let originX: Double

    /// - Parameters:
    ///   - width, height: the overview's size (the bar is taken off the height).
    ///   - pageAspect: the page's height / width, the thumbnails' shape.
    public init(width: Double, height: Double, count: Int, pageAspect: Double) {
        self.width = max(0, width)
        viewportHeight = max(0, height - Self.barHeight)
        self.count = max(0, count)
        let usable = max(0, self.width - 2 * Self.margin)
        let fit = Int((usable + Self.columnGap) / (Self.minTileWidth + Self.columnGap))
        columns = min(Self.maxColumns, max(1, fit))
        let share = (usable - Double(columns - 1) * Self.columnGap) / Double(columns)
        tileWidth = max(1, min(Self.maxTileWidth, share))
        let aspect = pageAspect.isFinite ? min(max(pageAspect, Self.aspectRange.lowerBound), Self.aspectRange.upperBound) : 0.75
        thumbnailHeight = (tileWidth * aspect).rounded()
        let gridWidth = Double(columns) * tileWidth + Double(columns - 1) * Self.columnGap
        originX = ((self.width - gridWidth) / 2).rounded()
    }

    public var rows: Int { (count + columns - 1) / columns }
    public var tileHeight: Double { Self.titleHeight + thumbnailHeight }
    /// The whole grid's height, margins included.
    public var contentHeight: Double {
        rows == 0 ? 0 : 2 * Self.margin + Double(rows) * tileHeight + Double(rows - 1) * Self.rowGap
    }
    /// How far the grid can scroll.
    public var maxScroll: Double { max(0, contentHeight - viewportHeight) }

    /// The tile of the tab at `index` (title row and thumbnail), in content coordinates.
    public func tile(at index: Int) -> OverviewRect {
        let row = index / columns, column = index % columns
        return OverviewRect(x: originX + Double(column) * (tileWidth + Self.columnGap),
                            y: Self.margin + Double(row) * (tileHeight + Self.rowGap),
                            width: tileWidth, height: tileHeight)
    }

    /// The thumbnail part of a tile.
    public func thumbnail(at index: Int) -> OverviewRect {
        let t = tile(at: index)
        return OverviewRect(x: t.x, y: t.y + Self.titleHeight, width: t.width, height: thumbnailHeight)
    }

    /// The tab whose tile is under a point (content coordinates), if any.
    public func index(atX x: Double, y: Double) -> Int? {
        (0..<count).first { i in
            let t = tile(at: i)
            return x >= t.x && x < t.x + t.width && y >= t.y && y < t.y + t.height
        }
    }

    /// The slot a dragged tile centred at (x, y) would drop into: the nearest tile's place.
    public func slot(nearestX x: Double, y: Double) -> Int {
        guard count > 0 else { return 0 }
        return (0..<count).min { a, b in
            let ta = tile(at: a), tb = tile(at: b)
            return hypot(ta.midX - x, ta.midY - y) < hypot(tb.midX - x, tb.midY - y)
        } ?? 0
    }

    public enum Direction: Sendable { case left, right, up, down }

    /// The selection after an arrow key: left/right walk the tabs in order (across rows), up/down
    /// keep the column; down from a row above a short last row lands on the last tab.
    public func moving(_ index: Int, _ direction: Direction) -> Int {
        guard count > 0 else { return 0 }
        let i = min(max(index, 0), count - 1)
        switch direction {
        case .left: return max(0, i - 1)
        case .right: return min(count - 1, i + 1)
        case .up: return i - columns >= 0 ? i - columns : i
        case .down:
            if i + columns < count { return i + columns }
            return i / columns < rows - 1 ? count - 1 : i
        }
    }

    /// The scroll offset that shows the tile at `index` whole, moving as little as possible from `offset`.
    public func scrollShowing(_ index: Int, from offset: Double) -> Double {
        guard count > 0 else { return 0 }
        let t = tile(at: min(max(index, 0), count - 1))
        var o = offset
        if t.y - Self.margin < o { o = t.y - Self.margin }
        if t.y + t.height + Self.margin > o + viewportHeight { o = t.y + t.height + Self.margin - viewportHeight }
        return min(max(0, o), maxScroll)
    }
}
