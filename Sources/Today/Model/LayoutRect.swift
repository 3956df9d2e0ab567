import Foundation
import Motion

/// An axis-aligned rectangle in points, y growing downwards (GTK's convention).
///
/// Named `LayoutRect` rather than `Rect` so that the views, which import both this module and
/// `Gtk` (which has its own `Rect`), never see an ambiguous name.
public struct LayoutRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Shrunk by `dx` on the left and right and `dy` on the top and bottom; never below zero size.
    public func insetBy(dx: Double, dy: Double) -> LayoutRect {
        let newWidth = max(0, width - 2 * dx)
        let newHeight = max(0, height - 2 * dy)
        return LayoutRect(x: midX - newWidth / 2, y: midY - newHeight / 2, width: newWidth, height: newHeight)
    }

    /// True when the two share some area; touching edges do not count, so a cell that ends exactly
    /// where the viewport begins is not "visible".
    public func intersects(_ other: LayoutRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Length of the overlap of the two horizontal extents (0 when they do not overlap).
    public func horizontalOverlap(with other: LayoutRect) -> Double {
        max(0, min(maxX, other.maxX) - max(minX, other.minX))
    }

    /// With each edge moved to the nearest whole point (so at any whole scale factor, whole pixels):
    /// the width and height are those of the rounded edges, not rounded on their own.
    public var snappedToWholePoints: LayoutRect {
        let left = x.rounded(), top = y.rounded()
        return LayoutRect(x: left, y: top, width: maxX.rounded() - left, height: maxY.rounded() - top)
    }

    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}

/// Interpolates every edge; `t` is not clamped, so a spring's overshoot carries through.
public func lerp(_ a: LayoutRect, _ b: LayoutRect, _ t: Double) -> LayoutRect {
    LayoutRect(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t),
               width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
}
