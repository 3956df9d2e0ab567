import Foundation
import Home
import HomeModel

/// Where the Home section gets the pages other parts of Home build: the Order, Gift and Stores
/// tabs' root pages (from their bundled menu, designs and stores), and the History page the
/// header's History button pushes (from `--rewards-url`, else the bundled sample).
@MainActor
enum HomeWiring {
    static var dataDirectory: URL { Resources.homeData ?? URL(fileURLWithPath: "data/home") }

    static func makeTabRoot(_ tab: DataTab, _ navigator: HomeNavigator) -> HomeTabRoot {
        HomeTabs.makeRoot(tab, navigator: navigator, dataDirectory: dataDirectory)
    }

    static func makeHistory(source: HistorySource, settings: HistorySettings) -> HomePage? {
        let page = HistoryPage(source: source, settings: settings)
        // Focus the current row (or Try Again) once it is on screen.
        DispatchQueue.main.async { [weak page] in page?.focusDefault() }
        return page
    }

    static var source: HomeSource {
        HomeSource(directory: dataDirectory)
    }
}
