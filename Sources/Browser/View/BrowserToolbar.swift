import BrowserModel
import Gtk

/// The row of buttons under the address bars — Back, Forward, Reload (Stop while loading), Tabs,
/// New Tab, and the Downloads button from a window's first download — and the Cancel that rises
/// beside the bar while the address is edited. Owns these widgets; the browser places them
/// (BrowserView+Layout.swift), says what each does and shows the current page's state on them.
@MainActor
final class BrowserToolbar {
    let row = Box(.horizontal, spacing: 4)
    let back = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    let forward = Button(iconName: "go-next-symbolic", accessibleLabel: "Forward")
    let reload = Button(iconName: "view-refresh-symbolic", accessibleLabel: "Reload")
    let tabs = Button(iconName: "view-paged-symbolic", accessibleLabel: "Tabs")
    let newTab = Button(iconName: "tab-new-symbolic", accessibleLabel: "New Tab")
    /// Ends editing as Escape does; shown (and drawn) only while the editing pose fades it in.
    let cancel = Button(label: "Cancel")
    var cancelShown = false

    private var navigation: [Button] { [back, forward, reload, tabs, newTab] }

    /// `downloads`: the Downloads list's button (DownloadsPanel.swift), last in the row, hidden
    /// until this window's first download.
    init(downloads: MenuButton) {
        row.addCSSClass("skiff-toolbar")
        row.homogeneous = true
        for button in navigation {
            button.hasFrame = false
            button.addCSSClass("skiff-nav-button")
            // Centred in its equal share of the row: the button (and its focus ring) is the size
            // of the icon's circle, not a 250-px pill.
            button.valign = .center
            button.halign = .center
            row.append(button)
        }
        downloads.hasFrame = false
        downloads.valign = .center
        downloads.halign = .center
        row.append(downloads)
        cancel.addCSSClass("flat")
        cancel.addCSSClass("skiff-cancel")
    }

    /// What the buttons do. Reload's is asked whether the page loads (Stop) at the time of the click.
    func connect(back: @escaping VoidHandler, forward: @escaping VoidHandler, reloadOrStop: @escaping VoidHandler,
                 tabs: @escaping VoidHandler, newTab: @escaping VoidHandler, cancel: @escaping VoidHandler) {
        self.back.onClicked(back)
        self.forward.onClicked(forward)
        reload.onClicked(reloadOrStop)
        self.tabs.onClicked(tabs)
        self.newTab.onClicked(newTab)
        self.cancel.onClicked(cancel)
    }

    /// Without web pages (no sandbox) nothing here can act.
    func disableNavigation() {
        for button in navigation { button.isSensitive = false }
    }

    /// The current page's state and the tab count, as the buttons and a screen reader show them.
    func show(_ state: PageState, tabCount: Int) {
        back.isSensitive = state.canGoBack
        forward.isSensitive = state.canGoForward
        let stopping = state.showsStop
        reload.iconName = stopping ? "process-stop-symbolic" : "view-refresh-symbolic"
        let reloadName = stopping ? "Stop" : "Reload"
        reload.setAccessibleLabel(reloadName)
        reload.tooltip = reloadName
        tabs.setAccessibleDescription("\(tabCount) open")
    }
}
