import CGtk

/// Keeps its child at most `maximumWidth` wide and centred, like libadwaita's AdwClamp: a readable
/// measure for text on wide windows, the full width (less nothing) on narrow ones.
@MainActor
public final class Clamp {
    public let root: Canvas
    public var maximumWidth: Double {
        didSet { root.queueResize() }
    }

    public init(child: Widget, maximumWidth: Double, label: String) {
        self.maximumWidth = maximumWidth
        root = Canvas(role: .group, label: label) { _, _, _ in }
        root.addChild(child)
        root.setHeightForWidth(true)
        root.onMeasure { [weak self, weak child] orientation, forSize in
            guard let self, let child else { return (0, 0) }
            if orientation == .horizontal {
                let size = child.measure(.horizontal, forSize: -1)
                return (size.minimum, Int(min(Double(size.natural), self.maximumWidth)))
            }
            let width = forSize < 0 ? Int(self.maximumWidth) : Int(min(Double(forSize), self.maximumWidth))
            return child.measure(.vertical, forSize: width)
        }
        root.onDraw { [weak root, weak child] snapshot, _, _ in
            if let root, let child { snapshot.child(child, of: root) }
        }
        root.onAllocate { [weak self, weak child] width, height in
            guard let self, let child else { return }
            let w = min(Double(width), self.maximumWidth)
            self.root.allocate(child, Rect(x: ((Double(width) - w) / 2).rounded(), y: 0, width: w, height: Double(height)))
        }
    }
}
