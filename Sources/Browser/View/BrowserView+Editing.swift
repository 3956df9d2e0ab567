import BrowserModel
import Foundation
import Gtk

/// Editing the address: focusing the current bar lifts it, slides its neighbours off, fades in
/// Cancel and the suggestions; Enter loads, Escape or Cancel puts everything back.
extension BrowserView {
    func installEditing() {
        suggestions.onChoose = { [weak self] suggestion in self?.choose(suggestion) }
    }

    /// Wires one tab's bar: focus begins editing, typing refreshes suggestions, Enter loads; its
    /// bookmark star (BookmarkStar.swift).
    func connectBar(_ bar: AddressBarView) {
        connectStar(bar)
        let focus = EventControllerFocus()
        focus.onEnter { [weak self, weak bar] in
            guard let self, let bar, bar.tabID == self.pager.tabs.current.id else { return }
            self.beginEditing()
        }
        focus.onLeave { [weak self, weak bar] in
            guard let self, let bar, bar.tabID == self.pager.tabs.current.id, self.editing.isEditing else { return }
            // Focus went elsewhere (a click on the page, Tab to the toolbar): editing ends as if
            // cancelled, leaving the focus where it went, unless it went to the suggestions or
            // Cancel, which finish it themselves.
            MainLoop.idle { [weak self] in
                guard let self, self.editing.isEditing, !self.suggestions.root.containsFocus, !self.toolbar.cancel.hasFocus,
                      !(self.bars[self.pager.tabs.current.id]?.entry.containsFocus ?? false) else { return }
                self.endEditing(commit: false)
            }
        }
        bar.entry.addController(focus)
        bar.entry.onChanged { [weak self, weak bar] in
            guard let self, let bar, self.editing.isEditing, bar.tabID == self.pager.tabs.current.id else { return }
            self.addressFieldChanged(to: bar.entry.text)
        }
        watchAddressPresses(in: bar.entry)
        // A selection collapsed to its start moves only the cursor; to its end, only the bound.
        for property in ["selection-bound", "cursor-position"] {
            bar.entry.onNotify(property) { [weak self, weak bar] in
                guard let self, let bar, self.editing.isEditing, bar.tabID == self.pager.tabs.current.id else { return }
                self.addressSelectionChanged(in: bar.entry)
            }
        }
        bar.entry.onActivate { [weak self, weak bar] in
            guard let self, let bar else { return }
            if let first = self.suggestions.selected { self.choose(first) } else { self.load(bar.entry.text) }
        }
        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, _ in
            guard let self, self.editing.isEditing else { return false }
            switch key {
            case Key.down: return self.suggestions.move(1)
            case Key.up: return self.suggestions.move(-1)
            default: return false
            }
        }
        bar.entry.addController(keys)
    }

    /// Ctrl+L or a click: the full address, selected, ready to type over.
    public func focusAddressBar() {
        guard let bar = bars[pager.tabs.current.id], currentPage?.webView != nil else { return }
        fullscreen.revealForKeyboard()
        if collapse.isCollapsed { collapse.expand(now: now) }
        bar.entry.grabFocus()
        beginEditing()
    }

    /// A new window or a first launch: a blank tab's address bar takes the keys; a page keeps them.
    public func focusAddressIfBlank() {
        guard let page = currentPage, page.state.uri == nil, page.state.requestedURI == nil else { return }
        focusAddressBar()
    }

    func beginEditing() {
        guard let bar = bars[pager.tabs.current.id], let page = currentPage, page.webView != nil else { return }
        if !bar.entry.containsFocus && !bar.entry.grabFocus() {
            // A new tab's bar is not on screen until the next layout: focus it once it is.
            focusWhenShown(bar, attempts: 20)
        }
        if !editing.isEditing {
            editing.begin(now: now)
            bar.entry.canTarget = true
            bar.entry.xAlign = 0
            write(AddressEditing.displayText(uri: page.state.uri ?? page.state.requestedURI, isEditing: true), to: bar.entry)
            addressSearch.field = nil
            searchHistory(for: "")
        }
        // Everything selected, ready to type over, until the user types: a key that came first
        // (the idle below waits behind input and frames) must never be selected and typed over.
        guard addressSearch.field == nil else { return animate() }
        bar.entry.selectAll()
        // GTK finishes moving focus into the entry's text after this; select again once it has.
        MainLoop.idle { [weak bar, weak self] in
            if self?.editing.isEditing == true, self?.addressSearch.field == nil { bar?.entry.selectAll() }
        }
        animate()
    }

    private func focusWhenShown(_ bar: AddressBarView, attempts: Int) {
        MainLoop.after(milliseconds: 16) { [weak self, weak bar] in
            guard let self, let bar, self.editing.isEditing, bar.tabID == self.pager.tabs.current.id else { return }
            if bar.entry.grabFocus() {
                if self.addressSearch.field == nil { bar.entry.selectAll() }
            } else if attempts > 0 {
                self.focusWhenShown(bar, attempts: attempts - 1)
            }
        }
    }

    /// Escape or Cancel: the address as it was, the bars back in place, focus back to the page.
    public func cancelEditing() {
        guard editing.isEditing else { return }
        endEditing(commit: false)
        currentPage?.webView?.grabFocus()
    }

    func endEditing(commit: Bool) {
        guard editing.isEditing else { return }
        if commit { editing.commit(now: now) } else { editing.cancel(now: now) }
        endAddressSearch()
        for bar in bars.values {
            bar.entry.xAlign = 0.5
            bar.entry.canTarget = false
        }
        suggestions.clear()
        render()
        animate()
    }

    /// Escape: leave the address bar, else stop a load. False: not ours (the page gets it).
    public func escape() -> Bool {
        guard root.isMapped else { return false }
        if tabOverview.isOpen { tabOverview.closeBackToCurrent(); return true }
        if currentPage?.dialogs.cancel() == true { return true }
        if findBar.close() { return true }
        if editing.isEditing { cancelEditing(); return true }
        if state.isLoading { stop(); return true }
        return fullscreen.escape()
    }

    private func choose(_ suggestion: Suggestions.Suggestion) {
        switch suggestion.kind {
        case .switchToTab(let id):
            if let index = pager.tabs.tabs.firstIndex(where: { $0.id.uuidString == id }) { selectTab(at: index) }
        case .history:
            load(suggestion.uri)
        }
    }
}
