import Foundation

/// One line of the basket: an item in one size with one set of options, and how many.
public struct BasketLine: Sendable, Hashable, Identifiable {
    /// Stable for the line's life (quantity changes keep it), so a view can keep its row.
    public var id: Int
    public var itemID: String
    public var itemName: String
    public var sizeID: String
    /// Empty for items that come in one size only (a croissant is not "Each").
    public var sizeName: String
    /// Sorted by the menu's order of options, so equal choices compare equal.
    public var optionIDs: [String]
    public var optionNames: [String]
    public var unitPrice: Money
    public var quantity: Int

    public var total: Money { unitPrice * quantity }

    /// "Grande · Extra shot, Oat milk" for the basket row.
    public var detail: String {
        ([sizeName] + (optionNames.isEmpty ? [] : [optionNames.joined(separator: ", ")])).filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// "Grande Caffè Latte", "Butter Croissant".
    public var displayName: String { sizeName.isEmpty ? itemName : "\(sizeName) \(itemName)" }

    func sameChoice(as other: BasketLine) -> Bool {
        itemID == other.itemID && sizeID == other.sizeID && optionIDs == other.optionIDs
    }
}

/// What the customer asks the basket to do.
public enum BasketAction: Sendable, Hashable {
    case add(itemID: String, sizeID: String, optionIDs: Set<String>, quantity: Int)
    case setQuantity(lineID: Int, quantity: Int)
    case increment(lineID: Int)
    case decrement(lineID: Int)
    case remove(lineID: Int)
    case clear
}

/// What the view must do after an action.
public enum BasketEffect: Sendable, Hashable {
    /// The tab's count badge shows this number (0 hides it).
    case badge(Int)
    /// The action was refused; say why (a limit reached, an unknown item).
    case refused(String)
    /// A line was added or grew: "Added 2 × Grande Caffè Latte".
    case added(lineID: Int, message: String)
}

/// The order being built, as a state machine over `BasketAction`s. Every decision (merging equal
/// lines, limits, prices, the badge) is here; the view renders `lines` and performs the effects.
public struct Basket: Sendable, Hashable {
    /// Per line: more than this many of one drink is a catering order.
    public static let maximumQuantity = 20
    /// Distinct lines in one order.
    public static let maximumLines = 30
    /// Items in one order (the badge never needs more than two digits).
    public static let maximumItemCount = 99

    public private(set) var lines: [BasketLine] = []
    private var nextLineID = 1
    private let menu: Menu

    public init(menu: Menu) { self.menu = menu }

    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }
    public var total: Money { lines.reduce(.zero) { $0 + $1.total } }
    public var isEmpty: Bool { lines.isEmpty }
    public func line(id: Int) -> BasketLine? { lines.first { $0.id == id } }

    /// Applies `action`; the effects say what the view must show. A refused action changes nothing.
    @discardableResult
    public mutating func apply(_ action: BasketAction) -> [BasketEffect] {
        let countBefore = itemCount
        var effects: [BasketEffect] = []
        switch action {
        case let .add(itemID, sizeID, optionIDs, quantity):
            switch makeLine(itemID: itemID, sizeID: sizeID, optionIDs: optionIDs, quantity: quantity) {
            case let .failure(reason): return [.refused(reason.description)]
            case let .success(line):
                if let index = lines.firstIndex(where: { $0.sameChoice(as: line) }) {
                    let merged = lines[index].quantity + quantity
                    guard merged <= Self.maximumQuantity else {
                        return [.refused("You can order up to \(Self.maximumQuantity) of one drink; this order already has \(lines[index].quantity).")]
                    }
                    guard countBefore + quantity <= Self.maximumItemCount else { return [.refused(itemLimitMessage)] }
                    lines[index].quantity = merged
                    effects.append(.added(lineID: lines[index].id, message: addedMessage(line, quantity)))
                } else {
                    guard lines.count < Self.maximumLines else {
                        return [.refused("An order can hold \(Self.maximumLines) different items; remove one to add another.")]
                    }
                    guard countBefore + quantity <= Self.maximumItemCount else { return [.refused(itemLimitMessage)] }
                    var added = line
                    added.id = nextLineID
                    nextLineID += 1
                    lines.append(added)
                    effects.append(.added(lineID: added.id, message: addedMessage(line, quantity)))
                }
            }
        case let .setQuantity(lineID, quantity):
            guard let index = lines.firstIndex(where: { $0.id == lineID }) else { return [.refused("That line is no longer in your order.")] }
            if quantity <= 0 {
                lines.remove(at: index)
            } else {
                guard quantity <= Self.maximumQuantity else {
                    return [.refused("You can order up to \(Self.maximumQuantity) of one drink.")]
                }
                guard countBefore - lines[index].quantity + quantity <= Self.maximumItemCount else { return [.refused(itemLimitMessage)] }
                lines[index].quantity = quantity
            }
        case let .increment(lineID):
            guard let line = line(id: lineID) else { return [.refused("That line is no longer in your order.")] }
            return apply(.setQuantity(lineID: lineID, quantity: line.quantity + 1))
        case let .decrement(lineID):
            // Never to zero: taking a line out is Remove, a deliberate act.
            guard let line = line(id: lineID) else { return [.refused("That line is no longer in your order.")] }
            guard line.quantity > 1 else { return [] }
            return apply(.setQuantity(lineID: lineID, quantity: line.quantity - 1))
        case let .remove(lineID):
            guard let index = lines.firstIndex(where: { $0.id == lineID }) else { return [] }
            lines.remove(at: index)
        case .clear:
            lines.removeAll()
        }
        if itemCount != countBefore { effects.insert(.badge(itemCount), at: 0) }
        return effects
    }

    private var itemLimitMessage: String { "An order can hold \(Self.maximumItemCount) items at most." }

    private func addedMessage(_ line: BasketLine, _ quantity: Int) -> String {
        "Added \(quantity) × \(line.displayName)"
    }

    private func makeLine(itemID: String, sizeID: String, optionIDs: Set<String>, quantity: Int) -> Result<BasketLine, BasketError> {
        guard let item = menu.item(id: itemID) else { return .failure(BasketError("That item is not on the menu.")) }
        guard let size = item.size(id: sizeID) else { return .failure(BasketError("\(item.name) does not come in that size.")) }
        guard optionIDs.allSatisfy({ item.option(id: $0) != nil }) else {
            return .failure(BasketError("That option is not available for \(item.name)."))
        }
        guard (1...Self.maximumQuantity).contains(quantity) else {
            return .failure(BasketError("Choose between 1 and \(Self.maximumQuantity)."))
        }
        let options = item.options.filter { optionIDs.contains($0.id) }
        guard let price = item.unitPrice(sizeID: sizeID, optionIDs: optionIDs) else { return .failure(BasketError("That item cannot be priced.")) }
        return .success(BasketLine(id: 0, itemID: itemID, itemName: item.name, sizeID: sizeID, sizeName: item.sizes.count == 1 ? "" : size.name,
                                   optionIDs: options.map(\.id), optionNames: options.map(\.name),
                                   unitPrice: price, quantity: quantity))
    }
}

struct BasketError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension BasketEffect {
    /// The refusal's text, if this is one.
    public var refusal: String? {
        if case let .refused(text) = self { return text }
        return nil
    }
}
