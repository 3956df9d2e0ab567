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
