import Foundation
import Gtk
import HomeModel

/// Builds the root pages of the Order, Gift and Stores tabs for the Home shell.
@MainActor
public enum HomeTabs {
    /// The root page of `tab`, reading its data from `dataDirectory` (menu.json, gifts.json,
    /// stores.json and their pictures: data/home); nil for tabs built elsewhere. Roots keep
    /// `navigator` weakly.
    public static func makeRoot(_ tab: HomeTab, navigator: HomeNavigator, dataDirectory: URL) -> HomeTabRoot? {
        switch tab {
        case .order: OrderTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        case .gift: GiftTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        case .stores: StoresTabRoot(dataDirectory: dataDirectory, navigator: navigator)
        case .home, .scan: nil
        }
    }
}
