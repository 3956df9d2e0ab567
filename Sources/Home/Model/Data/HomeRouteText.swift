import Foundation

extension HomeRoute {
    /// Routes as the data files write them: `tab:scan`, `history`, `menu-item:ID`,
    /// `gift-design:ID`, `store:ID` (docs/home-format.md).
    public init?(text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let argument = parts.count == 2 ? parts[1] : nil
        func id() -> String? {
            guard let argument, !argument.isEmpty, argument.count <= 100 else { return nil }
            return argument
        }
        switch parts[0] {
        case "history" where argument == nil: self = .history
        case "tab":
            guard let tab = argument.flatMap(HomeTab.init(rawValue:)) else { return nil }
            self = .tab(tab)
        case "menu-item": guard let id = id() else { return nil }; self = .menuItem(id: id)
        case "gift-design": guard let id = id() else { return nil }; self = .giftDesign(id: id)
        case "store": guard let id = id() else { return nil }; self = .store(id: id)
        default: return nil
        }
    }

    public var text: String {
        switch self {
        case let .tab(tab): "tab:\(tab.rawValue)"
        case .history: "history"
        case let .menuItem(id): "menu-item:\(id)"
        case let .giftDesign(id): "gift-design:\(id)"
        case let .store(id): "store:\(id)"
        }
    }
}
