/// A card's place in the feed: section, then position within the section (reading order).
public struct CardIndex: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: CardIndex, rhs: CardIndex) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

/// How wide a card's cell is drawn.
public enum CardRole: Sendable, Hashable {
    /// The whole content width: every card in one column, and a lone last card in the grid.
    case fullWidth
    /// Two thirds of the content width, in the two-column grid.
    case expanded
    /// One third of the content width, in the two-column grid.
    case compressed
}

public enum NavigationDirection: Sendable, Hashable, CaseIterable {
    case left, right, up, down
    /// Reading order (Tab), crossing sections.
    case next, previous
}

/// What is at the top of the viewport, so the same content can be put back there after the
/// layout changes (a live resize, a switch between one and two columns).
public struct LayoutAnchor: Sendable, Hashable {
    public enum Item: Sendable, Hashable {
        case header(section: Int)
        /// A wide row is anchored by its first card.
        case card(CardIndex)
    }

    public var item: Item
    /// How far into the item the viewport's top is, as a fraction of the item's height (the
    /// cell's height for cards). Above 1 inside the bottom inset after a section's last row;
    /// negative when overscrolled above the first header.
    public var fraction: Double

    public init(item: Item, fraction: Double) {
        self.item = item
        self.fraction = fraction
    }
}
