import Gtk

extension Canvas {
    /// Places `child` at (x, y) with its natural height for `width`; returns that height.
    @discardableResult
    func place(_ child: Widget, x: Double, y: Double, width: Double) -> Double {
        let height = Double(child.naturalHeight(forWidth: Int(width)))
        allocate(child, Rect(x: x, y: y, width: width, height: height))
        return height
    }
}
