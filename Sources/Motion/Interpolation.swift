/// Linear interpolation; `t` is not clamped, so springs that overshoot carry
/// the overshoot through to the interpolated property.
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a + (b - a) * t
}

/// Where `value` sits between `a` and `b` (0 at `a`, 1 at `b`); 0 when a == b.
public func inverseLerp(_ a: Double, _ b: Double, _ value: Double) -> Double {
    b == a ? 0 : (value - a) / (b - a)
}

public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public static let zero = Size(width: 0, height: 0)

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

public func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
}

public func lerp(_ a: Size, _ b: Size, _ t: Double) -> Size {
    Size(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
}
