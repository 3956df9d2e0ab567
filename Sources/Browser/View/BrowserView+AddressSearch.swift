import BrowserModel
import Foundation
import Gtk

/// What the address bar's history search keeps between keystrokes.
@MainActor
final class AddressSearchState {
    /// The last history candidates the index returned, and for what text.
    var candidates: [Suggestions.HistoryItem] = []
    /// What the user typed, without any inline completion; nil when editing has just begun.
    var typed: String?
    /// Set while the field's text is being changed by the completion itself, not the user.
    var isCompleting = false
    /// Tabs whose next visit was typed or chosen in the address bar (Firefox's "typed" transition).
    var typedNavigations = Set<UUID>()
    /// For `make bench`: told when a key changed the text, and when that text's suggestions were shown.
    var onEdited: (@MainActor (String) -> Void)?
    var onSuggestionsShown: (@MainActor (String) -> Void)?
}

extension BrowserView {
    /// Suggestions for `text`: at once from the candidates already at hand (narrowing the last
    /// results to what is now typed, so nothing shown ever fails to match it), then from the index
    /// over all of history when its answer arrives from the worker thread.
    func refreshSuggestions(for text: String) {
        let state = addressSearch
        // A completion deleted (Backspace, or the next letter replacing it) leaves what was typed,
        // whose suggestions are already shown.
        guard !state.isCompleting, text != state.typed else { return }
        let previous = state.typed ?? ""
        state.typed = text
        state.onEdited?(text)
        // The first time (Ctrl+L) the start page's pages, already read, stand in.
        let atHand = state.candidates.isEmpty ? (persistence?.topHistory ?? []) : state.candidates
        showSuggestions(for: text, history: atHand, complete: false, previous: previous)
        guard let persistence else {
            state.onSuggestionsShown?(text)
            return
        }
        persistence.searcher.search(text, shownIn: root) { [weak self] query, items in
            guard let self, self.editing.isEditing, query == self.addressSearch.typed else { return }
            self.addressSearch.candidates = items
            self.showSuggestions(for: query, history: items, complete: true, previous: previous)
            self.addressSearch.onSuggestionsShown?(query)
        }
    }

    private func showSuggestions(for text: String, history: [Suggestions.HistoryItem], complete: Bool, previous: String) {
        let openTabs = pager.tabs.tabs.filter { $0.id != pager.tabs.current.id && !$0.uri.isEmpty }
            .map { Suggestions.OpenTabItem(id: $0.id.uuidString, uri: $0.uri, title: $0.title) }
        let current = currentPage.flatMap { $0.state.uri ?? $0.state.requestedURI }
        let ranked = Suggestions.rank(text: text, history: history, openTabs: openTabs, now: Date(), currentURI: current)
        suggestions.show(ranked)
        root.queueAllocate()
        if complete { completeInline(typed: text, previous: previous, top: ranked.first?.uri) }
    }

    /// The top hit's address completed in the field, the completed part selected.
    private func completeInline(typed: String, previous: String, top: String?) {
        guard let bar = bars[pager.tabs.current.id], bar.entry.text == typed,
              let completion = InlineCompletion.complete(typed: typed, previous: previous, top: top) else { return }
        addressSearch.isCompleting = true
        bar.entry.text = completion.text
        bar.entry.select(from: completion.selectionStart, to: completion.text.count)
        addressSearch.isCompleting = false
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
        addressSearch.typed = nil
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
