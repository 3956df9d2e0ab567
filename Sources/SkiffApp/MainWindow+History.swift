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

extension MainWindow {
    /// Ctrl+Shift+B: the Bookmarks window, made once and brought back to the front after.
    @discardableResult
    func showBookmarks() -> BookmarksWindow {
        if let bookmarksWindow {
            bookmarksWindow.present()
            return bookmarksWindow
        }
        let bookmarks = BookmarksWindow(browser: browser, transientFor: window)
        bookmarksWindow = bookmarks
        bookmarks.onOpenedInCurrentTab = { [weak self] in self?.stack.visibleChildName = Section.browser.rawValue }
        bookmarks.window.onCloseRequest { [weak self] in
            self?.bookmarksWindow = nil
            return false
        }
        bookmarks.present()
        return bookmarks
    }
}
