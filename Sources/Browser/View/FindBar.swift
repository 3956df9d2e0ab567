import BrowserModel
import Gtk

/// Find in page, in the Safari place: while open it takes the address bar's spot at the bottom.
/// A search field, the match count ("3 of 12", "No matches"), previous / next and Done. Renders
/// `FindInPage` and performs its effects on the current page's find controller.
@MainActor
final class FindBar {
    let root = Box(.horizontal, spacing: 6)
    let entry = Entry()
    let countLabel = Label("")
    let previousButton = Button(iconName: "go-up-symbolic", accessibleLabel: "Previous Match")
    let nextButton = Button(iconName: "go-down-symbolic", accessibleLabel: "Next Match")
    let doneButton = Button(label: "Done")
    private(set) var model = FindInPage()
    /// The page being searched, with its controller and handlers (disconnected on close).
    private var target: (view: WebView, controller: FindController, handlers: [SignalHandlerID], loads: SignalHandlerID)?
    /// Bumped by every `scheduleCount`: only the latest timer counts.
    private var countGeneration = 0
    /// Asks the browser to lay out again (the bar appeared or went).
    var onLayoutChanged: (@MainActor () -> Void)?

    init() {
        root.addCSSClass("skiff-find-bar")
        root.setAccessibleLabel("Find in Page")
        entry.placeholder = "Find in page"
        entry.setAccessibleLabel("Find in page")
        entry.hexpand = true
        entry.setPrimaryIcon("edit-find-symbolic")
        countLabel.addCSSClass("dim-label")
        countLabel.addCSSClass("numeric")
        countLabel.setAccessibleLabel("")
        for button in [previousButton, nextButton] { button.hasFrame = false }
        for widget in [entry, countLabel, previousButton, nextButton, doneButton] as [Widget] {
            widget.valign = .center
            root.append(widget)
        }
        root.isVisible = false
        entry.onChanged { [weak self] in
            guard let self, self.model.isOpen else { return }
            self.perform(self.model.setQuery(self.entry.text))
        }
        entry.onActivate { [weak self] in self?.step(forward: true) }
        // Shift+Enter: the entry's "activate" does not tell the modifiers.
        let keys = EventControllerKey()
        keys.onPressed { [weak self] keyval, modifiers in
            guard keyval == Key.enter || keyval == Key.kpEnter, modifiers.contains(.shift) else { return false }
            self?.step(forward: false)
            return true
        }
        entry.addController(keys)
        previousButton.onClicked { [weak self] in self?.step(forward: false) }
        nextButton.onClicked { [weak self] in self?.step(forward: true) }
        doneButton.onClicked { [weak self] in self?.close() }
    }

    var isOpen: Bool { model.isOpen }

    /// Ctrl+F: opens over `view` (or, open already, selects the query to type a new one).
    func open(on view: WebView?) {
        guard let view else { return }
        if target?.view !== view { detach() }
        if target == nil { attach(view) }
        if !model.isOpen {
            root.isVisible = true
            onLayoutChanged?()
            // The last query comes back, to search again (Enter, F3) or type over.
            if entry.text != model.query { entry.text = model.query }
            model.open()
        }
        _ = entry.grabFocus()
        entry.selectAll()
        render()
    }

    /// F3 / Shift+F3: the next or previous match; opens the bar first when it is closed.
    func step(forward: Bool, on view: WebView? = nil) {
        if !model.isOpen { open(on: view) }
        perform(model.step(forward: forward))
    }

    /// Escape, Done: the highlights go, the bar goes, the page has the focus again.
    @discardableResult
    func close() -> Bool {
        guard model.isOpen else { return false }
        perform(model.close())
        root.isVisible = false
        let view = target?.view
        detach()
        onLayoutChanged?()
        _ = view?.grabFocus()
        return true
    }

    /// The browser shows another page (a tab switch): find belongs to the page it was opened on.
    func pageChanged(to view: WebView?) {
        if model.isOpen, target?.view !== view { close() }
    }

    private func attach(_ view: WebView) {
        guard let controller = view.findController else { return }
        let found = controller.onFound { [weak self] count in
            guard let self else { return }
            self.perform(self.model.found(count))
        }
        let missing = controller.onNotFound { [weak self] in
            guard let self else { return }
            self.perform(self.model.notFound())
        }
        let loads = view.onLoadChanged { [weak self] event in
            guard let self, event == .finished else { return }
            self.perform(self.model.pageLoaded())
        }
        target = (view, controller, [found, missing], loads)
    }

    private func detach() {
        guard let target else { return }
        for id in target.handlers { target.controller.disconnect(id) }
        target.view.disconnect(target.loads)
        self.target = nil
    }

    private func perform(_ effects: [FindInPage.Effect]) {
        guard let target else { return }
        for effect in effects {
            switch effect {
            case .search(let text): target.controller.search(text, maxMatches: FindInPage.firstSearchMatches)
            case .countAll(let text):
                target.view.collapseSelectionToStart()
                target.controller.search(text, maxMatches: FindInPage.maximumMatches)
            case .next: target.controller.next()
            case .previous: target.controller.previous()
            case .finish: target.controller.finish()
            case .scheduleCount(let seconds):
                countGeneration += 1
                let generation = countGeneration
                MainLoop.after(milliseconds: UInt32(seconds * 1000)) { [weak self] in
                    guard let self, generation == self.countGeneration else { return }
                    self.perform(self.model.countDue())
                }
            }
        }
        render()
    }

    private func render() {
        let text = model.countText
        if countLabel.text != text { countLabel.text = text }
        countLabel.setAccessibleLabel(text)
        let hasMatches = model.hasMatches == true
        previousButton.isSensitive = hasMatches
        nextButton.isSensitive = hasMatches
        if model.hasMatches == false { entry.addCSSClass("error") } else { entry.removeCSSClass("error") }
    }
}

extension BrowserView {
    /// What the find bar's count says ("" when closed), for the find benchmark.
    public var findCountText: String { findBar.isOpen ? findBar.model.countText : "" }
    /// The query searched for, for the find benchmark.
    public var findQuery: String { findBar.model.query }
}
