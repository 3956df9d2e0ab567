import Gtk
import HomeModel

/// The five tabs as an accessible tab list of named tabs, each an icon and a label. Two of these
/// exist: a row in the section's header on wide windows, a bar at the bottom on narrow ones; only
/// the one on screen is visible (and so exposed to accessibility).
@MainActor
final class TabBar {
    enum Style { case header, bottom }

    let root: Box
    private(set) var buttons: [HomeTab: Button] = [:]
    private var badges: [HomeTab: Label] = [:]
    var onSelect: ((HomeTab) -> Void)?

    static func iconName(_ tab: HomeTab) -> String {
        switch tab {
        case .home: "go-home-symbolic"
        case .scan: "camera-photo-symbolic"
        case .order: "emblem-favorite-symbolic"
        case .gift: "mail-send-symbolic"
        case .stores: "mark-location-symbolic"
        }
    }

    init(style: Style) {
        root = Box(.horizontal, spacing: style == .header ? 4 : 0, role: .tabList)
        root.setAccessibleLabel("Home tabs")
        root.addCSSClass(style == .header ? "skiff-home-tabs-header" : "skiff-home-tabs-bottom")
        root.homogeneous = true
        for tab in HomeTab.allCases {
            let content = Box(style == .header ? .horizontal : .vertical, spacing: style == .header ? 6 : 2)
            content.halign = .center
            content.append(Image(iconName: Self.iconName(tab), pixelSize: 16))
            let label = Label(tab.title)
            label.addCSSClass("skiff-home-tab-label")
            content.append(label)
            let badge = Label("")
            badge.addCSSClass("skiff-home-badge")
            badge.isVisible = false
            content.append(badge)
            badges[tab] = badge
            let button = Button(role: .tab, child: content)
            button.hasFrame = false
            button.addCSSClass("skiff-home-tab")
            button.setAccessibleLabel(tab.title)
            button.onClicked { [weak self] in self?.onSelect?(tab) }
            if style == .bottom { button.hexpand = true }
            root.append(button)
            buttons[tab] = button
        }
    }

    func show(selected: HomeTab) {
        for (tab, button) in buttons {
            let on = tab == selected
            button.setAccessibleSelected(on)
            if on { button.addCSSClass("selected") } else { button.removeCSSClass("selected") }
        }
    }

    func setBadge(_ count: Int?, on tab: HomeTab) {
        guard let badge = badges[tab], let button = buttons[tab] else { return }
        let shown = (count ?? 0) > 0
        badge.text = shown ? (count.map { $0 > 99 ? "99+" : "\($0)" } ?? "") : ""
        badge.isVisible = shown
        button.setAccessibleLabel(shown ? "\(tab.title), \(badge.text) in the basket" : tab.title)
    }
}
