import Browser
import Gtk

extension MainWindow {
    /// Ctrl+H: the History window, made once and brought back to the front (listing again) after.
    func showHistory() {
        if let historyWindow {
            historyWindow.present()
            return
        }
        let history = BrowsingHistoryWindow(browser: browser, transientFor: window)
        historyWindow = history
        history.onOpenedInCurrentTab = { [weak self] in self?.stack.visibleChildName = Section.browser.rawValue }
        history.window.onCloseRequest { [weak self] in
            self?.historyWindow = nil
            return false
        }
        history.present()
    }
}
