import BrowserModel
import Foundation
import Gtk

/// What the address bar's history search keeps between keystrokes.
@MainActor
final class AddressSearchState {
    /// The last history candidates the index returned, and for what text.
    var candidates: [Suggestions.HistoryItem] = []
    /// What the user typed and the completion shown after it; nil when editing has just begun
    /// and nothing is typed yet.
    var field: AddressField?
    /// Set while Skiff itself writes the field (the address when editing begins, a completion):
    /// those changes are not the user's.
    var isWriting = false
    /// Key and pointer presses that reached the address field, and their count when the last
    /// completion was shown: a selection lost with none in between was not the user's doing.
    var presses = 0
    var pressesAtCompletion = 0
    /// Tabs whose next visit was typed or chosen in the address bar (Firefox's "typed" transition).
    var typedNavigations = Set<UUID>()
    /// For `make bench`: told when a key changed the text, and when that text's suggestions were shown.
    var onEdited: (@MainActor (String) -> Void)?
    var onSuggestionsShown: (@MainActor (String) -> Void)?
}

extension BrowserView {
    /// The user changed the field: what they typed is searched for; a completion removed searches
    /// nothing (what was typed is unchanged, its suggestions are already shown).
    func addressFieldChanged(to text: String) {
        let state = addressSearch
        guard !state.isWriting else { return }
        var field = state.field ?? AddressField()
        let edit = field.edited(to: text)
        state.field = field
        if case .typed(let typed) = edit { searchHistory(for: typed) }
    }

    /// Suggestions for `text`: at once from the candidates already at hand (narrowing the last
    /// results to what is now typed, so nothing shown ever fails to match it), then from the index
    /// over all of history when its answer arrives from the worker thread.
    func searchHistory(for text: String) {
        let state = addressSearch
        state.onEdited?(text)
        // The first time (Ctrl+L) the start page's pages, already read, stand in.
        let atHand = state.candidates.isEmpty ? (persistence?.topHistory ?? []) : state.candidates
        _ = showSuggestions(for: text, history: atHand)
        guard let persistence else {
            state.onSuggestionsShown?(text)
            return
        }
        persistence.searcher.search(text, shownIn: root) { [weak self] query, items in
            guard let self, self.editing.isEditing, query == (self.addressSearch.field?.typed ?? "") else { return }
            self.addressSearch.candidates = items
            let top = self.showSuggestions(for: query, history: items)
            self.completeInline(query: query, top: top)
            self.addressSearch.onSuggestionsShown?(query)
        }
    }

    /// Shows the ranked suggestions; returns the top hit's address.
    private func showSuggestions(for text: String, history: [Suggestions.HistoryItem]) -> String? {
        let openTabs = pager.tabs.tabs.filter { $0.id != pager.tabs.current.id && !$0.uri.isEmpty }
            .map { Suggestions.OpenTabItem(id: $0.id.uuidString, uri: $0.uri, title: $0.title) }
        let current = currentPage.flatMap { $0.state.uri ?? $0.state.requestedURI }
        let ranked = Suggestions.rank(text: text, history: history, openTabs: openTabs, now: Date(), currentURI: current)
        suggestions.show(ranked)
        root.queueAllocate()
        return ranked.first?.uri
    }

    /// The top hit's address completed in the field, the completed part selected — only when the
    /// entry holds, at this moment, exactly the text the answer was for (read from the widget, not
    /// the model's copy), with the cursor at its end and nothing selected. Otherwise the answer is
    /// dropped: a completion worked out for an earlier text must never be added to a later one
    /// (issue 33: `…/index.html?q=longdex.html`). Typed text is the user's alone.
    private func completeInline(query: String, top: String?) {
        guard let bar = bars[pager.tabs.current.id], var field = addressSearch.field else { return }
        let entry = bar.entry
        let shown = entry.text
        guard shown == query, field.text == shown, field.typed == query,
              entry.selectionRange == nil, entry.cursorPosition == shown.count else { return }
        let changed = field.answer(query: query, top: top, cursorAtEnd: true)
        addressSearch.field = field
        guard changed else { return }
        write(field.text, to: entry, selecting: field.selection)
        addressSearch.pressesAtCompletion = addressSearch.presses
    }

    /// The selection changed: a completion no longer selected while its text stayed was accepted
    /// when the user did it (End, an arrow, a click) and is typed text from now on. When no key
    /// or click did it, GTK did (the field lost the X PRIMARY selection): the completion is
    /// selected again, or removed, so the next key replaces it (`AddressField.selectionLost`).
    func addressSelectionChanged(in entry: Entry) {
        guard !addressSearch.isWriting, var field = addressSearch.field, field.selection != nil,
              entry.text == field.text, entry.selectionRange != field.selection else { return }
        let loss = field.selectionLost(byUser: addressSearch.presses != addressSearch.pressesAtCompletion)
        addressSearch.field = field
        guard loss != .accepted else { return }
        // Not from inside GDK's hand-over of the clipboard that collapsed the selection, but
        // before the next key is handled.
        MainLoop.first { [weak self, weak entry] in
            guard let self, let entry, self.editing.isEditing, let field = self.addressSearch.field,
                  entry.text.hasPrefix(field.typed), entry.selectionRange == nil else { return }
            self.write(field.text, to: entry, selecting: field.selection)
            if field.selection == nil { entry.moveCursorToEnd() }
        }
    }

    /// Counts the presses that reach the address field, before the field handles them.
    func watchAddressPresses(in entry: Entry) {
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { [weak self] key, _ in
            if !Key.isModifier(key) { self?.addressSearch.presses += 1 }
            return false
        }
        entry.addController(keys)
        let clicks = GestureClick()
        clicks.setButton(0)
        clicks.phase = .capture
        clicks.onPressed { [weak self] _, _, _ in self?.addressSearch.presses += 1 }
        entry.addController(clicks)
    }

    /// Skiff's own change to the field, not reported as the user's.
    func write(_ text: String, to entry: Entry, selecting selection: Range<Int>? = nil) {
        addressSearch.isWriting = true
        entry.text = text
        if let selection { entry.select(from: selection.lowerBound, to: selection.upperBound) }
        addressSearch.isWriting = false
    }

    /// The start page's pages arrive from the worker thread after start-up and after each visit.
    func watchTopHistory() {
        persistence?.onTopHistoryChanged = { [weak self] in
            guard let self, let page = self.currentPage else { return }
            self.updateStartPage(page)
        }
    }

    /// Editing ended: no search result will arrive for it any more.
    func endAddressSearch() {
        persistence?.searcher.cancel()
        addressSearch.field = nil
        addressSearch.candidates = []
    }

    /// The next visit in the current tab was typed or chosen in the address bar.
    func noteTypedNavigation() {
        addressSearch.typedNavigations.insert(pager.tabs.current.id)
    }

    func transition(forVisitIn tab: UUID) -> VisitTransition {
        addressSearch.typedNavigations.remove(tab) != nil ? .typed : .link
    }

    // MARK: Benchmark

    /// `make bench`: called with the text after each edit, when the worker had that text's results
    /// ready (seconds after the edit), and when they are shown.
    public func observeAddressSearch(edited: @escaping @MainActor (String) -> Void,
                                     answered: @escaping @MainActor (String, Double) -> Void,
                                     shown: @escaping @MainActor (String) -> Void) {
        addressSearch.onEdited = edited
        addressSearch.onSuggestionsShown = shown
        persistence?.searcher.onAnswered = answered
    }
}
