import Foundation
import Gtk
import HomeModel

/// The tabs whose root pages are built from their own data files, outside the Home shell (which
/// builds the Home and Scan pages itself).
public enum DataTab: CaseIterable, Sendable {
    case order, gift, stores

    public var tab: HomeTab {
        switch self {
        case .order: .order
        case .gift: .gift
        case .stores: .stores
        }
    }
}

/// Builds the root pages of the Order, Gift and Stores tabs for the Home shell.
@MainActor
public enum HomeTabs {
    /// The root page of `tab`, reading its data from `dataDirectory` (menu.json, gifts.json,
    /// stores.json and their pictures: data/home). Roots keep `navigator` weakly.
    public static func makeRoot(_ tab: DataTab, navigator: HomeNavigator, dataDirectory: URL) -> HomeTabRoot {
        switch tab {
        case .order: OrderTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        case .gift: GiftTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        case .stores: StoresTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        }
    }
}
