import Foundation
import BrowserModel
import Gtk

extension BrowserView {
    /// The browser's commands: the window turns each into a named action ("win.new-tab") with its
    /// accelerators, and the Keyboard Shortcuts window lists them from here.
    public var commands: CommandGroup {
        CommandGroup("Browser", [
            KeyboardCommand("focus-location", "Edit the address", ["<Control>l"]) { [weak self] in
                self?.findBar.close()
                self?.focusAddressBar()
            },
            KeyboardCommand("toggle-focus", "Move between the page and the address bar", ["F6"]) { [weak self] in
                _ = self?.toggleFocusBetweenPageAndChrome()
            },
            // On a focused favourite tile the same keys move the favourite instead.
            KeyboardCommand("back", "Back (on a favourite: move it left)", ["<Alt>Left"]) { [weak self] in
                if self?.moveFocusedFavourite(by: -1) == false { self?.goBack() }
            },
            KeyboardCommand("forward", "Forward (on a favourite: move it right)", ["<Alt>Right"]) { [weak self] in
                if self?.moveFocusedFavourite(by: 1) == false { self?.goForward() }
            },
            KeyboardCommand("reload", "Reload", ["<Control>r", "F5"]) { [weak self] in self?.reload() },
            KeyboardCommand("connection-security", "Connection security and certificate", ["<Control>i"]) { [weak self] in
                self?.showConnectionSecurity()
            },
            KeyboardCommand("stop", "Stop loading, or leave the address", ["Escape"]),
            KeyboardCommand("new-tab", "New tab", ["<Control>t"]) { [weak self] in self?.newTab() },
            KeyboardCommand("zoom-in", "Zoom in", ["<Control>equal", "<Control>plus"]) { [weak self] in
                self?.zoom.zoomIn(self?.webView)
            },
            KeyboardCommand("zoom-out", "Zoom out", ["<Control>minus"]) { [weak self] in
                self?.zoom.zoomOut(self?.webView)
            },
            KeyboardCommand("zoom-reset", "Actual size", ["<Control>0"]) { [weak self] in self?.zoom.reset(self?.webView) },
            KeyboardCommand("find", "Find in page", ["<Control>f"]) { [weak self] in self?.findBar.open(on: self?.webView) },
            KeyboardCommand("find-next", "Next match", ["F3", "<Control>g"]) { [weak self] in
                self?.findBar.step(forward: true, on: self?.webView)
            },
            KeyboardCommand("find-previous", "Previous match", ["<Shift>F3", "<Control><Shift>g"]) { [weak self] in
                self?.findBar.step(forward: false, on: self?.webView)
            },
            KeyboardCommand("bookmark-page", "Bookmark the page (name, folder)", ["<Control>d"]) { [weak self] in
                self?.bookmarkCurrentPage()
            },
            // Ctrl+D is the bookmark's since issue 34; the menu still adds a tile straight away.
            KeyboardCommand("add-favourite", "Add the page to Favourites", []) { [weak self] in
                self?.addCurrentPageToFavourites()
            },
            KeyboardCommand("favourite-rename", "Rename the focused favourite", ["F2"]),
            KeyboardCommand("favourite-remove", "Remove the focused favourite", ["Delete"]),
            KeyboardCommand("favourite-menu", "The focused favourite’s menu", ["Menu", "<Shift>F10"]),
            KeyboardCommand("close-tab", "Close tab", ["<Control>w"]) { [weak self] in
                guard let self else { return }
                if self.tabOverview.isOpen { self.tabOverview.closeSelected() } else { self.closeTab() }
            },
            KeyboardCommand("reopen-closed-tab", "Reopen closed tab", ["<Control><Shift>t"]) { [weak self] in
                _ = self?.reopenClosedTab()
            },
            KeyboardCommand("print", "Print the page", ["<Control>p"]) { [weak self] in self?.printPage() },
            KeyboardCommand("view-source", "Show the page's source", ["<Control>u"]) { [weak self] in self?.showPageSource() },
            // Firefox's key (GNOME Web has none): the toolbar's list, opened from the keyboard or the menu.
            KeyboardCommand("downloads", "Show the downloads", ["<Control><Shift>y"]) { [weak self] in self?.showDownloads() },
            KeyboardCommand("tab-overview", "Show all tabs", ["<Control><Shift>o"]) { [weak self] in self?.tabOverview.toggle() },
            KeyboardCommand("next-tab", "Next tab", ["<Control>Tab", "<Control>Page_Down"]) { [weak self] in self?.selectTab(offset: 1) },
            KeyboardCommand("previous-tab", "Previous tab", ["<Control><Shift>Tab", "<Control>Page_Up"]) { [weak self] in
                self?.selectTab(offset: -1)
            },
        ])
    }

    /// The toolbar's Downloads list opened (the toolbar brought back if it was collapsed); before
    /// anything has been downloaded in this window there is no list, and a notice says so.
    func showDownloads() {
        guard !downloads.list.isEmpty else { return showNotice("Nothing has been downloaded in this window yet.") }
        if collapse.isCollapsed { collapse.expand(now: now); animate() }
        downloads.panel.button.popup()
    }

    /// What the browser handles itself, on the window, before the page sees it: Escape (given
    /// back to the page when it is not ours) and the Tab cycle. The rest are `commands`.
    public func installShortcuts(on window: Window) {
        let shortcuts = ShortcutController()
        shortcuts.phase = .capture
        shortcuts.add("Escape") { [weak self] in self?.escape() ?? false }
        window.addController(shortcuts)
        fullscreen.install(on: window, pointerOver: root) { [weak self] in
            guard let self else { return 0 }
            return self.collapse.isCollapsed ? Self.collapsedChromeHeight : Self.stripHeight + Self.buttonRowHeight
        }
        installFocusCycle(on: window)
    }

    /// Tab goes round the page, the chrome and the section switcher, as in GNOME Web. WebKit keeps a
    /// text view of its own inside the web view, and Tab at the end of a page lands there and stays;
    /// when that happens focus moves on to the chrome (or, with Shift+Tab, to what precedes the browser).
    private func installFocusCycle(on window: Window) {
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { [weak self] keyval, modifiers in
            if keyval == Key.tab || keyval == Key.leftTab {
                self?.lastTab = LastTabKey(backward: keyval == Key.leftTab || modifiers.contains(.shift), pressed: Date())
            }
            return false
        }
        window.addController(keys)
        window.onFocusChanged { [weak self, weak window] in
            guard let self, let window else { return }
            self.endEditingIfFocusLeft()
            // Only a Tab that just left the page: WebKit also moves focus into its text view itself
            // (a page load, an input method), which must not start editing the address.
            guard window.focusIsInsideWebViewInternals,
                  self.lastTab.justLeft(now: Date()) else { return }
            // After GTK has finished moving the focus: moving it again from inside the move is undone.
            MainLoop.idle { [weak self, weak window] in
                guard let self, let window, window.focusIsInsideWebViewInternals else { return }
                let taken = self.lastTab.backward && (self.delegate?.browserViewFocusLeftPageBackward(self) ?? false)
                if !taken { self.focusChrome() }
            }
        }
    }

    /// Editing lasts while the focus is on the address, its suggestions or Cancel; Tab to the
    /// toolbar (or a click elsewhere) ends it as Cancel would, leaving the focus where it went.
    func endEditingIfFocusLeft() {
        MainLoop.idle { [weak self] in
            guard let self, self.editing.isEditing else { return }
            let entry = self.bars[self.pager.tabs.current.id]?.entry
            if entry?.containsFocus == true || self.suggestions.root.containsFocus || self.toolbar.cancel.containsFocus { return }
            self.endEditing(commit: false)
        }
    }

    /// The chrome's first control: the address bar (expanding a collapsed toolbar first).
    func focusChrome() {
        fullscreen.revealForKeyboard()
        if collapse.isCollapsed { collapse.expand(now: now); animate() }
        // A question over the page is answered before the chrome is reached.
        if currentPage?.permissionPrompt.focusInto() == true || currentPage?.popUpBar.focusInto() == true
            || currentPage?.passwords.bar.focusInto() == true { return }
        if let bar = bars[pager.tabs.current.id], currentPage?.webView != nil, bar.entry.grabFocus() { return }
        toolbar.row.focusInto()
    }

    /// F6: from the page to the address bar, from anywhere in the chrome back to the page.
    func toggleFocusBetweenPageAndChrome() -> Bool {
        guard let webView = currentPage?.webView else { return false }
        if webView.containsFocus {
            focusAddressBar()
        } else {
            if editing.isEditing { cancelEditing() }
            webView.grabFocus()
        }
        return true
    }

    func connectToolbar() {
        toolbar.connect(back: { [weak self] in self?.goBack() },
                        forward: { [weak self] in self?.goForward() },
                        reloadOrStop: { [weak self] in
                            guard let self else { return }
                            if self.state.showsStop { self.stop() } else { self.reload() }
                        },
                        tabs: { [weak self] in self?.tabOverview.open() },
                        newTab: { [weak self] in self?.newTab() },
                        cancel: { [weak self] in self?.cancelEditing() })
    }
}

/// The last Tab or Shift+Tab pressed in the window: a focus that lands in WebKit's own text view
/// within half a second of it is a Tab leaving the page (which way is `backward`), not WebKit
/// moving the focus itself.
struct LastTabKey {
    var backward = false
    var pressed: Date?

    func justLeft(now: Date) -> Bool {
        guard let pressed else { return false }
        return now.timeIntervalSince(pressed) < 0.5
    }
}
