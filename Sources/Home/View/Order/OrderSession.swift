import Foundation
import Gtk
import HomeModel

/// The Order tab's shared state while it lives: the menu and the basket. Pages on the stack
/// apply basket actions here; the session performs the effects (the tab's badge) and tells every
/// page that shows the basket to refresh.
@MainActor
final class OrderSession {
    let menu: Menu
    let directory: URL
    private(set) var basket: Basket
    weak var navigator: (any HomeNavigator)?
    private var observers: [(owner: Weak, refresh: @MainActor () -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    init(menu: Menu, directory: URL, navigator: any HomeNavigator) {
        self.menu = menu
        self.directory = directory
        self.navigator = navigator
        basket = Basket(menu: menu)
    }

    /// Applies `action` and returns the effects for the page to show (an "added" note, a refusal).
    @discardableResult
    func apply(_ action: BasketAction) -> [BasketEffect] {
        let effects = basket.apply(action)
        for effect in effects {
            if case let .badge(count) = effect { navigator?.setBadge(count == 0 ? nil : count, on: .order) }
        }
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.refresh() }
        return effects
    }

    /// `refresh` runs after every basket change while `owner` is alive.
    func observe(_ owner: AnyObject, _ refresh: @escaping @MainActor () -> Void) {
        observers.append((Weak(object: owner), refresh))
    }

    func picturePath(_ relative: String?) -> String? {
        relative.map { directory.appendingPathComponent($0).path }
    }

    /// "3 items · $12.40", or nil when the basket is empty.
    var basketSummary: String? {
        guard !basket.isEmpty else { return nil }
        let count = basket.itemCount
        return "\(count) \(count == 1 ? "item" : "items") · \(basket.total)"
    }

    func openBasket() {
        navigator?.push(BasketPage(session: self), on: .order)
    }

    func openItem(_ item: MenuItem) {
        navigator?.push(ItemPage(session: self, item: item), on: .order)
    }
}

/// The "View Order" button several Order pages show: it follows the basket.
@MainActor
final class BasketButton {
    let button = Button(label: "")
    private unowned let session: OrderSession

    init(session: OrderSession) {
        self.session = session
        button.addCSSClass("home-basket-button")
        button.halign = .fill
        button.onClicked { [weak self] in self?.session.openBasket() }
        session.observe(self) { [weak self] in self?.refresh() }
        refresh()
    }

    func refresh() {
        if let summary = session.basketSummary {
            button.label = "View Order · \(summary)"
            button.isSensitive = true
        } else {
            button.label = "Your order is empty"
            button.isSensitive = false
        }
        button.setAccessibleLabel(button.label ?? "View Order")
    }
}
