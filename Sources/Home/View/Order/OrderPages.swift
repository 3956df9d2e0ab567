import Foundation
import Gtk
import HomeModel

/// The Order tab's root: the menu's categories, and the way to the basket.
@MainActor
final class OrderTabRoot: HomeTabRoot {
    let title = "Order"
    private let container = Box(.vertical)
    private let menuURL: URL
    private weak var navigator: (any HomeNavigator)?
    private(set) var session: OrderSession?
    private var page: ScrollingPage?
    private var basketButton: BasketButton?
    private var shown: Widget?
    private let reader = TabDataReader<Menu>()
    /// What the root shows now, for tests and screen readers: category names, or the failure.
    private(set) var categoryRows: [Button] = []
    private(set) var failureMessage: String?
    private(set) var retryButton: Button?

    var root: Widget { container }

    init(dataDirectory: URL, navigator: any HomeNavigator) {
        menuURL = dataDirectory.appendingPathComponent("menu.json")
        self.navigator = navigator
        container.hexpand = true
        container.vexpand = true
        load()
    }

    private func load() {
        if let shown { container.remove(shown) }
        shown = nil
        categoryRows = []
        failureMessage = nil
        retryButton = nil
        let page = ScrollingPage(name: "Order")
        self.page = page
        page.append(TabWidgets.loading("Reading the menu…"))
        container.append(page.root)
        shown = page.root
        let url = menuURL
        reader.read({ MenuLoader.load(url) }) { [weak self] result in self?.show(result) }
    }

    var isLoaded: Bool { !reader.isReading }

    private func show(_ result: TabDataLoad<Menu>) {
        defer { openPendingRoute() }
        if let shown { container.remove(shown) }
        shown = nil
        guard let navigator else { return }
        guard let menu = result.value else {
            if let fatal = result.fatalProblem {
                failureMessage = TabWidgets.problemText(fatal)
                let page = ScrollingPage(name: "Order")
                self.page = page
                let failure = TabWidgets.failure(fatal, what: "menu") { [weak self] in self?.load() }
                page.append(failure.box)
                retryButton = failure.retry
                container.append(page.root)
                shown = page.root
            }
            return
        }
        // Each menu read starts an empty basket: prices may have changed since the last one.
        let session = OrderSession(menu: menu, directory: menuURL.deletingLastPathComponent(), navigator: navigator)
        self.session = session
        navigator.setBadge(nil, on: .order)
        let page = ScrollingPage(name: "Menu")
        self.page = page
        page.append(TabWidgets.label("Menu", classes: ["title-1"]))
        if let note = TabWidgets.problemsNote(result.problems) { page.append(note) }
        let basketButton = BasketButton(session: session)
        self.basketButton = basketButton
        page.append(basketButton.button)
        let list = Box(.vertical, spacing: 4)
        list.addCSSClass("home-list")
        for category in menu.categories {
            let picture = TabPicture(path: session.picturePath(category.image), name: category.name, width: 72, height: 72)
            page.keep(picture)
            let count = category.items.count
            let row = TabWidgets.row(title: category.name, subtitle: "\(count) \(count == 1 ? "item" : "items")",
                                     trailing: nil, picture: picture)
            row.button.onClicked { [weak self] in self?.openCategory(category) }
            list.append(row.button)
            categoryRows.append(row.button)
        }
        page.append(list)
        container.append(page.root)
        shown = page.root
    }

    func openCategory(_ category: MenuCategory) {
        guard let session else { return }
        navigator?.push(CategoryPage(session: session, category: category), on: .order)
    }

    /// A route asked for while the file is still being read; opened once it is shown.
    private var pendingRoute: HomeRoute?

    private func openPendingRoute() {
        guard let route = pendingRoute, let navigator else { return }
        pendingRoute = nil
        _ = open(route, navigator: navigator)
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool {
        if reader.isReading {
            if route != .tab(.order) { pendingRoute = route }
            return true
        }
        guard let session else { return route == .tab(.order) }
        switch route {
        case .tab(.order):
            return true
        case let .menuItem(id):
            guard let item = session.menu.item(id: id) else { return false }
            navigator.push(ItemPage(session: session, item: item), on: .order)
            return true
        default:
            return false
        }
    }
}

/// A category's items: picture, name, price.
@MainActor
final class CategoryPage: HomePage {
    let title: String
    private let page: ScrollingPage
    private let session: OrderSession
    private(set) var itemRows: [Button] = []
    var root: Widget { page.root }

    init(session: OrderSession, category: MenuCategory) {
        self.session = session
        title = category.name
        page = ScrollingPage(name: category.name)
        page.append(TabWidgets.label(category.name, classes: ["title-1"]))
        let list = Box(.vertical, spacing: 4)
        list.addCSSClass("home-list")
        for item in category.items {
            let price = item.sizes.count > 1 ? "from \(item.startingPrice)" : item.startingPrice.formatted()
            let picture = TabPicture(path: session.picturePath(item.image), name: item.name, width: 64, height: 64)
            page.keep(picture)
            let row = TabWidgets.row(title: item.name, subtitle: item.description, trailing: price, picture: picture,
                                     accessibleName: "\(item.name), \(price)")
            row.button.onClicked { [weak session] in session?.openItem(item) }
            list.append(row.button)
            itemRows.append(row.button)
        }
        page.append(list)
    }
}

/// One item: its sizes, its options, how many, and Add to Order.
@MainActor
final class ItemPage: HomePage {
    let title: String
    private let page: ScrollingPage
    private let session: OrderSession
    private var choice: ItemChoice
    let addButton = Button(label: "")
    private let quantityLabel = Label("1")
    private let decrease = Button(iconName: "list-remove-symbolic", accessibleLabel: "One fewer")
    private let increase = Button(iconName: "list-add-symbolic", accessibleLabel: "One more")
    /// "Added 1 × Grande Caffè Latte", or why not.
    let status = TabWidgets.label("", classes: ["home-status"])
    private(set) var sizeButtons: [CheckButton] = []
    private(set) var optionButtons: [CheckButton] = []
    let basketButton: BasketButton
    var root: Widget { page.root }
    var addButtonLabel: String { addButton.label ?? "" }

    init(session: OrderSession, item: MenuItem) {
        self.session = session
        title = item.name
        choice = ItemChoice(item: item)
        page = ScrollingPage(name: item.name)
        basketButton = BasketButton(session: session)
        let picture = TabPicture(path: session.picturePath(item.image), name: item.name, width: 220, height: 220, radius: 14)
        picture.canvas.halign = .center
        page.append(picture)
        page.append(TabWidgets.label(item.name, classes: ["title-1"]))
        if !item.description.isEmpty { page.append(TabWidgets.label(item.description, classes: ["dim-label"])) }

        if item.sizes.count > 1 {
            page.append(TabWidgets.label("Size", classes: ["heading"]))
            let sizes = Box(.vertical, spacing: 2)
            var first: CheckButton?
            for size in item.sizes {
                let text = [size.name, size.detail, size.price.formatted()].filter { !$0.isEmpty }.joined(separator: " · ")
                let button = CheckButton(label: text)
                if let first { button.join(first) } else { first = button }
                button.isActive = size.id == choice.sizeID
                button.onToggled { [weak self, weak button] in
                    guard let self, let button, button.isActive else { return }
                    self.choice.selectSize(size.id)
                    self.refresh()
                }
                sizes.append(button)
                sizeButtons.append(button)
            }
            page.append(sizes)
        }
        if !item.options.isEmpty {
            page.append(TabWidgets.label("Options", classes: ["heading"]))
            let options = Box(.vertical, spacing: 2)
            for option in item.options {
                let text = option.price == .zero ? option.name : "\(option.name) +\(option.price)"
                let button = CheckButton(label: text)
                button.onToggled { [weak self, weak button] in
                    guard let self, let button else { return }
                    self.choice.setOption(option.id, on: button.isActive)
                    self.refresh()
                }
                options.append(button)
                optionButtons.append(button)
            }
            page.append(options)
        }

        let quantity = Box(.horizontal, spacing: 8)
        quantity.append(TabWidgets.label("Quantity", classes: ["heading"], wraps: false))
        quantityLabel.addCSSClass("home-quantity")
        decrease.onClicked { [weak self] in self?.changeQuantity(-1) }
        increase.onClicked { [weak self] in self?.changeQuantity(1) }
        quantity.append(decrease)
        quantity.append(quantityLabel)
        quantity.append(increase)
        page.append(quantity)

        addButton.addCSSClass("suggested-action")
        addButton.addCSSClass("home-add-button")
        addButton.onClicked { [weak self] in self?.add() }
        page.append(addButton)
        page.append(status)
        page.append(basketButton.button)
        refresh()
    }

    private func changeQuantity(_ delta: Int) {
        choice.setQuantity(choice.quantity + delta)
        refresh()
    }

    private func refresh() {
        addButton.label = choice.addLabel
        addButton.setAccessibleLabel(choice.addLabel)
        quantityLabel.text = String(choice.quantity)
        quantityLabel.setAccessibleLabel("Quantity \(choice.quantity)")
        decrease.isSensitive = choice.canDecrease
        increase.isSensitive = choice.canIncrease
    }

    func add() {
        let effects = session.apply(choice.addAction)
        for effect in effects {
            switch effect {
            case let .added(_, message):
                status.text = message
                status.removeCSSClass("home-refused")
            case let .refused(reason):
                status.text = reason
                status.addCSSClass("home-refused")
            case .badge:
                break
            }
        }
        status.setAccessibleLabel(status.text)
    }
}
