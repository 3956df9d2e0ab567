import BrowserModel
import Gtk

extension BrowserView {
    /// The browser's keyboard paths, installed on the window so they work wherever focus is.
    /// Captured before the page sees them; Escape is given back to the page when it is not ours.
    public func installShortcuts(on window: Window) {
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        // Only while the Browser is the section on screen: other sections have their own Alt+Left,
        // Escape and F5, and the window's capture phase would otherwise take them first.
        func add(_ trigger: String, _ body: @escaping ShortcutHandler) {
            shortcuts.add(trigger) { [weak self] in
                guard let self, self.root.isMapped else { return false }
                return body()
            }
        }
        add("<Control>l") { [weak self] in self?.focusAddressBar(); return true }
        add("<Alt>Left") { [weak self] in self?.goBack(); return true }
        add("<Alt>Right") { [weak self] in self?.goForward(); return true }
        add("<Control>r") { [weak self] in self?.reload(); return true }
        add("F5") { [weak self] in self?.reload(); return true }
        add("Escape") { [weak self] in self?.escape() ?? false }
        add("<Control>t") { [weak self] in self?.newTab(); return true }
        add("<Control>w") { [weak self] in self?.closeTab(); return true }
        add("<Control>Tab") { [weak self] in self?.selectTab(offset: 1); return true }
        add("<Control><Shift>Tab") { [weak self] in self?.selectTab(offset: -1); return true }
        add("<Control><Shift>ISO_Left_Tab") { [weak self] in self?.selectTab(offset: -1); return true }
        add("<Control>Page_Down") { [weak self] in self?.selectTab(offset: 1); return true }
        add("<Control>Page_Up") { [weak self] in self?.selectTab(offset: -1); return true }
        window.addController(shortcuts)
    }

    func buildToolbar() {
        toolbar.addCSSClass("skiff-toolbar")
        toolbar.homogeneous = true
        for button in [backButton, forwardButton, reloadButton, tabsButton, newTabButton] {
            button.hasFrame = false
            button.addCSSClass("skiff-nav-button")
            button.valign = .center
            toolbar.append(button)
        }
        backButton.onClicked { [weak self] in self?.goBack() }
        forwardButton.onClicked { [weak self] in self?.goForward() }
        reloadButton.onClicked { [weak self] in
            guard let self else { return }
            if self.state.showsStop { self.stop() } else { self.reload() }
        }
        newTabButton.onClicked { [weak self] in self?.newTab() }
        tabsPopover.popover.attach(to: root)
        tabsPopover.onSelect = { [weak self] index in self?.selectTab(at: index) }
        tabsPopover.onClose = { [weak self] index in self?.closeTab(at: index) }
        tabsButton.onClicked { [weak self] in
            guard let self else { return }
            self.tabsPopover.show(titles: self.pager.tabs.tabs.map(\.title), current: self.pager.tabs.currentIndex)
        }
    }
}
