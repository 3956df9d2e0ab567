import Gtk
import HomeModel

/// One page of a tab's navigation stack: a tab's root page or a page pushed over it.
@MainActor
public protocol HomePage: AnyObject {
    /// The page's widget; the shell places it and slides it in and out.
    var root: Widget { get }
    /// Shown in the header while the page is on top, and the Back button's accessible target.
    var title: String { get }
}

/// What a page may ask of the shell. Pages never reach into other tabs' widgets: they ask here.
@MainActor
public protocol HomeNavigator: HomeRouting {
    /// Pushes `page` onto `tab`'s stack (the current tab when nil) with the slide.
    func push(_ page: HomePage, on tab: HomeTab?)
    /// Pops the current tab's top page, if it has one over its root.
    func pop()
    /// Shows `tab`, keeping every tab's stack and scroll position.
    func select(_ tab: HomeTab)
    /// A count on a tab's button (the basket on Order); nil or 0 hides it.
    func setBadge(_ count: Int?, on tab: HomeTab)
}

/// A tab's root page. The shell builds one per tab (through the factory it is given) and routes
/// `HomeRoute`s to the root of the route's tab.
@MainActor
public protocol HomeTabRoot: HomePage {
    /// Shows `route` (pushing pages through `navigator`); false when this tab does not know it.
    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool
}

extension HomeNavigator {
    /// Selects the route's tab, then lets its root show it.
    public func open(_ route: HomeRoute) { openRoute(route) }
}

/// The shell's half of routing, kept separate so pages can only call `open`.
@MainActor
public protocol HomeRouting: AnyObject {
    func openRoute(_ route: HomeRoute)
}
