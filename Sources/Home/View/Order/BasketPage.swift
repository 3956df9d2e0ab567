import Foundation
import Gtk
import HomeModel

/// The order: a row per line with − / + and Remove, the total, and Clear. Rows are kept and
/// updated in place as the basket changes, so the button the keyboard is on stays focused.
@MainActor
final class BasketPage: HomePage {
    let title = "Your Order"
    private let page = ScrollingPage(name: "Your Order")
    private let session: OrderSession
    private let list = Box(.vertical, spacing: 6)
    private let totalLabel = TabWidgets.label("", classes: ["title-3"], wraps: false)
    private let emptyLabel = TabWidgets.label("Your order is empty. Items you add from the menu appear here.", classes: ["dim-label"])
    private let clearButton = Button(label: "Clear Order")
    /// Shown when the order is empty, so the keyboard has somewhere to go after the last Remove.
    let browseButton = Button(label: "Back to the Menu")
    let status = TabWidgets.label("", classes: ["home-status"])
    private(set) var rows: [Int: BasketRow] = [:]
    private var order: [Int] = []
    var root: Widget { page.root }

    init(session: OrderSession) {
        self.session = session
        page.append(TabWidgets.label("Your Order", classes: ["title-1"]))
        page.append(emptyLabel)
        browseButton.halign = .start
        browseButton.onClicked { [weak self] in self?.session.navigator?.pop() }
        page.append(browseButton)
        list.addCSSClass("home-list")
        page.append(list)
        let footer = Box(.horizontal, spacing: 12)
        totalLabel.hexpand = true
        footer.append(totalLabel)
        clearButton.addCSSClass("destructive-action")
        clearButton.onClicked { [weak self] in self?.session.apply(.clear) }
        footer.append(clearButton)
        page.append(footer)
        page.append(status)
        session.observe(self) { [weak self] in self?.refresh() }
        refresh()
    }

    /// The lines as shown: (name, detail, quantity, line total) top to bottom.
    var shownLines: [(name: String, detail: String, quantity: String, total: String)] {
        order.compactMap { rows[$0] }.map { ($0.name.text, $0.detail.text, $0.quantity.text, $0.total.text) }
    }

    var totalText: String { totalLabel.text }

    private func refresh() {
        let lines = session.basket.lines
        let ids = Set(lines.map(\.id))
        var focusNext: BasketRow?
        var focusLost = false
        for id in order where !ids.contains(id) {
            guard let row = rows.removeValue(forKey: id) else { continue }
            // The focus was on this row (Remove): give it to a neighbour, not to nowhere.
            if row.box.containsFocus, let index = order.firstIndex(of: id) {
                focusLost = true
                let rest = order[(index + 1)...].filter(ids.contains) + order[..<index].reversed().filter(ids.contains)
                focusNext = rest.first.flatMap { rows[$0] }
            }
            list.remove(row.box)
        }
        for line in lines {
            if let row = rows[line.id] {
                row.update(line)
            } else {
                let row = BasketRow(line: line, session: session)
                rows[line.id] = row
                list.append(row.box)
            }
        }
        order = lines.map(\.id)
        let basket = session.basket
        let hadFocus = list.containsFocus || clearButton.containsFocus
        emptyLabel.isVisible = basket.isEmpty
        browseButton.isVisible = basket.isEmpty
        list.isVisible = !basket.isEmpty
        clearButton.isSensitive = !basket.isEmpty
        totalLabel.text = basket.isEmpty ? "" : "Total \(basket.total)"
        totalLabel.setAccessibleLabel(basket.isEmpty ? "Your order is empty" : "Total \(basket.total)")
        if let focusNext { focusNext.remove.grabFocus() } else if basket.isEmpty, hadFocus || focusLost {
            browseButton.grabFocus()
        }
    }
}

/// One line of the basket.
@MainActor
final class BasketRow {
    let box = Box(.horizontal, spacing: 10)
    let name = TabWidgets.label("", classes: ["home-row-title"])
    let detail = TabWidgets.label("", classes: ["dim-label"])
    let quantity = Label("")
    let total = TabWidgets.label("", classes: ["home-row-value"], wraps: false)
    let decrease = Button(iconName: "list-remove-symbolic", accessibleLabel: "One fewer")
    let increase = Button(iconName: "list-add-symbolic", accessibleLabel: "One more")
    let remove = Button(iconName: "user-trash-symbolic", accessibleLabel: "Remove")
    private let lineID: Int

    init(line: BasketLine, session: OrderSession) {
        lineID = line.id
        box.addCSSClass("home-basket-row")
        let texts = Box(.vertical, spacing: 2)
        texts.hexpand = true
        texts.append(name)
        texts.append(detail)
        box.append(texts)
        for button in [decrease, increase, remove] {
            button.valign = .center
            button.addCSSClass("flat")
        }
        quantity.addCSSClass("home-quantity")
        quantity.valign = .center
        total.valign = .center
        box.append(decrease)
        box.append(quantity)
        box.append(increase)
        box.append(total)
        box.append(remove)
        let id = line.id
        decrease.onClicked { [weak session] in session?.apply(.decrement(lineID: id)) }
        increase.onClicked { [weak session] in session?.apply(.increment(lineID: id)) }
        remove.onClicked { [weak session] in session?.apply(.remove(lineID: id)) }
        update(line)
    }

    func update(_ line: BasketLine) {
        name.text = line.itemName
        detail.text = line.detail
        quantity.text = String(line.quantity)
        total.text = line.total.formatted()
        let what = line.displayName
        decrease.setAccessibleLabel("One fewer \(what)")
        increase.setAccessibleLabel("One more \(what)")
        remove.setAccessibleLabel("Remove \(what) from the order")
        quantity.setAccessibleLabel("\(line.quantity) × \(what)")
        decrease.isSensitive = line.quantity > 1
        increase.isSensitive = line.quantity < Basket.maximumQuantity
        box.setAccessibleLabel("\(line.quantity) × \(what), \(line.total)")
    }
}
