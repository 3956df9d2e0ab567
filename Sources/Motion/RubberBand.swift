/// iOS-style resistance past the edges of scrollable content.
public enum RubberBand {
    /// The coefficient UIScrollView is widely measured to use.
    public static let defaultCoefficient = 0.55

    /// Displayed distance for a raw overscroll `x` ≥ 0: (1 − 1/(x·c/d + 1))·d.
    /// Starts with slope `c` and never reaches `dimension`.
    public static func distance(overscroll: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard overscroll > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overscroll * coefficient / dimension + 1)) * dimension
    }

    /// Inverse of `distance`: the raw overscroll that displays as `distance`.
    /// Lets a drag that grabs content mid-bounce continue from where it shows.
    public static func overscroll(distance: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        guard distance > 0, dimension > 0, coefficient > 0 else { return 0 }
        guard distance < dimension else { return .infinity }
        return dimension * (1 / (1 - distance / dimension) - 1) / coefficient
    }
}

/// `offset` with the part beyond [min, max] rubber-banded; unchanged inside.
/// Content shorter than its viewport (`max < min`) is treated as `max == min`.
public func rubberBand(
    offset: Double,
    min lower: Double,
    max upper: Double,
    dimension: Double,
    coefficient: Double = RubberBand.defaultCoefficient
) -> Double {
    let upperBound = Swift.max(lower, upper)
    if offset < lower {
        return lower - RubberBand.distance(overscroll: lower - offset, dimension: dimension, coefficient: coefficient)
    }
    if offset > upperBound {
        return upperBound + RubberBand.distance(overscroll: offset - upperBound, dimension: dimension, coefficient: coefficient)
    }
    return offset
}
