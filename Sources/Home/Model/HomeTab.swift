import Foundation

/// The five tabs of the Home section, in the order the tab bar shows them. Each keeps its own
/// navigation stack.
public enum HomeTab: String, CaseIterable, Sendable, Hashable {
    case home, scan, order, gift, stores

    public var title: String {
        switch self {
        case .home: "Home"
        case .scan: "Scan"
        case .order: "Order"
        case .gift: "Gift"
        case .stores: "Stores"
        }
    }
}

/// Somewhere in Home a page or a tile can send the user: the shell selects the tab that owns it
/// and asks that tab's root page to show it.
public enum HomeRoute: Sendable, Hashable {
    case tab(HomeTab)
    /// The transaction history, pushed on the Home tab.
    case history
    /// An item's page in the Order tab (menu item id from the menu data).
    case menuItem(id: String)
    /// A gift-card design's page in the Gift tab.
    case giftDesign(id: String)
    /// A store's detail page in the Stores tab.
    case store(id: String)

    /// The tab whose stack shows this route.
    public var tab: HomeTab {
        switch self {
        case let .tab(tab): tab
        case .history: .home
        case .menuItem: .order
        case .giftDesign: .gift
        case .store: .stores
        }
    }
}
