import Foundation

/// The item page's state: which size, which options, how many. The page renders it and turns
/// "Add to Order" into `addAction`.
public struct ItemChoice: Sendable, Hashable {
    public let item: MenuItem
    public private(set) var sizeID: String
    public private(set) var optionIDs: Set<String> = []
    public private(set) var quantity = 1

    public init(item: MenuItem) {
        self.item = item
        sizeID = item.size(id: item.defaultSizeID) != nil ? item.defaultSizeID : (item.sizes.first?.id ?? "")
    }

    /// Ignored unless the size is the item's.
    public mutating func selectSize(_ id: String) {
        if item.size(id: id) != nil { sizeID = id }
    }

    public mutating func setOption(_ id: String, on: Bool) {
        guard item.option(id: id) != nil else { return }
        if on { optionIDs.insert(id) } else { optionIDs.remove(id) }
    }

    /// Clamped to 1…`Basket.maximumQuantity`.
    public mutating func setQuantity(_ value: Int) {
        quantity = min(max(value, 1), Basket.maximumQuantity)
    }

    public var canDecrease: Bool { quantity > 1 }
    public var canIncrease: Bool { quantity < Basket.maximumQuantity }

    public var unitPrice: Money { item.unitPrice(sizeID: sizeID, optionIDs: optionIDs) ?? .zero }
    public var total: Money { unitPrice * quantity }

    /// "Add 2 to Order · $9.80": the button says what it will do.
    public var addLabel: String {
        quantity == 1 ? "Add to Order · \(total)" : "Add \(quantity) to Order · \(total)"
    }

    public var addAction: BasketAction {
        .add(itemID: item.id, sizeID: sizeID, optionIDs: optionIDs, quantity: quantity)
    }
}
