import Foundation
import Home
import HomeModel

/// Where the Home section gets the pages other parts of Skiff build: the Order, Gift and Stores
/// tabs' root pages, and the History page the header's History button pushes. A nil answer shows
/// a page saying the tab is not part of this build (History: the button does nothing).
@MainActor
enum HomeWiring {
    static func makeTabRoot(_ tab: HomeTab, _ navigator: HomeNavigator, options: Options) -> HomeTabRoot? {
        switch tab {
        case .home, .scan, .order, .gift, .stores: nil
        }
    }

    static func makeHistory(options: Options) -> HomePage? { nil }

    static func source(options: Options) -> HomeSource {
        HomeSource(directory: Resources.homeData ?? URL(fileURLWithPath: "data/home"))
    }
}
