import Gtk
import HomeModel

/// What a tab shows when this build has no page for it: says so plainly, and offers the Home tab.
@MainActor
final class FallbackPage: HomeTabRoot {
    let root: Widget
    let title: String
    private let tab: HomeTab

    init(tab: HomeTab, navigator: HomeNavigator) {
        self.tab = tab
        title = tab.title
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.halign = .center
        box.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        box.append(Image(iconName: TabBar.iconName(tab), pixelSize: 48))
        let heading = Label("\(tab.title) is not part of this build")
        heading.addCSSClass("title-2")
        heading.wraps = true
        box.append(heading)
        let body = Label("This copy of Skiff was built without the \(tab.title) tab. Everything else in Home works.")
        body.wraps = true
        body.maxWidthChars = 40
        body.addCSSClass("dim-label")
        box.append(body)
        let back = Button(label: "Go to Home")
        back.halign = .center
        back.onClicked { [weak navigator] in navigator?.select(.home) }
        box.append(back)
        root = box
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool { route == .tab(tab) }
}
