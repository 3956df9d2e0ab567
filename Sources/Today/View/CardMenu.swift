import Foundation
import Gtk
import TodayModel

/// An article's menu (NetNewsWire's): Mark as Read or Unread, Star or Unstar, Open in Browser, Copy
/// Link, at the point of a right click or the Menu key. A card that is no article (the sample's, a
/// tip) has no menu without a link. Its items are actions `card.read`, `card.star`, `card.open`,
/// `card.copy-link` on the widget it is attached to.
@MainActor
final class CardMenu {
    /// The card the open menu is for, with its page's feed and grid (the feed's or a search's).
    typealias Target = (feed: FeedSource, grid: GridView, index: CardIndex)

    /// Mark as Read / Unread, Star / Unstar chosen.
    var onToggle: ((TodayView.ArticleState, Target) -> Void)?
    var onOpenLink: ((URL) -> Void)?

    private let menu = PopoverMenu(MenuModel())
    private let anchor: Widget
    private var target: Target?

    init(attachedTo widget: Widget) {
        anchor = widget
        menu.attach(to: widget)
        let actions = ActionGroup()
        actions.add("read") { [weak self] in self?.toggle(.read) }
        actions.add("star") { [weak self] in self?.toggle(.starred) }
        actions.add("open") { [weak self] in
            guard let self, let link = self.link else { return }
            self.onOpenLink?(link)
        }
        actions.add("copy-link") { [weak self] in
            guard let link = self?.link else { return }
            Clipboard.setText(link.absoluteString)
        }
        actions.insert(into: widget, prefix: "card")
    }

    private var link: URL? { target.flatMap { $0.feed.content(at: $0.index).link } }

    private func toggle(_ state: TodayView.ArticleState) {
        guard let target else { return }
        onToggle?(state, target)
    }

    /// Opens for `target` at (`x`, `y`) in `widget`; `changesState`: the read and star items (only
    /// subscriptions' articles have a state to change).
    func show(for target: Target, at widget: Widget, x: Double, y: Double, changesState: Bool) {
        let content = target.feed.content(at: target.index)
        guard content.link != nil, let origin = widget.bounds(in: anchor) else { return }
        let model = MenuModel()
        if changesState {
            let states = MenuModel()
            states.append(content.unread ? "Mark as Read" : "Mark as Unread", action: "card.read")
            states.append(content.starred ? "Unstar" : "Star", action: "card.star")
            model.appendSection(states)
        }
        let links = MenuModel()
        links.append("Open in Browser", action: "card.open")
        links.append("Copy Link", action: "card.copy-link")
        model.appendSection(links)
        self.target = target
        menu.setMenu(model)
        menu.point(to: Rect(x: origin.x + x, y: origin.y + y, width: 1, height: 1))
        menu.popup()
    }

    var isOpen: Bool { target != nil && menu.isOpen }
}
