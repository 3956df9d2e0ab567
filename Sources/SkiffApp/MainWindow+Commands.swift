import Browser
import BrowserModel
import Foundation
import Gtk
import Home
import Logging

private let logger = Logger(label: "skiff.commands")

/// Every command of the window as a named action ("win.…"), reached the same way from the main
/// menu, the keyboard and the Keyboard Shortcuts window, as in GNOME Web.
extension MainWindow {
    /// The window's own commands (sections, menu windows), with the app's where it gave them.
    var windowCommands: CommandGroup {
        var commands = Section.allCases.enumerated().map { index, section in
            KeyboardCommand("show-\(section.rawValue)", "Show \(section.title)", ["<Alt>\(index + 1)"]) { [weak self] in
                self?.stack.visibleChildName = section.rawValue
            }
        }
        commands += [
            KeyboardCommand("show-menu", "Open the main menu", ["F10"]) { [weak self] in self?.menuButton?.popup() },
            KeyboardCommand("fullscreen", "Fullscreen (Escape leaves)", ["F11"]) { [weak self] in self?.browser.fullscreen.toggle() },
            KeyboardCommand("show-shortcuts", "Keyboard shortcuts", ["<Control>question"]) { [weak self] in self?.showShortcuts() },
            KeyboardCommand("preferences", "Preferences", ["<Control>comma"]) { [weak self] in self?.showPreferences() },
            KeyboardCommand("history", "Show history", ["<Control>h"]) { [weak self] in self?.showHistory() },
            // Beside the tab overview's Ctrl+Shift+O (Firefox's Library key, which Skiff gives the overview).
            KeyboardCommand("bookmarks", "Show bookmarks", ["<Control><Shift>b"]) { [weak self] in self?.showBookmarks() },
            KeyboardCommand("import-bookmarks", "Import bookmarks from a file", []) { [weak self] in
                self?.showBookmarks().askImport()
            },
            KeyboardCommand("export-bookmarks", "Export the bookmarks to an HTML file", []) { [weak self] in
                self?.showBookmarks().askExport()
            },
            KeyboardCommand("about", "About Skiff", []) { [weak self] in self?.showAbout() },
        ]
        return CommandGroup("Window", commands + todayCommands + appCommands)
    }

    /// Keys the Today feed handles itself (moving, opening): listed for the Keyboard Shortcuts window.
    /// Its commands (refresh, search) are window actions in `todayCommands`.
    static let todayKeys = CommandGroup("Today", [
        KeyboardCommand("today-move", "Move between cards", ["Left", "Right", "Up", "Down"]),
        KeyboardCommand("today-open", "Open the story", ["Return", "space"]),
        KeyboardCommand("today-close", "Close the story", ["Escape", "<Alt>Left"]),
        KeyboardCommand("today-scroll", "Scroll a page / to either end", ["Page_Up", "Page_Down", "Home", "End"]),
        KeyboardCommand("today-open-link", "Open the article in the Browser", ["<Control>Return"]),
        KeyboardCommand("today-reader-view", "Show the story’s full article from its page (Reader View)", ["<Control><Alt>r"]),
        KeyboardCommand("today-next-article", "Next or previous article (in a story too)", ["j", "k"]),
        KeyboardCommand("today-next-unread", "In a story: a page down, at its end the next unread article", ["space"]),
        KeyboardCommand("today-star", "Star or unstar the article", ["s"]),
        KeyboardCommand("today-toggle-read", "Mark the article read or unread", ["m"]),
        KeyboardCommand("today-card-menu", "The article’s menu", ["Menu", "<Shift>F10"]),
    ])

    /// Home's commands (its tabs, back), enabled while Home is shown (`sectionChanged`).
    var homeCommands: CommandGroup { HomeView.commands { [weak self] in self?.sections.home } }

    /// Keys the Stars section handles itself: listed for the Keyboard Shortcuts window.
    static let starsKeys = CommandGroup("Stars", [
        KeyboardCommand("stars-step", "Previous or next sign", ["Left", "Right"]),
        KeyboardCommand("stars-ends", "First or last sign", ["Home", "End"]),
    ])

    /// Everything the Keyboard Shortcuts window lists, in its order: the Browser first (its own page),
    /// then the window's and the other sections' keys.
    var commandGroups: [CommandGroup] { [browser.commands, windowCommands, Self.todayKeys, homeCommands, Self.starsKeys] }

    /// Builds the "win" action group, gives each command's keys to the application (GTK handles
    /// them in every window before the focused widget sees them, whatever has the focus, and menus
    /// show them), and builds the main menu.
    func installCommands(header: HeaderBar) {
        actions.insert(into: window, prefix: "win")
        add([windowCommands, browser.commands, homeCommands])
        let menu = MenuModel()
        let windows = MenuModel()
        windows.append("New Window", action: "win.new-window")
        windows.append("New Private Window", action: "win.new-private-window")
        windows.append("Reopen Closed Tab", action: "win.reopen-closed-tab")
        windows.append("History", action: "win.history")
        windows.append("Bookmarks", action: "win.bookmarks")
        menu.appendSection(windows)
        let page = MenuModel()
        page.append("Find…", action: "win.find")
        page.append("Bookmark This Page…", action: "win.bookmark-page")
        page.append("Add to Favourites", action: "win.add-favourite")
        page.append("Subscribe in Today", action: "win.subscribe-in-today")
        page.append("Print…", action: "win.print")
        page.append("Page Source", action: "win.view-source")
        page.append("Downloads", action: "win.downloads")
        page.append("Fullscreen", action: "win.fullscreen")
        menu.appendSection(page)
        // GNOME Web's row: Zoom  − level +, a widget of its own in the menu (ZoomMenuRow.swift).
        let zoom = MenuModel()
        zoom.appendCustom(id: ZoomMenuRow.id)
        menu.appendSection(zoom)
        let feeds = MenuModel()
        feeds.append("Add Feed…", action: "win.add-feed")
        feeds.append("Mark All as Read", action: "win.mark-all-read")
        feeds.append("Subscriptions", action: "win.subscriptions")
        feeds.append("Import Subscriptions…", action: "win.import-subscriptions")
        feeds.append("Export Subscriptions…", action: "win.export-subscriptions")
        menu.appendSection(feeds)
        let bookmarks = MenuModel()
        bookmarks.append("Import Bookmarks…", action: "win.import-bookmarks")
        bookmarks.append("Export Bookmarks…", action: "win.export-bookmarks")
        menu.appendSection(bookmarks)
        let zoomRow = ZoomMenuRow(level: browser.zoom.label)
        // Strong: the row is owned by the menu and refers to nothing of the window's.
        browser.zoom.onChange = { level in zoomRow.show(level) }
        let app = MenuModel()
        app.append("Preferences", action: "win.preferences")
        app.append("Keyboard Shortcuts", action: "win.show-shortcuts")
        app.append("About Skiff", action: "win.about")
        menu.appendSection(app)
        let button = MenuButton(iconName: "open-menu-symbolic", accessibleLabel: "Main Menu", menu: menu)
        button.add(zoomRow.root, forCustomItem: ZoomMenuRow.id)
        header.packEnd(button)
        menuButton = button
    }

    /// The app's commands (quit, a private window): the application gives them to each window.
    public func installAppCommands(quit: @escaping @MainActor @Sendable () -> Void,
                                   newPrivateWindow: @escaping @MainActor @Sendable () -> Void,
                                   newWindow: (@MainActor @Sendable () -> Void)? = nil) {
        let commands = [
            newWindow.map { KeyboardCommand("new-window", "New window", ["<Control>n"], run: $0) },
            KeyboardCommand("new-private-window", "New private window", ["<Control><Shift>n"], run: newPrivateWindow),
            // GNOME Web's key: the window goes as if its close button were pressed (its tabs leave the session).
            KeyboardCommand("close-window", "Close window", ["<Control><Shift>w"]) { [weak self] in self?.window.close() },
            KeyboardCommand("quit", "Quit", ["<Control>q"], run: quit),
        ].compactMap { $0 }
        appCommands = commands
        add([CommandGroup("App", commands)])
    }

    /// The commands as the window's actions, their keys the application's. Commands sharing a key
    /// (F5: reload, today-refresh) are never enabled together (`sectionChanged`).
    private func add(_ groups: [CommandGroup]) {
        let application = window.application
        if application == nil { logger.error("the window has no application: its commands have no keys") }
        actions.add(groups.flatMap(\.commands), prefix: "win", keysIn: application)
    }

    func showShortcuts() {
        guard let shortcuts = ShortcutsWindow.make(groups: commandGroups, transientFor: window) else { return }
        shortcutsWindow = shortcuts
        shortcuts.present()
    }

    func showAbout() {
        let about = AboutWindow(transientFor: window, info: AboutInfo.skiff)
        aboutWindow = about
        about.present()
    }
}
