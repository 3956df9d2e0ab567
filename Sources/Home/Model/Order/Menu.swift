import Foundation

/// The Order tab's menu (data/home/menu.json, docs/home-format.md): categories of items, each item
/// with its sizes and options.
public struct Menu: Sendable, Hashable {
    public var categories: [MenuCategory]

    public init(categories: [MenuCategory]) { self.categories = categories }

    public func category(id: String) -> MenuCategory? { categories.first { $0.id == id } }

    public func item(id: String) -> MenuItem? {
        for category in categories { if let item = category.items.first(where: { $0.id == id }) { return item } }
        return nil
    }

    /// The category holding item `id` (for a Home tile that opens an item directly).
    public func category(ofItem id: String) -> MenuCategory? {
        categories.first { $0.items.contains { $0.id == id } }
    }
}

public struct MenuCategory: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// Relative to the data folder.
    public var image: String?
    public var items: [MenuItem]

    public init(id: String, name: String, image: String? = nil, items: [MenuItem]) {
        self.id = id
        self.name = name
        self.image = image
        self.items = items
    }
}

public struct MenuItem: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var description: String
    public var image: String?
    /// At least one; the first is not necessarily the default (see `defaultSizeID`).
    public var sizes: [MenuSize]
    public var options: [MenuOption]
    public var defaultSizeID: String

    public init(id: String, name: String, description: String = "", image: String? = nil,
                sizes: [MenuSize], options: [MenuOption] = [], defaultSizeID: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
        self.image = image
        self.sizes = sizes
        self.options = options
        self.defaultSizeID = defaultSizeID ?? sizes.first?.id ?? ""
    }

    public func size(id: String) -> MenuSize? { sizes.first { $0.id == id } }
    public func option(id: String) -> MenuOption? { options.first { $0.id == id } }

    /// The lowest price of any size: "from $3.65" on the item's row.
    public var startingPrice: Money { sizes.map(\.price).min() ?? .zero }

    /// One of this item in `sizeID` with `optionIDs`; nil if either is not the item's.
    public func unitPrice(sizeID: String, optionIDs: Set<String>) -> Money? {
        guard let size = size(id: sizeID) else { return nil }
        var total = size.price
        for optionID in optionIDs {
            guard let option = option(id: optionID) else { return nil }
            total = total + option.price
        }
        return total
    }
}

public struct MenuSize: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// "12 fl oz"; may be empty.
    public var detail: String
    public var price: Money

    public init(id: String, name: String, detail: String = "", price: Money) {
        self.id = id
        self.name = name
        self.detail = detail
        self.price = price
    }
}

/// An extra that can be added to an item (an extra shot, oat milk), each on or off.
public struct MenuOption: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    public var price: Money

    public init(id: String, name: String, price: Money) {
        self.id = id
        self.name = name
        self.price = price
    }
}
