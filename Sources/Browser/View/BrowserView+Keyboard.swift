import BrowserModel
import Gtk

extension BrowserView {
    /// The browser's keyboard paths, installed on the window so they work wherever focus is.
    /// Captured before the page sees them; Escape is given back to the page when it is not ours.
    public func installShortcuts(on window: Window) {
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("<Control>l") { [weak self] in self?.focusAddressBar(); return true }
        shortcuts.add("<Alt>Left") { [weak self] in self?.goBack(); return true }
        shortcuts.add("<Alt>Right") { [weak self] in self?.goForward(); return true }
        shortcuts.add("<Control>r") { [weak self] in self?.reload(); return true }
        shortcuts.add("F5") { [weak self] in self?.reload(); return true }
        shortcuts.add("Escape") { [weak self] in self?.escape() ?? false }
        window.addController(shortcuts)
    }
}
