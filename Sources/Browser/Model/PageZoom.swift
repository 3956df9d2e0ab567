/// Page zoom in GNOME Web's steps, 30–300 % (docs/find-and-zoom.md).
public enum PageZoom {
    /// GNOME Web's (lib/ephy-zoom.c): the same stops, so the same number of presses gets there.
    public static let steps: [Double] = [0.30, 0.50, 0.67, 0.80, 0.90, 1.00, 1.10, 1.20, 1.33, 1.50, 1.70, 2.00, 2.40, 3.00]
    public static let normal = 1.0

    /// The next step up from `level` (a level between steps goes to the next one above it); the
    /// largest stays.
    public static func zoomIn(from level: Double) -> Double {
        steps.first { $0 > level + 0.001 } ?? steps[steps.count - 1]
    }

    /// The next step down; the smallest stays.
    public static func zoomOut(from level: Double) -> Double {
        steps.last { $0 < level - 0.001 } ?? steps[0]
    }

    public static func canZoomIn(from level: Double) -> Bool { level < steps[steps.count - 1] - 0.001 }
    public static func canZoomOut(from level: Double) -> Bool { level > steps[0] + 0.001 }

    /// "120 %" (the menu's label for the level).
    public static func percent(_ level: Double) -> String { "\(Int((level * 100).rounded())) %" }

    /// A pinch that began at `start` and has spread the fingers by `scale` (1: unchanged): the
    /// step nearest to `start × scale`, within 30–300 %, so a pinch lands on the same levels as the keys.
    public static func pinched(from start: Double, scale: Double) -> Double {
        guard scale.isFinite, scale > 0 else { return start }
        let wanted = start * scale
        return steps.min { abs($0 - wanted) < abs($1 - wanted) } ?? normal
    }
}
